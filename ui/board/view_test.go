package board

import (
	"math"
	"strconv"
	"testing"

	"github.com/charmbracelet/lipgloss"

	"kiki/game"
	"kiki/ui/theme"
)

// xtermLuminance is the relative luminance (WCAG) of an xterm 256-colour
// index from the colour cube or the grey ramp (16-255), the ones the
// themes use.
func xtermLuminance(t *testing.T, c lipgloss.TerminalColor) float64 {
	t.Helper()
	lc, ok := c.(lipgloss.Color)
	n, err := strconv.Atoi(string(lc))
	if !ok || err != nil || n < 16 || n > 255 {
		t.Fatalf("colour %v is not an xterm index 16-255", c)
	}
	var rgb [3]int
	if n < 232 {
		levels := [6]int{0, 95, 135, 175, 215, 255}
		n -= 16
		rgb = [3]int{levels[n/36], levels[n/6%6], levels[n%6]}
	} else {
		v := 8 + 10*(n-232)
		rgb = [3]int{v, v, v}
	}
	var lin [3]float64
	for i, v := range rgb {
		f := float64(v) / 255
		if f <= 0.03928 {
			lin[i] = f / 12.92
		} else {
			lin[i] = math.Pow((f+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*lin[0] + 0.7152*lin[1] + 0.0722*lin[2]
}

// The numbers of a line drawn on the board (the practice's refutation,
// the analysis's line) read on their green, on empty squares and on
// pieces of either side, in both themes: a contrast of at least 4.5:1.
// The empty square's grey was about 1.5:1 on the dark theme's green.
func TestLineMarksLegible(t *testing.T) {
	pos, err := game.ParseSFEN("4k4/9/4P4/9/9/9/9/9/9 b G 1")
	if err != nil {
		t.Fatal(err)
	}
	var pv [game.NumSquares]byte
	king, empty1, empty2, pawn := game.NewSquare(5, 1), game.NewSquare(4, 1), game.NewSquare(4, 2), game.NewSquare(5, 3)
	pv[king], pv[empty1], pv[empty2], pv[pawn] = '^', '1', '2', '3'
	for _, dark := range []bool{true, false} {
		th := theme.New(dark, false)
		bv := View{Pos: pos, Theme: &th, PV: &pv}
		for _, s := range []game.Square{king, empty1, empty2, pawn} {
			c := bv.cellOfSquare(s)
			if c.mark != pv[s] {
				t.Fatalf("dark=%v %v: mark %q, want %q", dark, s, c.mark, pv[s])
			}
			fg, bg := xtermLuminance(t, c.markStyle.GetForeground()), xtermLuminance(t, c.markStyle.GetBackground())
			if ratio := (max(fg, bg) + 0.05) / (min(fg, bg) + 0.05); ratio < 4.5 {
				t.Errorf("dark=%v: the line's %q on %v has contrast %.1f:1", dark, c.mark, s, ratio)
			}
		}
	}
	// Without colour the line is its characters, bold where bold shows.
	th := theme.New(true, true)
	c := (&View{Pos: pos, Theme: &th, PV: &pv}).cellOfSquare(empty1)
	if c.mark != '1' || !c.markStyle.GetBold() {
		t.Errorf("mono: mark %q, bold %v", c.mark, c.markStyle.GetBold())
	}
}

// A square marked with the hint takes the hint's tint, an empty square
// and a piece alike (the root's TestHintHighlightedInEveryLayout checks
// that the hint's squares carry the mark).
func TestHintTint(t *testing.T) {
	th := theme.New(true, false)
	p := game.NewStartPosition()
	from, to := game.NewSquare(2, 7), game.NewSquare(2, 6)
	bv := View{Pos: p, Theme: &th}
	bv.Marks[from], bv.Marks[to] = MarkHint, MarkHint
	for _, s := range []game.Square{from, to} {
		if c := bv.cellOfSquare(s); c.style.GetBackground() != th.Hint.GetBackground() {
			t.Errorf("%v: tint %v, want the hint's %v", s, c.style.GetBackground(), th.Hint.GetBackground())
		}
	}
}
