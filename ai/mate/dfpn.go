// Package mate is kiki's tsume (mate) solver: depth-first proof-number
// search (df-pn) over checks for the attacker and evasions for the
// defender, with a bounded transposition table using hand dominance, the
// 1+ε threshold trick, repetition handled without graph-history errors,
// and extraction of the minimax solution line.
package mate

import (
	"context"
	"time"

	"kiki/game"
)

// epsilon is the 1+ε trick's margin (Pawlewicz and Lew): a child keeps the
// search a little longer than strictly needed, so that df-pn does not
// thrash between two siblings with close numbers.
const epsilon = 0.25

type child struct {
	move          game.Move
	boardKey, key uint64
	hand          game.Hand // the attacker's hand after the move
	// ph is, once the child is proven, its proof hand, and once disproven
	// its disproof hand (see hands.go).
	ph     game.Hand
	pn, dn uint32
	dist   uint16
	// repPly is the ply of the earliest position on the path that the
	// child's disproof relies on seeing again (noRep: none).
	repPly int
	final  bool // proven or disproven: no need to look it up again
	// interp: a disproof that may rest on a futile drop (flagInterp).
	interp bool
	// prev is, for a drop interposition, the drop before it in line; for
	// a check that could promote and does not, the same move promoting;
	// for a capture of the checker, the first by a like piece (-1: none).
	// waiting marks one not yet taken into account (see delayDrops,
	// delayUnpromoted, delayLikeCaptures).
	prev    int
	waiting bool
	// unnumbered marks a waiting drop whose first numbers are not made
	// yet: initWoken makes them when it wakes (see lazyDrop).
	unnumbered bool
	// In a book search, a defender's drop between a distant checker and
	// the king is unchecked until it is looked at, then futile or not
	// (booksearch.go). A futile one counts as proven, its dist the length of the
	// mate that makes it futile.
	unchecked, futile bool
	// parent: the node that last searched this child, as the table has
	// it (the low 32 bits of its board key; 0: unknown).
	parent uint32
	// maxed: the child counts in its node's numbers by the largest of the
	// maxed children's, not in the sum: a double count found (dce.go).
	maxed bool
}

type result struct {
	pn, dn uint32
	dist   uint16
	repPly int
	hand   game.Hand // the proof or disproof hand of a final result
	interp bool      // a disproof that may rest on a futile drop (flagInterp)
}

// noRep is the repPly of a result that relies on no repetition.
const noRep = 1 << 30

type searcher struct {
	tt       *table
	pos      *game.Position
	attacker game.Color

	nodes     uint64
	maxNodes  uint64
	deadline  time.Time
	ctx       context.Context // ending it stops the search (Unknown)
	aborted   bool
	nextCheck uint64
	onCheck   func() // called every few hundred nodes (progress, cancellation)
	// lookups and opened count the table's look-ups of children and the
	// children of the nodes expanded (a test's check that each child is
	// looked up once an expansion).
	lookups, opened uint64
	// numbered counts the children given first numbers by a count of
	// their replies (initChild, the memo's answers aside).
	numbered uint64
	// eagerDrops makes the first numbers of every drop at once, waiting
	// or not (a test's way to switch lazyDrop off).
	eagerDrops bool

	// The line's extraction (see Solver.Solve and searcher.line).
	walkOnly, walked, walkLimits bool
	graceTime                    time.Duration
	graceNodes                   uint64
	// walkMemo holds the walk's steps by position and bound (walk.go).
	walkMemo map[walkKey]walkEntry
	// tieMemo and tieLimit serve the rule for equally long lines (tiebreak.go).
	tieMemo  map[uint64]int
	tieLimit uint64

	path   *pathSet // positions on the current path, and their ply
	stack  [][]child
	ply    int
	rootPN uint32
	rootDN uint32
	lists  []*game.MoveList
	// sink keeps touch's reads from being optimised away.
	sink uint64
	// book, when set, makes this a search in the tsume book's terms:
	// futile interpositions are no defences (booksearch.go).
	book *bookRule
	// bookTrack keeps what a book search will need of the minimax
	// search: which disproofs a defender's drop refutes (flagInterp), and
	// whether any drop could interpose at all (table.interposed).
	bookTrack bool
	// probeNodes bounds each futility probe of a book search.
	probeNodes uint64
	// at holds the node at each ply of the path, and atSet the same
	// nodes by their low board bits and hand (dce.go's walk).
	at    []pathNode
	atSet *pathSet
	// inits keeps the first numbers of children counted before (initChild).
	inits *initCache
	// domBounds: a new child's numbers are at least those of the open
	// entries of its board at hands that bound it (table.bounds); the
	// bounded flavour of a first proof (portfolio.go).
	domBounds bool
	// lateLike makes like children wait behind one of them: a check
	// that could promote and does not behind its promotion
	// (delayUnpromoted), a capture of the checker by a piece of a kind
	// that captures it already behind that capture (delayLikeCaptures);
	// also the bounded flavour's.
	lateLike bool
	// dce follows a child that another node searched last up the
	// table's parents, and where they meet the path counts the two
	// children of the node there once (dce.go); also the bounded
	// flavour's.
	dce bool
	// inferior takes a child whose board is on the path above with a
	// hand for the attacker that dominates the child's as a failure for
	// the attacker on this path, as a repetition is (loops.go); also the
	// bounded flavour's. boards holds the path's nodes by board key, the
	// latest ply of each (the others chained by pathNode.prevBoard).
	inferior bool
	boards   *pathSet
}

