package game

import (
	"math/bits"
	"strings"
)

// Bitboard is a set of squares in two words: lo holds files 1–7 (squares
// 0–62, bit 63 always zero) and hi holds files 8–9 (squares 63–80 as bits
// 0–17). Go has no 128-bit integer; with this split every file lies inside
// one word, so lance and rook-file attacks need one bit scan, and the spare
// bit 63 keeps shifts inside lo from spilling into another file's bits.
type Bitboard struct{ lo, hi uint64 }

const (
	loMask = 1<<63 - 1
	hiMask = 1<<18 - 1
)

// Empty is the empty set.
var Empty = Bitboard{}

// Full is every square.
var Full = Bitboard{loMask, hiMask}

// SquareBB returns the set holding only s.
func SquareBB(s Square) Bitboard {
	if s < 63 {
		return Bitboard{1 << uint(s), 0}
	}
	return Bitboard{0, 1 << uint(s-63)}
}

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool {
	if s < 63 {
		return b.lo>>uint(s)&1 != 0
	}
	return b.hi>>uint(s-63)&1 != 0
}

// Set returns b with s added.
func (b Bitboard) Set(s Square) Bitboard { return b.Or(SquareBB(s)) }

// Clear returns b with s removed.
func (b Bitboard) Clear(s Square) Bitboard { return b.AndNot(SquareBB(s)) }

// And returns the intersection.
func (b Bitboard) And(o Bitboard) Bitboard { return Bitboard{b.lo & o.lo, b.hi & o.hi} }

// Or returns the union.
func (b Bitboard) Or(o Bitboard) Bitboard { return Bitboard{b.lo | o.lo, b.hi | o.hi} }

// Xor returns the symmetric difference.
func (b Bitboard) Xor(o Bitboard) Bitboard { return Bitboard{b.lo ^ o.lo, b.hi ^ o.hi} }

// AndNot returns b without the squares of o.
func (b Bitboard) AndNot(o Bitboard) Bitboard { return Bitboard{b.lo &^ o.lo, b.hi &^ o.hi} }

// Not returns the complement on the board.
func (b Bitboard) Not() Bitboard { return Bitboard{^b.lo & loMask, ^b.hi & hiMask} }

// IsZero reports whether b is empty.
func (b Bitboard) IsZero() bool { return b.lo|b.hi == 0 }

// NonZero reports whether b has a square.
func (b Bitboard) NonZero() bool { return b.lo|b.hi != 0 }

// Intersects reports whether b and o share a square.
func (b Bitboard) Intersects(o Bitboard) bool { return b.lo&o.lo|b.hi&o.hi != 0 }

// Count returns the number of squares.
func (b Bitboard) Count() int { return bits.OnesCount64(b.lo) + bits.OnesCount64(b.hi) }

// More than one square.
func (b Bitboard) MoreThanOne() bool {
	if b.lo != 0 && b.hi != 0 {
		return true
	}
	return b.lo&(b.lo-1) != 0 || b.hi&(b.hi-1) != 0
}

// First returns the lowest square; b must not be empty.
func (b Bitboard) First() Square {
	if b.lo != 0 {
		return Square(bits.TrailingZeros64(b.lo))
	}
	return Square(bits.TrailingZeros64(b.hi) + 63)
}

// Last returns the highest square; b must not be empty.
func (b Bitboard) Last() Square {
	if b.hi != 0 {
		return Square(63 + 63 - bits.LeadingZeros64(b.hi))
	}
	return Square(63 - bits.LeadingZeros64(b.lo))
}

// Pop removes and returns the lowest square; b must not be empty.
func (b *Bitboard) Pop() Square {
	if b.lo != 0 {
		s := bits.TrailingZeros64(b.lo)
		b.lo &= b.lo - 1
		return Square(s)
	}
	s := bits.TrailingZeros64(b.hi)
	b.hi &= b.hi - 1
	return Square(s + 63)
}

// Squares returns the squares in increasing order.
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for b.NonZero() {
		out = append(out, b.Pop())
	}
	return out
}

// shiftDown moves every square one rank towards rank 1 (Black's forward step).
// Squares on rank 1 would wrap into the previous file; callers mask them out.
func (b Bitboard) shiftDown() Bitboard { return Bitboard{b.lo>>1 | b.hi<<62&(1<<62), b.hi >> 1} }

// shiftUp moves every square one rank towards rank 9 (White's forward step).
func (b Bitboard) shiftUp() Bitboard { return Bitboard{b.lo << 1 & loMask, b.hi<<1&hiMask | b.lo>>62} }

// String draws the set as a 9×9 grid, file 9 on the left and rank 1 on top,
// so a failing test shows a diagram.
func (b Bitboard) String() string {
	var sb strings.Builder
	for r := 1; r <= 9; r++ {
		for f := 9; f >= 1; f-- {
			if b.Has(NewSquare(f, r)) {
				sb.WriteByte('*')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Rank and file masks, filled by init in attacks.go.
var (
	rankBB [10]Bitboard // index 1..9
	fileBB [10]Bitboard // index 1..9
)

// FileBB returns the squares of file f (1..9).
func FileBB(f int) Bitboard { return fileBB[f] }

// Hash mixes the set into 64 bits (a finaliser of both words), for tables
// keyed by a few squares' contents.
func (b Bitboard) Hash() uint64 {
	h := b.lo*0x9e3779b97f4a7c15 ^ (b.hi+0x632be59bd9b4e019)*0xbf58476d1ce4e5b9
	h ^= h >> 31
	h *= 0x94d049bb133111eb
	h ^= h >> 29
	return h
}
