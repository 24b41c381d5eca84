package mate

import "kiki/game"

// The tsume rule for equally long lines: of two defences that last as
// long, the right one is the one that does not hand the attacker pieces
// left over at the mate (駒余りにならない方), and a solution shown uses up
// the attacker's hand where an equally short mate does. Pieces the
// attacker took from interpositions do not count as left over (a tsume
// book does not count its 無駄合 pieces either; here every piece taken on
// the square the defender has just dropped it on is discounted, kind by
// kind): without that, the attacker would drop them again to use them up,
// and the line would lose the futile interpositions a book leaves out.
//
// So the line's exact steps choose, among the moves that keep to a line of
// the proven length, the one after which the attacker can be left the
// fewest such pieces. Deciding that means following such lines: a search
// over the lines of the minimax length in which both sides minimise the
// pieces left, memoised by position, that looks no further once a move
// leaves nothing (or no more than a move could at best: each attacker's
// move left drops at most one piece) and spends at most tieBudget nodes of
// probes and tieVisits positions per extraction; past them the first move
// the table knows is taken, as without the rule. A move the table does not
// know is probed briefly: a rare long probe cost more than all the rest
// (unbounded, the rule took medium.tsv from 27.9M to 39.6M nodes).

// tieBudget bounds the probes one line extraction spends on the rule.
const tieBudget = 1_000_000

// checkProbe bounds the probe of a check the table does not know (most do
// not mate in time, and showing that is the costly part).
const checkProbe = 300

// evasionProbe bounds the probe of an evasion the table does not know.
const evasionProbe = 2_000

// tieState is what the rule needs of the line above a position: the pieces
// taken from interpositions so far and the move that reached it.
type tieState struct {
	taken game.Hand
	prev  game.Move
}

// after returns the state after move m (of the attacker when or).
func (ts tieState) after(m game.Move, or bool) tieState {
	if or && ts.prev.IsDrop() && m.IsCapture() && m.To() == ts.prev.To() {
		ts.taken = ts.taken.Add(ts.prev.DropType())
	}
	ts.prev = m
	return ts
}

// piecesLeft counts the pieces of hand that were not taken from
// interpositions.
func piecesLeft(hand, taken game.Hand) int {
	n := 0
	for _, t := range game.HandTypes {
		n += max(0, hand.Count(t)-taken.Count(t))
	}
	return n
}

// fewestLeft returns the move of the current position (with a proven
// minimax length of rem plies, reached as ts says) that keeps to a line of
// that length and after which the attacker can be left the fewest pieces
// at the mate (of equals, the first the table knows, else the first
// probed, in the order generated), and that number; NoMove and -1 once
// the budget is spent or where no such move is found.
func (s *searcher) fewestLeft(ml *game.MoveList, or bool, rem int, ts tieState) (game.Move, int) {
	p := s.pos
	type cand struct {
		m       game.Move
		known   bool // the table says it keeps to the line
		decided bool // known, or known not to (a check that does not mate in one)
		bound   int  // the fewest pieces it could leave
	}
	var cands []cand
	// The attacker's moves left after this one, each dropping at most
	// one piece.
	after := rem / 2
	for _, m := range ml.Slice() {
		bk, key := p.KeyAfter(m)
		if s.path.has(key) {
			continue
		}
		h := p.HandAfter(m, s.attacker)
		var lr lookupResult
		known, decided := false, false
		switch {
		case or && rem == 1:
			// A mate in one is known by making it.
			p.DoMove(m)
			known, decided = !p.HasLegalMove(), true
			p.UndoMove()
		case or:
			lr = s.tt.lookup(bk, h, rem-1)
			known = lr.found && lr.pn == 0
		case rem-3 < 0:
			known = true
		default:
			lr = s.tt.lookup(bk, h, rem-3)
			known = lr.found && lr.dn == 0
		}
		cands = append(cands, cand{m, known, decided || known, max(0, piecesLeft(h, ts.after(m, or).taken)-after)})
	}
	best, bestLeft := game.NoMove, -1
	for pass := 0; pass < 2; pass++ {
		for _, c := range cands {
			if c.known != (pass == 0) || c.decided && !c.known || bestLeft >= 0 && c.bound >= bestLeft {
				continue
			}
			if s.tieSpent() {
				return game.NoMove, -1
			}
			p.DoMove(c.m)
			keeps := c.known
			if !keeps {
				keeps = s.keeps(or, rem)
			}
			left := -1
			if keeps {
				left = s.leastLeft(rem-1, ts.after(c.m, or))
			}
			p.UndoMove()
			if left < 0 {
				if s.tieSpent() {
					return game.NoMove, -1
				}
				continue
			}
			if bestLeft < 0 || left < bestLeft {
				best, bestLeft = c.m, left
			}
		}
	}
	return best, bestLeft
}

// keeps probes whether the current position, reached by a move from a
// position of rem plies, keeps to that line: a check's position mated
// within rem-1, an evasion's not mated within rem-3. The probe stays
// within the rule's budget and its own bound; false when it runs out.
func (s *searcher) keeps(or bool, rem int) bool {
	saved := s.maxNodes
	if saved == 0 || saved > s.tieLimit {
		s.maxNodes = s.tieLimit
	}
	defer func() { s.maxNodes = saved }()
	bound := uint64(evasionProbe)
	if or {
		bound = checkProbe
	}
	s.maxNodes = min(s.maxNodes, s.nodes+bound)
	// The limits are looked at every checkEvery nodes: look at them when
	// this bound is reached, not up to checkEvery nodes later.
	s.nextCheck = min(s.nextCheck, s.maxNodes)
	if or {
		return s.proveChild(rem-1).pn == 0
	}
	return s.proveChild(rem-3).dn == 0
}

// tieVisits bounds the positions one line extraction's rule works out
// (its memo's size; each costs a move generation and a table look-up per
// move, which are not counted as nodes).
const tieVisits = 200_000

// tieSpent reports whether the rule's budget (or the search's limits) is
// spent.
func (s *searcher) tieSpent() bool {
	return s.nodes >= s.tieLimit || len(s.tieMemo) >= tieVisits || s.overLimits()
}

// leastLeft is the fewest pieces the attacker can hold at the mate of a
// line of exactly rem plies from the current position (reached as ts
// says), both sides keeping to such lines; -1 once the budget is spent.
func (s *searcher) leastLeft(rem int, ts tieState) int {
	p := s.pos
	key := p.Key() ^ uint64(rem)*0x9e3779b97f4a7c15 ^ uint64(ts.taken)*0xc2b2ae3d27d4eb4f
	if ts.prev.IsDrop() {
		key ^= uint64(ts.prev.To()+1) * 0x165667b19e3779f9
	}
	if v, ok := s.tieMemo[key]; ok {
		return v
	}
	var ml game.MoveList
	or := s.turnMoves(&ml, rem)
	if ml.Len() == 0 {
		if or || rem != 0 {
			// Not a mate, or one sooner than the length said (which was
			// then not the minimax length): the rule does not apply.
			return -1
		}
		return piecesLeft(p.Hand(s.attacker), ts.taken)
	}
	if rem < 1 {
		return -1
	}
	pk := p.Key()
	s.path.set(pk, -1)
	_, left := s.fewestLeft(&ml, or, rem, ts)
	s.path.del(pk)
	if left >= 0 || !s.tieSpent() {
		s.tieMemo[key] = left
	}
	return left
}
