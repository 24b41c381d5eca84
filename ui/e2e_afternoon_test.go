package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// After resigning, the editor (b), a placement and Esc keep the finished,
// unsaved game on screen; quitting then asks to save it.
func TestEndToEndResignEditKeepsGame(t *testing.T) {
	dir, bin := e2eBinary(t)
	env := fmt.Sprintf("LANG=C.UTF-8 KIKI_DATA_DIR=%s KIKI_CONFIG_DIR=%s", filepath.Join(dir, "data"), filepath.Join(dir, "config"))
	p := startTmux(t, "kiki-afternoon", 100, 30, env, fmt.Sprintf("sh -c 'cd %s && %s --human --no-mouse'", dir, bin))
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
	p.waitFor("後手 wins (resignation)")
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
