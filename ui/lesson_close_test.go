package ui

import (
	"strings"
	"testing"

	"kiki/game"
	"kiki/ui/lesson"
)

// pickIndex is t's place among lesson.PickKinds().
func pickIndex(t *testing.T, k game.PieceType) int {
	t.Helper()
	for i, x := range lesson.PickKinds() {
		if x == k {
			return i
		}
	}
	t.Fatalf("%s is not among the kinds", k.Name())
	return 0
}

// choosePair chooses X and Y with the keys, from nothing chosen: l steps
// to the kind, j goes to Y.
func choosePair(t *testing.T, m *Model, x, y game.PieceType) {
	t.Helper()
	for range pickIndex(t, x) + 1 {
		press(m, "l")
	}
	press(m, "j")
	for range pickIndex(t, y) + 1 {
		press(m, "l")
	}
}

// answerRight answers q right: the text's pair for a close-check
// question, the answer's squares typed for the others.
func answerRight(t *testing.T, m *Model, q lesson.Question) {
	t.Helper()
	if q.Kind.Info().Set == lesson.Close {
		x := lesson.CloseTextPiece(q.Piece)
		choosePair(t, m, x, x)
		return
	}
	typeSquares(m, q.Answer())
}

// The pieces are chosen with the keys: l and h step through every kind
// round the end, j goes from X to Y, x clears both; the panel shows the
// choice. Marking keys, typed squares and clicks on the board mark
// nothing, and s with a piece missing grades nothing.
func TestLessonCloseChoosing(t *testing.T) {
	m := playLesson(t, lessonOptions(t), lesson.Question{Kind: lesson.BishopClose, King: game.NewSquare(5, 3), Piece: game.Bishop})
	if v := stripANSI(m.View()); !strings.Contains(v, "What are X and Y?") || !strings.Contains(v, "not chosen") {
		t.Fatalf("no question or picker on\n%s", v)
	}
	press(m, "h") // round the end: the last kind
	if m.lesson().pick[0] != game.Dragon {
		t.Errorf("h from nothing chose %v", m.lesson().pick[0])
	}
	press(m, "l", "l", "l", "l") // 龍, then 歩 香 桂 銀
	if m.lesson().pick[0] != game.Silver {
		t.Errorf("l stepped to %s, want 銀", m.lesson().pick[0].Name())
	}
	press(m, "s")
	if m.lesson().graded || !strings.Contains(m.message, "choose X and Y") {
		t.Errorf("graded with Y not chosen (message %q)", m.message)
	}
	press(m, "j", "l", "l", "l", "l", "l") // Y: 金
	if m.lesson().pick != [2]game.PieceType{game.Silver, game.Gold} || m.lesson().pickRow != 1 {
		t.Errorf("pick %v row %d", m.lesson().pick, m.lesson().pickRow)
	}
	if v := stripANSI(m.View()); !strings.Contains(v, "> Y (後手): < 金 gold >") {
		t.Errorf("the panel does not show the choice:\n%s", v)
	}
	press(m, ":", "enter", " ")
	click(m, 1+4*3+1, 1+2+1) // ６二 on the compact board
	if m.dialog != nil || m.lesson().marks.NonZero() {
		t.Errorf("marking in a close-check question: dialog %T marks %v", m.dialog, m.lesson().marks)
	}
	press(m, "x")
	if m.lesson().pick != [2]game.PieceType{} || m.lesson().pickRow != 0 {
		t.Errorf("x left %v row %d", m.lesson().pick, m.lesson().pickRow)
	}
}

// 問8-9 answered wrong: the board draws where the chosen pair meets
// against the close checks ('=' '-' 'X'), the notes count them and give
// the rule with the text's pair.
func TestLessonCloseWrong(t *testing.T) {
	q := lesson.Question{Kind: lesson.RookClose, King: game.NewSquare(5, 3), Piece: game.Rook}
	m := playLesson(t, lessonOptions(t), q)
	choosePair(t, m, game.Silver, game.Silver)
	press(m, "s")
	v := m.View()
	notes := stripANSI(strings.Join(m.lessonNotes(), " "))
	if !strings.Contains(notes, "not quite: 0 right, 4 missed (-), 4 extra (X)") || !strings.Contains(notes, "金 gold") {
		t.Errorf("notes %q", notes)
	}
	for _, s := range bbOf(t, "52 43 63 54").Squares() {
		if c := cellMark(t, v, s); c != '-' {
			t.Errorf("close check %s drawn %q, want '-'", s.Japanese(), c)
		}
	}
	for _, s := range bbOf(t, "42 62 44 64").Squares() {
		if c := cellMark(t, v, s); c != 'X' {
			t.Errorf("silvers' meeting %s drawn %q, want 'X'", s.Japanese(), c)
		}
	}
	if r := m.lesson().progress[q.Kind.Info().ID]; r.Asked != 1 || r.RightFirst != 0 || !r.LastMissed {
		t.Errorf("progress %+v", r)
	}
}

// A pair that meets on the close checks of this king but not of every
// king is wrong, and the notes name a king square where it fails.
func TestLessonCloseRightHereOnly(t *testing.T) {
	// On ５一 a 先手 銀 and a 後手 金 meet on ６二 and ４二 alone, the
	// bishop's close checks there; on ５三 they meet on ５二 too.
	m := playLesson(t, lessonOptions(t), lesson.Question{Kind: lesson.BishopClose, King: game.NewSquare(5, 1), Piece: game.Bishop})
	choosePair(t, m, game.Silver, game.Gold)
	press(m, "s")
	if m.lesson().right() {
		t.Fatalf("銀/金 graded right")
	}
	notes := stripANSI(strings.Join(m.lessonNotes(), " "))
	if !strings.Contains(notes, "right for a king on ５一, not for one on") {
		t.Errorf("notes %q", notes)
	}
	if s := lesson.CloseMismatch(game.Bishop, game.Silver, game.Gold); !strings.Contains(notes, s.Japanese()) {
		t.Errorf("notes %q do not name %s", notes, s.Japanese())
	}
}

// A gold-like pair other than the text's is right for 問9: 全 and と.
func TestLessonCloseAlikeRight(t *testing.T) {
	m := playLesson(t, lessonOptions(t), lesson.Question{Kind: lesson.RookClose, King: game.NewSquare(2, 2), Piece: game.Rook})
	choosePair(t, m, game.ProSilver, game.ProPawn)
	press(m, "s")
	if !m.lesson().right() || !strings.Contains(stripANSI(m.View()), "right! every close check (4)") {
		t.Errorf("全/と not graded right:\n%s", stripANSI(m.View()))
	}
}
