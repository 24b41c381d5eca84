package ai

import (
	"math"
	"sync/atomic"
	"unsafe"

	"kiki/ai/internal/hugepage"
	"kiki/ai/internal/prefetch"
	"kiki/game"
)

// The transposition table is shared by all search threads without locks:
// each entry is two words, the key XORed with the data and the data, so a
// torn write from a racing thread shows up as a key mismatch and is
// ignored (the lockless scheme of Hyatt and Mann). Its size is set in MiB.

type bound uint8

const (
	boundNone bound = iota
	boundUpper
	boundLower
	boundExact
)

// ttData packs: move (16 bits, its game.Move.Key16: the position gives
// back the pieces), static evaluation (16), score (16), depth (8), bound
// (2), age (6). Keeping the evaluation saves computing it again wherever
// the table knows the position, at no cost in memory: the bucket is read
// anyway.
type ttData uint64

// evalNone is a ttData's static evaluation when it has none (the side to
// move was in check, or the evaluation did not fit in 16 bits).
const evalNone = math.MinInt16

func packTT(m game.Move, score, eval, depth int, b bound, age uint8) ttData {
	if eval < -math.MaxInt16 || eval > math.MaxInt16 {
		eval = evalNone
	}
	return ttData(uint64(m.Key16()) | uint64(uint16(int16(eval)))<<16 | uint64(uint16(int16(score)))<<32 |
		uint64(uint8(depth))<<48 | uint64(b)<<56 | uint64(age&63)<<58)
}

func (d ttData) move16() uint16 { return uint16(d) }
func (d ttData) eval() int      { return int(int16(uint16(d >> 16))) }
func (d ttData) score() int     { return int(int16(uint16(d >> 32))) }
func (d ttData) depth() int     { return int(uint8(d >> 48)) }
func (d ttData) bound() bound   { return bound(d >> 56 & 3) }
func (d ttData) age() uint8     { return uint8(d >> 58) }

type ttEntry struct {
	check atomic.Uint64 // key ^ data
	data  atomic.Uint64
}

const ttWays = 4

type ttBucket [ttWays]ttEntry

// TT is the shared transposition table.
type TT struct {
	buckets []ttBucket
	mask    uint64
	age     atomic.Uint32
}

// NewTT returns a table of about mib MiB, its memory already touched: a
// fresh page costs the first search that writes it a fault, and on a
// loaded virtual machine faulting in 64 MiB has been measured at over a
// second, which a byoyomi search cannot afford.
func NewTT(mib int) *TT {
	if mib < 1 {
		mib = 1
	}
	n := uint64(mib) << 20 / uint64(ttWays*16)
	size := uint64(1)
	for size*2 <= n {
		size *= 2
	}
	t := &TT{buckets: make([]ttBucket, size), mask: size - 1}
	hugepage.Advise(t.buckets)
	t.Clear()
	return t
}

// Clear empties the table (usinewgame).
func (t *TT) Clear() {
	for i := range t.buckets {
		for j := range t.buckets[i] {
			t.buckets[i][j].check.Store(0)
			t.buckets[i][j].data.Store(0)
		}
	}
}

// NewSearch ages the entries of earlier searches so they are replaced first.
func (t *TT) NewSearch() { t.age.Add(1) }

// prefetch starts loading key's bucket into the cache: a parent calls it
// with a child's key before making the move, so that the child's probe
// does not wait on memory (on a large table nearly every probe misses).
func (t *TT) prefetch(key uint64) {
	prefetch.Line(unsafe.Pointer(&t.buckets[key&t.mask]))
}

func (t *TT) probe(key uint64) (ttData, bool) {
	b := &t.buckets[key&t.mask]
	for i := range b {
		d := b[i].data.Load()
		if b[i].check.Load()^d == key {
			return ttData(d), true
		}
	}
	return 0, false
}

// store records a search's result for key: its best move (NoMove keeps
// the one stored), score, the position's static evaluation (evalNone
// keeps the one stored), depth and bound.
func (t *TT) store(key uint64, m game.Move, score, eval, depth int, bd bound) {
	age := uint8(t.age.Load() & 63)
	b := &t.buckets[key&t.mask]
	victim, worst := 0, 1<<30
	for i := range b {
		d := ttData(b[i].data.Load())
		if b[i].check.Load()^uint64(d) == key {
			if m == game.NoMove {
				m = game.Move(d.move16()) // keep the old move when this result has none
			}
			if eval == evalNone {
				eval = d.eval()
			}
			if bd != boundExact && depth+2 < d.depth() && d.age() == age {
				return // a much deeper result of this search is worth more
			}
			victim = i
			break
		}
		// Replace the shallowest entry, older searches first.
		v := d.depth()
		if d.age() != age {
			v -= 64
		}
		if v < worst {
			victim, worst = i, v
		}
	}
	d := uint64(packTT(m, score, eval, depth, bd, age))
	b[victim].data.Store(d)
	b[victim].check.Store(key ^ d)
}

// Hashfull returns the share of recently written entries, in permille (for USI info).
func (t *TT) Hashfull() int {
	age := uint8(t.age.Load() & 63)
	n := 0
	for i := 0; i < 250 && i < len(t.buckets); i++ {
		for j := range t.buckets[i] {
			d := ttData(t.buckets[i][j].data.Load())
			if d != 0 && d.age() == age {
				n++
			}
		}
	}
	return n * 1000 / (min(250, len(t.buckets)) * ttWays)
}
