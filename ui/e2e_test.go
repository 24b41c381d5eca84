package ui

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mattn/go-runewidth"
)

// TestEndToEndInTmux builds kiki and runs .ci/e2e.sh, which drives the
// real binary in tmux at 100×30 and 80×24. It needs tmux (CI installs it).
func TestEndToEndInTmux(t *testing.T) {
	_, bin := e2eBinary(t)
	cmd := exec.Command("bash", "../.ci/e2e.sh", bin)
	cmd.Env = append(os.Environ(), "LANG=C.UTF-8")
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("e2e: %v", err)
	}
}

// TestLayoutsInTmux runs the real binary in tmux at 80×24, 120×40 and
// 200×50: each size gets its layout (a move is played and the effect map
// shown in each), and at 200×50 the start position's four lances span at
// least twice the rows and the columns they span at 80×24.
func TestLayoutsInTmux(t *testing.T) {
	dir, bin := e2eBinary(t)
	// A server (socket) of its own for each size: a new session on the
	// socket of a server that is still shutting down can die with it
	// ("no server running" under load).
	var sock string
	tmux := func(args ...string) string {
		out, _ := exec.Command("tmux", append([]string{"-L", sock}, args...)...).CombinedOutput()
		return string(out)
	}
	defer func() { tmux("kill-server") }()
	screen := func() string { return tmux("capture-pane", "-p", "-t", "k") }
	waitFor := func(size, text string) string {
		t.Helper()
		for i := 0; i < 100; i++ {
			if s := screen(); strings.Contains(s, text) {
				return s
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Fatalf("%s: did not see %q in\n%s", size, text, screen())
		return ""
	}
	type span struct{ rows, cols int }
	spans := map[string]span{}
	for _, size := range []string{"80x24", "120x40", "200x50"} {
		w, h, _ := strings.Cut(size, "x")
		sock = fmt.Sprintf("kiki-layouts-%d-%s", os.Getpid(), size)
		tmux("new-session", "-d", "-s", "k", "-x", w, "-y", h,
			fmt.Sprintf("cd '%s' && env LANG=C.UTF-8 TERM=xterm-256color KIKI_DATA_DIR='%s/data-%s' '%s' --human --no-mouse", dir, dir, size, bin))
		waitFor(size, "先手 to move")
		s := settled(screen)
		// The lances: 後手's on 9一 and 1一 (v香), 先手's on 9九 and 1九.
		top, bottom := -1, -1
		left, right := 1<<30, -1
		for y, l := range strings.Split(s, "\n") {
			for i := 0; ; {
				j := strings.Index(l[i:], "香")
				if j < 0 {
					break
				}
				x := runewidth.StringWidth(l[:i+j])
				if top < 0 {
					top = y
				}
				bottom = y
				left, right = min(left, x), max(right, x+2)
				i += j + len("香")
			}
		}
		if top < 0 {
			t.Fatalf("%s: no lance on the screen:\n%s", size, s)
		}
		spans[size] = span{bottom - top + 1, right - left}
		t.Logf("%s: the lances span %d rows and %d columns", size, bottom-top+1, right-left)
		// Play ７六歩 by the keys from the cursor on ５七, and show the
		// effect map. (Each size has its own data folder: no recovered game
		// from the size before is offered.)
		time.Sleep(200 * time.Millisecond)
		for _, k := range []string{"h", "h", "Enter", "k", "Enter"} {
			tmux("send-keys", "-t", "k", k)
			time.Sleep(80 * time.Millisecond)
		}
		waitFor(size, "☗７六歩(77)")
		tmux("send-keys", "-t", "k", "e")
		s = waitFor(size, "effect:")
		for i, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
			if lw, cols := runewidth.StringWidth(l), atoi(w); lw > cols {
				t.Errorf("%s: line %d is %d columns", size, i, lw)
			}
		}
		tmux("kill-server")
	}
	small, large := spans["80x24"], spans["200x50"]
	if large.rows < 2*small.rows || large.cols < 2*small.cols {
		t.Errorf("at 200×50 the lances span %d×%d (rows×columns), not twice the %d×%d of 80×24", large.rows, large.cols, small.rows, small.cols)
	}
}

// settled returns the screen once it has stopped changing: the first
// frame may be drawn before the terminal's size has reached the program
// (a loaded machine shows it).
func settled(screen func() string) string {
	s := screen()
	for i := 0; i < 20; i++ {
		time.Sleep(250 * time.Millisecond)
		next := screen()
		if next == s {
			break
		}
		s = next
	}
	return s
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
