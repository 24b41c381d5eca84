package mate

import (
	"math/bits"
	"runtime"
	"sync/atomic"
	"time"
	"unsafe"

	"kiki/ai/internal/hugepage"
	"kiki/game"
)

// The transposition table holds proof and disproof numbers by board (and
// side to move), with the attacker's hand kept beside them, so that one
// look-up can use hand dominance: a position proven with hand H is proven
// with any hand holding at least H, and one disproven with H is disproven
// with any hand holding at most H. A proof is stored under its proof hand
// (the least the attacker needs for it: proof pieces) and a disproof under
// its disproof hand (the most it may hold), not under the hand the search
// met, so that one entry answers for every hand between. Memory is bounded; when a bucket is full
// the entry with the least work behind it is replaced.

const (
	inf = uint32(1<<31 - 1)
	// infDepth marks a disproof that holds at any depth, and an unlimited search.
	infDepth = 0xffff
)

// entry is one slot's data; its key lives in the bucket's key line.
type entry struct {
	hand game.Hand
	// pn and dn are the numbers the last search left (for a proof or a
	// disproof that a look-up at another depth cannot use, they are reset).
	pn, dn uint32
	// mateLen is the shortest mate proven from here (infDepth: none), and
	// noMate the depth up to which there is surely no mate (valid with
	// flagNoMate; infDepth: none at all). Both can hold at once: a mate in
	// 15 that is not a mate in 13.
	mateLen uint16
	noMate  uint16
	// work is the nodes searched below the entry, as workCode keeps them.
	work  uint16
	flags uint8
	// parent and step name the node whose search last left these
	// numbers: the low 32 bits of its board key (0: none) and the step
	// from the attacker's hand there to this entry's (handStep). Joins of
	// paths are told by them (searcher.sum), and double counts followed
	// up (dce.go).
	step   uint8
	parent uint32
}

const (
	flagUsed = 1 << iota
	flagNoMate
	// flagRep marks numbers from a disproof that relied on a repetition on
	// the path that found it; they are not trusted on another path (no GHI errors).
	flagRep
	// flagInterp marks a disproof (noMate) that rests somewhere on a
	// defender's drop that may be futile (the checker can take it and
	// nothing takes back) or on a depth-0 leaf where one could be dropped:
	// a book search, where such a drop may be no defence at all, cannot
	// take it (booksearch.go).
	flagInterp
	// flagMaxed marks an open entry that its parent counts in the
	// largest of its maxed children's numbers, not in their sum: a
	// double count found (dce.go).
	flagMaxed
)

const bucketSize = 8

// bucket keeps its eight keys together in one cache line ahead of their
// entries, so that a look-up that finds nothing (most do: every new child
// is looked up) reads one line, not the four the entries fill. A free
// slot's key is zero.
type bucket struct {
	keys [bucketSize]uint64
	ents [bucketSize]entry
}

type table struct {
	*slots
	// salt is XORed into every key: a view of the same slots with
	// another salt keeps entries of another kind of search (the book
	// length's, see booksearch.go) apart from the minimax ones.
	salt uint64
	// interposed tells that a search filling the table met a defender
	// who could drop a piece between a distant checker and the king:
	// without one, no entry rests on a futile drop, and the book's
	// length is the minimax length (booksearch.go).
	interposed bool
}

// slots is a table's memory, shared by its views. A big table starts
// small and doubles as it fills, up to the memory it was given: the
// operating system hands a page over only when it is first written, and on
// this kind of machine that costs about 2 ms a MiB (2 GiB: 4.5 s, 2.4 s
// with huge pages), so a table made whole from the start cost a 40,000-node
// problem 4.5 s with 2 GiB given where 16 MiB took 0.1 s. The memory is
// mapped at once (hugepage.Map: no page of it is written before the
// table writes it) and the table grows in place: bucket i of a table of n
// buckets splits into i and i+n by the next bit of the key, no copy
// elsewhere.
type slots struct {
	buckets []bucket // the part in use: a power of two
	all     []bucket // all the memory given
	mask    uint64
	used    int
	// release hands mapped memory back (nil: a table that does not grow,
	// or one handed back). The finalizer that calls it sees only the
	// table: whoever reads a bucket holds the table (its searcher) until
	// done with it.
	release func()
	// A doubling writes the new half at once (1 to 2 GiB: some 2.6 s, and
	// the search sees its clock only between nodes), so one that would not
	// end by deadline (zero: none) is not begun: its cost is guessed at
	// twice the last doubling's time per bucket (perBucket, learnt on the
	// small early ones). Refused, it is asked again only after retryAt
	// entries are in use.
	deadline  time.Time
	perBucket time.Duration
	retryAt   int
	// halt, set from another goroutine when the search using the table
	// is stopped (a race's loser, portfolio.go), refuses every doubling.
	halt atomic.Bool
}

