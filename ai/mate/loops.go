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
// the path (its ply is the child's repPly), stored flagged and trusted
// nowhere else. Both turns: at the attacker's, the check leading into
// the loop is dropped; at the defender's, an evasion into it refutes the
// check above on this path.
//
// Such loops are common in long mates, where the defender takes a
// dropped piece and the king walks back: on 乱's first 5M nodes, 204,063
// children were inferior to a node above, 40,695 repetitions.
//
// The bounded flavour's first proofs (KomoringHeights does the same:
// IsRepetitionOrInferiorAfter). In full solves it is sound too (lengths
// unchanged), but medium.tsv's took 29.07M nodes to 34.95M: each
// disproof it makes holds only for its path and resets its entry.

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
