package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/mattn/go-runewidth"

	"kiki/game"
	"kiki/ui/board"
	"kiki/ui/widget"
)

func studyModel(t *testing.T, sfen string, ks ...string) *Model {
	t.Helper()
	o := testOptions()
	var err error
	if o.Start, err = game.ParseSFEN(sfen); err != nil {
		t.Fatal(err)
	}
	return run(t, o, 100, 30, ks...)
}

// cellAt is the four columns of a square's cell as drawn (mark, side, piece).
func cellAt(t *testing.T, m *Model, s game.Square) string {
	t.Helper()
	lines := strings.Split(stripANSI(m.View()), "\n")
	// Row 0: 後手's hand; 1: files; 2: frame; 3..11: ranks 一..九 (not flipped).
	row := []rune(lines[2+s.Rank()])
	col := 1 + (9-s.File())*board.CellWidth // display columns; every rune before is one column wide or a CJK two
	var out []rune
	w := 0
	for _, r := range row {
		rw := 1
		if r >= 0x3000 {
			rw = 2
		}
		if w >= col && w < col+board.CellWidth {
			out = append(out, r)
		}
		w += rw
	}
	return string(out)
}

// The study starts at a kind the attacker has, and `!`, its count and `#`
// follow the chosen kind.
func TestCheckStudyFollowsKind(t *testing.T) {
	m := studyModel(t, "4k4/9/9/9/9/9/9/9/4K4 b GS 1", "c")
	if m.study.kind() != game.Silver {
		t.Fatalf("starts at %s, want 銀 (the first kind in hand)", m.study.kind().Name())
	}
	m = studyModel(t, "4k4/9/9/9/9/9/9/9/4K4 b G 1", "c")
	if m.study.kind() != game.Gold {
		t.Fatalf("starts at %s, want 金", m.study.kind().Name())
	}
	_, ci := m.marks()
	if len(ci.checks) != 5 {
		t.Fatalf("gold checks %v, want the 5 gold drops", ci.checks)
	}
	m = studyModel(t, "4k4/9/9/9/9/9/9/9/4K4 b GS 1", "c")
	mk, ci := m.marks()
	if len(ci.checks) != 3 {
		t.Fatalf("silver checks %v, want the 3 silver drops", ci.checks)
	}
	if !strings.Contains(stripANSI(m.checkLegend(ci)), "checks: 3 ") {
		t.Fatalf("legend %q", m.checkLegend(ci))
	}
	// ４一 is a gold drop check, not a silver one: no ! and no d there.
	if chk := m.checkMarks(); chk[game.NewSquare(4, 1)] != board.MarkNone || mk[game.NewSquare(4, 1)] == board.MarkCheckDrop || mk[game.NewSquare(4, 1)] == board.MarkCheckDropOrigin {
		t.Fatalf("４一 marked for 銀: %v %v", chk[game.NewSquare(4, 1)], mk[game.NewSquare(4, 1)])
	}
	// All pieces: the last setting before 歩 again.
	m = studyModel(t, "4k4/9/9/9/9/9/9/9/4K4 b GS 1", "c", ",", ",", ",", ",")
	if m.study.kind() != game.NoPieceType {
		t.Fatalf("kind %s, want all", m.study.kind().Name())
	}
	if _, ci = m.marks(); len(ci.checks) != 8 {
		t.Fatalf("all checks %v, want 8 (5 gold, 3 silver)", ci.checks)
	}
	if !strings.Contains(stripANSI(m.checkLegend(ci)), "all pieces") {
		t.Fatalf("legend %q", m.checkLegend(ci))
	}
}

// No drop mark where the drop is illegal (二歩).
func TestCheckStudyNoIllegalDropMark(t *testing.T) {
	m := studyModel(t, "4k4/9/9/9/4P4/9/9/9/9 b P 1", "c")
	mk, ci := m.marks()
	if s := game.NewSquare(5, 2); mk[s] == board.MarkCheckDrop || mk[s] == board.MarkCheckDropOrigin {
		t.Fatalf("５二 marked as a pawn drop (二歩)")
	}
	if ci.drops != 0 {
		t.Fatalf("%d pawn drops counted", ci.drops)
	}
}

