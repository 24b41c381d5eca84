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

// A line from a first proof takes, at each evasion, the longest stored
// bound; a small table loses most entries, so every evasion counts as
// lasting the plies left, and the first in move order used to be taken
// even when a single check mates it (a 3-ply line printed for a proven
// mate in 25). Node limits make it repeatable.
func TestWalkSkipsEvasionMatedAtOnce(t *testing.T) {
	const sfen = "9/+Rg3k3/7r1/6B1b/9/9/9/9/9 b NSS3g2s3n4l18p 1"
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	res := New(Options{HashMiB: 16, MaxNodes: 300000}).Solve(context.Background(), p)
	if res.Status != Mate || res.Partial {
		t.Fatalf("solve: %v (partial %v)", res.Status, res.Partial)
	}
	if len(res.Moves) < 25 {
		t.Fatalf("line of %d plies (first proof %v), the mate is 25", len(res.Moves), res.FirstProofLine)
	}
	checkLine(t, sfen, res.Moves)
}
