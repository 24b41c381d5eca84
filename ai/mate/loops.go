package mate

import "kiki/game"

// Inferior loops (劣等ループ). A child whose board stands on the path
// above, at the same side to move, with the attacker holding less there
// than he held above (the hand above dominates the child's, and is not
// the same: that is a repetition), is a loop the attacker loses by: if
// the child were mate in n, the node above would be mate in n as well
// (the same board, and more in hand: every check still there, and the
// defender with fewer pieces to drop), sooner than by the loop. So the
// shortest mate of any node never passes through such a child, and the
// search takes it as a failure for the attacker on this path, as it does
// a repetition: a disproof that holds only while the node above is on
// the path (its ply is the child's repPly), trusted nowhere else. Both turns: at the attacker's, the check leading into
// the loop is dropped; at the defender's, an evasion into it refutes the
// check above on this path.
//
// Such loops are common in long mates, where the defender takes a
// dropped piece and the king walks back: on 乱's first 5M nodes, 204,063
// children were inferior to a node above, 40,695 repetitions.
//
// The bounded flavour's first proofs (KomoringHeights does the same:
// IsRepetitionOrInferiorAfter), where a disproof that holds only on its
// path is not stored at all (searcher.mid): stored as before, flagged, it
// reset its entry's numbers to 1 and 1, so that the position looked the
// cheapest there is from every other path and was searched again first;
// with five times as many such disproofs that cost more than the loops
// saved (ミクロコスモス 35.53M nodes, 乱 144.61M). Left as it was, the
// entry keeps its last ordinary search's numbers. Against d3ffb10,
// before either: 乱 96.81M nodes to 65.92M, 新桃花源 202.21M to
// 104.39M, FAIRWAY 36.83M to 31.95M, the eight long famous problems
// solved 28.85M to 26.02M, ミクロコスモス 28.03M to 27.13M (the line
// the published 1,525 plies), 34 positions along the famous lines 44.16M
// to 43.53M. medium.tsv's first proofs 2.97M to 3.55M: 18 of the 25 over
// 1,000 nodes fewer (geometric mean 0.86), two more (line 32 0.89M to
// 1.53M, line 21 0.17M to 0.31M). In full solves the cut is sound as
// well (every length the same) but slower: medium.tsv 29.07M nodes to
// 31.98M, and 34.95M with the disproofs stored.

// enterBoards puts the node at s.ply, of board key bk, in the path's
// set of boards; leaveBoards takes it out again, back to the node of the
// same board above, if any.
func (s *searcher) enterBoards(bk uint64) {
	if s.boards == nil {
		s.boards = newPathSet()
	}
	if above, ok := s.boards.get(bk); ok {
		s.at[s.ply].prevBoard = int32(above)
	}
	s.boards.set(bk, s.ply)
}

func (s *searcher) leaveBoards(bk uint64) {
	// (called when the node is done, at its own ply again)
	if above := s.at[s.ply].prevBoard; above >= 0 {
		s.boards.set(bk, int(above))
	} else {
		s.boards.del(bk)
	}
}

// inferiorOnPath returns the ply of a node on the path with board key bk
// and an attacker's hand that dominates h and is not h, if there is one.
func (s *searcher) inferiorOnPath(bk uint64, h game.Hand) (int, bool) {
	ply, ok := s.boards.get(bk)
	for ok {
		if up := s.at[ply].hand; up != h && up.Dominates(h) {
			return ply, true
		}
		above := s.at[ply].prevBoard
		ply, ok = int(above), above >= 0
	}
	return 0, false
}
