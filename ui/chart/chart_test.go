package chart

import (
	"strings"
	"testing"
)

const blank = rune(0x2800)

// A positive value fills from the zero line up, a negative one down, an
// unknown one not at all; values beyond the range are cut to it.
func TestArea(t *testing.T) {
	rows := Area([]int{1000, 1000, -500, -500, 0, 0, 9999, 9999}, []bool{true, true, true, true, false, false, true, true}, 1000, 4, 3)
	if len(rows) != 3 {
		t.Fatal(len(rows))
	}
	cell := func(r, c int) rune { return []rune(rows[r])[c] }
	if cell(0, 0) == blank || cell(2, 0) != blank {
		t.Errorf("+1000 in ±1000 fills the top row, not the bottom:\n%s", strings.Join(rows, "\n"))
	}
	if cell(0, 1) != blank || cell(2, 1) == blank {
		t.Errorf("-500 fills downwards:\n%s", strings.Join(rows, "\n"))
	}
	if cell(0, 2) != blank || cell(1, 2) != blank || cell(2, 2) != blank {
		t.Errorf("unknown values drew dots:\n%s", strings.Join(rows, "\n"))
	}
	if cell(0, 3) != cell(0, 0) {
		t.Errorf("9999 is not cut to the range:\n%s", strings.Join(rows, "\n"))
	}
}

func TestGridSet(t *testing.T) {
	g := NewGrid(1, 1)
	g.Set(0, 0)
	g.Set(1, 3)
	g.Set(5, 5) // outside: dropped
	if got := g.Rows()[0]; got != string(rune(0x2800|0x01|0x80)) {
		t.Errorf("%q", got)
	}
}
