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
