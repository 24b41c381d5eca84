package mate

import (
	"context"
	"testing"

	"kiki/game"
)

// The walk along stored proofs keeps within the plies left of the proven
// length: from a table that has lost every entry it still brings out a
// mate no longer than the proof, searching only the attacker's steps.
func TestWalkWithinProvenLength(t *testing.T) {
	const sfen = "ln5kl/2r6/p1ps2+N1p/4p1pg1/3l3p1/P1P1PPP1P/1P1P1G3/2GS2+n2/+b2K1s2L b RGS2Pbn2p 101"
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	sv := New(Options{HashMiB: 4, FirstProofOnly: true})
	res := sv.Solve(context.Background(), p)
	if res.Status != Mate {
		t.Fatalf("solve: %v", res.Status)
	}
	sv.tt.clear()
	s := sv.newSearcher(context.Background(), p.Clone())
	s.walkOnly = true
	moves, _, complete := s.line(res.Length)
	if !complete || len(moves) > res.Length {
		t.Fatalf("walk: %d plies (complete %v), proof %d", len(moves), complete, res.Length)
	}
	checkLine(t, sfen, moves)
}
