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
	if res.ProofElapsed <= 0 || res.ProofElapsed+res.LineElapsed > res.Elapsed || res.LineNodes > res.Nodes {
		t.Fatalf("times: proof %v + line %v (%d nodes) against %v (%d nodes) in all", res.ProofElapsed, res.LineElapsed, res.LineNodes, res.Elapsed, res.Nodes)
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

// The walk works the mate lengths out again over the stored proofs rather
// than trusting them: a first proof stores lengths that later searches
// lower only where they pass, so after the shortening (which leaves the
// root's first proof of 27 plies stored but finds the mate in 19 below
// it) a walk by stored lengths sent the defender into evasions stored long
// but mated soon, a 17-ply line for a mate in 19. Against the attacker's
// play that the walk fixes, the defender's longest line can be no shorter
// than the minimax length.
func TestWalkNotShorterThanMinimax(t *testing.T) {
	const sfen = "ln2+B1gnl/2R1G1k2/p2p1p+bp1/2p3p1p/9/2P1S3P/P2P1PPP1/4s4/2+r2GKNL b GSL3Psnp 1"
	const minimax = 19
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	sv := New(Options{HashMiB: 64})
	s := sv.newSearcher(context.Background(), p.Clone())
	first := s.prove(infDepth)
	if first.pn != 0 {
		t.Fatalf("no proof: pn %d dn %d", first.pn, first.dn)
	}
	l := int(first.dist)
	for l >= 3 {
		r := s.prove(l - 2)
		if r.pn != 0 {
			break
		}
		l = int(r.dist)
	}
	if l != minimax {
		t.Fatalf("shortened to %d plies, the mate is %d", l, minimax)
	}
	s.walkOnly = true
	moves, _, complete := s.line(int(first.dist))
	if !complete || len(moves) < minimax || len(moves) > int(first.dist) {
		t.Fatalf("walk: %d plies (complete %v), minimax %d, first proof %d", len(moves), complete, minimax, first.dist)
	}
	checkLine(t, sfen, moves)
}
