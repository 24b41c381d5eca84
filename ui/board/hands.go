package board

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/mattn/go-runewidth"

	"kiki/game"
	"kiki/ui/lang"
	"kiki/ui/textfit"
	"kiki/ui/theme"
)

// Hand is the hands component: a side's line above or under the
// board — its name (with * while it is to move), its player, its clock,
// its pieces in hand (the one chosen to drop in brackets) and a note (the
// editor's "<- 置き先"). The root fills it in; it only draws.
type Hand struct {
	Name   string
	ToMove bool
	Player string // "" when no game is shown
	Clock  string // "" without a clock
	Hand   game.Hand
	Chosen game.PieceType // the hand piece chosen to drop, or NoPieceType
	ASCII  bool
	Note   string
	Lang   lang.Lang
	packed bool // the pieces without spaces between them, to fit
	bare   bool // no "in hand" label either, to fit
}

// ViewIn draws the line inside w columns, so that what stands beside it
// keeps its column: when the line is too wide (a tsume defender holding
// the rest of the pieces, a player's name), the pieces packed without
// spaces, then without the "in hand" label, cut as a last resort.
func (h Hand) ViewIn(th *theme.Theme, w int) string {
	return textfit.Ellipsis(h.fitIn(th, w).View(th), w)
}

// fitIn is the line as ViewIn draws it inside w columns: packed, then
// bare, as far as it takes.
func (h Hand) fitIn(th *theme.Theme, w int) Hand {
	for _, fit := range []*bool{&h.packed, &h.bare} {
		if ansi.StringWidth(h.View(th)) <= w {
			break
		}
		*fit = true
	}
	return h
}

// KindAt is the hand piece drawn at column x of the line as ViewIn draws
// it inside w columns, for a click on it.
func (h Hand) KindAt(th *theme.Theme, w, x int) (game.PieceType, bool) {
	var spans []handSpan
	h.fitIn(th, w).render(th, &spans)
	for _, sp := range spans {
		if x >= sp.from && x < sp.to && sp.to <= w {
			return sp.kind, true
		}
	}
	return game.NoPieceType, false
}

// handSpan is the columns [from, to) where a hand piece is drawn.
type handSpan struct {
	kind     game.PieceType
	from, to int
}

// nameRows is a player's name on the komadai: one row when it fits, else
// two, broken after a space or a hyphen inside w where there is one
// ("Fairy-" "Stockfish"), the second ending at a space when the rest is
// too long, else cut with "...".
func nameRows(s string, w int) []string {
	if ansi.StringWidth(s) <= w {
		return []string{s}
	}
	rs := []rune(s)
	cut, cw := 0, 0
	for i, r := range rs {
		if cw += runewidth.RuneWidth(r); cw > w {
			if cut == 0 {
				cut = i
			}
			break
		}
		if r == ' ' || r == '-' {
			cut = i + 1
		}
	}
	first := strings.TrimRight(string(rs[:cut]), " ")
	rest := strings.TrimLeft(string(rs[cut:]), " ")
	if word, _, ok := strings.Cut(rest, " "); ok && ansi.StringWidth(rest) > w && ansi.StringWidth(word) <= w {
		rest = word // the version after the name goes first
	}
	return []string{first, textfit.Ellipsis(rest, w)}
}

// playerShown is the most cells of a player's name the hand line shows.
const playerShown = 16

// View draws the line.
func (h Hand) View(th *theme.Theme) string { return h.render(th, nil) }

// render draws the line and, when spans is not nil, notes the columns of
// each piece in hand.
func (h Hand) render(th *theme.Theme, spans *[]handSpan) string {
	var sb strings.Builder
	if h.ToMove {
		sb.WriteString(th.Title.Render(h.Name + "*"))
	} else {
		sb.WriteString(h.Name + " ")
	}
	if h.Player != "" {
		// A long player (an engine's id name) is cut so that the clock
		// and the pieces in hand, which the line is for, keep their room.
		sb.WriteString(" " + textfit.Ellipsis(h.Player, playerShown))
	}
	if h.Clock != "" {
		sb.WriteString(" " + h.Clock)
	}
	if h.bare {
		sb.WriteString("  ")
	} else {
		sb.WriteString("  " + lang.Tr(h.Lang, "hand.label") + " ")
	}
	if h.Hand.IsEmpty() {
		sb.WriteString(lang.Tr(h.Lang, "hand.none"))
	}
	for _, t := range game.HandTypes {
		n := h.Hand.Count(t)
		if n == 0 {
			continue
		}
		label := t.Glyph()
		if h.ASCII {
			label = t.Letter()
		}
		if n > 1 {
			label += fmt.Sprint(n)
		}
		from := ansi.StringWidth(sb.String())
		switch {
		case h.Chosen == t:
			sb.WriteString(th.Selected.Render("[" + label + "]"))
		case h.packed:
			sb.WriteString(label)
		default:
			sb.WriteString(label + " ")
		}
		if spans != nil {
			*spans = append(*spans, handSpan{t, from, ansi.StringWidth(sb.String())})
		}
	}
	sb.WriteString(h.Note)
	return sb.String()
}

// Komadai draws the hand as a komadai beside the board (the grid
// layouts): the side's name (with * while it is to move), its player and
// clock, then one row per kind in hand with its count (the one chosen to
// drop in brackets), every row inside w columns. kinds gives the kind each
// row shows (NoPieceType for the others), for clicks.
func (h Hand) Komadai(th *theme.Theme, w int) (rows []string, kinds []game.PieceType) {
	add := func(s string, t game.PieceType) {
		rows = append(rows, textfit.PadRight(textfit.Truncate(s, w), w))
		kinds = append(kinds, t)
	}
	if h.ToMove {
		add(th.Title.Render(h.Name+"*"), game.NoPieceType)
	} else {
		add(h.Name, game.NoPieceType)
	}
	if h.Player != "" {
		for _, r := range nameRows(h.Player, w) {
			add(r, game.NoPieceType)
		}
	}
	if h.Clock != "" {
		add(h.Clock, game.NoPieceType)
	}
	add(th.Dim.Render(lang.Tr(h.Lang, "hand.label")), game.NoPieceType)
	if h.Hand.IsEmpty() {
		add(" "+lang.Tr(h.Lang, "hand.none"), game.NoPieceType)
	}
	for _, t := range game.HandTypes {
		n := h.Hand.Count(t)
		if n == 0 {
			continue
		}
		label := t.Glyph()
		if h.ASCII {
			label = " " + t.Letter()
		}
		count := "  "
		if n > 1 {
			count = fmt.Sprintf("%2d", n)
		}
		if h.Chosen == t {
			add(th.Selected.Render("["+label+count+"]"), t)
		} else {
			add(" "+label+count, t)
		}
	}
	if h.Note != "" {
		add(h.Note, game.NoPieceType)
	}
	return rows, kinds
}
