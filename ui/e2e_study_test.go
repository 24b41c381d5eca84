package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"
)

// click sends a left click at display column x and row y of the pane
// (both from 0) as the SGR mouse sequence a terminal sends, press then
// release; the program must run with the mouse on (no --no-mouse).
func (p *tmuxPane) click(x, y int) {
	p.typ(fmt.Sprintf("\x1b[<0;%d;%dM", x+1, y+1))
	p.typ(fmt.Sprintf("\x1b[<0;%d;%dm", x+1, y+1))
}

// cellOf is where glyph first shows on screen at or after the first line
// holding from: its display column and its row, both from 0.
func cellOf(screen, from, glyph string) (x, y int, ok bool) {
	started := false
	for row, l := range strings.Split(screen, "\n") {
		if !started && strings.Contains(l, from) {
			started = true
			l = l[strings.Index(l, from):]
			x0 := runewidth.StringWidth(strings.Split(screen, "\n")[row]) - runewidth.StringWidth(l)
			if i := strings.Index(l, glyph); i >= 0 {
				return x0 + runewidth.StringWidth(l[:i]), row, true
			}
			continue
		}
		if started {
			if i := strings.Index(l, glyph); i >= 0 {
				return runewidth.StringWidth(l[:i]), row, true
			}
		}
	}
	return 0, 0, false
}

// TestCheckStudyInTmux runs the real binary with the mouse on, at 80×24
// and 200×50 (where 先手's hand is a column beside the board): c opens
// the check study on the first piece in hand; Tab chooses a piece in hand
// and the study follows it, and so does a click on a piece of the hand;
// each time the legend and the status name the piece chosen. (In the
// compact layout a click on the hand line chooses the next piece in hand,
// in the grid the piece clicked: the clicks below are on the piece that
// both choose.)
func TestCheckStudyInTmux(t *testing.T) {
	dir, bin := e2eBinary(t)
	for _, sz := range [][2]int{{80, 24}, {200, 50}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			env := fmt.Sprintf("LANG=C.UTF-8 KIKI_CONFIG_DIR='%s/config' KIKI_DATA_DIR='%s/data'", dir, dir)
			p := startTmux(t, "kiki-study", sz[0], sz[1], env,
				fmt.Sprintf("sh -c \"cd '%s' && '%s' --human --sfen '4k4/9/9/9/9/9/9/9/4K4 b GS 1'\"", dir, bin))
			p.waitFor("先手 to move")
			p.keys("c")
			p.waitFor("drop 銀 to check: ６二 ５二 ４二")
			chosen := func(glyph string) {
				t.Helper()
				s := p.waitFor("drop " + glyph + " to check: ")
				if !strings.Contains(s, "先手's "+glyph) || !strings.Contains(s, "to drop "+glyph) {
					t.Errorf("%s chosen: the legend or the status does not name it:\n%s", glyph, s)
				}
			}
			p.keys("Tab")
			chosen("金")
			p.keys("Tab")
			chosen("銀")
			p.keys("Tab") // past the last: nothing chosen, the study stays
			p.waitFor("先手 to move\n")
			for _, glyph := range []string{"金", "銀"} {
				if glyph == "銀" {
					// . steps the study on from 金 to 角 first, so that
					// the click is what brings it to 銀.
					p.keys(".")
					p.waitFor("先手's 角 bishop")
				}
				s := p.screen()
				x, y, ok := cellOf(s, "先手*", glyph)
				if !ok {
					t.Fatalf("no %s in 先手's hand on\n%s", glyph, s)
				}
				p.click(x, y)
				chosen(glyph)
			}
		})
	}
}