// sat adds two numbers; a sum never reaches inf, which only a real proof
// or disproof sets (otherwise a large sum could end a search undecided).
func sat(a, b uint32) uint32 {
	if a == inf || b == inf {
		return inf
	}
	if s := uint64(a) + uint64(b); s < uint64(inf-1) {
		return uint32(s)
	}
	return inf - 1
}

// checkEvery is how many nodes pass between looks at the clock and limits.
const checkEvery = 256

func (s *searcher) checkLimits() {
	// Often enough that a deep node's children (each one made and counted
	// when first seen) do not carry the search far past its deadline.
	s.nextCheck = s.nodes + checkEvery
	if s.onCheck != nil {
		s.onCheck()
	}
	if s.maxNodes > 0 && s.nodes >= s.maxNodes || !s.deadline.IsZero() && time.Now().After(s.deadline) || s.ctx.Err() != nil {
		s.aborted = true
	}
}

func (s *searcher) children() []child {
	for len(s.stack) <= s.ply {
		s.stack = append(s.stack, make([]child, 0, game.MaxMoves))
	}
	return s.stack[s.ply][:0]
}

// mid searches the node at s.pos with r plies to go (infDepth: unlimited)
// until its proof number reaches thpn or its disproof number thdn, stores
// what it learnt, and returns the node's numbers.
func (s *searcher) mid(thpn, thdn uint32, r int) result {
	s.nodes++
	if s.nodes >= s.nextCheck {
		s.checkLimits()
	}
	p := s.pos
	or := p.Side() == s.attacker
	bk, h := p.BoardKey(), p.Hand(s.attacker)
	if s.aborted {
		return result{pn: 1, dn: 1, repPly: noRep}
	}
	start := s.nodes
	for len(s.at) <= s.ply {
		s.at = append(s.at, pathNode{})
	}
	self := uint32(bk)
	s.at[s.ply] = pathNode{board: self, hand: h, prevBoard: -1}
	if or && r <= 0 {
		return s.store(bk, h, result{pn: inf, dn: 0, dist: 0, hand: h}, start, false)
	}
	for len(s.lists) <= s.ply {
		s.lists = append(s.lists, new(game.MoveList))
	}
	ml := s.lists[s.ply]
	ml.Clear()
	if or {
		p.GenerateChecks(ml)
	} else {
		p.LegalMoves(ml)
		if s.bookTrack && !s.tt.interposed && interposable(p) {
			s.tt.interposed = true
		}
	}
	if ml.Len() == 0 {
		if or {
			return s.store(bk, h, result{pn: inf, dn: 0, dist: infDepth, hand: orDisproofCeiling(p, h)}, start, false)
		}
		return s.store(bk, h, result{pn: 0, dn: inf, dist: 0, hand: andProofFloor(p, h)}, start, false)
	}
	if r <= 0 {
		if !or && s.book != nil {
			if d := s.onlyFutile(0); d >= 0 {
				return s.store(bk, h, result{pn: 0, dn: inf, dist: uint16(d), hand: h}, start, false)
			}
		}
		return s.store(bk, h, result{pn: inf, dn: 0, dist: 0, hand: h, interp: !or && s.bookTrack && interposable(p)}, start, false)
	}
	ch := s.children()
	for _, m := range ml.Slice() {
		c := child{move: m, prev: -1, repPly: noRep}
		c.boardKey, c.key = p.KeyAfter(m)
		c.hand = p.HandAfter(m, s.attacker)
		ch = append(ch, c)
	}
	s.touch(ch)
	s.opened += uint64(len(ch))
	if s.inferior {
		s.enterBoards(bk)
	}
	drops := 0
	for i := range ch {
		c := &ch[i]
		ply, ok := s.path.get(c.key)
		if s.inferior {
			// (the nearer loop, if both: the disproof depends on less)
			if lp, lok := s.inferiorOnPath(c.boardKey, c.hand); lok && (!ok || lp > ply) {
				ply, ok = lp, true
			}
		}
		if ok {
			// A repeated position is no way to mate (the shortest mate
			// never repeats one, and perpetual check loses), nor is one
			// where the attacker holds less than on the path above.
			c.pn, c.dn, c.dist, c.repPly, c.final = inf, 0, infDepth, ply, true
			c.ph = c.hand
		} else if lr := s.lookup(c.boardKey, c.hand, r-1); lr.found {
			c.pn, c.dn, c.dist, c.ph, c.interp, c.parent = lr.pn, lr.dn, lr.dist, lr.hand, lr.interp, lr.parent
			c.maxed = s.dce && lr.maxed && lr.parent == self
			c.final = lr.pn == 0 || lr.dn == 0
		} else if !or && s.lazyDrop(c, drops) {
			c.pn, c.dn, c.unnumbered = 1, 1, true
		} else {
			s.number(c, or, r-1)
		}
		if c.move.IsDrop() {
			drops++
		}
	}
	if s.lateLike && s.book == nil {
		if or {
			delayUnpromoted(ch)
		} else {
			delayLikeCaptures(p, ch)
		}
	}
	if !or {
		delayDrops(ch)
		s.initWoken(ch, r)
		if s.book != nil {
			s.markInterpositions(ch)
		}
	}
	s.stack[s.ply] = ch
	if s.dce {
		s.enterPath()
	}
	s.ply++
	res := s.search(ch, or, self, bk, h, thpn, thdn, r, start)
	// (no defers: with this many returns Go does not open-code them,
	// and they took 3% of a first proof's instructions: ミクロコスモス's
	// first 500,000 nodes 5.79G, 5.59G without)
	s.ply--
	if s.dce {
		s.leavePath()
	}
	if s.inferior {
		s.leaveBoards(bk)
	}
	return res
}

