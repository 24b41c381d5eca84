package game

import "fmt"

// Square is a board square, numbered as described in the package doc:
// (file-1)*9 + (rank-1), 1一 = 0 … 9九 = 80.
type Square int8

const (
	// NumSquares is the number of squares on the board.
	NumSquares = 81
	// NoSquare marks an absent square (no king, no origin).
	NoSquare Square = -1
)

// NewSquare returns the square at file and rank, both 1..9.
func NewSquare(file, rank int) Square { return Square((file-1)*9 + rank - 1) }

// File returns the file, 1..9.
func (s Square) File() int { return int(s)/9 + 1 }

// Rank returns the rank, 1..9.
func (s Square) Rank() int { return int(s)%9 + 1 }

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s >= 0 && s < NumSquares }

const usiRanks = "abcdefghi"

// USI returns the square in USI notation, e.g. "7g".
func (s Square) USI() string {
	if !s.Valid() {
		return "--"
	}
	return fmt.Sprintf("%d%c", s.File(), usiRanks[s.Rank()-1])
}

// FullWidthDigits are the file digits used in Japanese notation, index 1..9.
var FullWidthDigits = [10]string{"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"}

// KanjiNumerals are the rank numerals used in Japanese notation, index 1..9.
var KanjiNumerals = [10]string{"〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"}

// Japanese returns the square as written in kifu, e.g. ７六.
func (s Square) Japanese() string {
	if !s.Valid() {
		return "--"
	}
	return FullWidthDigits[s.File()] + KanjiNumerals[s.Rank()]
}

// String returns the USI name.
func (s Square) String() string { return s.USI() }

// ParseSquare reads a USI square such as "7g".
func ParseSquare(str string) (Square, error) {
	if len(str) != 2 || str[0] < '1' || str[0] > '9' || str[1] < 'a' || str[1] > 'i' {
		return NoSquare, fmt.Errorf("bad square %q: want a file 1-9 and a rank a-i, e.g. 7g", str)
	}
	return NewSquare(int(str[0]-'0'), int(str[1]-'a')+1), nil
}

// RelRank returns the rank as seen by c: 1 is the far rank (the enemy's
// back rank), 9 c's own back rank.
func (s Square) RelRank(c Color) int {
	if c == Black {
		return s.Rank()
	}
	return 10 - s.Rank()
}

// InCamp reports whether s is in the promotion zone of side c (the three far ranks).
func InCamp(c Color, s Square) bool { return s.RelRank(c) <= 3 }
