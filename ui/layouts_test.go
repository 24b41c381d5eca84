package ui

import (
	"fmt"
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

// layoutSizes are a terminal size of each layout.
var layoutSizes = []struct {
	size board.Size
	w, h int
}{{board.Compact, 100, 30}, {board.Medium, 120, 40}, {board.Large, 200, 50}}

// The layout follows the terminal: a resize switches it, and the board
// column is as wide and as high as its geometry says.
func TestLayoutSwitchesOnResize(t *testing.T) {
	m := New(testOptions())
	for _, ls := range append(layoutSizes, layoutSizes[0]) {
		m.Update(tea.WindowSizeMsg{Width: ls.w, Height: ls.h})
		f := m.layout()
		if f.geom.Size != ls.size {
			t.Fatalf("%d×%d: layout %v, want %v", ls.w, ls.h, f.geom.Size, ls.size)
		}
		if len(f.left) != f.geom.ColumnHeight() {
			t.Errorf("%v: board column of %d rows, want %d", ls.size, len(f.left), f.geom.ColumnHeight())
		}
		for i, l := range f.left {
			if w := runewidth.StringWidth(stripANSI(l)); w != f.geom.ColumnWidth() {
				t.Errorf("%v: board column row %d is %d columns, want %d: %q", ls.size, i, w, f.geom.ColumnWidth(), stripANSI(l))
			}
		}
	}
}

// analysing puts m in the continuous analysis with three candidate lines
// reported, as the engine would (the search itself is not started: the
// screen must not depend on its timing).
func analysing(t *testing.T, m *Model) {
	t.Helper()
	p := m.s.pos
	m.analysis.On = true
	m.ai.thinking, m.ai.purpose = true, purposeAnalysis
	m.cands.n = 3
	m.cands.start(p.Key())
	lines := [][]string{{"2g2f", "8c8d", "2f2e", "8d8e"}, {"7g7f", "3c3d", "8h2b+", "3a2b"}, {"5g5f", "3c3d"}}
	if p.SFEN() != game.NewStartPosition().SFEN() {
		// Any other position: its first legal moves, each with a reply.
		var ml game.MoveList
		p.LegalMoves(&ml)
		for i := range lines {
			q := p.Clone()
			mv := ml.At(i)
			q.DoMove(mv)
			var rl game.MoveList
			q.LegalMoves(&rl)
			lines[i] = []string{mv.USI(), rl.At(0).USI()}
		}
	}
	for i, line := range lines {
		var pv []game.Move
		q := p.Clone()
		for _, u := range line {
			mv, err := q.ParseUSIMove(u)
			if err != nil {
				t.Fatalf("%s: %v", u, err)
			}
			pv = append(pv, mv)
			q.DoMove(mv)
		}
		m.Update(aiInfoMsg{gen: m.ai.gen, infos: []ai.Info{{Depth: 9, MultiPV: i + 1, Score: 40 - 25*i, Nodes: 123456, NPS: 500000, PV: pv}}})
	}
}

// Goldens of every layout: the start position, a piece picked up, the
// effect map, the check study and the analysis with its candidates (the
// second one chosen and drawn on the board). The compact ones of the
// first four are the older goldens (TestStartPositionView …).
func TestLayoutGoldens(t *testing.T) {
	for _, ls := range layoutSizes {
		t.Run(ls.size.String(), func(t *testing.T) {
			if ls.size != board.Compact {
				t.Run("start", func(t *testing.T) { golden(t, run(t, testOptions(), ls.w, ls.h)) })
				t.Run("selected", func(t *testing.T) {
					m := run(t, testOptions(), ls.w, ls.h, ":", "7g7f", "enter", ":", "3c3d", "enter", "h", "h", "h", "h", "h", "j", "j", "j", "j", "enter")
					if m.board.selected != game.NewSquare(8, 8) {
						t.Fatalf("selected %v", m.board.selected)
					}
					golden(t, m)
				})
				t.Run("effectmap", func(t *testing.T) { golden(t, run(t, testOptions(), ls.w, ls.h, "e")) })
				t.Run("checkstudy", func(t *testing.T) {
					o := testOptions()
					o.Start, _ = game.ParseSFEN("9/2k6/9/9/9/9/9/9/8K b N 1")
					golden(t, run(t, o, ls.w, ls.h, "c"))
				})
			}
			t.Run("analysis", func(t *testing.T) {
				m := run(t, testOptions(), ls.w, ls.h)
				analysing(t, m)
				m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'2'}})
				if lines, pick := m.cands.shown(m.s.pos.Key()); len(lines) != 3 || pick != 1 {
					t.Fatalf("%d candidates, pick %d", len(lines), pick)
				}
				v := stripANSI(m.View())
				for _, want := range []string{"candidates 3", ">2 ", "☗７六歩", " 3 "} {
					if !strings.Contains(v, want) {
						t.Errorf("no %q in\n%s", want, v)
					}
				}
				golden(t, m)
			})
		})
	}
}