// setDeadline tells the table when the search using it must stop (zero:
// never), for its doublings.
func (m *slots) setDeadline(d time.Time) {
	m.deadline, m.retryAt = d, 0
}

// free hands the memory back; the table must not be used after (a
// look-up then fails on an empty slice rather than on unmapped memory).
func (m *slots) free() {
	if m.release != nil {
		m.release()
		m.release = nil
	}
	m.buckets, m.all, m.mask, m.used = nil, nil, 0, 0
}

// view returns a table over the same slots whose keys are salted with
// salt: its entries never answer a look-up of t, nor t's of it.
func (t *table) view(salt uint64) *table {
	return &table{slots: t.slots, salt: salt}
}

// newTable makes a table of about mib MiB; a small one (a probe's) has its
// memory already touched: a fresh page costs whoever first writes it a
// fault, and on a loaded virtual machine that has been measured at tens of
// milliseconds per MiB, which a probe inside a byoyomi search cannot
// afford. A bigger one starts at startMiB and grows (see slots).
func newTable(mib int) *table {
	mib = max(mib, 1)
	if mib > prefaultMiB {
		all, release := hugepage.Map[bucket](bucketsIn(mib))
		t := &table{slots: &slots{all: all, release: release}}
		// The mapping goes back on Solver.Close, or else once the garbage
		// collector finds no view of the table left (which may be late:
		// it does not count mapped memory).
		runtime.SetFinalizer(t.slots, (*slots).free)
		t.resize(bucketsIn(startMiB))
		return t
	}
	all := make([]bucket, bucketsIn(mib))
	hugepage.Advise(all)
	t := &table{slots: &slots{all: all}}
	t.resize(len(all))
	// make's memory is already zero, so one write per page is enough to
	// fault it in; clearing it all again cost 2 s a GiB.
	const page = 4096 / int(unsafe.Sizeof(bucket{}))
	for i := 0; i < len(all); i += max(1, page) {
		all[i].keys[0] = 0
	}
	return t
}

// bucketsIn is the largest power of two of buckets that fits in mib MiB.
func bucketsIn(mib int) int {
	n := uint64(mib) << 20 / uint64(unsafe.Sizeof(bucket{}))
	size := uint64(1)
	for size*2 <= n {
		size *= 2
	}
	return int(size)
}

const (
	// prefaultMiB is the largest table whose memory is touched when made
	// (and which does not grow).
	prefaultMiB = 64
	// startMiB is where a bigger table starts.
	startMiB = 8
	// A table doubles once growAtNum/growAtDen of its slots are in use,
	// four entries a bucket on average. One board met with many hands
	// fills its bucket long before the average does, and replacing such
	// entries costs searches again (medium.tsv, --hash 256: 29.07M nodes
	// doubling at a half, 28.64M at a quarter). But every page the table
	// takes is paid for when first written (about 2.2 ms a MiB on the
	// virtual machines here), and at a quarter a search of a minute takes
	// the table to 4 GiB where at a half it stays at 2: FAIRWAY's bounded
	// first proof in 52.3M nodes, 63.8 and 63.9 s (4.4 s of it in the
	// kernel), against 51.1M nodes, 66.2 and 69.3 s (8.5 and 9.7 s); the
	// eight long famous problems solved 33.80M nodes against 37.53M. At
	// three quarters FAIRWAY took 57.6M nodes and 71 s.
	growAtNum, growAtDen = 1, 2
)

// resize sets how many buckets of the memory are in use.
func (t *table) resize(n int) {
	t.buckets = t.all[:n]
	t.mask = uint64(n - 1)
}

// grow doubles the part of the memory in use, if there is more: each
// entry of bucket i stays or moves to bucket i+n, by its key's next bit.
func (t *table) grow() {
	n := len(t.buckets)
	if 2*n > len(t.all) || t.used < t.retryAt || t.halt.Load() {
		return
	}
	if !t.deadline.IsZero() && time.Now().Add(2*time.Duration(n)*t.perBucket).After(t.deadline) {
		t.retryAt = t.used + n*bucketSize/16
		return
	}
	began := time.Now()
	defer func() { t.perBucket = time.Since(began) / time.Duration(n) }()
	t.resize(2 * n)
	for i := range n {
		lo, hi := &t.buckets[i], &t.buckets[i+n]
		for j, k := range &lo.keys {
			if k&uint64(n) != 0 {
				hi.keys[j], hi.ents[j] = k, lo.ents[j]
				lo.keys[j], lo.ents[j] = 0, entry{}
			}
		}
	}
}

