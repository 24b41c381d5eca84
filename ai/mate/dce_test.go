package mate

import (
	"context"
	"testing"

	"kiki/game"
)

// handStep and stepUp: a hand one piece away either way, or the same,
// comes back; two pieces away is no step.
func TestHandStepRoundTrip(t *testing.T) {
	h := game.Hand(0).With(game.Pawn, 3).With(game.Gold, 1)
	for _, up := range []game.Hand{h, h.Add(game.Rook), h.Add(game.Pawn), h.Sub(game.Pawn), h.Sub(game.Gold), h.Add(game.Knight)} {
		step := handStep(up, h)
		if got, ok := stepUp(h, step); !ok || got != up {
			t.Errorf("handStep(%v, %v) = %d, back to %v (%v)", up, h, step, got, ok)
		}
	}
	if step := handStep(h.Add(game.Rook).Add(game.Pawn), h); step != 8 {
		t.Errorf("two pieces apart: step %d, want 8", step)
	}
	if _, ok := stepUp(h, 8); ok {
		t.Error("step 8 gave a hand")
	}
	if _, ok := stepUp(h, 8+uint8(game.Silver)); ok {
		t.Error("a silver taken back from a hand without one")
	}
}

// The 16-bit work count keeps the order of the counts it codes, exact
// for small ones, which is all the table's replacement asks of it.
func TestWorkCodeKeepsOrder(t *testing.T) {
	prev := workCode(0)
	for w := uint64(1); w < 1<<40; w += 1 + w/3 {
		c := workCode(w)
		if c < prev {
			t.Fatalf("workCode(%d) = %d, below %d for a smaller count", w, c, prev)
		}
		prev = c
	}
	if workCode(2047) != 2047 || workCode(2048) != 2048 || workCode(1<<63) == 0 {
		t.Fatalf("workCode: 2047 -> %d, 2048 -> %d, 2^63 -> %d", workCode(2047), workCode(2048), workCode(1<<63))
	}
}

// dceScene sets up a search at the defender's node Y, three plies into
// the path B -> E2 -> Y, about to search X, which the table says Z, a
// child of B's other evasion E1, searched last: X's proof number is in
// both E1's and E2's, and B sums them. zpn is Z's proof number.
func dceScene(t *testing.T, zpn uint32) (*searcher, []child) {
	t.Helper()
	p, err := game.ParseSFEN("lpg6/3s2R2/1kpppp3/p8/9/P8/2N6/9/9 b BGN 1")
	if err != nil {
		t.Fatal(err)
	}
	sv := New(Options{HashMiB: 1})
	s := sv.newSearcher(context.Background(), p)
	s.dce = true
	const b, e1, e2, y, z, x = 0xb0000001, 0xe1000011, 0xe2000021, 0xc0000031, 0xd0000041, 0xa0000051
	h := game.Hand(0).With(game.Gold, 1)
	// The table: X searched last by Z, Z by E1, E1 by B (all with hand h).
	sv.tt.store(x, h, h, 4, 3, 0, false, false, 10, link{board: uint32(z)})
	sv.tt.store(z, h, h, zpn, 3, 0, false, false, 10, link{board: uint32(e1)})
	sv.tt.store(e1, h, h, 6, 2, 0, false, false, 10, link{board: uint32(b)})
	// The path: B (the defender's) at ply 0 searching E2, E2 at 1, Y at 2.
	bKids := []child{{boardKey: e1, hand: h, pn: 6, dn: 2, parent: uint32(b)}, {boardKey: e2, hand: h, pn: 5, dn: 2, parent: uint32(b)}}
	s.stack = [][]child{bKids, {{boardKey: y, hand: h, pn: 5, dn: 2}}, {{boardKey: x, hand: h, pn: 4, dn: 3, parent: uint32(z)}}}
	s.at = []pathNode{{board: uint32(b), hand: h, cur: 1, pn: 11, dn: 2}, {board: uint32(e2), hand: h, pn: 5, dn: 2}, {board: uint32(y), hand: h, pn: 4, dn: 3}}
	for s.ply = 0; s.ply < 3; s.ply++ {
		s.enterPath()
	}
	return s, bKids
}

// The double count found: from X the table's parents lead through Z and
// E1 to B on the path, so B's two evasions are maxed (E1 in the table
// too) and B's proof number is the larger of theirs, not the sum.
func TestDoubleCountFoundAndCountedOnce(t *testing.T) {
	s, bKids := dceScene(t, 5)
	s.eliminateDoubleCount(&s.stack[2][0], false)
	if !bKids[0].maxed || !bKids[1].maxed {
		t.Fatalf("B's evasions maxed: E1 %v, E2 %v; want both", bKids[0].maxed, bKids[1].maxed)
	}
	if lr := s.tt.lookup(bKids[0].boardKey, bKids[0].hand, 9); !lr.maxed {
		t.Error("E1's entry does not remember that B counts it once")
	}
	if pn, _ := s.sum(bKids, false, uint32(0xb0000001)); pn != 6 {
		t.Errorf("B's proof number %d, want 6 (the larger of 6 and 5)", pn)
	}
	if got := share(bKids, 1, false); got != 6 {
		t.Errorf("E2's share of B's proof number %d, want 6", got)
	}
}

// Not where the walk passes a node whose number comes mostly from its
// other children: Z's proof number is far above X's, so what E1 and E2
// share is a small part of E1's, and B sums them as before.
func TestDoubleCountIgnoredUnderOtherWork(t *testing.T) {
	s, bKids := dceScene(t, 40)
	s.eliminateDoubleCount(&s.stack[2][0], false)
	if bKids[0].maxed || bKids[1].maxed {
		t.Fatalf("B's evasions maxed (E1 %v, E2 %v) though Z's proof number is mostly its own", bKids[0].maxed, bKids[1].maxed)
	}
	if pn, _ := s.sum(bKids, false, uint32(0xb0000001)); pn != 11 {
		t.Errorf("B's proof number %d, want 11", pn)
	}
}

// The whole search: medium.tsv's line 27 (19 plies) has its first proof
// found in a third fewer nodes with double counts counted once than
// without (12,479 against 18,625 at 3e44f19).
func TestDoubleCountsSpeedAFirstProof(t *testing.T) {
	pr := loadProblems(t, "medium.tsv")[26]
	with, without := firstProofNodes(t, pr, func(sv *Solver, off bool) { sv.noDCE = off })
	if with*5 > without*4 {
		t.Fatalf("first proof in %d nodes with double counts counted once, %d without: want a fifth fewer at least", with, without)
	}
}
