// Package theme holds every style kiki's screen draws with, in one
// place: a dark and a light theme, and a plain one for NO_COLOR.
package theme

import (
	"os"

	"github.com/charmbracelet/lipgloss"
)

// Theme holds every style the UI draws with, in one place. Every highlight
// also has a mark character in the board cell, so nothing depends on colour
// alone (NO_COLOR and monochrome terminals lose nothing but the tint).
type Theme struct {
	Name                                  string
	Sente, Gote, Empty                    lipgloss.Style
	Frame, Coord                          lipgloss.Style
	Cursor, Selected, Dest, Capture, Last lipgloss.Style
	Effect                                lipgloss.Style
	CheckDrop, CheckDest, CheckOrigin     lipgloss.Style
	CheckMove, MateMove                   lipgloss.Style
	MapSente, MapGote, MapBoth            lipgloss.Style
	// MapHeat tints a square of the effect map by the side that controls
	// it (先手, 後手) and by how many more attackers it has there (1, 2, 3+).
	MapHeat [2][3]lipgloss.Style
	// PVBest tints the origin and destination of the engine's best move;
	// PVNext the destinations of the later moves of its line.
	PVBest, PVNext lipgloss.Style
	// PVMark draws the line's characters (^, 1-9) over those tints, in a
	// colour that reads on them (an empty square's grey does not).
	PVMark lipgloss.Style
	// Hint tints the origin and destination of the move the board
	// highlights: the hint, or the analysis's best move.
	Hint lipgloss.Style
	// Mark draws the mark characters (d m O ! …) over the tints: black on
	// the light theme's pale tints, white on the dark theme's deep ones,
	// so that every mark reads at 4.5:1 or more (a test measures it).
	Mark                                lipgloss.Style
	Title, Dim, Warn, Banner, Good, Bad lipgloss.Style
	Current                             lipgloss.Style // current move in the list
}

// New returns the dark or light theme, or a plain one without colour.
func New(dark, noColor bool) Theme {
	s := lipgloss.NewStyle
	if noColor {
		p := s()
		return Theme{Name: "mono", Sente: p, Gote: p, Empty: p, Frame: p, Coord: p, Cursor: s().Reverse(true),
			Selected: p, Dest: p, Capture: p, Last: p, Effect: p, CheckDrop: p, CheckDest: p, CheckOrigin: p,
			CheckMove: p, MateMove: p, MapSente: p, MapGote: p, MapBoth: p, Title: s().Bold(true), Dim: p,
			Warn: s().Bold(true), Banner: s().Bold(true).Reverse(true), Good: p, Bad: p, Current: s().Reverse(true),
			MapHeat: [2][3]lipgloss.Style{{p, p, p}, {p, p, p}}, PVBest: p, PVNext: p, PVMark: s().Bold(true), Hint: p, Mark: s().Bold(true)}
	}
	pick := func(light, darkC string) lipgloss.Color {
		if dark {
			return lipgloss.Color(darkC)
		}
		return lipgloss.Color(light)
	}
	t := Theme{Name: map[bool]string{true: "dark", false: "light"}[dark]}
	t.Sente = s().Foreground(pick("0", "255"))
	// 後手's red is deep on the light theme and pale on the dark one, so
	// that its pieces read on every tint they can stand on (the effect
	// map's red heat included) at 4.5:1 or more.
	t.Gote = s().Foreground(pick("88", "224"))
	t.Empty = s().Foreground(pick("248", "240"))
	t.Frame = s().Foreground(pick("244", "244"))
	t.Coord = s().Foreground(pick("240", "248"))
	t.Cursor = s().Reverse(true)
	t.Selected = s().Background(pick("153", "24"))
	t.Dest = s().Background(pick("194", "22"))
	t.Capture = s().Background(pick("217", "88"))
	t.Last = s().Background(pick("229", "58"))
	t.Effect = s().Background(pick("255", "236")).Foreground(pick("166", "214"))
	t.CheckDrop = s().Background(pick("189", "54"))
	t.CheckDest = s().Background(pick("159", "23"))
	t.CheckOrigin = s().Background(pick("223", "52"))
	t.CheckMove = s().Background(pick("211", "125")).Bold(true)
	t.MateMove = s().Background(pick("160", "160")).Foreground(lipgloss.Color("231")).Bold(true)
	t.MapSente = s().Background(pick("153", "17"))
	t.MapGote = s().Background(pick("224", "52"))
	t.MapBoth = s().Background(pick("230", "58"))
	// The heat scale: pale to deep blue for 先手, pale to deep red for 後手.
	heat := [2][3][2]string{{{"195", "17"}, {"153", "18"}, {"111", "19"}}, {{"224", "52"}, {"217", "88"}, {"211", "124"}}}
	for c := range heat {
		for lvl, cs := range heat[c] {
			t.MapHeat[c][lvl] = s().Background(pick(cs[0], cs[1]))
		}
	}
	t.PVBest = s().Background(pick("150", "28")).Bold(true)
	t.PVNext = s().Background(pick("194", "22"))
	t.PVMark = s().Foreground(pick("16", "231")).Bold(true)
	t.Hint = s().Background(pick("219", "90"))
	t.Mark = s().Foreground(pick("16", "231")).Bold(true)
	t.Title = s().Bold(true)
	t.Dim = s().Foreground(pick("244", "245"))
	t.Warn = s().Bold(true).Foreground(pick("160", "203"))
	t.Banner = s().Bold(true).Foreground(lipgloss.Color("231")).Background(pick("25", "25")).Padding(0, 1)
	t.Good = s().Foreground(pick("28", "114"))
	t.Bad = s().Foreground(pick("160", "203"))
	t.Current = s().Reverse(true)
	return t
}

// Detect picks the theme for this terminal: none when NO_COLOR is set,
// else dark or light by the terminal's background.
func Detect() Theme {
	if _, ok := os.LookupEnv("NO_COLOR"); ok {
		return New(true, true)
	}
	return New(lipgloss.HasDarkBackground(), false)
}
