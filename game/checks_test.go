package game

import (
	"slices"
	"testing"
)

// TestGenerateChecksToDestinations checks that restricting the check
// generator to some destinations gives exactly the moves, in the same
// order, that filtering its full output gives: Mate1Ply relies on it.
func TestGenerateChecksToDestinations(t *testing.T) {
	n := 4000
	if testing.Short() {
		n = 800
	}
	kept := 0
	for i, p := range randomPositions(t, n) {
		var all MoveList
		p.GenerateChecks(&all)
		masks := []Bitboard{Empty, Full}
		if ek := p.kings[p.side.Opp()]; ek != NoSquare {
			masks = append(masks, stepAttacks[p.side.Opp()][King][ek].Or(stepAttacks[p.side.Opp()][Knight][ek]))
		}
		// A mask of every third square, shifted by position.
		var third Bitboard
		for s := Square(i % 3); s < NumSquares; s += 3 {
			third = third.Set(s)
		}
		masks = append(masks, third)
		for _, mask := range masks {
			var want []Move
			for _, m := range all.Slice() {
				if mask.Has(m.To()) {
					want = append(want, m)
				}
			}
			var got MoveList
			p.generateChecks(&got, mask)
			if !slices.Equal(got.Slice(), want) {
				t.Fatalf("%s, destinations\n%s\nchecks %v\nwant   %v", p.SFEN(), mask, got.Slice(), want)
			}
			kept += len(want)
		}
	}
	if kept == 0 {
		t.Fatal("no check was kept by any mask: nothing tested")
	}
}

// TestGoldKindsShareTheirOrigins: generateChecks looks the kinds that
// move as a gold up in the gold's table only.
func TestGoldKindsShareTheirOrigins(t *testing.T) {
	for c := Black; c <= White; c++ {
		for k := Square(0); k < NumSquares; k++ {
			for _, kind := range []PieceType{ProPawn, ProLance, ProKnight, ProSilver} {
				if checkTables[c][k][kind].Origins != checkTables[c][k][Gold].Origins {
					t.Fatalf("%v king on %v: %v's check origins differ from the gold's", c, k, kind)
				}
			}
		}
	}
}

// TestCountChecksCountsTheGeneratedChecks checks that counting the checks
// gives the generator's number of moves, in random positions and after
// every legal move from them (positions in check among them: a defender's
// evasion may check the attacker's king), with the mask the counting
// shares with Mate1Ply's restricted generation as well.
func TestCountChecksCountsTheGeneratedChecks(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 600
	}
	counted, nonzero := 0, 0
	check := func(p *Position) {
		var ml MoveList
		p.GenerateChecks(&ml)
		if got := p.CountChecks(); got != ml.Len() {
			t.Fatalf("%s: CountChecks %d, GenerateChecks %d moves %v", p.SFEN(), got, ml.Len(), ml.Slice())
		}
		if ek := p.kings[p.side.Opp()]; ek != NoSquare {
			near := stepAttacks[p.side.Opp()][King][ek]
			var nl MoveList
			if got, want := p.generateChecks(nil, near), p.generateChecks(&nl, near); got != want || want != nl.Len() {
				t.Fatalf("%s: near the king counted %d, generated %d (%d in the list)", p.SFEN(), got, want, nl.Len())
			}
		}
		counted++
		if ml.Len() > 0 {
			nonzero++
		}
	}
	for _, p := range randomPositions(t, n) {
		check(p)
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			p.DoMove(m)
			check(p)
			p.UndoMove()
		}
	}
	if nonzero*4 < counted {
		t.Fatalf("only %d of %d positions have a check: the test sees too few", nonzero, counted)
	}
}