// `!` and `#` are drawn beside the study marks, not instead; the mating
// move is named; the enemy king stands clear of every tint.
func TestCheckStudyShowsBothAndNamesMate(t *testing.T) {
	// 5三 pawn: G*5b mates; G*4a/6a/4b/6b check.
	m := studyModel(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "c")
	// (d: a drop square; that it is also an origin of gold moves that
	// check shows only with every origin, O.)
	if got := cellAt(t, m, game.NewSquare(5, 2)); got != "d#・" {
		t.Fatalf("５二 drawn %q, want d#・", got)
	}
	if got := cellAt(t, m, game.NewSquare(4, 1)); got != "d!・" && got != "D!・" {
		t.Fatalf("４一 drawn %q, want d!・", got)
	}
	_, ci := m.marks()
	if l := stripANSI(m.checkLegend(ci)); !strings.Contains(l, "mates: 1  ▲５二金") {
		t.Fatalf("legend %q does not name the mate", l)
	}
	mk, _ := m.marks()
	if k := game.NewSquare(5, 1); mk[k] != board.MarkStudyKing {
		t.Fatalf("the king's square is marked %v", mk[k])
	}
}

// Only the origins that hold a piece of the kind are shown (O), unless
// every origin is asked for (the O key): the empty ones (o) are many and
// drown the drops.
func TestCheckStudyOriginsWithPieces(t *testing.T) {
	// 後手玉 ７二, 先手桂 ８五 (an origin: ８五→７三 checks) and 桂 in hand.
	m := studyModel(t, "9/2k6/9/9/1N7/9/9/9/8K b N 1", "c")
	mk, _ := m.marks()
	if got := mk[game.NewSquare(8, 5)]; got != board.MarkCheckOriginPiece {
		t.Fatalf("８五 (a knight) marked %v", got)
	}
	if got := mk[game.NewSquare(9, 5)]; got != board.MarkNone {
		t.Fatalf("９五 (an empty origin) marked %v by default", got)
	}
	m = studyModel(t, "9/2k6/9/9/1N7/9/9/9/8K b N 1", "c", "O")
	mk, _ = m.marks()
	if got := mk[game.NewSquare(9, 5)]; got != board.MarkCheckOrigin {
		t.Fatalf("９五 (empty) marked %v with every origin shown", got)
	}
	if got := cellAt(t, m, game.NewSquare(8, 5)); got != "O 桂" {
		t.Fatalf("８五 drawn %q", got)
	}
}

