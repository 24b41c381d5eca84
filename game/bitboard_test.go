package game

import "testing"

// TestBitboardHash: equal sets hash alike, and the 81 one-square sets, the
// 80 two-square sets with square 0 and the empty set all hash apart (the
// correction history keys a king's surroundings by these hashes).
func TestBitboardHash(t *testing.T) {
	seen := map[uint64]Bitboard{Empty.Hash(): Empty}
	add := func(b Bitboard) {
		h := b.Hash()
		if o, ok := seen[h]; ok && o != b {
			t.Fatalf("%v and %v hash alike", o, b)
		}
		seen[h] = b
	}
	for s := Square(0); s < NumSquares; s++ {
		add(SquareBB(s))
		add(SquareBB(s).Set(0))
		if SquareBB(s).Hash() != Empty.Set(s).Hash() {
			t.Fatalf("square %d: one set, two hashes", s)
		}
	}
	if len(seen) != 1+81+80 {
		t.Fatalf("%d distinct sets, want %d", len(seen), 1+81+80)
	}
}