// search runs the node's loop over its children, expanded by mid, until
// a threshold is reached, and stores what it learnt; s.ply is the
// children's ply.
func (s *searcher) search(ch []child, or bool, self uint32, bk uint64, h game.Hand, thpn, thdn uint32, r int, start uint64) result {
	p := s.pos
	var pn, dn uint32
	for first := true; ; first = false {
		if s.book != nil && !or {
			s.settleRefutations(ch, r)
		}
		pn, dn = s.sum(ch, or, self)
		if s.dce {
			s.at[s.ply-1].pn, s.at[s.ply-1].dn = pn, dn
		}
		if s.ply == 1 {
			s.rootPN, s.rootDN = pn, dn
		}
		if pn == 0 || dn == 0 || pn >= thpn || dn >= thdn || s.aborted {
			break
		}
		best, second := -1, inf
		for i := range ch {
			if ch[i].waiting {
				continue
			}
			v := ch[i].dn
			if or {
				v = ch[i].pn
			}
			if best < 0 || v < chVal(ch[best], or) {
				if best >= 0 {
					second = min(second, chVal(ch[best], or))
				}
				best = i
			} else {
				second = min(second, v)
			}
		}
		c := &ch[best]
		if first && s.dce && c.parent != 0 && c.parent != self {
			s.eliminateDoubleCount(c, or)
		}
		if c.unchecked {
			// A book search: is this drop futile, no defence at all?
			s.checkFutile(ch, best, r)
			if c.futile {
				continue
			}
		}
		var cthpn, cthdn uint32
		grow := func(v uint32) uint32 {
			if v >= inf {
				return inf
			}
			return uint32(min(uint64(float64(v)*(1+epsilon))+1, uint64(inf)))
		}
		if or {
			cthpn = min(thpn, grow(second))
			cthdn = childThreshold(thdn, dn, share(ch, best, or))
		} else {
			cthdn = min(thdn, grow(second))
			cthpn = childThreshold(thpn, pn, share(ch, best, or))
		}
		s.at[s.ply-1].cur = best
		p.DoMove(c.move)
		s.path.set(c.key, s.ply)
		res := s.mid(cthpn, cthdn, r-1)
		s.path.del(c.key)
		p.UndoMove()
		c.pn, c.dn, c.dist, c.repPly, c.ph, c.interp, c.parent = res.pn, res.dn, res.dist, res.repPly, res.hand, res.interp, self
		c.final = res.pn == 0 || res.dn == 0
		if c.maxed && !c.final {
			// (its own store, just made, does not know)
			s.tt.setMaxed(c.boardKey, c.hand)
		}
		// The other children are not looked up again here, though the
		// search below may have settled some by transposition: the next
		// visit of this node expands it afresh and sees it. Looking every
		// open sibling up after each child's search doubled the table's
		// look-ups (a cache miss each, in a big table) for little: the
		// medium problems' first proofs search the same nodes to within
		// three; medium.tsv's full solves 28.35M -> 28.64M nodes in 0.94x
		// the time, the eight long famous problems' first proofs 37.23M ->
		// 42.02M nodes in 0.95x the CPU time, ミクロコスモス 32.77M ->
		// 27.48M nodes in 0.81x (with a 1,525-ply line, the published
		// length, where it was 1,533).
		if !or {
			wake(ch)
			s.initWoken(ch, r)
		} else if s.lateLike {
			wakeUnpromoted(ch)
		}
	}
	res := result{pn: pn, dn: dn, repPly: noRep}
	switch {
	case pn == 0:
		if !or {
			// A book search: a drop proven as a move may be futile, no
			// move at all, and then its capture does not count.
			for i := range ch {
				if ch[i].unchecked {
					s.checkFutile(ch, i, r)
				}
			}
		}
		var best int
		res.dist, best = s.proofDist(ch, or)
		res.hand = s.proofHand(ch, or, best, h)
	case dn == 0:
		var best int
		res.dist, res.repPly, best = s.disproofDepth(ch, or)
		res.hand = s.disproofHand(ch, or, best, h)
		switch {
		case !s.bookTrack:
		case or:
			for i := range ch {
				res.interp = res.interp || ch[i].interp
			}
		default:
			res.interp = ch[best].interp || ch[best].move.IsDrop() && mayBeFutile(p, ch[best].move)
		}
		if s.book != nil && !or && ch[best].move.IsDrop() && int(res.dist) > r {
			// The drop was found no futile one within r plies only: with
			// more it may be, and then it refutes nothing.
			res.dist = uint16(r)
		}
	}
	if s.aborted && pn != 0 && dn != 0 {
		return res
	}
	// A disproof that relies on a position above this node coming back
	// holds only on this path: it is stored flagged, and not trusted by
	// other paths (graph history interaction); the bounded flavour does
	// not store it at all, leaving the entry as it was (loops.go). One
	// whose repetition lies inside its own subtree holds anywhere.
	pathDependent := res.repPly < s.ply-1
	if pathDependent && s.inferior {
		return res
	}
	return s.store(bk, h, res, start, pathDependent)
}

