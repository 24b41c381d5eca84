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