// The engine line on the board: the chosen candidate's first move from
// ^ to 1, its next moves' destinations numbered in order.
func TestPVLayerFollowsTheChosenCandidate(t *testing.T) {
	m := New(testOptions())
	analysing(t, m)
	sq := func(u string) game.Square { s, _ := game.ParseSquare(u); return s }
	want := func(pick int, marks map[string]byte) {
		t.Helper()
		m.cands.pick = pick
		layer := m.pvLayer()
		if layer == nil {
			t.Fatal("no engine line on the board")
		}
		n := 0
		for _, c := range layer {
			if c != 0 {
				n++
			}
		}
		for u, c := range marks {
			if got := layer[sq(u)]; got != c {
				t.Errorf("pick %d: %s shows %q, want %q", pick, u, got, c)
			}
		}
		if n != len(marks) {
			t.Errorf("pick %d: %d squares marked, want %d", pick, n, len(marks))
		}
	}
	want(0, map[string]byte{"2g": '^', "2f": '1', "8d": '2', "2e": '3', "8e": '4'})
	want(1, map[string]byte{"7g": '^', "7f": '1', "3d": '2', "2b": '3'}) // 3a2b lands where 8h2b+ did: the first number stays
	m.ai.thinking = false
	if m.pvLayer() != nil {
		t.Error("the line stays on the board after the analysis stopped")
	}
}

// Every line of every layout has the same width whether East-Asian
// ambiguous characters count one column or two (none is on the board or
// the komadai), with every overlay on, in kanji and in ASCII, and no line
// of the screen is wider than the terminal.
func TestLayoutsWidthUnderAmbiguousWidths(t *testing.T) {
	defer func(v bool) { runewidth.DefaultCondition.EastAsianWidth = v }(runewidth.DefaultCondition.EastAsianWidth)
	p, _ := game.ParseSFEN("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL b RGgsn5p 1")
	for _, ls := range append(layoutSizes, struct {
		size board.Size
		w, h int
	}{board.Compact, 80, 24}) {
		for _, ascii := range []bool{false, true} {
			var widths [2][]int
			for wi, wide := range []bool{false, true} {
				runewidth.DefaultCondition.EastAsianWidth = wide
				th := NewTheme(true, true)
				m := New(Options{Theme: &th, Start: p, Now: fixedNow, ASCII: ascii})
				m.Update(tea.WindowSizeMsg{Width: ls.w, Height: ls.h})
				m.study.effectMap, m.study.checkStudy, m.study.kindIdx = true, true, 6
				analysing(t, m)
				f := m.layout()
				for _, l := range f.left {
					widths[wi] = append(widths[wi], runewidth.StringWidth(stripANSI(l)))
				}
				for i, l := range strings.Split(m.View(), "\n") {
					if w := runewidth.StringWidth(stripANSI(l)); !wide && w > ls.w {
						t.Errorf("%d×%d ascii=%v: line %d is %d columns", ls.w, ls.h, ascii, i, w)
					}
				}
			}
			if fmt.Sprint(widths[0]) != fmt.Sprint(widths[1]) {
				t.Errorf("%d×%d ascii=%v: board column widths differ:\nnarrow %v\nwide   %v", ls.w, ls.h, ascii, widths[0], widths[1])
			}
			for _, w := range widths[0] {
				if w != board.GeomFor(ls.size).ColumnWidth() {
					t.Errorf("%d×%d ascii=%v: a board column row is %d columns", ls.w, ls.h, ascii, w)
					break
				}
			}
		}
	}
}

