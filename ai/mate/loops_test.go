package mate

import (
	"testing"

	"kiki/game"
)

// A path of boards B, C, B, the attacker holding a gold and a pawn at
// ply 0 and the gold alone at ply 2: a child on board B is inferior where
// a node of B above holds more than it, and not where the hands are the
// same (a repetition, the path set's business) or none holds more.
func TestInferiorOnPath(t *testing.T) {
	const b, c = uint64(0xb0000001), uint64(0xc0000002)
	gold := game.Hand(0).Add(game.Gold)
	goldPawn := gold.Add(game.Pawn)
	s := &searcher{at: make([]pathNode, 3)}
	for ply, n := range []struct {
		key  uint64
		hand game.Hand
	}{{b, goldPawn}, {c, gold}, {b, gold}} {
		s.ply = ply
		s.at[ply] = pathNode{board: uint32(n.key), hand: n.hand, prevBoard: -1}
		s.enterBoards(n.key)
	}
	for _, tc := range []struct {
		name  string
		key   uint64
		hand  game.Hand
		ply   int
		found bool
	}{
		{"the gold alone: less than at ply 0", b, gold, 0, true},
		{"the pawn alone: less than at ply 0, not than at ply 2", b, game.Hand(0).Add(game.Pawn), 0, true},
		{"gold and pawn: as at ply 0, more than at ply 2", b, goldPawn, 0, false},
		{"nothing: less than at both, the nearer", b, 0, 2, true},
		{"board C with nothing", c, 0, 1, true},
		{"a board not on the path", 0xd0000003, 0, 0, false},
	} {
		if ply, found := s.inferiorOnPath(tc.key, tc.hand); ply != tc.ply || found != tc.found {
			t.Errorf("%s: (%d, %v), want (%d, %v)", tc.name, ply, found, tc.ply, tc.found)
		}
	}
	// Ply 2 done: board B is ply 0's again.
	s.leaveBoards(b)
	if ply, found := s.inferiorOnPath(b, 0); ply != 0 || !found {
		t.Errorf("after ply 2 left: (%d, %v), want (0, true)", ply, found)
	}
}

// The whole search: medium.tsv's line 2 (9 plies) has its first proof
// found in far fewer nodes with inferior loops cut than without (349
// against 2,538 when written).
func TestInferiorLoopsSpeedAFirstProof(t *testing.T) {
	pr := loadProblems(t, "medium.tsv")[1]
	with, without := firstProofNodes(t, pr, func(sv *Solver, off bool) { sv.noInferior = off })
	if with*2 > without {
		t.Fatalf("first proof in %d nodes with inferior loops cut, %d without: want half at most", with, without)
	}
}

// The bounded flavour stores no disproof that holds only on its path
// (one by a repetition or an inferior loop above the node): the entry
// keeps what it had. Without the cut, medium.tsv's line 11 leaves such
// disproofs flagged in the table (184 when written).
func TestPathDependentDisproofsNotStored(t *testing.T) {
	pr := loadProblems(t, "medium.tsv")[10]
	flagged := func(off bool) (n int) {
		firstProof(t, pr, func(sv *Solver) { sv.noInferior = off }, func(sv *Solver) {
			for i := range sv.tt.buckets {
				b := &sv.tt.buckets[i]
				for j, k := range b.keys {
					if k != 0 && b.ents[j].flags&(flagUsed|flagRep) == flagUsed|flagRep {
						n++
					}
				}
			}
		})
		return n
	}
	with, without := flagged(false), flagged(true)
	t.Logf("entries flagged path-dependent: %d, %d without the cut", with, without)
	if with != 0 || without == 0 {
		t.Fatalf("entries flagged path-dependent: %d with the cut (want 0), %d without (want some)", with, without)
	}
}