// lookup asks the table about a child with r plies to go. A book search
// that finds nothing in its own entries takes a minimax proof (what mates
// with every defence counted mates no later with futile drops left out),
// a minimax disproof that no droppable refutation rests on, and else the
// minimax search's numbers as a first estimate of its own: for 図巧1番
// they took the book search from 6.2M nodes to 0.2M.
func (s *searcher) lookup(bk uint64, h game.Hand, r int) lookupResult {
	s.lookups++
	if s.book != nil {
		return s.bookLookup(bk, h, r)
	}
	return s.tt.lookup(bk, h, r)
}

func (s *searcher) bookLookup(bk uint64, h game.Hand, r int) lookupResult {
	lr := s.tt.lookup(bk, h, r)
	if !lr.found {
		if plain := s.book.plain.lookup(bk, h, r); plain.found && (plain.dn != 0 || !plain.interp) {
			return plain
		}
	}
	return lr
}

// touch reads the first key of every open child's table bucket before
// the look-ups proper: the reads do not depend on each other, so the
// processor overlaps their cache misses instead of taking them one at a
// time (Go has no prefetch instruction to say so).
func (s *searcher) touch(ch []child) {
	b, mask, salt, x := s.tt.buckets, s.tt.mask, s.tt.salt, uint64(0)
	for i := range ch {
		if !ch[i].final {
			x ^= b[(ch[i].boardKey^salt)&mask].keys[0]
		}
	}
	// The memo of first numbers, read for the children the table does
	// not know, is read with them: by then the table's lines have pushed
	// its slots out of the nearer caches.
	if s.inits != nil {
		for i := range ch {
			if !ch[i].final {
				x ^= s.inits.slot(ch[i].key).key
			}
		}
	}
	s.sink ^= x
}

