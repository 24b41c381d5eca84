package game

import "testing"

// TestGivesCheckWithMatchesMakingTheMove checks the CheckInfo answer for
// every legal move of random positions against making the move and
// looking: direct checks, discovered ones, drops, promotions.
func TestGivesCheckWithMatchesMakingTheMove(t *testing.T) {
	n := 6000
	if testing.Short() {
		n = 1000
	}
	checks, discovered := 0, 0
	for _, p := range randomPositions(t, n) {
		ci := p.CheckInfo()
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			got := p.GivesCheckWith(&ci, m)
			p.DoMove(m)
			want := p.InCheck()
			if want && !m.IsDrop() && !Attacks(m.Moved(), m.To(), p.occ).Has(p.kings[p.side]) {
				discovered++
			}
			p.UndoMove()
			if got != want {
				t.Fatalf("%s: GivesCheckWith(%s) = %v, the move gives check: %v", p.SFEN(), m, got, want)
			}
			if want {
				checks++
			}
		}
	}
	if checks == 0 || discovered == 0 {
		t.Fatalf("the positions held %d checks, %d discovered: too few to test", checks, discovered)
	}
	t.Logf("%d checks, %d discovered", checks, discovered)
}

// TestPawnAttacksMatchesSteps compares the bulk pawn attacks with the sum
// of every pawn's steps, on every square for both sides.
func TestPawnAttacksMatchesSteps(t *testing.T) {
	for c := Black; c <= White; c++ {
		var all Bitboard
		for s := Square(0); s < NumSquares; s++ {
			one := SquareBB(s)
			if got, want := PawnAttacks(c, one), StepAttacks(c, Pawn, s); got != want {
				t.Fatalf("side %d pawn on %s: attacks\n%s want\n%s", c, s, got, want)
			}
			all = all.Set(s)
		}
		var want Bitboard
		for s := Square(0); s < NumSquares; s++ {
			want = want.Or(StepAttacks(c, Pawn, s))
		}
		if got := PawnAttacks(c, all); got != want {
			t.Fatalf("side %d, every square: attacks\n%s want\n%s", c, got, want)
		}
	}
}
