package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"kiki/ai/usi/fakeengine"
	"kiki/kif"
)

// Misbehaving engines in the real program, in tmux (issue 43 item 5).

// startAgainstFake starts kiki in dir against the fake engine in mode
// (--engine: it plays 後手 and analyses).
func startAgainstFake(t *testing.T, name, mode string) (p *tmuxPane, dir string) {
	t.Helper()
	dir, bin := e2eBinary(t)
	engine := fakeengine.Path(t, mode)
	env := fmt.Sprintf("LANG=C.UTF-8 KIKI_DATA_DIR=%s KIKI_CONFIG_DIR=%s", filepath.Join(dir, "data"), filepath.Join(dir, "config"))
	p = startTmux(t, name, 120, 40, env, fmt.Sprintf("sh -c \"cd '%s' && exec '%s' --engine '%s' --no-mouse\"", dir, bin, engine))
	p.waitFor("engine ready")
	return p, dir
}

// A game against an engine that floods kiki with reports while it thinks
// (three seconds a move): keys typed meanwhile are handled meanwhile.
func TestEndToEndEngineFlood(t *testing.T) {
	p, _ := startAgainstFake(t, "kiki-flood", fakeengine.Flood)
	p.keys(":")
	p.typ("7g7f")
	p.keys("Enter")
	p.waitFor("Fake flood")
	p.waitFor("thinking")
	// The help, while the engine floods.
	p.keys("?")
	s := p.waitFor("analyse game")
	if strings.Contains(s, " 2 ☖") {
		t.Fatalf("the help came only after the engine's move:\n%s", s)
	}
	p.keys("Escape")
	p.waitFor(" 2 ☖")
}

// A game against an engine that dies on its third move: the offer says
// what happened; s saves the record, which ends 中断.
func TestEndToEndEngineDiesMidgame(t *testing.T) {
	p, dir := startAgainstFake(t, "kiki-die", fakeengine.DieMidgame)
	for _, mv := range [][2]string{{"7g7f", " 2 ☖"}, {"2g2f", " 4 ☖"}, {"6g6f", "go on alone"}} {
		p.keys(":")
		p.typ(mv[0])
		p.keys("Enter")
		p.waitFor(mv[1])
	}
	s := p.screen()
	for _, want := range []string{"Fake die-midgame ended (exit code 3)", "out of memory", "save the record"} {
		if !strings.Contains(s, want) {
			t.Errorf("the offer does not say %q:\n%s", want, s)
		}
	}
	p.keys("s")
	p.waitFor("save as (")
	p.keys("Enter")
	p.waitFor("saved")
	files, _ := filepath.Glob(filepath.Join(dir, "kiki-*.kif"))
	if len(files) != 1 {
		t.Fatalf("saved files: %v", files)
	}
	rec, err := kif.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if e := rec.Ending(); e == nil || e.Special != kif.Interrupt || len(rec.MainMoves()) != 5 {
		t.Errorf("saved %d moves, ending %v", len(rec.MainMoves()), e)
	}
	p.waitFor("game interrupted")
}
