package ui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"kiki/kif"
)

// The trust issue's defects, end to end in a real terminal: what kiki
// saves after undo and resign, what it writes back over a file it opened,
// a paste on the board, and where the status line stands.

// waitExit waits until the program in p has quit (its tmux session ends
// with it).
func (p *tmuxPane) waitExit() {
	p.t.Helper()
	for i := 0; i < 150; i++ {
		if err := exec.Command("tmux", "-L", p.sock, "has-session", "-t", "k").Run(); err != nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.t.Fatalf("kiki did not quit:\n%s", p.screen())
}

// trustEnv is the environment of a run with its data and config in dir.
func trustEnv(dir string) string {
	return fmt.Sprintf("LANG=C.UTF-8 KIKI_DATA_DIR=%s KIKI_CONFIG_DIR=%s", filepath.Join(dir, "data"), filepath.Join(dir, "config"))
}

// Undo, then resign, then save: the file holds the three moves played and
// 投了, and its 結果 agrees with the screen.
func TestEndToEndUndoThenResign(t *testing.T) {
	dir, bin := e2eBinary(t)
	p := startTmux(t, "kiki-undo-resign", 80, 24, trustEnv(dir), bin+" --human --no-mouse")
	p.waitFor("先手 to move")
	for i, mv := range []string{"7g7f", "3c3d", "2g2f", "8c8d"} {
		p.keys(":")
		p.typ(mv)
		p.keys("Enter")
		p.waitFor(fmt.Sprintf("move %d ", i+1))
	}
	p.waitFor("move 4")
	p.keys("u")
	p.waitFor("move 3")
	p.keys("x", "y")
	p.waitFor("先手 wins (resignation)")
	path := filepath.Join(dir, "g.kifu")
	p.keys("S", "C-u")
	p.typ(path)
	p.keys("Enter")
	p.waitFor("saved")
	r, err := kif.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(r.MainMoves()); n != 3 {
		t.Errorf("the saved main line has %d moves, want 3", n)
	}
	if e := r.Ending(); e == nil || e.Special != kif.Resign || e.Ply != 4 {
		t.Errorf("the saved record does not end with 投了 after move 3: %+v", e)
	}
	if v, _ := r.Get("結果"); !strings.Contains(v, "投了 - 先手の勝ち") {
		t.Errorf("結果 %q", v)
	}
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), "まで3手で先手の勝ち") {
		t.Errorf("no まで3手 line:\n%s", data)
	}
}

// A Kifu for Windows file opened, a move tried, q, Enter: nothing is
// written over it. Then A, W (analysis written into it, an edit), q,
// Enter: it is saved to that file — the prompt said so — and keeps every
// line it had, its first "# ---- Kifu for Windows" line included.
func TestEndToEndSaveBackKeepsTheFile(t *testing.T) {
	src := filepath.Join("..", "..", "shared", "data", "kif-wild", "akicho8-shogi-extend-tume.kif")
	orig, err := os.ReadFile(src)
	if err != nil {
		t.Skipf("no reference record (%v): ../shared/data is absent", err)
	}
	dir, bin := e2eBinary(t)
	path := filepath.Join(dir, "tume.kif")
	if err := os.WriteFile(path, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	p := startTmux(t, "kiki-saveback", 100, 30, trustEnv(dir), bin+" --no-mouse "+path)
	p.waitFor("opened tume.kif")
	// A move tried on the board (a variation), then q and Enter.
	p.keys(":")
	p.typ("S*5c")
	p.keys("Enter")
	p.waitFor("☗５三銀打")
	p.keys("q")
	p.waitFor("save to tume.kif and quit")
	p.keys("Enter")
	time.Sleep(300 * time.Millisecond)
	if now, _ := os.ReadFile(path); string(now) != string(orig) {
		t.Fatalf("Enter wrote over the opened file though only a move was tried")
	}
	p.keys("Escape", "A")
	p.waitFor("analysis done")
	p.keys("W")
	p.waitFor("wrote the evaluation")
	p.keys("q")
	p.waitFor("save to tume.kif and quit")
	p.keys("Enter")
	p.waitExit()
	now, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text, _, _ := kif.Decode(now)
	origText, _, _ := kif.Decode(orig)
	if !strings.HasPrefix(text, "# ----  Kifu for Windows V6.27") {
		t.Errorf("the first line is gone:\n%.200s", text)
	}
	if !strings.Contains(text, "#評価値=") {
		t.Errorf("the analysis was not saved:\n%s", text)
	}
	have := map[string]bool{}
	for _, l := range strings.Split(text, "\n") {
		have[strings.TrimRight(l, "\r")] = true
	}
	// The move tried is a variation now: the "+" after the first move
	// says so, the one change a line of the file may show.
	for _, l := range strings.Split(origText, "\n") {
		if l = strings.TrimRight(l, "\r"); !have[l] && !have[l+"+"] {
			t.Errorf("the saved file lost the line %q", l)
		}
	}
}

// A bracketed paste on the board is one event: "od" goes into the move
// prompt; it does not open the discard question and answer it.
func TestEndToEndPaste(t *testing.T) {
	dir, bin := e2eBinary(t)
	p := startTmux(t, "kiki-paste", 80, 24, trustEnv(dir), bin+" --human --no-mouse")
	p.waitFor("先手 to move")
	p.keys(":")
	p.typ("7g7f")
	p.keys("Enter")
	p.waitFor("move 1")
	_ = exec.Command("tmux", "-L", p.sock, "set-buffer", "od").Run()
	_ = exec.Command("tmux", "-L", p.sock, "paste-buffer", "-p", "-t", "k").Run()
	s := p.waitFor(": od")
	if strings.Contains(s, "discard") || !strings.Contains(s, "move 1") {
		t.Fatalf("the paste ran as keys:\n%s", s)
	}
}

// At 80×24 the status line keeps its row as the move list grows and while
// the move prompt is open; a terminal too small says so whole.
func TestEndToEndStatusLineStays(t *testing.T) {
	dir, bin := e2eBinary(t)
	p := startTmux(t, "kiki-status", 80, 24, trustEnv(dir), bin+" --human --no-mouse")
	row := func(s string) int {
		for i, l := range strings.Split(s, "\n") {
			if strings.Contains(l, " to move") {
				return i
			}
		}
		return -1
	}
	want := row(p.waitFor("先手 to move"))
	moves := []string{"7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "6i7h", "4a3b", "3i3h", "7a7b", "5g5f", "5c5d",
		"4g4f", "6a5b", "3g3f", "1c1d", "1g1f", "9c9d", "9g9f", "5a4b"}
	for i, mv := range moves {
		p.keys(":")
		p.typ(mv)
		p.keys("Enter")
		s := p.waitFor(fmt.Sprintf("move %d ", i+1))
		time.Sleep(50 * time.Millisecond)
		s = p.screen()
		if got := row(s); got != want {
			t.Fatalf("after %d moves the status line is on row %d, was %d:\n%s", i+1, got, want, s)
		}
	}
	p.keys(":")
	if got := row(p.waitFor(": 7g7f, P*5e")); got != want {
		t.Fatalf("with the move prompt open the status line is on row %d, was %d", got, want)
	}
	p.keys("Escape")
	_ = exec.Command("tmux", "-L", p.sock, "resize-window", "-t", "k", "-x", "30", "-y", "10").Run()
	s := p.waitFor("to quit.")
	if joined := strings.Join(strings.Fields(s), " "); !strings.Contains(joined, "press q to quit.") {
		t.Fatalf("the too-small message is cut:\n%s", s)
	}
}
