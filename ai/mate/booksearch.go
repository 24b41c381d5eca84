package mate

import (
	"maps"

	"kiki/game"
)

// The tsume-book length searched: the shortest mate when the defender's
// futile interpositions are not defences at all, the way a tsume book
// reads a problem. Counting along the minimax line (BookLength) misses a
// book solution that takes another branch: where the defender's longest
// resistance, futile drops left out, is not the minimax line's, or where
// the attacker's shortest book mate is not a shortest minimax one.
//
// A defender's drop is futile when it lands between a distant slider that
// gives check and the king, the slider takes it and no defending piece
// can take back, and the attacker mates even without the piece: the
// position as it was with the slider moved onto the square (the hands as
// before the drop) is mated within the plies left. Such a drop is no
// defence: a check that leaves only futile drops mates, and the length
// counts no drop and no capture of one. The search generates the drops
// and decides their futility on demand (checkFutile); a probe that does
// not finish within futileProbeNodes leaves its drop a defence, and the
// result is then not sure to be the book's (the length could only be
// longer) unless a second search that counts such drops futile finds no
// shorter mate either (searchBook); else Solve counts along the line.

// bookRule is what a search in the book's terms carries.
type bookRule struct {
	plain *table // the minimax entries (see searcher.lookup)
	// memo holds the futility probes by the position without the drop.
	memo map[uint64]futileBounds
	// unsure: a probe did not finish, and its drop stayed a defence;
	// optimistic counts such a drop futile instead (searchBook).
	unsure, optimistic bool
	// subs are the probes' searchers, one per depth of probes within
	// probes, kept for their stacks; depth is how many are in use.
	subs  []*searcher
	depth int
	// probeNodes bounds each probe (futileProbeNodes but in tests).
	probeNodes uint64
}

// probe returns a searcher for a futility probe from s's position: it
// searches the same position object (and leaves it as it found it), on a
// path of its own, within b.probeNodes. The caller gives it back by
// taking one off depth.
func (b *bookRule) probe(s *searcher) *searcher {
	if b.depth == len(b.subs) {
		b.subs = append(b.subs, &searcher{path: newPathSet()})
	}
	sub := b.subs[b.depth]
	b.depth++
	sub.tt, sub.pos, sub.attacker, sub.ctx, sub.book = s.tt, s.pos, s.attacker, s.ctx, b
	sub.nodes, sub.nextCheck, sub.aborted, sub.maxNodes, sub.deadline = 0, 0, false, b.probeNodes, s.deadline
	return sub
}

// futileBounds: mated within proven plies, not within disproven, and a
// probe within undecided plies did not finish (-1: none of these known).
type futileBounds struct{ proven, disproven, undecided int }

// undecided is what a drop whose futility probe within r plies ran out
// counts as: a defence (-1), or in the optimistic search futile, by a
// mate of at most r plies.
func (b *bookRule) undecided(r int) int {
	if b.optimistic {
		return r
	}
	b.unsure = true
	return -1
}

// optimisticSalt keeps the optimistic search's entries apart again.
const optimisticSalt = 0x3c6ef372fe94f82b

// bookSalt keeps the book search's entries apart from the minimax ones in
// the shared table: the same position has other lengths in the two.
const bookSalt = 0x6a09e667f3bcc909

// bookMinNodes is the least the book search may spend.
const bookMinNodes = 1_000_000

// futileProbeNodes bounds the search that decides one drop's futility;
// a drop left undecided counts as a defence (the length can only be
// longer for it, never shorter than the book's).
const futileProbeNodes = 50_000

// markInterpositions marks, at a node of a book search where the
// defender is in check from a distant slider, every drop (each one
// interposes) as not yet checked for futility: that is looked at only
// when the search would go into the drop, or when the node is proven
// (most such nodes are refuted by another defence first).
func (s *searcher) markInterpositions(ch []child) {
	if !interposable(s.pos) {
		return
	}
	for i := range ch {
		if ch[i].move.IsDrop() {
			ch[i].unchecked = true
		}
	}
}

// checkFutile settles whether the drop ch[i] is futile with r plies to
// go at the current node, and with it every other unchecked drop on the
// same square: futility is the square's, whatever the piece dropped (the
// position without the drop is the same). A futile drop counts as
// proven, with the length of the mate that makes it futile: the node's
// proof rests on that mate too, so its length is no shorter (a look-up
// with fewer plies to go must not take a proof whose drops are futile
// only within more).
func (s *searcher) checkFutile(ch []child, i, r int) {
	sq := ch[i].move.To()
	k := s.futileSquare(s.pos.Checkers().First(), sq, r)
	for j := range ch {
		c := &ch[j]
		if !c.unchecked || c.move.To() != sq {
			continue
		}
		c.unchecked = false
		if k >= 0 && (c.pn != 0 || k < int(c.dist)+1) {
			// (a drop proven as a move sooner than k keeps that proof)
			c.futile, c.final = true, true
			c.pn, c.dn, c.dist, c.waiting = 0, inf, uint16(k), false
		}
	}
}

