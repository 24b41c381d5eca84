package mate

import (
	"math/rand/v2"
	"testing"
)

// The path set agrees with a Go map over random insertions, moves and
// deletions in any order, with keys crowded into few home slots so that
// runs, wrap-around and backward shifts are exercised; it stays at most
// a quarter full.
func TestPathSetMatchesMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	ps, want := newPathSet(), map[uint64]int{}
	keys := make([]uint64, 300)
	for i := range keys {
		x := uint64(rng.Uint32())
		keys[i] = rng.Uint64()
		if i%2 == 0 {
			keys[i] = x<<32 | x // home slot 0 at every size
		}
	}
	for step := 0; step < 200000; step++ {
		k := keys[rng.IntN(len(keys))]
		switch rng.IntN(3) {
		case 0, 1:
			ply := rng.IntN(2000) - 1
			ps.set(k, ply)
			want[k] = ply
		default:
			ps.del(k)
			delete(want, k)
		}
		if step%97 == 0 {
			for _, k := range keys {
				got, ok := ps.get(k)
				w, wok := want[k]
				if ok != wok || got != w {
					t.Fatalf("step %d key %x: got %d %v, want %d %v", step, k, got, ok, w, wok)
				}
			}
			if ps.n != len(want) {
				t.Fatalf("step %d: %d held, want %d", step, ps.n, len(want))
			}
			if 4*ps.n > len(ps.keys) {
				t.Fatalf("step %d: %d held in %d slots, want a quarter full at most", step, ps.n, len(ps.keys))
			}
		}
	}
}
