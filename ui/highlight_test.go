package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/mattn/go-runewidth"

	"kiki/ai"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/analysis"
	"kiki/ui/board"
)

// charAt is the character at display column x of a plain line ("" past
// its end or inside a wide character).
func charAt(line string, x int) string {
	col := 0
	for _, r := range line {
		if col == x {
			return string(r)
		}
		col += runewidth.RuneWidth(r)
		if col > x {
			return ""
		}
	}
	return ""
}

// markOf is the mark column of square s on screen v in geometry g (the
// first column of its cell; a grid square's top-left corner).
func markOf(v string, g board.Geom, s game.Square) string {
	bv := board.View{}
	col, row := bv.CellOf(s)
	cw, ch := g.Pitch()
	lines := strings.Split(stripANSI(v), "\n")
	y := g.BoardY() + 2 + row*ch
	if y >= len(lines) {
		return ""
	}
	return charAt(lines[y], g.BoardX()+1+col*cw)
}

// The hint is drawn on the board in every layout: its origin and
// destination carry the & mark and the hint's tint (apart from the last
// move's and the selection's), and both go once the position changes.
// The whole-game analysis's best move for the position shows the same way.
func TestHintHighlightedInEveryLayout(t *testing.T) {
	th := NewTheme(true, false)
	if th.Hint.GetBackground() == th.Last.GetBackground() || th.Hint.GetBackground() == th.Selected.GetBackground() ||
		th.Hint.GetBackground() == th.Dest.GetBackground() || th.Hint.GetBackground() == th.PVBest.GetBackground() {
		t.Fatalf("the hint's tint is another highlight's: %v", th.Hint.GetBackground())
	}
	for _, ls := range layoutSizes {
		t.Run(ls.size.String(), func(t *testing.T) {
			m := New(testOptions())
			m.Update(tea.WindowSizeMsg{Width: ls.w, Height: ls.h})
			g := m.layout().geom
			from, to := game.NewSquare(2, 7), game.NewSquare(2, 6)
			if markOf(m.View(), g, from) != " " || markOf(m.View(), g, to) != " " {
				t.Fatalf("marks before the hint: %q %q", markOf(m.View(), g, from), markOf(m.View(), g, to))
			}
			m.ai.gen = 3
			m.ai.thinking, m.ai.purpose = true, purposeHint
			m.Update(aiDoneMsg{gen: 3, purpose: purposeHint, res: ai.Result{Move: mustUSI(t, m.s.pos, "2g2f")}})
			v := m.View()
			for _, s := range []game.Square{from, to} {
				if got := markOf(v, g, s); got != "&" {
					t.Errorf("%v: mark %q, want &\n%s", s, got, stripANSI(v))
				}
			}
			// The tint: the squares carry the hint's mark, which the board
			// tints with the hint's colour (ui/board's TestHintTint).
			mk, _ := m.marks()
			for _, s := range []game.Square{from, to} {
				if mk[s] != board.MarkHint {
					t.Errorf("%v: mark %v, want the hint's %v", s, mk[s], board.MarkHint)
				}
			}
			press(m, ":", "7g7f", "enter")
			v = m.View()
			if strings.Contains(strings.Join(boardPart(v, g.ColumnHeight(), g.ColumnWidth()), "\n"), "&") {
				t.Errorf("the hint stays after a move:\n%s", stripANSI(v))
			}
			// The whole-game analysis's best move of the position on screen.
			best := mustUSI(t, m.s.pos, "3c3d")
			m.analysis.Results = map[*kif.Node]analysis.Eval{m.s.node: {Best: best}}
			v = m.View()
			for _, s := range []game.Square{game.NewSquare(3, 3), game.NewSquare(3, 4)} {
				if got := markOf(v, g, s); got != "&" {
					t.Errorf("analysis best %v: mark %q, want &\n%s", s, got, stripANSI(v))
				}
			}
		})
	}
}

// While the analysis draws its candidates' line, the line's numbering
// stays (^ on the best move's origin, 1, 2 ... on the destinations) and
// no & covers it.
func TestCandidatesKeepTheirNumbering(t *testing.T) {
	for _, ls := range layoutSizes {
		m := New(testOptions())
		m.Update(tea.WindowSizeMsg{Width: ls.w, Height: ls.h})
		analysing(t, m)
		g := m.layout().geom
		v := m.View()
		// The line's character: the mark column in compact, a grid
		// square's top-right corner.
		got := markOf(v, g, game.NewSquare(2, 7))
		if g.Grid() {
			col, row := (&board.View{}).CellOf(game.NewSquare(2, 7))
			got = charAt(stripANSI(strings.Split(v, "\n")[g.BoardY()+2+row*g.CellH]), g.BoardX()+1+col*g.CellW+g.CellW-2)
		}
		if got != "^" {
			t.Errorf("%v: origin %q, want ^", ls.size, got)
		}
		if strings.Contains(strings.Join(boardPart(v, g.ColumnHeight(), g.ColumnWidth()), "\n"), "&") {
			t.Errorf("%v: & over the engine line:\n%s", ls.size, stripANSI(v))
		}
	}
}

// The full help shows every key's help and every legend entry whole, on
// one page or on pages that ? turns (and closes after the last), at
// 80×24, 100×30 and 200×50 in both languages; + - and 1-5 are among the
// keys.
func TestFullHelpShowsEverything(t *testing.T) {
	for _, l := range []Lang{English, Japanese} {
		for _, sz := range [][2]int{{80, 24}, {100, 30}, {200, 50}} {
			o := testOptions()
			o.Lang = l
			m := New(o)
			m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			press(m, "?")
			var seen []string
			for i := 0; m.showHelp; i++ {
				if i > 10 {
					t.Fatalf("%v %v: the help does not close", l, sz)
				}
				v := stripANSI(m.View())
				for _, line := range strings.Split(v, "\n") {
					if w := runewidth.StringWidth(line); w > sz[0] {
						t.Errorf("%v %v: a line of %d columns", l, sz, w)
					}
				}
				seen = append(seen, v)
				press(m, "?")
			}
			all := strings.Join(seen, "\n")
			k := newKeyMapIn(l)
			wantKeys := []string{k.MoreCands.Help().Desc, k.PickCand.Help().Desc, "+ -", "1-5"}
			for _, group := range k.help(false, false).FullHelp() {
				for _, b := range group {
					if d := b.Help().Desc; d != "" {
						wantKeys = append(wantKeys, b.Help().Key+" ", " "+d)
					} else { // the legend's title
						wantKeys = append(wantKeys, b.Help().Key)
					}
				}
			}
			for _, mk := range boardMarks {
				wantKeys = append(wantKeys, mk[0]+" ", tr(l, mk[1]))
			}
			for _, w := range wantKeys {
				if !strings.Contains(all, w) {
					t.Errorf("%v %d×%d: the help lacks %q:\n%s", l, sz[0], sz[1], w, all)
				}
			}
		}
	}
}