func (t *table) clear() {
	clear(t.buckets)
	t.used, t.retryAt, t.deadline = 0, 0, time.Time{}
	t.halt.Store(false)
	t.interposed = false
	if t.release != nil { // (a table that grows, see newTable)
		t.resize(bucketsIn(startMiB))
	}
}

// lookupResult is what a look-up learns about a node.
type lookupResult struct {
	pn, dn uint32
	dist   uint16
	// hand is, for a proof, the entry's proof hand (the least the attacker
	// needs), for a disproof its disproof hand (the most it may hold).
	hand  game.Hand
	found bool
	// interp: a disproof that may rest on a futile drop (flagInterp).
	interp bool
	// parent: an open node's entry's parent (entry.parent), and whether
	// that parent counts it among its maxed children (flagMaxed).
	parent uint32
	maxed  bool
}

// lookup returns what is known of the node with board key key and
// attacker's hand h, searched with r plies to go.
func (t *table) lookup(key uint64, h game.Hand, r int) lookupResult {
	key ^= t.salt
	b := &t.buckets[key&t.mask]
	res := lookupResult{pn: 1, dn: 1}
	for i, k := range &b.keys {
		if k != key {
			continue
		}
		e := &b.ents[i]
		if e.flags&flagUsed == 0 {
			continue
		}
		if e.mateLen != infDepth && int(e.mateLen) <= r && h.Dominates(e.hand) {
			if res.pn != 0 || e.mateLen < res.dist || e.mateLen == res.dist && e.hand < res.hand {
				res = lookupResult{pn: 0, dn: inf, dist: e.mateLen, hand: e.hand, found: true}
			}
			continue
		}
		if res.pn == 0 {
			continue
		}
		if e.flags&flagNoMate != 0 && r <= int(e.noMate) && e.hand.Dominates(h) {
			if res.dn != 0 || e.noMate > res.dist || e.noMate == res.dist && e.hand > res.hand {
				res = lookupResult{pn: inf, dn: 0, dist: e.noMate, hand: e.hand, found: true, interp: e.flags&flagInterp != 0}
			}
			continue
		}
		if res.dn != 0 && e.hand == h && e.pn != 0 && e.dn != 0 {
			res = lookupResult{pn: e.pn, dn: e.dn, found: true, parent: e.parent, maxed: e.flags&flagMaxed != 0}
		}
	}
	return res
}

// bounds returns lower bounds on the numbers of a board with the
// attacker's hand h that holds no entry of its own, from the open entries
// of the board: a smaller hand proves no sooner, so the largest proof
// number at a hand that dominates h, and a larger one disproves no
// sooner, so the largest disproof number at a hand h dominates.
func (t *table) bounds(key uint64, h game.Hand) (pn, dn uint32) {
	key ^= t.salt
	b := &t.buckets[key&t.mask]
	for i, k := range &b.keys {
		e := &b.ents[i]
		if k != key || e.flags&flagUsed == 0 || e.pn == 0 || e.dn == 0 || e.flags&flagNoMate != 0 || e.mateLen != infDepth {
			continue
		}
		if e.hand.Dominates(h) {
			pn = max(pn, e.pn)
		}
		if h.Dominates(e.hand) {
			dn = max(dn, e.dn)
		}
	}
	return pn, dn
}