// find is the screen row and display column of the first (or last)
// occurrence of text on a screen, searching only the board column.
func find(screen []string, text string, last bool, maxX int) (x, y int, ok bool) {
	for i := range screen {
		yy := i
		if last {
			yy = len(screen) - 1 - i
		}
		l := runewidth.Truncate(stripANSI(screen[yy]), maxX, "")
		idx := strings.Index(l, text)
		if last {
			idx = strings.LastIndex(l, text)
		}
		if idx >= 0 {
			return runewidth.StringWidth(l[:idx]), yy, true
		}
	}
	return 0, 0, false
}

func click(m *Model, x, y int) {
	m.Update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
}

// Clicks follow the layout: a click on a piece where it is drawn (the
// lances in the four corners, and every square's middle) puts the cursor
// on its square, and a click on a piece in the komadai chooses it.
func TestClicksFollowTheLayout(t *testing.T) {
	for _, ls := range layoutSizes {
		o := testOptions()
		o.Start, _ = game.ParseSFEN("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPP1/1B7/LNS1KGSNL b RGP 1")
		m := New(o)
		m.Update(tea.WindowSizeMsg{Width: ls.w, Height: ls.h})
		g := m.layout().geom
		screen := strings.Split(m.View(), "\n")
		for _, c := range []struct {
			text string
			last bool
			sq   string
		}{{"v香", false, "9a"}, {"香", true, "1i"}} {
			x, y, ok := find(screen, c.text, c.last, g.ColumnWidth())
			if !ok {
				t.Fatalf("%v: no %s on the screen", ls.size, c.text)
			}
			want, _ := game.ParseSquare(c.sq)
			click(m, x+1, y)
			if m.board.cursor != want {
				t.Errorf("%v: click on %s at %d,%d: cursor %s, want %s", ls.size, c.text, x+1, y, m.board.cursor.Japanese(), want.Japanese())
			}
			m.board.deselect()
		}
		cw, ch := g.Pitch()
		for col := 0; col < 9; col++ {
			for row := 0; row < 9; row++ {
				x := g.BoardX() + 1 + col*cw + cw/2
				y := g.BoardY() + 2 + row*ch + ch/2
				click(m, x, y)
				if want := game.NewSquare(9-col, row+1); m.board.cursor != want {
					t.Fatalf("%v: click at %d,%d: cursor %s, want %s", ls.size, x, y, m.board.cursor.Japanese(), want.Japanese())
				}
				m.board.deselect()
			}
		}
		if g.Grid() {
			screen = strings.Split(m.View(), "\n")
			kx := g.BoardX() + g.Width() + board.KomadaiGap
			for _, k := range []struct {
				glyph string
				kind  game.PieceType
			}{{"飛", game.Rook}, {"金", game.Gold}} {
				y := -1
				for i, l := range screen {
					if strings.Contains(runewidth.TruncateLeft(stripANSI(l), kx, ""), k.glyph) && i < g.ColumnHeight() {
						y = i
					}
				}
				if y < 0 {
					t.Fatalf("%v: no %s in 先手's komadai:\n%s", ls.size, k.glyph, strings.Join(screen, "\n"))
				}
				click(m, kx+2, y)
				if m.board.dropKind != k.kind {
					t.Errorf("%v: click on %s in the komadai chose %v", ls.size, k.glyph, m.board.dropKind)
				}
			}
		}
	}
}

