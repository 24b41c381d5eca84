// Package chart draws charts in a terminal with the braille characters
// (U+2800 …), each cell two columns and four rows of dots: eight times
// the resolution of one mark a cell.
package chart

import "strings"

// Area draws values, one a column of dots (two a cell), as an area from
// the zero line in the middle of rows cells: a positive value fills
// upwards, a negative one downwards, in proportion to rng (values beyond
// it are cut). A value not known (known false) leaves its column empty.
// It returns rows lines of cols cells.
func Area(values []int, known []bool, rng, cols, rows int) []string {
	g := NewGrid(cols, rows)
	zero := g.h / 2 // the dot row of 0: the middle of the middle cell row
	for x, v := range values {
		if x >= g.w || x < len(known) && !known[x] {
			continue
		}
		v = max(-rng, min(rng, v))
		y := zero - int(float64(v)/float64(rng)*float64(zero)+sign(v)*0.5)
		for lo, hi := min(y, zero), max(y, zero); lo <= hi; lo++ {
			g.Set(x, lo)
		}
	}
	return g.Rows()
}

func sign(v int) float64 {
	if v < 0 {
		return -1
	}
	return 1
}

// Grid is a grid of dots drawn with the braille characters: each cell
// holds two columns and four rows of dots.
type Grid struct {
	w, h  int // in dots
	cells [][]rune
}

// NewGrid is an empty grid of cols × rows cells.
func NewGrid(cols, rows int) *Grid {
	b := &Grid{w: 2 * cols, h: 4 * rows, cells: make([][]rune, rows)}
	for r := range b.cells {
		b.cells[r] = []rune(strings.Repeat(string(rune(0x2800)), cols))
	}
	return b
}

// brailleBit is the bit of the dot at column x%2, row y%4 of a cell.
var brailleBit = [4][2]rune{{0x01, 0x08}, {0x02, 0x10}, {0x04, 0x20}, {0x40, 0x80}}

// Set puts a dot at (x, y), y from the top; one outside is dropped.
func (b *Grid) Set(x, y int) {
	if x < 0 || y < 0 || x >= b.w || y >= b.h {
		return
	}
	b.cells[y/4][x/2] |= brailleBit[y%4][x%2]
}

// Rows are the grid's lines of text.
func (b *Grid) Rows() []string {
	out := make([]string, len(b.cells))
	for i, c := range b.cells {
		out[i] = string(c)
	}
	return out
}
