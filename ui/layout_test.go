package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/mattn/go-runewidth"

	"kiki/game"
	"kiki/kif"
	"kiki/ui/board"
)

// longRecord is a record of n moves with a long comment on every fifth.
func longRecord(n int) *kif.Record {
	p := game.NewStartPosition()
	r := kif.NewRecord(p)
	node := r.Root
	for i := 0; i < n; i++ {
		var ml game.MoveList
		p.LegalMoves(&ml)
		mv := ml.At(i % ml.Len())
		node = node.AddChild(&kif.Node{Move: mv})
		if i%5 == 4 {
			node.Comments = []string{strings.Repeat("長いコメントの行です。", 8), "二行目", "三行目", "四行目"}
		}
		p.DoMove(mv)
	}
	return r
}

// boardPart is the board column of the first rows of a screen (width
// columns of it; the compact board's when not given).
func boardPart(view string, rows int, width ...int) []string {
	w := board.Width
	if len(width) > 0 {
		w = width[0]
	}
	lines := strings.Split(view, "\n")
	var out []string
	for i := 0; i < rows && i < len(lines); i++ {
		out = append(out, runewidth.Truncate(stripANSI(lines[i]), w, ""))
	}
	return out
}

// The board and the hands stay at the same screen lines whatever dialog,
// comment or move list is shown, at 80×24 and 110×34: the screen never
// has more lines than the terminal, nor wider ones.
func TestBoardStaysPutUnderDialogs(t *testing.T) {
	dialogs := map[string]func(m *Model){
		"new game":  func(m *Model) { m.dialog = m.newGameDialog(false) },
		"open":      func(m *Model) { m.dialog = m.newOpenDialog() },
		"copy KIF":  func(m *Model) { press(m, "Y") },
		"comment":   func(m *Model) { press(m, "C") },
		"quit":      func(m *Model) { press(m, "C", "x", "ctrl+s", "q") },
		"move line": func(m *Model) { press(m, ":", "99歩", "enter") },
		"promotion": func(m *Model) { m.dialog = &promoDialog{} },
		"help":      func(m *Model) { press(m, "?") },
	}
	for _, size := range [][2]int{{80, 24}, {110, 34}} {
		for _, at := range []int{0, 5, 20, 40} {
			for name, open := range dialogs {
				o := testOptions()
				o.Record = longRecord(60)
				m := New(o)
				m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
				m.step(at)
				base := m.View()
				open(m)
				v := m.View()
				where := fmt.Sprintf("%d×%d at move %d, %s", size[0], size[1], at, name)
				if n := strings.Count(v, "\n") + 1; n > size[1] {
					t.Errorf("%s: %d lines on a %d-line terminal", where, n, size[1])
				}
				for i, l := range strings.Split(v, "\n") {
					if w := runewidth.StringWidth(stripANSI(l)); w > size[0] {
						t.Errorf("%s: line %d is %d columns", where, i, w)
					}
				}
				want, got := boardPart(base, board.Height+2), boardPart(v, board.Height+2)
				if strings.Join(want, "\n") != strings.Join(got, "\n") {
					t.Errorf("%s: the board moved:\n%s\nwant\n%s", where, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
			}
		}
	}
}