// settleRefutations checks, before a book search's node counts a drop
// as refuting it, whether the drop is futile: a drop disproven from the
// table, or at once for want of plies, may be no defence at all. It then
// wakes the drops in line behind those found futile.
func (s *searcher) settleRefutations(ch []child, r int) {
	for i := range ch {
		if ch[i].unchecked && ch[i].dn == 0 {
			s.checkFutile(ch, i, r)
		}
	}
	wake(ch)
}

// cutFutile removes from ml, the evasions of the defender to move with
// rem plies to go, the futile drops (a book line's step).
func (s *searcher) cutFutile(ml *game.MoveList, rem int) {
	p := s.pos
	if !interposable(p) {
		return
	}
	c := p.Checkers().First()
	var known, futile game.Bitboard
	ml.Filter(func(m game.Move) bool {
		if !m.IsDrop() {
			return true
		}
		if sq := m.To(); !known.Has(sq) {
			known = known.Or(game.SquareBB(sq))
			if s.futileSquare(c, sq, rem) >= 0 {
				futile = futile.Or(game.SquareBB(sq))
			}
		}
		return !futile.Has(m.To())
	})
}

// futileSquare tells whether a drop on sq, between the checker on c and
// the king, is futile (see above) with r plies to go: it returns the
// length of the mate without the drop that makes it so, or -1.
func (s *searcher) futileSquare(c, sq game.Square, r int) int {
	best := -1
	withSlide(s.pos, c, sq, func() bool {
		if k := s.matedAfterSlide(sq, r); k >= 0 && (best < 0 || k < best) {
			best = k
		}
		return false
	})
	return best
}

// withSlide calls f in each position (one, or two with and without
// promotion) that a drop on sq and its capture by the checker on c would
// leave, but for the piece the attacker took: the checker on sq, both
// hands as they are, the defender to move. It stops when f returns true,
// and leaves p as it found it.
func withSlide(p *game.Position, c, sq game.Square, f func() bool) {
	p.DoNullMove()
	defer p.UndoNullMove()
	for _, promote := range [2]bool{false, true} {
		m := game.NewMove(c, sq, p.PieceAt(c), game.NoPiece, promote)
		if !p.IsLegalFast(m) {
			continue
		}
		p.DoMove(m)
		done := f()
		p.UndoMove()
		if done {
			return
		}
	}
}

// takenBack reports whether the defender to move in p can take the
// piece on sq.
func takenBack(p *game.Position, sq game.Square) bool {
	if p.AttackersTo(p.Side(), sq, p.Occupied()).IsZero() {
		return false
	}
	var ml game.MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		if m.To() == sq {
			return true
		}
	}
	return false
}

// mayBeFutile reports whether the defender's drop m in p (in check from
// a distant slider) could be futile at all: the checker can take it and
// nothing can take back. A minimax disproof whose refuting drops are
// none of these holds in the book's terms too.
func mayBeFutile(p *game.Position, m game.Move) bool {
	if !interposable(p) {
		return false
	}
	sq, may := m.To(), false
	withSlide(p, p.Checkers().First(), sq, func() bool {
		may = !takenBack(p, sq)
		return may
	})
	return may
}

// matedAfterSlide returns, in the position a futile drop on sq and its
// capture would leave but for the piece the attacker took (the checker
// on sq, both hands as before the drop, the defender to move), the
// length of the mate within r plies, or -1 if there is none, if the
// defender can take the checker back, or if the probe found none in
// futileProbeNodes. That mate is searched in the book's terms too.
func (s *searcher) matedAfterSlide(sq game.Square, r int) int {
	if r < 0 || s.aborted {
		return -1
	}
	p := s.pos
	key := p.Key()
	fb, ok := s.book.memo[key]
	if !ok {
		fb = futileBounds{proven: -1, disproven: -1, undecided: -1}
		if takenBack(p, sq) {
			fb.disproven = infDepth // a real defence
		}
	}
	switch {
	case fb.proven >= 0 && fb.proven <= r:
		return fb.proven
	case fb.disproven >= r:
		s.book.memo[key] = fb
		return -1
	case fb.undecided >= 0 && fb.undecided <= r:
		// (a probe within fewer plies already ran out: no second one)
		return s.book.undecided(r)
	}
	var res result
	if r == 0 {
		// Mated at once: no move, or only futile drops (no search).
		res = result{pn: inf, dn: 0}
		if s.onlyFutile(0) >= 0 {
			res = result{pn: 0, dn: inf}
		}
	} else {
		sub := s.book.probe(s)
		res = sub.prove(r)
		s.nodes += sub.nodes
		s.book.depth--
	}
	k := -1
	switch {
	case res.pn == 0:
		k = int(res.dist)
		if fb.proven < 0 || k < fb.proven {
			fb.proven = k
		}
	case res.dn == 0:
		fb.disproven = max(fb.disproven, r)
	case !s.aborted:
		fb.undecided = r
		k = s.book.undecided(r)
	}
	s.book.memo[key] = fb
	return k
}

