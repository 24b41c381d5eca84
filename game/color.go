package game

// Color is a side: Black (先手, moves first, at the bottom) or White (後手).
type Color uint8

const (
	// Black is 先手 (sente).
	Black Color = 0
	// White is 後手 (gote).
	White Color = 1
)

// Opp returns the other side.
func (c Color) Opp() Color { return c ^ 1 }

// String returns 先手 or 後手.
func (c Color) String() string {
	if c == Black {
		return "先手"
	}
	return "後手"
}

// Mark returns ▲ for Black and △ for White, as used in kifu.
func (c Color) Mark() string {
	if c == Black {
		return "▲"
	}
	return "△"
}
