package board

import (
	"fmt"
	"math"
	"strconv"
	"testing"

	"github.com/charmbracelet/lipgloss"

	"kiki/ui/theme"
)

// xtermRGB is the colour an xterm draws for a 256-colour index (the 16
// system colours as xterm's defaults; terminals differ there, so the
// themes use only the cube and the grey ramp for tints and marks).
func xtermRGB(n int) [3]float64 {
	system := [16][3]float64{{0, 0, 0}, {205, 0, 0}, {0, 205, 0}, {205, 205, 0}, {0, 0, 238}, {205, 0, 205}, {0, 205, 205}, {229, 229, 229},
		{127, 127, 127}, {255, 0, 0}, {0, 255, 0}, {255, 255, 0}, {92, 92, 255}, {255, 0, 255}, {0, 255, 255}, {255, 255, 255}}
	switch {
	case n < 16:
		return system[n]
	case n < 232:
		lv := [6]float64{0, 95, 135, 175, 215, 255}
		n -= 16
		return [3]float64{lv[n/36], lv[n/6%6], lv[n%6]}
	}
	g := float64(8 + 10*(n-232))
	return [3]float64{g, g, g}
}

// luminance is WCAG 2's relative luminance of an sRGB colour.
func luminance(c [3]float64) float64 {
	lin := func(v float64) float64 {
		v /= 255
		if v <= 0.03928 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c[0]) + 0.7152*lin(c[1]) + 0.0722*lin(c[2])
}

// contrast is WCAG 2's contrast ratio of two 256-colour indexes.
func contrast(a, b int) float64 {
	la, lb := luminance(xtermRGB(a)), luminance(xtermRGB(b))
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// colourIndex is a style colour's 256-colour index; ok is false for none.
func colourIndex(t *testing.T, c lipgloss.TerminalColor) (int, bool) {
	t.Helper()
	lc, ok := c.(lipgloss.Color)
	if !ok || lc == "" {
		return 0, false
	}
	n, err := strconv.Atoi(string(lc))
	if err != nil {
		t.Fatalf("colour %q is not a 256-colour index", lc)
	}
	return n, true
}

// Every mark character reads on its tint at 4.5:1 or more (WCAG's
// ratio for text), and so do both sides' pieces on the tints they stand
// on in the effect map and in the check study, in both themes.
func TestMarkContrast(t *testing.T) {
	for _, dark := range []bool{true, false} {
		th := theme.New(dark, false)
		check := func(what string, fg, bg lipgloss.Style) {
			t.Helper()
			f, ok := colourIndex(t, fg.GetForeground())
			if !ok {
				t.Fatalf("%s %s: no foreground", th.Name, what)
			}
			b, ok := colourIndex(t, bg.GetBackground())
			if !ok {
				return // no tint: the terminal's own background
			}
			if c := contrast(f, b); c < 4.5 {
				t.Errorf("%s %s: colour %d on %d is %.2f:1, under 4.5", th.Name, what, f, b, c)
			}
		}
		for m := MarkEffect; m <= MarkCursor; m++ {
			if bg, ok := markStyle(&th, m); ok {
				check(fmt.Sprintf("mark %c", markChars[m]), markChar(&th, m), bg)
			}
		}
		tints := map[string]lipgloss.Style{"map both": th.MapBoth}
		for c := range th.MapHeat {
			for lvl, st := range th.MapHeat[c] {
				tints[fmt.Sprintf("map heat %d/%d", c, lvl)] = st
			}
		}
		// The study's squares that can hold a piece: an origin with the
		// piece on it, a destination or a check that captures.
		for _, m := range []Mark{MarkCheckOriginPiece, MarkCheckDest, MarkCheckMove} {
			tints[fmt.Sprintf("study %c", markChars[m])], _ = markStyle(&th, m)
		}
		for name, bg := range tints {
			check(name+" 先手's piece", th.Sente, bg)
			check(name+" 後手's piece", th.Gote, bg)
		}
	}
}
