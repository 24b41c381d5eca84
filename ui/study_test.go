package ui

import (
	"strings"
	"testing"

	"kiki/game"
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
	col := 1 + (9-s.File())*cellWidth // display columns; every rune before is one column wide or a CJK two
	var out []rune
	w := 0
	for _, r := range row {
		rw := 1
		if r >= 0x3000 {
			rw = 2
		}
		if w >= col && w < col+cellWidth {
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
	if !strings.Contains(m.checkLegend(ci), "!check 3") {
		t.Fatalf("legend %q", m.checkLegend(ci))
	}
	// ４一 is a gold drop check, not a silver one: no ! and no d there.
	if chk := m.checkMarks(); chk[game.NewSquare(4, 1)] != markNone || mk[game.NewSquare(4, 1)] == markCheckDrop || mk[game.NewSquare(4, 1)] == markCheckDropOrigin {
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
	if !strings.Contains(m.checkLegend(ci), "all pieces") {
		t.Fatalf("legend %q", m.checkLegend(ci))
	}
}

// No drop mark where the drop is illegal (二歩).
func TestCheckStudyNoIllegalDropMark(t *testing.T) {
	m := studyModel(t, "4k4/9/9/9/4P4/9/9/9/9 b P 1", "c")
	mk, ci := m.marks()
	if s := game.NewSquare(5, 2); mk[s] == markCheckDrop || mk[s] == markCheckDropOrigin {
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
	// (D: a drop square that is also an origin of gold moves that check.)
	if got := cellAt(t, m, game.NewSquare(5, 2)); got != "D#・" {
		t.Fatalf("５二 drawn %q, want D#・", got)
	}
	if got := cellAt(t, m, game.NewSquare(4, 1)); got != "d!・" && got != "D!・" {
		t.Fatalf("４一 drawn %q, want d!・", got)
	}
	_, ci := m.marks()
	if l := m.checkLegend(ci); !strings.Contains(l, "#mate 1 ▲５二金") {
		t.Fatalf("legend %q does not name the mate", l)
	}
	mk, _ := m.marks()
	if k := game.NewSquare(5, 1); mk[k] != markStudyKing {
		t.Fatalf("the king's square is marked %v", mk[k])
	}
}

// Origins holding a piece of the kind are set apart from empty ones.
func TestCheckStudyOriginsWithPieces(t *testing.T) {
	// 後手玉 ７二, 先手桂 ８五 (an origin: ８五→７三 checks) and 桂 in hand.
	m := studyModel(t, "9/2k6/9/9/1N7/9/9/9/8K b N 1", "c")
	mk, _ := m.marks()
	if got := mk[game.NewSquare(8, 5)]; got != markCheckOriginPiece {
		t.Fatalf("８五 (a knight) marked %v", got)
	}
	if got := mk[game.NewSquare(9, 5)]; got != markCheckOrigin {
		t.Fatalf("９五 (empty) marked %v", got)
	}
	if got := cellAt(t, m, game.NewSquare(8, 5)); got != "O 桂" {
		t.Fatalf("８五 drawn %q", got)
	}
}