// childThreshold is the threshold of the number that sums over the
// children (disproof at the attacker's turn, proof at the defender's) for
// the child searched: the node's threshold less what the other children
// add. An unlimited threshold stays unlimited: where the sum has
// saturated (inf-1; numbers can grow without bound where paths loop),
// "less the others" would leave the child only its own number plus one,
// and the search would creep on by one unit a visit (明日香: 100M nodes in
// 60 s, the root's numbers frozen, the table not growing).
func childThreshold(th, sum, own uint32) uint32 {
	if th >= inf {
		return inf
	}
	return uint32(min(uint64(th)-uint64(sum)+uint64(own), uint64(inf)))
}

func chVal(c child, or bool) uint32 {
	if or {
		return c.pn
	}
	return c.dn
}

// number gives its first numbers to a child that neither the path nor
// the table knows.
func (s *searcher) number(c *child, or bool, r int) {
	s.initChild(c, or, r)
	if s.domBounds && !c.final {
		lbPN, lbDN := s.tt.bounds(c.boardKey, c.hand)
		c.pn, c.dn = max(c.pn, lbPN), max(c.dn, lbDN)
	}
}

// lazyDrop tells whether a defender's drop that the table does not know,
// with drops drops before it in the move list, waits for its first
// numbers: every drop but the first waits in line (delayDrops), and
// until it wakes its numbers count nowhere, so they are made when it
// wakes (initWoken), and a drop that never wakes (an earlier one
// disproven, which refutes the node) costs nothing. Only what a drop
// with no check after it would have told at once is lost: such a drop
// no longer refutes its node before the drops ahead of it are proven.
// On ミクロコスモス's first million nodes that took 3.5% of the
// instructions; no drop there leaves the attacker without a check. A
// book search (futile drops) numbers every drop, as its futility checks
// read them.
func (s *searcher) lazyDrop(c *child, drops int) bool {
	return drops > 0 && c.move.IsDrop() && s.book == nil && !s.eagerDrops
}

