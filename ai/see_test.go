package ai

import (
	"testing"

	"kiki/game"
)

// SEE prunes and orders by what an exchange nets, drops included: a piece
// dropped where a pawn takes it for free is lost.
func TestSEE(t *testing.T) {
	b := Default.Board
	cases := []struct {
		sfen, move string
		want       int
	}{
		{"4k4/9/4p4/9/9/9/9/9/4K4 b G 1", "G*5d", -b[game.Gold]},                   // dropped under a pawn
		{"4k4/9/4p4/9/9/9/9/9/4K4 b G 1", "G*1e", 0},                               // dropped safe
		{"4k4/9/9/9/4g4/9/9/4R4/4K4 b - 1", "5h5e", b[game.Gold]},                  // an undefended gold
		{"4k4/9/9/5s3/4g4/9/9/4R4/4K4 b - 1", "5h5e", b[game.Gold] - b[game.Rook]}, // defended by a silver
		{"4k4/9/9/5s3/4g4/9/4P4/4R4/4K4 b - 1", "5g5f", 0},                         // a quiet pawn step, safe
	}
	for _, c := range cases {
		p, err := game.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseUSIMove(c.move)
		if err != nil {
			t.Fatalf("%s in %s: %v", c.move, c.sfen, err)
		}
		if got := Default.see(p, m); got != c.want {
			t.Errorf("see(%s) in %s = %d, want %d", c.move, c.sfen, got, c.want)
		}
	}
}

// seeGE's shortcuts answer as the whole exchange does, for every legal
// move of many positions and thresholds on both sides of zero.
func TestSEEGEMatchesSEE(t *testing.T) {
	n := 0
	for i, p := range evalTestPositions(t) {
		if i%4 != 0 {
			continue
		}
		var ml game.MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			v := Default.see(p, m)
			for _, th := range []int{-1200, -400, -120, -25, -1, 0, 1, 100, 300, 900} {
				if got := Default.seeGE(p, m, th); got != (v >= th) {
					t.Fatalf("%s: seeGE(%s, %d) = %v, see %d", p.SFEN(), m.USI(), th, got, v)
				}
				n++
			}
		}
	}
	if n < 30000 {
		t.Fatalf("only %d cases", n)
	}
}
