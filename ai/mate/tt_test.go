package mate

import (
	"context"
	"testing"
	"time"
	"unsafe"

	"kiki/game"
)

// A big table starts small and doubles as it fills, up to the memory it
// was given, and every entry stored before a growth answers after it, in
// the table and in a salted view of it; the view's entries count in the
// fill too, and never answer the table's look-ups.
func TestTableGrowsKeepingEntries(t *testing.T) {
	tt := newTable(prefaultMiB * 2)
	start, most := len(tt.buckets), len(tt.all)
	if start != bucketsIn(startMiB) || most != bucketsIn(prefaultMiB*2) {
		t.Fatalf("table of %d MiB: %d buckets in use of %d, want %d of %d", prefaultMiB*2, start, most, bucketsIn(startMiB), bucketsIn(prefaultMiB*2))
	}
	view := tt.view(0x5a17)
	// Multiples of an odd number spread evenly over every power of two of
	// buckets, so no bucket overflows and every entry must stay.
	const spread = 0x9e3779b97f4a7c15
	type stored struct {
		key  uint64
		hand game.Hand
		dist uint16
	}
	var keys []stored
	// Enough entries that the table doubles at least three times.
	n := start * bucketSize * growAtNum / growAtDen * 8
	for i := range n {
		s := stored{key: uint64(i+1) * spread, hand: game.Hand(i & 0xff), dist: uint16(1 + 2*(i%40))}
		keys = append(keys, s)
		into := tt
		if i%5 == 0 {
			into = view
		}
		into.store(s.key, s.hand, s.hand, 0, inf, s.dist, false, false, 1, link{})
	}
	if len(tt.buckets) < 8*start || len(view.buckets) != len(tt.buckets) {
		t.Fatalf("after %d entries: %d buckets in use (view: %d), want at least %d", n, len(tt.buckets), len(view.buckets), 8*start)
	}
	if tt.used != n {
		t.Fatalf("used %d after %d stores into a table that never had to replace one", tt.used, n)
	}
	if want := n * 1000 / (most * bucketSize); tt.hashfull() != want {
		t.Fatalf("hashfull %d, want %d (of all the memory given)", tt.hashfull(), want)
	}
	for i, s := range keys {
		in, other := tt, view
		if i%5 == 0 {
			in, other = view, tt
		}
		if lr := in.lookup(s.key, s.hand, 1000); !lr.found || lr.pn != 0 || lr.dist != s.dist {
			t.Fatalf("entry %d (key %x) after growth: %+v, want a proof in %d", i, s.key, lr, s.dist)
		}
		if lr := other.lookup(s.key, s.hand, 1000); lr.found {
			t.Fatalf("entry %d answers a look-up across the salt: %+v", i, lr)
		}
	}
	tt.clear()
	if len(tt.buckets) != start || tt.used != 0 {
		t.Fatalf("cleared table: %d buckets in use, %d used; want %d and 0", len(tt.buckets), tt.used, start)
	}
	if lr := tt.lookup(keys[1].key, keys[1].hand, 1000); lr.found {
		t.Fatalf("cleared table still answers: %+v", lr)
	}
}

// Of two proofs of one board that both answer a look-up, the shorter one
// is taken, and of two as short the one with the smaller hand (the more
// general proof, so that what the node passes up is general too), in
// whatever slots they lie; of two disproofs the deeper, then the one
// with the larger hand.
func TestLookupPrefersGeneralEntries(t *testing.T) {
	small := game.Hand(0).Add(game.Pawn)
	big := small.Add(game.Gold)
	all := big.Add(game.Rook)
	for _, order := range [][]game.Hand{{big, small}, {small, big}} {
		tt := newTable(1)
		for _, h := range order {
			tt.store(42, h, h, 0, inf, 7, false, false, 1, link{})
		}
		if lr := tt.lookup(42, all, 100); lr.pn != 0 || lr.hand != small {
			t.Fatalf("proofs stored as %v: look-up took hand %v, want %v", order, lr.hand, small)
		}
		tt = newTable(1)
		for _, h := range order {
			tt.store(43, h, h, inf, 0, 9, false, false, 1, link{})
		}
		if lr := tt.lookup(43, 0, 5); lr.dn != 0 || lr.hand != big {
			t.Fatalf("disproofs stored as %v: look-up took hand %v, want %v", order, lr.hand, big)
		}
	}
}

