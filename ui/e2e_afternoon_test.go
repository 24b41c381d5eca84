package ui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tmuxPane drives the real binary in a tmux session of its own.
type tmuxPane struct {
	t    *testing.T
	sock string
}

func startTmux(t *testing.T, w, h int, env, cmdline string) *tmuxPane {
	t.Helper()
	p := &tmuxPane{t: t, sock: fmt.Sprintf("kiki-afternoon-%d", os.Getpid())}
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", p.sock, "kill-server").Run() })
	shell := fmt.Sprintf("env %s TERM=xterm-256color %s", env, cmdline)
	if out, err := exec.Command("tmux", "-L", p.sock, "new-session", "-d", "-s", "k", "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), shell).CombinedOutput(); err != nil {
		t.Fatalf("tmux: %v %s", err, out)
	}
	return p
}

func (p *tmuxPane) screen() string {
	out, _ := exec.Command("tmux", "-L", p.sock, "capture-pane", "-p", "-t", "k").Output()
	return string(out)
}

// waitFor polls the pane until text shows (10 s).
func (p *tmuxPane) waitFor(text string) {
	p.t.Helper()
	for i := 0; i < 100; i++ {
		if strings.Contains(p.screen(), text) {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.t.Fatalf("did not see %q on\n%s", text, p.screen())
}

// keys sends keys one at a time (tmux key names or literal text with -l).
func (p *tmuxPane) keys(ks ...string) {
	for _, k := range ks {
		_ = exec.Command("tmux", "-L", p.sock, "send-keys", "-t", "k", k).Run()
		time.Sleep(80 * time.Millisecond)
	}
}

func (p *tmuxPane) typ(s string) {
	_ = exec.Command("tmux", "-L", p.sock, "send-keys", "-t", "k", "-l", s).Run()
	time.Sleep(100 * time.Millisecond)
}

// After resigning, the editor (b), a placement and Esc keep the finished,
// unsaved game on screen; quitting then asks to save it.
func TestEndToEndResignEditKeepsGame(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed: the end-to-end terminal test needs it (apt-get install -y tmux)")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "kiki")
	if out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	env := fmt.Sprintf("LANG=C.UTF-8 KIKI_DATA_DIR=%s KIKI_CONFIG_DIR=%s", filepath.Join(dir, "data"), filepath.Join(dir, "config"))
	p := startTmux(t, 100, 30, env, fmt.Sprintf("sh -c 'cd %s && %s --human --no-mouse'", dir, bin))
	p.waitFor("> start")
	p.keys(":")
	p.typ("7g7f")
	p.keys("Enter")
	p.waitFor("☗７六歩(77)")
	p.keys(":")
	p.typ("3c3d")
	p.keys("Enter")
	p.waitFor("☖３四歩(33)")
	p.keys("x")
	p.waitFor("resign? y/n")
	p.keys("y")
	p.waitFor("投了 - 後手 wins")
	// The editor: b opens it (or asks first); a pawn on the cursor's
	// square, then Esc leaves it as it was.
	p.keys("b")
	time.Sleep(300 * time.Millisecond)
	if s := p.screen(); strings.Contains(s, "save first") {
		t.Log("b asked first (save first / discard / cancel); cancelled")
		p.keys("Escape")
		p.waitFor("☖３四歩(33)")
	} else {
		t.Log("b opened the editor; a pawn placed, then Esc")
		p.keys("1", "Escape")
	}
	p.waitFor("☖３四歩(33)")
	s := p.screen()
	if !strings.Contains(s, "☗７六歩(77)") || !strings.Contains(s, "投了") {
		t.Fatalf("the finished game is gone after b, a placement and Esc:\n%s", s)
	}
	// The game is still unsaved: quitting asks.
	p.keys("q")
	p.waitFor("save and quit")
	p.keys("y")
}
