package ui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mattn/go-runewidth"
)

// TestPracticeInTmux runs the real binary in tmux at 80×24 with its
// shipped library: 't' opens the tsume practice, 'n' the first unsolved
// mate in 1 of the short set (G*4a), a check that lets the king escape is
// explained, u takes it back, the mate is typed and solves it; Esc shows
// the set's count of solved problems, and a second run with the same
// config folder still counts it.
func TestPracticeInTmux(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed: the end-to-end terminal test needs it (apt-get install -y tmux; .ci/run does this)")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "kiki")
	if out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	sock := fmt.Sprintf("kiki-practice-%d", os.Getpid())
	tmux := func(args ...string) string {
		out, _ := exec.Command("tmux", append([]string{"-L", sock}, args...)...).CombinedOutput()
		return string(out)
	}
	defer tmux("kill-server")
	screen := func() string { return tmux("capture-pane", "-p", "-t", "k") }
	waitFor := func(text string) string {
		t.Helper()
		for i := 0; i < 150; i++ {
			if s := screen(); strings.Contains(s, text) {
				return s
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Fatalf("did not see %q in\n%s", text, screen())
		return ""
	}
	send := func(keys ...string) {
		for _, k := range keys {
			tmux("send-keys", "-t", "k", k)
			time.Sleep(80 * time.Millisecond)
		}
	}
	typeMove := func(mv string) {
		send(":")
		tmux("send-keys", "-t", "k", "-l", mv)
		time.Sleep(100 * time.Millisecond)
		send("Enter")
	}
	start := func() {
		tmux("kill-server")
		tmux("new-session", "-d", "-s", "k", "-x", "80", "-y", "24",
			fmt.Sprintf("cd '%s' && env LANG=C.UTF-8 TERM=xterm-256color KIKI_CONFIG_DIR='%s/config' KIKI_DATA_DIR='%s/data' '%s' --human --no-mouse", dir, dir, dir, bin))
		waitFor("先手 to move")
		time.Sleep(200 * time.Millisecond)
	}
	start()
	send("t")
	s := waitFor("short (1-7 plies)")
	if !strings.Contains(s, "0/89") {
		t.Errorf("the short set's count is not 0/89:\n%s", s)
	}
	send("n")
	waitFor("you attack")
	typeMove("2c2b")
	s = waitFor("escapes")
	if !strings.Contains(s, "^") {
		t.Errorf("the escape is not drawn:\n%s", s)
	}
	send("u")
	waitFor("your move again")
	typeMove("G*4a")
	s = waitFor("solved: mate in 1!")
	for i, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		if w := runewidth.StringWidth(l); w > 80 {
			t.Errorf("line %d is %d columns", i, w)
		}
	}
	send("Escape")
	waitFor("1/89")
	if _, err := os.Stat(filepath.Join(dir, "config", solvedName)); err != nil {
		t.Errorf("no solved file: %v", err)
	}
	send("q")
	time.Sleep(300 * time.Millisecond)
	start()
	send("t")
	waitFor("1/89")
	send("Enter")
	waitFor("(solved)")
}