// An open entry remembers the node that last stored it (its board's
// low bits and the hand's step), and a look-up hands the board on; a
// proof has none to hand on. The entry is found again by the board's
// low bits alone (table.open), as the double count's walk finds it.
func TestEntryKeepsLastParent(t *testing.T) {
	tt := newTable(1)
	h := game.Hand(0).Add(game.Silver)
	tt.store(7, h, h, 3, 5, 0, false, false, 1, link{board: 0x11})
	if lr := tt.lookup(7, h, 9); !lr.found || lr.parent != 0x11 || lr.pn != 3 {
		t.Fatalf("after the first store: %+v, want parent 0x11", lr)
	}
	tt.store(7, h, h, 4, 5, 0, false, false, 1, link{board: 0xfeed_0023, step: 9})
	if lr := tt.lookup(7, h, 9); lr.parent != 0xfeed_0023 || lr.pn != 4 {
		t.Fatalf("after a second parent's store: %+v, want parent 0xfeed0023", lr)
	}
	if e := tt.open(7, h); e == nil || e.parent != 0xfeed_0023 || e.step != 9 {
		t.Fatalf("open(7) = %+v, want the entry with its parent and step", e)
	}
	if tt.open(7, h.Add(game.Pawn)) != nil {
		t.Fatal("open found an entry at another hand")
	}
	tt.setMaxed(7, h)
	if lr := tt.lookup(7, h, 9); !lr.maxed {
		t.Fatal("setMaxed left no mark")
	}
	tt.store(7, h, h, 0, inf, 5, false, false, 1, link{})
	if lr := tt.lookup(7, h, 9); lr.pn != 0 || lr.parent != 0 {
		t.Fatalf("after the proof: %+v", lr)
	}
}

// The parent (32 bits of its board key and a byte for the hand) lives in
// what was padding and half the work count (workCode): an entry stays
// 24 bytes and a bucket (eight keys, then eight entries) 256, four cache
// lines.
func TestEntrySize(t *testing.T) {
	if e, b := unsafe.Sizeof(entry{}), unsafe.Sizeof(bucket{}); e != 24 || b != 256 {
		t.Fatalf("entry %d bytes, bucket %d; want 24 and 256", e, b)
	}
}

// Close hands a mapped table back at once, and twice is harmless (the
// finalizer may come after it).
func TestCloseHandsTheTableBack(t *testing.T) {
	p, err := game.ParseSFEN("lpg6/3s2R2/1kpppp3/p8/9/P8/2N6/9/9 b BGN 1")
	if err != nil {
		t.Fatal(err)
	}
	sv := New(Options{HashMiB: prefaultMiB * 2})
	if res := sv.Solve(context.Background(), p); res.Status != Mate || res.Length != 15 {
		t.Fatalf("%v in %d, want a mate in 15", res.Status, res.Length)
	}
	if sv.tt.release == nil {
		t.Fatal("a table of more than prefaultMiB has no mapping to hand back")
	}
	sv.Close()
	if sv.tt.release != nil || sv.tt.all != nil || sv.tt.buckets != nil {
		t.Fatal("after Close the table still holds its memory")
	}
	sv.Close()
	sv.tt.free()
}

// A table given a size between prefaultMiB and twice it (rounded down to
// prefaultMiB's buckets) still grows, and clear takes it back to its start.
func TestMidSizedTableShrinksOnClear(t *testing.T) {
	tt := newTable(prefaultMiB + 1)
	if len(tt.buckets) != bucketsIn(startMiB) {
		t.Fatalf("%d buckets in use at the start, want %d", len(tt.buckets), bucketsIn(startMiB))
	}
	tt.grow()
	tt.clear()
	if len(tt.buckets) != bucketsIn(startMiB) {
		t.Fatalf("%d buckets in use after clear, want %d", len(tt.buckets), bucketsIn(startMiB))
	}
}

// A doubling that would not end before the search's deadline is not
// begun (it writes half the table at once, seconds for a big one, and the
// search sees its clock only between nodes: 新桃花源 with --time 60 and
// --hash 4096 stopped at 64 s); with the deadline lifted the table grows
// again.
func TestTableDoesNotGrowPastItsDeadline(t *testing.T) {
	tt := newTable(prefaultMiB * 4)
	start := len(tt.buckets)
	fill := filler(tt)
	// The first doubling (no deadline) learns what one costs.
	fill(start * bucketSize * growAtNum / growAtDen)
	fill(1)
	if len(tt.buckets) != 2*start || tt.perBucket <= 0 {
		t.Fatalf("%d buckets in use (want %d), %v a bucket", len(tt.buckets), 2*start, tt.perBucket)
	}
	tt.setDeadline(time.Now())
	// Past the next doubling's point and the retry after its refusal,
	// short of full buckets (where a store replaces and nothing grows).
	fill(start * bucketSize)
	if len(tt.buckets) != 2*start {
		t.Fatalf("%d buckets in use after the deadline, want %d: the table doubled", len(tt.buckets), 2*start)
	}
	tt.setDeadline(time.Time{})
	fill(1)
	if len(tt.buckets) != 4*start {
		t.Fatalf("%d buckets in use with no deadline, want %d", len(tt.buckets), 4*start)
	}
	tt.clear()
	if tt.retryAt != 0 {
		t.Fatalf("a cleared table keeps retryAt %d", tt.retryAt)
	}
}