// initWoken numbers the drops that have woken since they were met.
func (s *searcher) initWoken(ch []child, r int) {
	for i := range ch {
		if c := &ch[i]; c.unnumbered && !c.waiting {
			c.unnumbered = false
			s.number(c, false, r-1)
		}
	}
}

// initChild gives a new child its first numbers. An AND child (after a
// check) starts with as many proof-number units as it has evasions —
// none means the check mates, found here without a search (the 1-ply mate
// test at OR nodes). An OR child (after an evasion) with no check at all is
// disproven at once.
func (s *searcher) initChild(c *child, or bool, r int) {
	var slot *initSlot
	if r > 0 && s.inits != nil {
		slot = s.inits.slot(c.key)
		if slot.key == c.key {
			c.pn, c.dn = slot.pn, slot.dn
			return
		}
	}
	s.numbered++
	p := s.pos
	p.DoMove(c.move)
	defer p.UndoMove()
	if or {
		n := p.CountLegal()
		if n == 0 {
			c.pn, c.dn, c.dist, c.final = 0, inf, 0, true
			c.ph = andProofFloor(p, c.hand)
			s.tt.store(c.boardKey, c.hand, c.ph, 0, inf, 0, false, false, 1, link{})
			return
		}
		if r <= 0 {
			c.pn, c.dn, c.dist, c.final, c.ph = inf, 0, 0, true, c.hand
			if (s.bookTrack || s.book != nil) && interposable(p) {
				s.tt.interposed, c.interp = true, true
				if s.book == nil {
					return
				}
				// A book search: only futile drops left is a mate.
				if d := s.onlyFutile(r); d >= 0 {
					c.pn, c.dn, c.dist = 0, inf, uint16(d)
				}
			}
			return
		}
		c.pn, c.dn = uint32(max(1, n-extraDrops(p))), 1
		slot.set(c.key, c.pn, c.dn)
		return
	}
	n := p.CountChecks()
	if n == 0 {
		c.pn, c.dn, c.dist, c.final = inf, 0, infDepth, true
		c.ph = orDisproofCeiling(p, c.hand)
		s.tt.store(c.boardKey, c.hand, c.ph, inf, 0, infDepth, false, false, 1, link{})
		return
	}
	if r <= 0 {
		c.pn, c.dn, c.dist, c.final, c.ph = inf, 0, 0, true, c.hand
		return
	}
	c.pn, c.dn = 1, uint32(n)
	slot.set(c.key, c.pn, c.dn)
}

// extraDrops is how many of the defender's evasions in p are drops beyond
// the first kind on each square (roughly: every kind in hand counted on
// every square between a single distant checker and the king). A new
// node's proof number leaves them out, so it counts one drop per square,
// though after the node's expansion only one drop in all counts (see
// delayDrops): counting one drop in all from the start as well found the
// long famous problems' first proofs sooner still (35.3M and, half the
// squares counted, 30.9M nodes against 46.2M) but made the medium
// problems of up to 15 plies 12% slower (4.08M -> 4.57M nodes), where
// this way they are 7% faster.
func extraDrops(p *game.Position) int {
	ch := p.Checkers()
	if ch.MoreThanOne() || ch.IsZero() {
		return 0
	}
	sq := game.Between(ch.First(), p.King(p.Side())).Count()
	if sq == 0 {
		return 0
	}
	h, kinds := p.Hand(p.Side()), 0
	for _, t := range game.HandTypes {
		if h.Has(t) {
			kinds++
		}
	}
	return max(0, kinds-1) * sq
}

