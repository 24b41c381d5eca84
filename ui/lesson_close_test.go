package ui

import (
	"strings"
	"testing"

	"kiki/game"
)

// closeWant is the squares next to a 後手 king alone on k where the rules
// core says that dropping a 先手 t is legal and checks: the close checks,
// found without the reverse-effect tables.
func closeWant(t *testing.T, k game.Square, piece game.PieceType) game.Bitboard {
	t.Helper()
	p, err := lessonPosition(k, game.NoSquare, piece)
	if err != nil {
		t.Fatal(err)
	}
	var want game.Bitboard
	for s := game.Square(0); s < game.NumSquares; s++ {
		f, r := s.File()-k.File(), s.Rank()-k.Rank()
		if s == k || f < -1 || f > 1 || r < -1 || r > 1 {
			continue
		}
		drop := game.NewDrop(game.NewPiece(game.Black, piece), s)
		if p.IsLegal(drop) && p.GivesCheck(drop) {
			want = want.Set(s)
		}
	}
	return want
}

// The text's claim (問8-9), over every king square: the squares next to
// the king from which a bishop's (rook's) drop checks are the AND of the
// effects of a 先手 and a 後手 silver (gold) on the king's square; the
// lesson's answer is that set.
func TestLessonCloseChecksClaim(t *testing.T) {
	for _, piece := range []game.PieceType{game.Bishop, game.Rook} {
		x := closeTextPiece(piece)
		kind := lessonBishopClose
		if piece == game.Rook {
			kind = lessonRookClose
		}
		for k := game.Square(0); k < game.NumSquares; k++ {
			want := closeWant(t, k, piece)
			if got := pairMeets(x, x, k); got != want {
				t.Errorf("%s, king %s: 先手 %s & 後手 %s =\n%swant\n%s", piece.Name(), k.Japanese(), x.Name(), x.Name(), got, want)
			}
			q := lessonQuestion{kind: kind, king: k, piece: piece}
			if got := q.answer(); got != want {
				t.Errorf("問%d king %s: answer\n%swant\n%s", lessonKinds[kind].num, k.Japanese(), got, want)
			}
			// Away from the edges there are four: the text's "斜め4マス"
			// and "上下左右4マス".
			if f, r := k.File(), k.Rank(); f > 1 && f < 9 && r > 1 && r < 9 && want.Count() != 4 {
				t.Errorf("%s, king %s: %d close checks", piece.Name(), k.Japanese(), want.Count())
			}
		}
	}
}

// A pair is graded right exactly when its effects meet on the close
// checks for a king on every square: every piece that moves as a gold
// counts as a gold, and the pairs that differ somewhere are wrong.
func TestLessonClosePairs(t *testing.T) {
	goldLike := []game.PieceType{game.Gold, game.ProPawn, game.ProLance, game.ProKnight, game.ProSilver}
	for _, piece := range []game.PieceType{game.Bishop, game.Rook} {
		var want [game.NumSquares]game.Bitboard
		for k := range want {
			want[k] = closeWant(t, game.Square(k), piece)
		}
		var right []string
		for _, x := range pickKinds {
			for _, y := range pickKinds {
				holds := true
				for k := range want {
					holds = holds && pairMeets(x, y, game.Square(k)) == want[k]
				}
				if got := closeMismatch(piece, x, y) == game.NoSquare; got != holds {
					t.Errorf("%s: 先手 %s 後手 %s graded right=%v, the claim holds=%v", piece.Name(), x.Name(), y.Name(), got, holds)
				}
				if holds {
					right = append(right, x.Name()+"/"+y.Name())
				}
			}
		}
		t.Logf("%s: right pairs %v", piece.Name(), right)
	}
	for _, x := range goldLike {
		for _, y := range goldLike {
			if s := closeMismatch(game.Rook, x, y); s != game.NoSquare {
				t.Errorf("rook: 先手 %s 後手 %s fails on %s", x.Name(), y.Name(), s.Japanese())
			}
		}
	}
	for _, c := range []struct{ t, x, y game.PieceType }{
		{game.Bishop, game.Silver, game.Gold}, {game.Bishop, game.Gold, game.Gold}, {game.Rook, game.Silver, game.Silver},
		{game.Rook, game.Gold, game.Silver}, {game.Bishop, game.King, game.King}, {game.Rook, game.Rook, game.Rook},
	} {
		if closeMismatch(c.t, c.x, c.y) == game.NoSquare {
			t.Errorf("%s: 先手 %s 後手 %s graded right", c.t.Name(), c.x.Name(), c.y.Name())
		}
	}
	if closeMismatch(game.Bishop, game.Silver, game.Silver) != game.NoSquare {
		t.Errorf("bishop: the text's 銀/銀 graded wrong")
	}
}

// pickIndex is t's place among pickKinds.
func pickIndex(t *testing.T, k game.PieceType) int {
	t.Helper()
	for i, x := range pickKinds {
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
func answerRight(t *testing.T, m *Model, q lessonQuestion) {
	t.Helper()
	if lessonKinds[q.kind].set == setClose {
		x := closeTextPiece(q.piece)
		choosePair(t, m, x, x)
		return
	}
	typeSquares(m, q.answer())
}

// The pieces are chosen with the keys: l and h step through every kind
// round the end, j goes from X to Y, x clears both; the panel shows the
// choice. Marking keys, typed squares and clicks on the board mark
// nothing, and s with a piece missing grades nothing.
func TestLessonCloseChoosing(t *testing.T) {
	m := playLesson(t, lessonOptions(t), lessonQuestion{lessonBishopClose, game.NewSquare(5, 3), game.Bishop})
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
	q := lessonQuestion{lessonRookClose, game.NewSquare(5, 3), game.Rook}
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
	if r := m.lesson().progress[lessonKinds[q.kind].id]; r.Asked != 1 || r.RightFirst != 0 || !r.LastMissed {
		t.Errorf("progress %+v", r)
	}
}

// A pair that meets on the close checks of this king but not of every
// king is wrong, and the notes name a king square where it fails.
func TestLessonCloseRightHereOnly(t *testing.T) {
	// On ５一 a 先手 銀 and a 後手 金 meet on ６二 and ４二 alone, the
	// bishop's close checks there; on ５三 they meet on ５二 too.
	m := playLesson(t, lessonOptions(t), lessonQuestion{lessonBishopClose, game.NewSquare(5, 1), game.Bishop})
	choosePair(t, m, game.Silver, game.Gold)
	press(m, "s")
	if m.lesson().right() {
		t.Fatalf("銀/金 graded right")
	}
	notes := stripANSI(strings.Join(m.lessonNotes(), " "))
	if !strings.Contains(notes, "right for a king on ５一, not for one on") {
		t.Errorf("notes %q", notes)
	}
	if s := closeMismatch(game.Bishop, game.Silver, game.Gold); !strings.Contains(notes, s.Japanese()) {
		t.Errorf("notes %q do not name %s", notes, s.Japanese())
	}
}

// A gold-like pair other than the text's is right for 問9: 全 and と.
func TestLessonCloseAlikeRight(t *testing.T) {
	m := playLesson(t, lessonOptions(t), lessonQuestion{lessonRookClose, game.NewSquare(2, 2), game.Rook})
	choosePair(t, m, game.ProSilver, game.ProPawn)
	press(m, "s")
	if !m.lesson().right() || !strings.Contains(stripANSI(m.View()), "right! every close check (4)") {
		t.Errorf("全/と not graded right:\n%s", stripANSI(m.View()))
	}
}
