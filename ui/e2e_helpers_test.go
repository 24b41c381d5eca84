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

// e2eBinary is the setup of the tests that drive the real binary in
// tmux: it skips the test in -short mode or without tmux, else builds
// kiki into a temporary folder and returns the folder and the binary.
func e2eBinary(t *testing.T) (dir, bin string) {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed: the end-to-end terminal test needs it (apt-get install -y tmux; .ci/run does this)")
	}
	dir = t.TempDir()
	bin = filepath.Join(dir, "kiki")
	if out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return dir, bin
}

// stop ends the pane's tmux server and the program in it.
func (p *tmuxPane) stop() { _ = exec.Command("tmux", "-L", p.sock, "kill-server").Run() }

// tmuxPane drives the real binary in a tmux session of its own.
type tmuxPane struct {
	t    *testing.T
	sock string
}

// startTmux starts cmdline (with env) in a w×h pane on a tmux server of
// its own (named by name, this process's id and the time: a session
// started on the socket of a server still shutting down can die with it,
// so a restart never reuses a socket).
func startTmux(t *testing.T, name string, w, h int, env, cmdline string) *tmuxPane {
	t.Helper()
	p := &tmuxPane{t: t, sock: fmt.Sprintf("%s-%d-%d", name, os.Getpid(), time.Now().UnixNano())}
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

// waitFor polls the pane until text shows (15 s) and returns the screen.
func (p *tmuxPane) waitFor(text string) string {
	p.t.Helper()
	for i := 0; i < 150; i++ {
		if s := p.screen(); strings.Contains(s, text) {
			return s
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.t.Fatalf("did not see %q on\n%s", text, p.screen())
	return ""
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