// interposable reports whether the defender to move in p could drop a
// piece between a single distant checker and its king.
func interposable(p *game.Position) bool {
	chk := p.Checkers()
	if chk.IsZero() || chk.MoreThanOne() || p.Hand(p.Side()).IsEmpty() {
		return false
	}
	return !game.Between(chk.First(), p.King(p.Side())).IsZero()
}

// onlyFutile returns, when every evasion of the defender to move with r
// plies to go is a futile drop (in the book's terms the check mates), the
// longest of the mates that made them futile, and -1 otherwise.
func (s *searcher) onlyFutile(r int) int {
	p := s.pos
	var ml game.MoveList
	p.LegalMoves(&ml)
	if ml.Len() == 0 {
		return 0
	}
	for _, m := range ml.Slice() {
		if !m.IsDrop() {
			return -1 // (every drop interposes: the defender is in check)
		}
	}
	if !interposable(p) {
		return -1
	}
	c := p.Checkers().First()
	var known game.Bitboard
	longest := -1
	for _, m := range ml.Slice() {
		if sq := m.To(); !known.Has(sq) {
			known = known.Or(game.SquareBB(sq))
			k := s.futileSquare(c, sq, r)
			if k < 0 {
				return -1
			}
			longest = max(longest, k)
		}
	}
	return longest
}

// searchBook finds the book length of the current position, proven mate
// in length plies (minimax): the book search asks for a mate two plies
// shorter until there is none. ok is false when the limits came first.
// When the book's length is shorter, it also brings out a line of that
// length in the book's terms (nil if the limits cut it short).
func (s *searcher) searchBook(length int) (n int, line []game.Move, ok bool) {
	// At most twice the nodes the solve took (and at least bookMinNodes):
	// 寿 needs 1.85 times (18.2M nodes after 9.85M).
	limit := s.nodes + max(2*s.nodes, bookMinNodes)
	if s.maxNodes > 0 {
		limit = min(limit, s.maxNodes)
	}
	b := &searcher{tt: s.tt.view(bookSalt), pos: s.pos, attacker: s.attacker, ctx: s.ctx, path: newPathSet(),
		maxNodes: limit, deadline: s.deadline, nodes: s.nodes, nextCheck: s.nodes,
		book: &bookRule{plain: s.tt, memo: map[uint64]futileBounds{}, probeNodes: s.probeNodes}}
	defer func() { s.nodes = b.nodes }()
	n = length
	for n >= 3 {
		r := b.prove(n - 2)
		if r.pn == 0 {
			n = int(r.dist)
			continue
		}
		if r.dn != 0 {
			return 0, nil, false
		}
		break
	}
	if b.book.unsure && n >= 3 {
		// A drop whose probe ran out stayed a defence, so n may be too
		// long. Counting every such drop futile instead (in entries of
		// their own) must leave no mate within n-2 for n to be sure.
		o := &searcher{tt: s.tt.view(bookSalt ^ optimisticSalt), pos: s.pos, attacker: s.attacker, ctx: s.ctx, path: newPathSet(),
			maxNodes: limit, deadline: s.deadline, nodes: b.nodes, nextCheck: b.nodes,
			book: &bookRule{plain: s.tt, memo: maps.Clone(b.book.memo), optimistic: true, probeNodes: s.probeNodes}}
		r := o.prove(n - 2)
		b.nodes = o.nodes
		if r.pn == 0 || r.dn != 0 {
			return 0, nil, false
		}
		b.book.unsure = false
	}
	if n < length {
		// The line within as much again as the search had.
		b.maxNodes = b.nodes + max(limit-s.nodes, bookMinNodes)
		if s.maxNodes > 0 {
			b.maxNodes = min(b.maxNodes, s.maxNodes)
		}
		moves, exact, complete := b.line(n)
		if exact && complete && len(moves) == n && !b.book.unsure {
			line = moves
		}
	}
	return n, line, true
}
