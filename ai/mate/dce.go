package mate

import "kiki/game"

// Double counts where paths meet (after KomoringHeights'
// double_count_elimination). Df-pn sums the proof numbers of the
// defender's evasions and the disproof numbers of the attacker's checks.
// Where two children of one node lead, some plies on, to one position,
// that position's number is in both children's and the node counts it
// twice. On a long mate this is the rule, not the exception: the
// defender's other evasions mostly come back to the main line a few
// moves later, each adding the rest of the line's proof number again, so
// the line looks far harder than it is and the attacker's wrong checks
// higher up are searched until they look as hard.
//
// The table keeps with every open entry the node that last searched it
// (entry.parent, entry.step). When a node is about to search a child
// that another node searched last, the walk follows those parents up
// from the child. If they reach a node on the current path (the branch
// root), the root's child on the path and its child on the walk hold the
// same position below them: both are maxed, counted in the root's number
// by the largest of them, not in the sum (searcher.sum), and the table
// remembers it (flagMaxed, read back where the same parent expands the
// child again). The walk gives up where a node on it has a number much
// larger than its child's there (the others' work outweighs the shared
// part), and the path is not marked where a node between holds such a
// number either; without those limits ミクロコスモス's first proof ran
// past 60M nodes.
//
// The bounded flavour's first proofs: on 34 positions taken along the
// lines of the famous problems (a sum of many chaotic searches) 50.53M
// nodes to 44.16M, 25 of 34 fewer; FAIRWAY 42.13M to 36.83M, 乱 134.29M
// to 96.81M, 新桃花源 241.49M to 202.21M, the eight long famous problems
// solved 31.04M to 28.85M, medium.tsv's first proofs 3.17M to 2.97M;
// ミクロコスモス 25.59M to 28.03M (its line still the published 1,525
// plies). The walk and the path's set cost about 3% of the time.

// dceSlack is how much larger than its child's on the walk (or than
// the searched child's on the path) a node's number may be while the
// shared part still counts: three units, as KomoringHeights has it.
const dceSlack = 3

// pathNode is a node on the search's path, as dce.go needs it: its board
// key's low 32 bits, the attacker's hand, the child it is searching and
// its numbers when it chose that child.
type pathNode struct {
	board  uint32
	hand   game.Hand
	cur    int
	pn, dn uint32
	// prevBoard is the ply of the node above of the same board (-1:
	// none), for loops.go.
	prevBoard int32
}

// atKey is a node's key in the path's set of nodes by board and hand.
func atKey(board uint32, h game.Hand) uint64 { return uint64(board) | uint64(h)<<32 }

// enterPath puts the node at s.ply in the path's set; leavePath takes it
// out again.
func (s *searcher) enterPath() {
	if s.atSet == nil {
		s.atSet = newPathSet()
	}
	n := s.at[s.ply]
	s.atSet.set(atKey(n.board, n.hand), s.ply)
}

func (s *searcher) leavePath() {
	n := s.at[s.ply]
	s.atSet.del(atKey(n.board, n.hand))
}

// handStep encodes how the attacker's hand at a parent, up, differs from
// the hand at its child, h: 0 the same (the defender moved, or a check
// without capture), t (a kind, Pawn to Gold) one more t at the parent (a
// drop), 8+t one fewer (a capture), 8 anything else.
func handStep(up, h game.Hand) uint8 {
	if up == h {
		return 0
	}
	for t := game.Pawn; t <= game.Gold; t++ {
		if up == h.Add(t) {
			return uint8(t)
		}
		if h.Has(t) && up == h.Sub(t) {
			return 8 + uint8(t)
		}
	}
	return 8
}

// stepUp undoes handStep: the parent's hand from the child's.
func stepUp(h game.Hand, step uint8) (game.Hand, bool) {
	switch {
	case step == 0:
		return h, true
	case step < 8:
		return h.Add(game.PieceType(step)), true
	case step > 8 && step < 16 && h.Has(game.PieceType(step-8)):
		return h.Sub(game.PieceType(step - 8)), true
	}
	return 0, false
}

// eliminateDoubleCount walks the table's parents up from c, a child of
// the node at s.ply-1 that another node searched last, to a node on the
// path, and marks the double count there (resolveDoubleCount).
func (s *searcher) eliminateDoubleCount(c *child, or bool) {
	np := s.ply - 1
	board, h := uint32(c.boardKey), c.hand
	e := s.tt.open(board, h)
	// Along the walk, pnOK (dnOK) says the proof (disproof) number of
	// every node so far comes mostly from the child the walk came by;
	// rootOr, whether the parent of the walk's node is the attacker's.
	// The walk is bounded: parents left by older searches may loop.
	pnOK, dnOK, rootOr := true, true, or
	for i := 0; e != nil && e.parent != 0 && i < np+16 && (pnOK || dnOK); i++ {
		up, ok := stepUp(h, e.step)
		if !ok {
			return
		}
		if k, on := s.atSet.get(atKey(e.parent, up)); on {
			if k < np && (rootOr && dnOK || !rootOr && pnOK) {
				s.resolveDoubleCount(k, rootOr, or, atKey(board, h))
			}
			return
		}
		pe := s.tt.open(e.parent, up)
		if pe == nil {
			return
		}
		pnOK = pnOK && uint64(pe.pn) <= uint64(e.pn)+dceSlack
		dnOK = dnOK && uint64(pe.dn) <= uint64(e.dn)+dceSlack
		board, h, e, rootOr = e.parent, up, pe, !rootOr
	}
}

// resolveDoubleCount maxes two children of the node at ply k of the
// path: the one the path goes on by, and the one the walk came up by
// (walk is its atKey). rootOr tells whether the node at k is the
// attacker's, or whether the node now searching (at s.ply-1) is. Nothing
// is marked where a node between, of the root's turn, has a number much
// larger than its searched child's.
func (s *searcher) resolveDoubleCount(k int, rootOr, or bool, walk uint64) {
	np := s.ply - 1
	for a := np - 1; a > k; a-- {
		if or != ((np-a)&1 == 1) != rootOr {
			continue
		}
		n := &s.at[a]
		c := &s.stack[a][n.cur]
		num, own := n.pn, c.pn
		if rootOr {
			num, own = n.dn, c.dn
		}
		if uint64(num) > uint64(own)+dceSlack {
			return
		}
	}
	kids := s.stack[k]
	kids[s.at[k].cur].maxed = true
	for j := range kids {
		if c := &kids[j]; atKey(uint32(c.boardKey), c.hand) == walk {
			c.maxed = true
			if !c.final {
				s.tt.setMaxed(c.boardKey, c.hand)
			}
			return
		}
	}
}

// share is what the searched child ch[best] counts for in its node's
// summed number (the proof number at the defender's turn, the disproof
// number at the attacker's): its own, or for a maxed child the largest
// of the maxed ones, so that its threshold is the node's less what the
// others add.
func share(ch []child, best int, or bool) uint32 {
	v := func(c *child) uint32 {
		if or {
			return c.dn
		}
		return c.pn
	}
	own := v(&ch[best])
	if !ch[best].maxed {
		return own
	}
	for i := range ch {
		if c := &ch[i]; c.maxed && !c.waiting {
			own = max(own, v(c))
		}
	}
	return own
}
