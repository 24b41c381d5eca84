package game

import (
	"strconv"
	"strings"
)

// Hand is the pieces one side holds, packed into one word so that a hand
// can be compared with another in a single subtraction (the mate solver's
// hand dominance test). Field layout, low bit first: pawn 0-4, lance 8-10,
// knight 12-14, silver 16-18, bishop 20-21, rook 24-25, gold 28-30. The bit
// just above each field stays zero and catches a borrow.
type Hand uint32

var handShift = [Gold + 1]uint{0, 0, 8, 12, 16, 20, 24, 28}
var handMask = [Gold + 1]Hand{0, 0x1f, 0x7 << 8, 0x7 << 12, 0x7 << 16, 0x3 << 20, 0x3 << 24, 0x7 << 28}

const handBorrow Hand = 1<<5 | 1<<11 | 1<<15 | 1<<19 | 1<<22 | 1<<26 | 1<<31

// Count returns how many pieces of kind t (Pawn … Gold) the hand holds.
func (h Hand) Count(t PieceType) int { return int((h & handMask[t]) >> handShift[t]) }

// Has reports whether the hand holds at least one t.
func (h Hand) Has(t PieceType) bool { return h&handMask[t] != 0 }

// Add returns the hand with one more t.
func (h Hand) Add(t PieceType) Hand { return h + 1<<handShift[t] }

// Sub returns the hand with one t fewer; the caller makes sure there is one.
func (h Hand) Sub(t PieceType) Hand { return h - 1<<handShift[t] }

// With returns the hand with exactly n pieces of kind t.
func (h Hand) With(t PieceType, n int) Hand {
	return h&^handMask[t] | Hand(n)<<handShift[t]&handMask[t]
}

// IsEmpty reports whether the hand holds nothing.
func (h Hand) IsEmpty() bool { return h == 0 }

// Dominates reports whether h holds at least as many of every kind as o.
func (h Hand) Dominates(o Hand) bool { return (h-o)&handBorrow == 0 }

// Total returns the number of pieces in the hand.
func (h Hand) Total() int {
	n := 0
	for t := Pawn; t <= Gold; t++ {
		n += h.Count(t)
	}
	return n
}

// exceptPawns is the hand bits of every kind but pawns; handy for drop loops.
const exceptPawns Hand = ^Hand(0x1f)

// sfen appends the hand in SFEN order with the letters of side c.
func (h Hand) sfen(sb *strings.Builder, c Color) {
	for _, t := range HandTypes {
		n := h.Count(t)
		if n == 0 {
			continue
		}
		if n > 1 {
			sb.WriteString(strconv.Itoa(n))
		}
		sb.WriteString(NewPiece(c, t).USI())
	}
}

// String writes the hand in SFEN order with Black's letters ("2PG"), or
// "-" when it is empty, for logs and test messages.
func (h Hand) String() string {
	if h.IsEmpty() {
		return "-"
	}
	var sb strings.Builder
	h.sfen(&sb, Black)
	return sb.String()
}
