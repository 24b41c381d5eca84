package board

import "testing"

func TestChooseSize(t *testing.T) {
	for _, c := range []struct {
		w, h int
		want Size
	}{{80, 24, Compact}, {100, 30, Compact}, {110, 34, Compact}, {200, 30, Compact},
		{120, 40, Medium}, {140, 60, Medium}, {200, 50, Large}, {150, 42, Large}} {
		if got := ChooseSize(c.w, c.h); got != c.want {
			t.Errorf("%d×%d: %v, want %v", c.w, c.h, got, c.want)
		}
	}
}