// The large layout, every overlay on: the effect map, the check study,
// a piece picked up, the analysis with five candidates drawn on the board
// and the whole game's score graph. One frame must take under 2 ms.
func BenchmarkViewLarge(b *testing.B) {
	th := NewTheme(true, false)
	m := New(Options{Theme: &th, Now: fixedNow, Record: longRecord(120)})
	m.Update(tea.WindowSizeMsg{Width: 200, Height: 50})
	line := lineThrough(m.s.rec.Root)
	m.s.goTo(line[60])
	p := m.s.pos
	m.study.effectMap, m.study.checkStudy, m.study.kindIdx = true, true, len(studyKinds)-1
	m.board.cursor = game.NewSquare(5, 5)
	m.analysis.On, m.ai.thinking, m.ai.purpose = true, true, purposeAnalysis
	m.ai.info = ai.Info{Depth: 10, MultiPV: 1, Score: 100, Nodes: 1000000, NPS: 600000}
	m.cands.n = 5
	m.cands.start(p.Key())
	var ml game.MoveList
	p.LegalMoves(&ml)
	for i := 0; i < 5 && i < ml.Len(); i++ {
		q := p.Clone()
		pv := []game.Move{ml.At(i)}
		q.DoMove(ml.At(i))
		var ml2 game.MoveList
		q.LegalMoves(&ml2)
		if ml2.Len() > 0 {
			pv = append(pv, ml2.At(0))
		}
		m.cands.note(ai.Info{Depth: 10, MultiPV: i + 1, Score: 100 - 10*i, PV: pv})
	}
	m.analysis.Line = append([]*kif.Node{m.s.rec.Root}, line...)
	m.analysis.Results = map[*kif.Node]analysis.Eval{}
	for i, n := range m.analysis.Line {
		m.analysis.Results[n] = analysis.Eval{Score: (i * 37 % 900) - 450}
	}
	if m.layout().geom.Size != board.Large || m.pvLayer() == nil {
		b.Fatal("not the large layout with the engine line")
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = m.View()
	}
}

// Nothing wraps, is cut or scrolls at any size from 80×24 up, in every
// layout, with every overlay on: no line is wider than the terminal, the
// screen has no more lines than it, and a dialog never moves the board.
func TestLayoutsFitEverySize(t *testing.T) {
	for w := 80; w <= 220; w += 7 {
		for h := 24; h <= 60; h += 4 {
			o := testOptions()
			o.Record = longRecord(60)
			m := New(o)
			m.Update(tea.WindowSizeMsg{Width: w, Height: h})
			m.step(30)
			m.study.effectMap, m.study.checkStudy = true, true
			analysing(t, m)
			g := m.layout().geom
			base := boardPart(m.View(), g.ColumnHeight(), g.ColumnWidth())
			for _, open := range []func(){func() {}, func() { m.dialog = m.newGameDialog(false) }, func() { m.dialog = nil; m.showHelp = true }} {
				open()
				v := m.View()
				where := fmt.Sprintf("%d×%d (%v)", w, h, g.Size)
				if n := strings.Count(v, "\n") + 1; n > h {
					t.Errorf("%s: %d lines", where, n)
				}
				for i, l := range strings.Split(v, "\n") {
					if lw := runewidth.StringWidth(stripANSI(l)); lw > w {
						t.Errorf("%s: line %d is %d columns", where, i, lw)
					}
				}
				if got := boardPart(v, g.ColumnHeight(), g.ColumnWidth()); strings.Join(got, "\n") != strings.Join(base, "\n") {
					t.Errorf("%s: the board moved", where)
				}
			}
		}
	}
}

// A click on a candidate in the side panel draws its line on the board,
// in every layout.
func TestClickChoosesCandidate(t *testing.T) {
	for _, ls := range layoutSizes {
		m := New(testOptions())
		m.Update(tea.WindowSizeMsg{Width: ls.w, Height: ls.h})
		analysing(t, m)
		f := m.layout()
		if f.cands.N != 3 {
			t.Fatalf("%v: %d candidates listed", ls.size, f.cands.N)
		}
		row := stripANSI(f.side[f.cands.Top+2])
		if !strings.HasPrefix(row, " 3 ") {
			t.Fatalf("%v: the third candidate's row is %q", ls.size, row)
		}
		click(m, f.sideX+3, f.cands.Top+2)
		if _, pick := m.cands.shown(m.s.pos.Key()); pick != 2 {
			t.Errorf("%v: click on the third candidate picked %d", ls.size, pick+1)
		}
		if l := m.pvLayer(); l == nil || l[game.NewSquare(5, 6)] != '1' {
			t.Errorf("%v: the board does not show ５六 as the chosen line's first destination", ls.size)
		}
	}
}