// delayDrops makes the defender's drops wait in line: only the first
// counts in the node's numbers until it is proven, then the next, on
// whichever square. Seven piece kinds interposed on each square between a
// distant checker and the king would otherwise add up to a proof number
// that makes the search shun the check, though such drops are mostly
// futile (無駄合) and fall together; a node is still proven only when
// every drop is. One line for all squares rather than one per square took
// the first proofs of seven long famous problems from 55.4M to 46.2M
// nodes (煙詰 7.6M -> 2.1M, 新扇詰 20.3M -> 13.6M; 図巧1番 5.2M -> 7.3M)
// and medium.tsv from 26.01M to 24.87M. Ordering the line by distance
// from the king, nearest or farthest first, did worse than the
// generator's order (drops by kind, the pawn's first), and so did keeping
// a line of its own for each square next to the king. Each drop waits on
// one before it in the list, so one pass of wake settles the whole line.
func delayDrops(ch []child) {
	last := -1
	for i := range ch {
		if !ch[i].move.IsDrop() {
			continue
		}
		if last >= 0 {
			ch[i].prev, ch[i].waiting = last, true
		}
		last = i
	}
	wake(ch)
}

// wake takes a waiting drop into account once the one before it in line
// is proven, or at once when it is itself already disproven.
func wake(ch []child) {
	for i := range ch {
		c := &ch[i]
		if c.waiting && (c.dn == 0 || !ch[c.prev].waiting && ch[c.prev].pn == 0) {
			c.waiting = false
		}
	}
}

// delayUnpromoted makes a check that could promote and does not wait
// behind the same move promoting: it counts in the node's numbers (and
// may be searched) only once the promotion is disproven. A piece that
// may promote and does not is rarely the better check (a pawn, bishop or
// rook never mates where its promotion would not but for the rule
// against mate by a dropped pawn; a silver, knight or lance can), yet
// both checks add their disproof numbers to the attacker's node, which
// then looks twice as hard to refute as it is. The bounded flavour's
// first proofs (lateLike): FAIRWAY 52.28M nodes to 43.75M, the
// eight long famous problems solved 33.80M to 32.37M, ミクロコスモス
// 28.83M to 27.42M; medium.tsv's full solves would take 29.07M to 29.77M,
// and they do not wait. A non-promotion that the table or its first
// count finds mating is taken at once.
func delayUnpromoted(ch []child) {
	for i := range ch {
		m := ch[i].move
		if m.IsDrop() || m.IsPromotion() || !m.Piece().Type().CanPromote() {
			continue
		}
		for j := range ch {
			if o := ch[j].move; o.IsPromotion() && o.From() == m.From() && o.To() == m.To() {
				ch[i].prev, ch[i].waiting = j, true
				break
			}
		}
	}
	wakeUnpromoted(ch)
}

// delayLikeCaptures makes the defender's captures of a lone checker by
// a piece of a kind that captures it already (the same piece after the
// move: two golds, or a silver promoting twice over) wait behind the
// first: they leave nearly the same position, and a node where one
// does not refute the check is one where the others mostly do not
// either, yet each adds its proof number to the defender's node. They
// count once the first is proven (wake). The bounded flavour's first
// proofs: FAIRWAY 43.75M nodes to 42.13M, the eight long famous problems
// solved 32.37M to 31.04M, ミクロコスモス 27.42M to 25.59M, 乱 139.58M
// to 134.29M; 新桃花源 234.58M to 241.49M and medium.tsv 3.14M to 3.17M.
// Every capture of the checker in one line, whatever the kind: the
// eight 30.55M but FAIRWAY 53.71M.
func delayLikeCaptures(p *game.Position, ch []child) {
	checkers := p.Checkers()
	if checkers.MoreThanOne() || checkers.IsZero() {
		return
	}
	sq := checkers.First()
	for i := range ch {
		m := ch[i].move
		if m.IsDrop() || m.To() != sq || m.Piece().Type() == game.King {
			continue
		}
		for j := 0; j < i; j++ {
			if o := ch[j].move; !o.IsDrop() && o.To() == sq && o.Moved() == m.Moved() {
				ch[i].prev, ch[i].waiting = j, true
				break
			}
		}
	}
}

// wakeUnpromoted takes a waiting non-promotion into account once its
// promoting twin is disproven, or at once when it is itself proven.
func wakeUnpromoted(ch []child) {
	for i := range ch {
		if c := &ch[i]; c.waiting && (c.pn == 0 || ch[c.prev].dn == 0) {
			c.waiting = false
		}
	}
}

