package board

import (
	"io"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"kiki/ui/theme"
)

// styleWrap's prefix and suffix around a row are what Render makes of
// it, for every tint of the dark and light themes in 256 colours.
func TestStyleWrapMatchesRender(t *testing.T) {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.ANSI256)
	for _, dark := range []bool{true, false} {
		th := theme.New(dark, false)
		styles := []lipgloss.Style{th.Sente, th.Gote, th.Empty, th.Cursor, th.Selected, th.Dest, th.Capture, th.Last, th.Effect,
			th.CheckDrop, th.CheckDest, th.CheckOrigin.Bold(true), th.CheckMove, th.MateMove, th.MapBoth, th.PVBest, th.PVNext,
			th.MapHeat[0][2], th.MapHeat[1][0], th.Gote.Inherit(th.MapHeat[1][1])}
		for i, st := range styles {
			st = st.Renderer(r).UnsetUnderline()
			if pre, _ := styleWrap(st); pre == "" {
				t.Fatalf("dark=%v style %d: no colour codes: the test tests nothing", dark, i)
			}
			for _, text := range []string{"b       ", " b2  w1 ", "m:1:0+", "       3"} {
				pre, post := styleWrap(st)
				if got, want := pre+text+post, st.Render(text); got != want {
					t.Errorf("dark=%v style %d: %q, Render %q", dark, i, got, want)
				}
			}
		}
	}
}