// filler returns a function that stores n proofs of new boards into tt,
// spread evenly over its buckets.
func filler(tt *table) func(n int) {
	const spread = 0x9e3779b97f4a7c15
	key := uint64(0)
	return func(n int) {
		for range n {
			key += spread
			tt.store(key, 0, 0, 0, inf, 1, false, false, 1, link{})
		}
	}
}

// A table doubles when half its slots are in use, not sooner: every page
// it takes costs the search time when first written (tt.go, growAtNum).
// A third full, it has not doubled; past a half, it has.
func TestTableDoublesAtHalf(t *testing.T) {
	tt := newTable(prefaultMiB * 4)
	start := len(tt.buckets)
	fill := filler(tt)
	fill(start * bucketSize / 3)
	if len(tt.buckets) != start {
		t.Fatalf("a third full (%d entries): %d buckets in use, want %d", tt.used, len(tt.buckets), start)
	}
	fill(start*bucketSize/2 - tt.used + 1)
	if len(tt.buckets) != 2*start {
		t.Fatalf("past a half (%d entries): %d buckets in use, want %d", tt.used, len(tt.buckets), 2*start)
	}
}

// A store reads the entries only for what the key line points to: an
// entry of its key, the first free slot (key zero), or in a full bucket
// the entry with the least work, which gives way. Slots a proof frees
// are reused and the count of entries in use stays true throughout.
func TestFullBucketReplacesLeastWork(t *testing.T) {
	tt := newTable(1)
	stride := tt.mask + 1
	key := func(i int) uint64 { return 5 + uint64(i)*stride } // one bucket
	h := game.Hand(0).Add(game.Gold)
	works := []uint64{10, 30, 3, 70, 50, 60, 20, 40}
	for i, w := range works {
		tt.store(key(i), h, h, 2, 2, 0, false, false, w, link{})
	}
	if tt.used != bucketSize {
		t.Fatalf("%d entries in use after filling a bucket, want %d", tt.used, bucketSize)
	}
	// The same key and hand again updates its entry in place.
	tt.store(key(4), h, h, 9, 2, 0, false, false, 1, link{})
	if lr := tt.lookup(key(4), h, 5); lr.pn != 9 || tt.used != bucketSize {
		t.Fatalf("an update: %+v, %d in use", lr, tt.used)
	}
	// A ninth key takes the place of the least work (works[2] = 3).
	tt.store(key(8), h, h, 4, 4, 0, false, false, 1, link{})
	for i := range 9 {
		lr := tt.lookup(key(i), h, 5)
		if lr.found != (i != 2) {
			t.Fatalf("key %d found %v after the bucket overflowed; only key 2 (least work) should be gone", i, lr.found)
		}
	}
	if tt.used != bucketSize {
		t.Fatalf("%d entries in use after a replacement, want %d", tt.used, bucketSize)
	}
	// A key of its own takes the least work's place again: the entry
	// just stored (work 1).
	tt.store(key(9), h, h, 6, 6, 0, false, false, 1, link{})
	if tt.lookup(key(8), h, 5).found || !tt.lookup(key(9), h, 5).found {
		t.Fatal("the second overflow did not replace the entry of least work")
	}

	// In another bucket: a proof at a smaller hand removes the two open
	// entries of its board that it answers for and takes one of their
	// slots; new keys then fill the free slot before any used one.
	tt = newTable(1)
	hs := h.Add(game.Silver)
	for i := range 4 {
		tt.store(key(i), h, h, 2, 2, 0, false, false, 5, link{})
	}
	tt.store(key(1), hs, hs, 2, 2, 0, false, false, 5, link{})
	tt.store(key(1), h, 0, 0, inf, 3, false, false, 1, link{})
	if tt.used != 4 {
		t.Fatalf("%d in use after a proof replaced two open entries, want 4", tt.used)
	}
	for i := 4; i < 8; i++ {
		tt.store(key(i), h, h, 2, 2, 0, false, false, 5, link{})
	}
	for i := range 8 {
		if !tt.lookup(key(i), h, 5).found {
			t.Fatalf("key %d lost: a used slot was replaced while one was free", i)
		}
	}
	if tt.used != bucketSize {
		t.Fatalf("%d in use, want %d", tt.used, bucketSize)
	}
}