// sum gives a node's numbers from its children's. self is the low 32
// bits of the node's board key: at the attacker's turn a child that the
// table says another node searched last is likely a join of paths (two
// orders of checks that reach one position), whose disproof number an
// ancestor would then count twice; such children add only the largest of
// their numbers, not their sum (a cheap kind of Kishimoto's source-node
// detection). On medium.tsv it took 29.91M nodes to 28.35M, and the
// seven long famous problems solved 41.40M to 37.42M (the same at the
// defender's turn, for proof numbers: 31.14M and 39.58M; at both 32.26M
// on medium.tsv). Children maxed for a double count (dce.go) add only
// the largest of their numbers too, at either turn.
func (s *searcher) sum(ch []child, or bool, self uint32) (pn, dn uint32) {
	if or {
		var joined uint32
		pn, dn = inf, 0
		for i := range ch {
			if ch[i].waiting {
				continue
			}
			pn = min(pn, ch[i].pn)
			if ch[i].maxed || ch[i].parent != 0 && ch[i].parent != self {
				joined = max(joined, ch[i].dn)
				continue
			}
			dn = sat(dn, ch[i].dn)
		}
		return pn, sat(dn, joined)
	}
	pn, dn = 0, inf
	var maxed uint32
	for i := range ch {
		if ch[i].waiting {
			continue
		}
		if ch[i].maxed {
			maxed = max(maxed, ch[i].pn)
		} else {
			pn = sat(pn, ch[i].pn)
		}
		dn = min(dn, ch[i].dn)
	}
	return sat(pn, maxed), dn
}

// proofDist is the mate length of a proven node: the shortest proven
// check at an OR node (returned as best), the longest evasion at an AND node.
func (s *searcher) proofDist(ch []child, or bool) (uint16, int) {
	var d uint16
	best := -1
	if or {
		d = infDepth
		for i := range ch {
			if ch[i].pn == 0 && (best < 0 || ch[i].dist < d) {
				d, best = ch[i].dist, i
			}
		}
	} else {
		// A futile drop (book search) is no move: its mate's length
		// bounds the node's as it is.
		for i := range ch {
			if ch[i].futile {
				d = max(d, ch[i].dist)
			} else {
				d = max(d, ch[i].dist+1)
			}
		}
		return min(d, infDepth-1), -1
	}
	return min(d+1, infDepth-1), best
}

// disproofDepth returns up to how many plies a disproven node's disproof
// holds, the earliest path ply it relied on seeing again, and at an AND
// node the refuting child it took.
func (s *searcher) disproofDepth(ch []child, or bool) (uint16, int, int) {
	inc := func(d uint16) uint16 {
		if d >= infDepth-1 {
			return infDepth
		}
		return d + 1
	}
	if or {
		d, rep := uint16(infDepth), noRep
		for i := range ch {
			d = min(d, ch[i].dist)
			rep = min(rep, ch[i].repPly)
		}
		return inc(d), rep, -1
	}
	best := -1
	for i := range ch {
		if ch[i].dn != 0 {
			continue
		}
		if best < 0 || ch[i].repPly > ch[best].repPly || ch[i].repPly == ch[best].repPly && ch[i].dist > ch[best].dist {
			best = i
		}
	}
	return inc(ch[best].dist), ch[best].repPly, best
}

func (s *searcher) store(bk uint64, h game.Hand, res result, start uint64, pathDependent bool) result {
	var from link
	if res.pn != 0 && res.dn != 0 && s.ply >= 2 {
		// (an open node's final store, made at s.ply-1: its parent is
		// the node at s.ply-2)
		up := s.at[s.ply-2]
		from = link{board: up.board, step: handStep(up.hand, h)}
	}
	s.tt.store(bk, h, res.hand, res.pn, res.dn, res.dist, pathDependent, res.interp, s.nodes-start+1, from)
	return res
}