// Choosing a piece in hand (Tab, a click on the hand line) studies that
// piece; . and , still step through every kind, held or not.
func TestCheckStudyFollowsHandPiece(t *testing.T) {
	// 先手 holds 金 and 銀: the study opens on 銀 (first in hand).
	m := studyModel(t, "4k4/9/9/9/9/9/9/9/4K4 b GS 1", "c", "tab")
	if m.board.dropKind != game.Gold || m.study.kind() != game.Gold {
		t.Fatalf("after Tab: chosen %s, studied %s; want 金 both", m.board.dropKind.Name(), m.study.kind().Name())
	}
	if l := stripANSI(m.checkLegend(checkInfoOf(m))); !strings.Contains(l, "drop 金 to check: ") {
		t.Fatalf("legend after Tab:\n%s", l)
	}
	m = studyModel(t, "4k4/9/9/9/9/9/9/9/4K4 b GS 1", "c", "tab", "tab")
	if m.study.kind() != game.Silver {
		t.Fatalf("after Tab Tab: studied %s, want 銀", m.study.kind().Name())
	}
	// . steps on to kinds not held (桂 after 銀... in studyKinds' order).
	m = studyModel(t, "4k4/9/9/9/9/9/9/9/4K4 b GS 1", "c", "tab", ".")
	if m.study.kind() != game.Bishop {
		t.Fatalf("after Tab .: studied %s, want 角 (the kind after 金)", m.study.kind().Name())
	}
	// A click on 先手's hand line (compact: the line under the board)
	// chooses the first piece in hand, which the study follows.
	o := testOptions()
	o.Start, _ = game.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b GS 1")
	m = newTestModel(o)
	press(m, "c", ".", ".")
	if m.study.kind() == game.Gold || m.study.kind() == game.Silver {
		t.Fatalf("setup: studied %s", m.study.kind().Name())
	}
	m.Update(tea.MouseMsg{X: 20, Y: m.board.handRow(game.Black), Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if m.board.dropKind != game.Gold || m.study.kind() != game.Gold {
		t.Fatalf("after a click on the hand: chosen %s, studied %s; want 金 both", m.board.dropKind.Name(), m.study.kind().Name())
	}
}

// checkInfoOf is the check study's content as the screen shows it.
func checkInfoOf(m *Model) checkInfo {
	_, ci := m.marks()
	return ci
}

// The legend says what each mark is in a sentence of the screen's
// language, names the squares as far as they fit, and each line fits the
// width the notes are drawn in at 80×24 (a wrapped line loses its colour).
func TestCheckStudyLegendSentences(t *testing.T) {
	for _, tc := range []struct {
		lang  Lang
		wants []string
	}{
		{English, []string{"先手's 金 gold: checks", "drop 金 to check: ６一 ４一 ６二 +2", "move to check: ", "! checks: 5 ", "# mates: 0"}},
		{Japanese, []string{"王手の研究: 先手の金", "金を打って王手: ６一 ４一 ６二 他2か所", "動かして王手の移動先: ", "王手5手", "詰み0手"}},
	} {
		o := testOptions()
		o.Lang = tc.lang
		o.Start, _ = game.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b G 1")
		m := New(o)
		m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		press(m, "c")
		legend := stripANSI(m.checkLegend(checkInfoOf(m)))
		for _, w := range tc.wants {
			if !strings.Contains(legend, w) {
				t.Errorf("%v: legend lacks %q:\n%s", tc.lang, w, legend)
			}
		}
		for _, old := range []string{"d打", "m移動先", "D/M", " d drop ", "(O: with the piece"} {
			if strings.Contains(legend, old) {
				t.Errorf("%v: legend still holds the abbreviation %q", tc.lang, old)
			}
		}
		for _, l := range strings.Split(legend, "\n") {
			if w := runewidth.StringWidth(l); w >= m.noteWidth()+1 {
				t.Errorf("%v: legend line %q is %d columns, over %d", tc.lang, l, w, m.noteWidth())
			}
		}
		if !strings.Contains(stripANSI(m.View()), strings.Split(legend, "\n")[1]) {
			t.Errorf("%v: the drop line is not on the screen whole:\n%s", tc.lang, stripANSI(m.View()))
		}
	}
}

// gridCellRows is the rows of square s inside its box (the grid lines
// left out) on the grid board bv draws, unstyled.
func gridCellRows(bv *board.View, s game.Square) []string {
	lines := bv.Render()
	cw, ch := bv.Geom.Pitch()
	col, row := bv.CellOf(s)
	var rows []string
	for sub := 0; sub < ch-1; sub++ {
		x := 1 + col*cw
		rows = append(rows, ansi.Cut(stripANSI(lines[2+row*ch+sub]), x, x+cw-1))
	}
	return rows
}

// In the grid layouts the check study's marks stand in the middle of the
// square, beside the piece, not in a corner: an empty drop square that
// checks reads "d!" in its middle row.
func TestCheckStudyMarksInTheMiddle(t *testing.T) {
	p, _ := game.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b G 1")
	th := NewTheme(true, true)
	for _, size := range []board.Size{board.Medium, board.Large} {
		b := newBoardModel(&th, false, newKeyMap())
		b.cursor = game.NoSquare
		st := &studyState{checkStudy: true, kindIdx: studyIndex(game.Gold)}
		marks, ci := b.marks(p, st, game.NoMove)
		bv := b.renderer(p)
		bv.Geom, bv.Marks, bv.Checks = board.GeomFor(size), marks, &ci.layer
		rows := gridCellRows(bv, game.NewSquare(5, 2))
		mid := 1
		if got := strings.TrimSpace(stripANSI(rows[mid])); got != "d!" {
			t.Errorf("%v: ５二's piece row %q, want d! in the middle", size, stripANSI(rows[mid]))
		}
		if c := stripANSI(rows[0])[0]; c != ' ' {
			t.Errorf("%v: ５二's corner still holds %q", size, c)
		}
		// 後手's king's neighbour ６一 holds nothing; an origin with a piece
		// stands before the piece: a gold on ６三 moves to ５二 with check.
		q, _ := game.ParseSFEN("4k4/9/3G5/9/9/9/9/9/4K4 b - 1")
		marks, ci = b.marks(q, st, game.NoMove)
		bv = b.renderer(q)
		bv.Geom, bv.Marks, bv.Checks = board.GeomFor(size), marks, &ci.layer
		if got := strings.TrimSpace(stripANSI(gridCellRows(bv, game.NewSquare(6, 3))[mid])); got != "O 金" && got != "O金" {
			t.Errorf("%v: ６三 (a gold that can check) drawn %q, want O beside 金", size, got)
		}
	}
}

// The compact effect map writes an empty square's counts apart ("1:0 "),
// not run into the next cell's letter or digits.
func TestEffectMapCountsApart(t *testing.T) {
	m := studyModel(t, "4k4/9/9/9/9/9/9/9/4K4 b - 1", "e")
	// ５八 is attacked by 先手's king once, by nobody of 後手.
	if got := cellAt(t, m, game.NewSquare(5, 8)); got != "1:0 " {
		t.Fatalf("５八 drawn %q, want \"1:0 \"", got)
	}
}

// Enter on a square marked ! plays the check that reaches it; where
// several do (a drop and a move here), a chooser lists them and plays the
// one chosen; Esc leaves the position as it was.
func TestCheckStudyPlaysTheCheck(t *testing.T) {
	// The cursor starts on ５七: five ups reach ５二. G*5b mates.
	m := studyModel(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "c", "k", "k", "k", "k", "k", "enter")
	if lm := m.s.pos.LastMove(); lm == game.NoMove || !lm.IsDrop() || lm.To() != game.NewSquare(5, 2) {
		t.Fatalf("Enter on ５二 (!): last move %v, want G*5b", lm)
	}
	// 金 on ６三 and 金 in hand: ５二 is reached by G*5b and 6c5b.
	const two = "4k4/9/3G5/9/9/9/9/9/4K4 b G 1"
	m = studyModel(t, two, "c", "k", "k", "k", "k", "k", "enter")
	d, ok := m.dialog.(*widget.Choice)
	if !ok || len(d.Options) != 3 {
		t.Fatalf("Enter on ５二 with two checks: dialog %#v, want a chooser of two checks and cancel", m.dialog)
	}
	labels := d.Options[0].Label + " " + d.Options[1].Label
	if !strings.Contains(labels, "打") {
		t.Fatalf("chooser %q does not offer the drop", labels)
	}
	m = studyModel(t, two, "c", "k", "k", "k", "k", "k", "enter", "esc")
	if m.s.pos.LastMove() != game.NoMove || m.dialog != nil {
		t.Fatalf("Esc: last move %v, dialog %v", m.s.pos.LastMove(), m.dialog)
	}
	for i := range 2 {
		m = studyModel(t, two, "c", "k", "k", "k", "k", "k", "enter", string(rune('1'+i)))
		lm := m.s.pos.LastMove()
		if lm == game.NoMove || lm.To() != game.NewSquare(5, 2) || !m.s.pos.InCheck() {
			t.Fatalf("choice %d: last move %v, in check %v", i+1, lm, m.s.pos.InCheck())
		}
	}
	// Not a ! square: Enter keeps its meaning (nothing to pick up there).
	m = studyModel(t, two, "c", "k", "k", "k", "enter")
	if m.s.pos.LastMove() != game.NoMove || m.dialog != nil {
		t.Fatalf("Enter on ５四: last move %v", m.s.pos.LastMove())
	}
}

// With a hand piece chosen (Tab), Enter on a ! square drops that piece
// where its drop checks, and with a board piece beside it checking the
// same square no chooser is asked; stepping the study to another kind
// puts the hand piece back, so Enter never drops a piece the study does
// not show.
func TestCheckStudyEnterWithHandPieceChosen(t *testing.T) {
	const two = "4k4/9/3G5/9/9/9/9/9/4K4 b G 1"
	m := studyModel(t, two, "c", "tab", "k", "k", "k", "k", "k", "enter")
	lm := m.s.pos.LastMove()
	if m.dialog != nil || lm == game.NoMove || !lm.IsDrop() || lm.To() != game.NewSquare(5, 2) {
		t.Fatalf("Tab (金), Enter on ５二: dialog %T, last move %v, want G*5b", m.dialog, lm)
	}
	m = studyModel(t, two, "c", "tab", ".")
	if m.board.dropKind != game.NoPieceType {
		t.Fatalf("after . the study shows %v and 金 is still chosen to drop", m.study.kind())
	}
}
