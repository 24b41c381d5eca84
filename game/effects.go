package game

// EffectCounts returns, for each side and square, how many of that side's
// pieces attack the square (the whole-board effect map the UI draws).
func (p *Position) EffectCounts() [2][NumSquares]uint8 {
	var out [2][NumSquares]uint8
	for c := Black; c <= White; c++ {
		pieces := p.byColor[c]
		for pieces.NonZero() {
			s := pieces.Pop()
			att := Attacks(p.board[s], s, p.occ)
			for att.NonZero() {
				out[c][att.Pop()]++
			}
		}
	}
	return out
}
