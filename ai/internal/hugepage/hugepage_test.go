package hugepage

import "testing"

// Advise is only a hint: on any slice, aligned or not, large or tiny, it
// must leave the memory as it was and usable.
func TestAdviseLeavesMemoryUsable(t *testing.T) {
	Advise([]uint64(nil))
	for _, n := range []int{1, 1000, 3 << 20} {
		s := make([]uint64, n)
		Advise(s)
		for i := range s {
			if s[i] != 0 {
				t.Fatalf("len %d: element %d is %d after Advise, want 0", n, i, s[i])
			}
			s[i] = uint64(i)
		}
		if s[n-1] != uint64(n-1) {
			t.Fatalf("len %d: write lost", n)
		}
	}
}

// A mapped table reads zero everywhere, keeps what is written, and is
// handed back without harm; a size of zero gives an empty slice.
func TestMapGivesZeroedMemory(t *testing.T) {
	if s, release := Map[uint64](0); len(s) != 0 {
		t.Fatalf("Map(0) has length %d", len(s))
	} else {
		release()
	}
	for _, n := range []int{1, 1000, 3 << 20} {
		s, release := Map[[4]uint64](n)
		if len(s) != n {
			t.Fatalf("Map(%d) has length %d", n, len(s))
		}
		for i := range s {
			if s[i] != [4]uint64{} {
				t.Fatalf("len %d: element %d is %v, want zero", n, i, s[i])
			}
			s[i][3] = uint64(i)
		}
		for i := range s {
			if s[i][3] != uint64(i) {
				t.Fatalf("len %d: element %d lost its write", n, i)
			}
		}
		release()
	}
}