// store records a node's numbers; work is the number of nodes its search
// took. h is the attacker's hand at the node; a proof is stored under its
// proof hand ph and a disproof under its disproof hand (ph), so that the
// one entry answers for every hand they dominate or are dominated by. The
// entry the search kept at h, if it holds nothing proven, then gives way.
func (t *table) store(key uint64, h, ph game.Hand, pn, dn uint32, dist uint16, rep, interp bool, work uint64, from link) {
	key ^= t.salt
	b := &t.buckets[key&t.mask]
	w := workCode(work)
	if pn != 0 && dn != 0 || rep {
		ph = h
	}
	if pn == 0 || dn == 0 && !rep {
		// The search's numbers at every hand of this board that the new
		// proof (disproof) answers for give way, not only those at h:
		// left, they fill the bucket — one board is met with many hands —
		// and push out the cheap proofs that the line's walk needs (煙詰:
		// 0.56M nodes of re-searches in the walk, 30k after). Removing
		// proofs (disproofs) made redundant as well measured worse
		// (medium.tsv 25.1M -> 28.7M nodes).
		for i, k := range &b.keys {
			if k != key {
				continue
			}
			e := &b.ents[i]
			if e.flags&flagUsed == 0 || e.hand == ph || e.mateLen != infDepth || e.flags&flagNoMate != 0 {
				continue
			}
			if pn == 0 && e.hand.Dominates(ph) || dn == 0 && ph.Dominates(e.hand) {
				w = max(w, e.work)
				e.flags = 0
				b.keys[i] = 0
				t.used--
			}
		}
	}
	// The key line decides what the entries' lines are read for: an
	// entry of this key (its hand compared), else the first free slot (a
	// free slot's key is zero), and only in a full bucket every entry's
	// work, for the least to give way. Reading every entry's flags to
	// tell free from used cost a store up to four cache lines where one
	// or two do, the same slot chosen.
	victim := -1
	for i, k := range &b.keys {
		switch {
		case k == 0:
			if victim < 0 {
				victim = i
			}
		case k == key:
			if e := &b.ents[i]; e.flags&flagUsed != 0 && e.hand == ph {
				e.update(pn, dn, dist, rep, interp, w)
				e.parent, e.step = from.board, from.step
				return
			}
		}
	}
	fresh := victim >= 0
	if !fresh {
		victim = 0
		for i := 1; i < bucketSize; i++ {
			if b.ents[i].work < b.ents[victim].work {
				victim = i
			}
		}
	}
	b.keys[victim] = key
	b.ents[victim] = entry{hand: ph, mateLen: infDepth, flags: flagUsed, parent: from.board, step: from.step}
	b.ents[victim].update(pn, dn, dist, rep, interp, w)
	if fresh {
		t.used++
		if t.used*growAtDen > len(t.buckets)*bucketSize*growAtNum {
			t.grow()
		}
	}
}

func (e *entry) update(pn, dn uint32, dist uint16, rep, interp bool, w uint16) {
	e.pn, e.dn = pn, dn
	e.work = max(e.work, w)
	e.flags &^= flagRep
	switch {
	case pn == 0:
		e.mateLen = min(e.mateLen, dist)
	case dn == 0 && rep:
		e.flags |= flagRep
		e.pn, e.dn = 1, 1 // not usable elsewhere
	case dn == 0:
		switch {
		case e.flags&flagNoMate == 0 || dist > e.noMate:
			e.noMate = dist
			e.flags &^= flagInterp
			if interp {
				e.flags |= flagInterp
			}
		case dist == e.noMate && !interp:
			e.flags &^= flagInterp
		}
		e.flags |= flagNoMate
	}
}

// hashfull returns the fraction of the memory given that entries use, in
// permille.
func (t *table) hashfull() int {
	return int(uint64(t.used) * 1000 / uint64(len(t.all)*bucketSize))
}

// link names the node that searched an entry: the low 32 bits of its
// board key, and the step from the attacker's hand there (handStep).
type link struct {
	board uint32
	step  uint8
}

// workCode keeps a count of nodes in 16 bits, in the same order: exact
// below 2048, above that eleven significant bits and an exponent. The
// table only compares amounts of work, so the entry spares 16 bits for
// its parent (link).
func workCode(w uint64) uint16 {
	if w < 2048 {
		return uint16(w)
	}
	e := bits.Len64(w) - 11
	return uint16(min(e<<10+int(w>>e), 1<<16-1))
}

// open returns the open entry of the board whose key has the low 32 bits
// lo, at the attacker's hand h (nil: none). Only the low bits are known
// (entry.parent), so another board whose key shares them in the bucket
// may answer: the double count's walk (dce.go) reads it as a guide, never
// as a proof.
func (t *table) open(lo uint32, h game.Hand) *entry {
	key := uint64(lo) ^ t.salt
	b := &t.buckets[key&t.mask]
	for i, k := range &b.keys {
		if uint32(k) != uint32(key) {
			continue
		}
		if e := &b.ents[i]; e.flags&(flagUsed|flagRep) == flagUsed && e.hand == h && e.pn != 0 && e.dn != 0 {
			return e
		}
	}
	return nil
}

// setMaxed flags the open entry of board key bk at hand h (flagMaxed).
func (t *table) setMaxed(bk uint64, h game.Hand) {
	if e := t.open(uint32(bk), h); e != nil {
		e.flags |= flagMaxed
	}
}
