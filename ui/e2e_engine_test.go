package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// leaveGameInTmux starts kiki with --engine in tmux (data and config in
// dir), plays 7g7f and, once moveShown is on the screen, ends the
// terminal without quitting (the recovery file stays); env is the
// environment of every run.
func leaveGameInTmux(t *testing.T, name, env, bin, engine string, moves ...[2]string) {
	t.Helper()
	p := startTmux(t, name, 110, 32, env, fmt.Sprintf("%s --engine %s --no-mouse", bin, engine))
	p.waitFor("engine ready")
	for _, mv := range moves {
		p.keys(":")
		p.typ(mv[0])
		p.keys("Enter")
		p.waitFor(mv[1])
	}
	p.stop()
}

// A game against fairy-stockfish left while the engine was to move and
// resumed by a plain start (no --engine): fairy-stockfish plays its side
// again, the move it owed and its reply to the person's next move.
func TestEndToEndResumeFairyStockfish(t *testing.T) {
	const fsf = "/usr/games/fairy-stockfish"
	if _, err := os.Stat(fsf); err != nil {
		t.Skip("fairy-stockfish is not installed (" + fsf + "; apt-get install fairy-stockfish runs this test)")
	}
	dir, bin := e2eBinary(t)
	env := fmt.Sprintf("LANG=C.UTF-8 KIKI_DATA_DIR=%s KIKI_CONFIG_DIR=%s", filepath.Join(dir, "data"), filepath.Join(dir, "config"))
	leaveGameInTmux(t, "kiki-resume-fsf", env, bin, fsf,
		[2]string{"7g7f", " 2 ☖"}, // the engine's reply
		[2]string{"2g2f", " 3 ☗２六歩(27)"})
	p := startTmux(t, "kiki-resume-fsf2", 110, 32, env, bin+" --no-mouse")
	p.waitFor("an unsaved game was left")
	p.keys("r")
	s := p.waitFor(" 4 ☖")
	if !strings.Contains(s, "後手 Fairy-Stockfish") {
		t.Errorf("the resumed game's 後手 is not the engine:\n%s", s)
	}
	p.keys(":")
	p.typ("6g6f")
	p.keys("Enter")
	p.waitFor(" 5 ☗６六歩(67)")
	p.waitFor(" 6 ☖")
}

// A game whose engine is gone when it is resumed: the resume says so and
// offers to go on as human against human; the person then plays the
// engine's side.
func TestEndToEndResumeEngineMissing(t *testing.T) {
	dir, bin := e2eBinary(t)
	env := fmt.Sprintf("LANG=C.UTF-8 KIKI_DATA_DIR=%s KIKI_CONFIG_DIR=%s", filepath.Join(dir, "data"), filepath.Join(dir, "config"))
	// The engine: kiki's own, run as a USI engine by a script that is
	// then removed.
	engine := filepath.Join(dir, "engine.sh")
	if err := os.WriteFile(engine, []byte(fmt.Sprintf("#!/bin/sh\nexec %q usi\n", bin)), 0o755); err != nil {
		t.Fatal(err)
	}
	leaveGameInTmux(t, "kiki-resume-gone", env, bin, engine, [2]string{"7g7f", " 1 ☗７六歩(77)"})
	if err := os.Remove(engine); err != nil {
		t.Fatal(err)
	}
	p := startTmux(t, "kiki-resume-gone2", 110, 32, env, bin+" --no-mouse")
	p.waitFor("an unsaved game was left")
	p.keys("r")
	s := p.waitFor("continue as human vs human")
	if !strings.Contains(s, "did not start again") || !strings.Contains(s, "engine.sh") {
		t.Errorf("the offer does not say what happened:\n%s", s)
	}
	p.keys("y")
	p.keys(":")
	p.typ("3c3d")
	p.keys("Enter")
	p.waitFor(" 2 ☖３四歩(33)")
}
