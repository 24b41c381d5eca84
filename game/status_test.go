package game

import (
	"strings"
	"testing"
)

func playUSI(t *testing.T, p *Position, moves string) {
	t.Helper()
	for _, s := range strings.Fields(moves) {
		m, err := p.ParseUSIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.DoMove(m)
	}
}

func TestRepetitionDraw(t *testing.T) {
	p := NewStartPosition()
	cycle := "2h3h 8b7b 3h2h 7b8b "
	playUSI(t, p, strings.Repeat(cycle, 2))
	if o, _ := p.Repetition(); o != Ongoing {
		t.Fatalf("third occurrence reported %v", o)
	}
	playUSI(t, p, cycle)
	if o, _ := p.Repetition(); o != RepetitionDraw {
		t.Fatalf("fourth occurrence: %v, want RepetitionDraw", o)
	}
	if o, _ := p.Status(); o != RepetitionDraw {
		t.Fatalf("Status: %v", o)
	}
}

func TestPerpetualCheckLoses(t *testing.T) {
	p, err := ParseSFEN("8k/9/9/9/9/9/9/9/4K2R1 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	cycle := "2i1i 1a2a 1i2i 2a1a "
	playUSI(t, p, strings.Repeat(cycle, 3))
	o, loser := p.Repetition()
	if o != PerpetualCheck || loser != Black {
		t.Fatalf("got %v loser %v, want PerpetualCheck with 先手 losing", o, loser)
	}
	// Same cycle seen from the checked side's position (after a check).
	p, _ = ParseSFEN("8k/9/9/9/9/9/9/9/4K2R1 b - 1")
	playUSI(t, p, "2i1i "+strings.Repeat("1a2a 1i2i 2a1a 2i1i ", 3))
	if o, loser := p.Repetition(); o != PerpetualCheck || loser != Black {
		t.Fatalf("got %v loser %v", o, loser)
	}
}

func TestMateStatus(t *testing.T) {
	p, err := ParseSFEN("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1")
	if err != nil {
		t.Fatal(err)
	}
	if o, loser := p.Status(); o != Checkmated || loser != White {
		t.Fatalf("got %v %v", o, loser)
	}
}

func TestDeclaration(t *testing.T) {
	cases := []struct {
		sfen string
		ok   bool
	}{
		{"+L+NSG1GS+N+L/4K4/PPPPPPPPP/9/9/9/9/9/4k4 b RBP 1", true},  // 17 in camp + 10 + 1 = 28
		{"+L+NSG1GS+N+L/4K4/PPPPPPPP1/9/9/9/9/9/4k4 b RB2P 1", true}, // 16 + 10 + 2
		{"+L+NSG1GS+N+L/4K4/PPPPPPPP1/9/9/9/9/9/4k4 b RBP 1", false}, // 27 < 28
		{"+L+NSG1GS+N+L/4K4/PPPPPPPPP/9/9/9/9/9/4k4 w RBP 1", false}, // not Black's turn
		{"+L+NSG1GS+N+L/9/PPPPPPPPP/4K4/9/9/9/9/4k4 b RBP 1", false}, // king outside the camp
		{"4K4/9/9/9/9/9/pppppppp1/4k4/+l+nsg1gs+n+l w rbp 1", true},  // White needs 27
		{"4K4/9/9/9/9/9/pppppppp1/4k4/+l+nsg1gs+n+l w rb 1", false},
		{"4K4/9/9/9/9/9/9/4k4/+l+nsg1gs+n+l w r2b4p 1", false}, // 27 points but 8 pieces in camp
	}
	for _, c := range cases {
		p, err := ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.CanDeclare(); got != c.ok {
			pts, n := p.DeclarationPoints(p.Side())
			t.Errorf("%s: CanDeclare = %v (points %d, in camp %d)", c.sfen, got, pts, n)
		}
	}
}

func TestEffectCounts(t *testing.T) {
	p := NewStartPosition()
	e := p.EffectCounts()
	// ７六 is covered only by the pawn on ７七.
	if got := e[Black][NewSquare(7, 6)]; got != 1 {
		t.Errorf("Black effects on ７六 = %d, want 1", got)
	}
	// ５八 is covered by the king, both golds and the rook along the rank.
	if got := e[Black][NewSquare(5, 8)]; got != 4 {
		t.Errorf("Black effects on ５八 = %d, want 4", got)
	}
	if got := e[White][NewSquare(5, 2)]; got != 4 {
		t.Errorf("White effects on ５二 = %d, want 4", got)
	}
}

func TestFindCycle(t *testing.T) {
	p := NewStartPosition()
	playUSI(t, p, "2h3h 8b7b 3h2h")
	if c := p.FindCycle(16); c != NoCycle {
		t.Fatalf("no cycle yet: %v", c)
	}
	playUSI(t, p, "7b8b")
	if c := p.FindCycle(16); c != CycleDraw {
		t.Fatalf("back at the start: %v", c)
	}
	q, _ := ParseSFEN("8k/9/9/9/9/9/9/9/4K2R1 b - 1")
	playUSI(t, q, "2i1i 1a2a 1i2i 2a1a")
	// 先手 to move, and 先手 gave check with every move: a losing cycle for it.
	if c := q.FindCycle(16); c != CycleLose {
		t.Fatalf("perpetual check: %v", c)
	}
	playUSI(t, q, "2i1i")
	if c := q.FindCycle(16); c != CycleWin {
		t.Fatalf("checked side to move: %v", c)
	}
	q.DoNullMove()
	if c := q.FindCycle(16); c != NoCycle {
		t.Fatalf("across a null move: %v", c)
	}
}

func TestMate1Ply(t *testing.T) {
	p, _ := ParseSFEN("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	if m := p.Mate1Ply(); m.USI() != "G*5b" {
		t.Fatalf("got %v", m)
	}
	p, _ = ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b G 1")
	if m := p.Mate1Ply(); m != NoMove {
		t.Fatalf("no mate, got %v", m)
	}
	// Whatever it returns must mate.
	for _, q := range randomPositions(t, 5000) {
		if m := q.Mate1Ply(); m != NoMove {
			q.DoMove(m)
			if !q.IsCheckmate() {
				t.Fatalf("%s: %s does not mate", q.SFEN(), m)
			}
			q.UndoMove()
		}
	}
}

func TestStringers(t *testing.T) {
	if got := Hand(0).Add(Pawn).Add(Pawn).Add(Gold).String(); got != "G2P" {
		t.Errorf("hand: %q", got)
	}
	if got := Hand(0).String(); got != "-" {
		t.Errorf("empty hand: %q", got)
	}
	if PerpetualCheck.String() != "perpetual check" || CycleLose.String() != "cycle lose" {
		t.Errorf("outcome/cycle: %v %v", PerpetualCheck, CycleLose)
	}
}
