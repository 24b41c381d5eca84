package mate

import (
	"slices"

	"kiki/game"
)

// The walk along a first proof. The table's mate lengths are those of the
// first proofs found, upper bounds that later searches lower only where
// they pass again: a node stored as mated in 71 may hold a check that mates
// in 3, found after it was stored. A walk that trusted them sent the
// defender into evasions stored long but mated soon (煙詰's first proof,
// 123 plies, gave a 53-ply line). The walk therefore works the lengths out
// again over the stored proofs: at the attacker's turn the shortest of the
// checks that could beat the best so far (the quickest by the table first;
// one stored no shorter than the best found cannot beat it by its stored
// length, and is not followed), at the defender's the longest of every
// evasion. What it returns is the length of the line it then walks: the
// attacker's play is fixed by those choices and the defender's is the
// longest against it, so the line is never shorter than the minimax length
// and never longer than the proof.

// walkKey names a position of the walk with the bound it was worked out
// under; walkEntry is what the walk found there: the move it takes, the
// length of its line, and the bound it then works the next position out
// under. Keying by the bound as well as the position keeps every length
// the walk compares the length of the line it then walks: keyed by the
// position alone, a length worked out under a smaller bound replaced one
// already compared higher up, the line then went the new way, and a
// defender who had chosen an evasion for its old length was mated sooner
// than another evasion allowed (新扇詰, in a trial build: an 827-ply
// line, published length 873, that from its 700th ply claimed 127 plies
// where the minimax is 173, with an evasion mated in 15 taken over one
// lasting 117). Along
// one path the bounds only fall, so a pair is never worked out inside
// itself; a position is almost always met under one bound, its own stored
// length, so the memo is hardly larger.
type walkKey struct {
	key   uint64
	bound uint16
}

type walkEntry struct {
	move    game.Move
	v, next uint16
}

// walkStep returns the walk's move from the current position, proven to be
// mated within bound plies, and the bound to take the next position under
// (NoMove when there is none: no stored or searchable proof). Following
// the steps from bound b walks a line of walkLen(b) plies.
func (s *searcher) walkStep(bound int) (game.Move, int) {
	m, _, next := s.walkNode(bound)
	return m, next
}

// walkLen returns the length of the walk's line from the current position,
// mated within bound plies (at most bound).
func (s *searcher) walkLen(bound int) int {
	_, v, _ := s.walkNode(bound)
	return v
}

// walkNode works out the walk's line from the current position under
// bound: the move it takes, its length v (at most bound) and the bound of
// the next position. Each (position, bound) is worked out once. Once the
// limits are spent it refines no further and goes by the stored lengths.
func (s *searcher) walkNode(bound int) (game.Move, int, int) {
	p := s.pos
	wk := walkKey{p.Key(), uint16(bound)}
	if e, ok := s.walkMemo[wk]; ok {
		return e.move, int(e.v), int(e.next)
	}
	or := p.Side() == s.attacker
	refine := !s.overLimits()
	var ml game.MoveList
	if or {
		if m := p.Mate1Ply(); m != game.NoMove {
			s.walkMemo[wk] = walkEntry{m, 1, 0}
			return m, 1, 0
		}
		p.GenerateChecks(&ml)
	} else {
		p.LegalMoves(&ml)
		if ml.Len() == 0 {
			s.walkMemo[wk] = walkEntry{game.NoMove, 0, 0}
			return game.NoMove, 0, 0
		}
	}
	if bound < 1 {
		return game.NoMove, bound, 0 // a proof says otherwise: the table is wrong
	}
	type cand struct {
		m game.Move
		d int // the child's bound: its stored length, or what the proof leaves
	}
	cands := make([]cand, 0, ml.Len())
	gather := func() {
		cands = cands[:0]
		for _, m := range ml.Slice() {
			bk, _ := p.KeyAfter(m)
			lr := s.tt.lookup(bk, p.HandAfter(m, s.attacker), bound-1)
			switch {
			case lr.found && lr.pn == 0:
				cands = append(cands, cand{m, int(lr.dist)})
			case !or:
				// The position's proof says every evasion is mated
				// within bound-1; the entry for this one is lost.
				cands = append(cands, cand{m, bound - 1})
			}
		}
	}
	gather()
	if or && len(cands) == 0 && refine {
		// The table lost the proof: search this position again within
		// bound (without the line as history: a proof does not depend on
		// the path that reaches it).
		saved := s.path
		s.path = pathOf(wk.key)
		s.probe(bound)
		s.path = saved
		gather()
	}
	if len(cands) == 0 {
		return game.NoMove, bound, 0
	}
	best, bestV, next := game.NoMove, 0, 0
	if or {
		slices.SortStableFunc(cands, func(a, b cand) int { return a.d - b.d })
		for _, c := range cands {
			if best != game.NoMove && c.d >= bestV {
				break // stored no shorter than the best found
			}
			v := c.d
			if refine {
				p.DoMove(c.m)
				v = s.walkLen(c.d)
				p.UndoMove()
			}
			if best == game.NoMove || v < bestV {
				best, bestV, next = c.m, v, c.d
			}
			if !refine {
				break
			}
		}
	} else {
		for _, c := range cands {
			v := c.d
			if refine {
				p.DoMove(c.m)
				v = s.walkLen(c.d)
				p.UndoMove()
			} else if v > 1 {
				// An evasion that a single check mates lasts 1 ply,
				// whatever its stored bound says.
				p.DoMove(c.m)
				if p.Mate1Ply() != game.NoMove {
					v = 1
				}
				p.UndoMove()
			}
			if best == game.NoMove || v > bestV {
				best, bestV, next = c.m, v, c.d
			}
		}
	}
	v := min(bestV+1, bound)
	s.walkMemo[wk] = walkEntry{best, uint16(v), uint16(next)}
	return best, v, next
}
