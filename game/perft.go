package game

// Perft counts the leaf nodes of the legal move tree to depth plies. The
// last ply is counted without making the moves (bulk counting), as the
// reference programs do; the count is the same.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return uint64(p.CountLegal())
	}
	var ml MoveList
	p.generate(&ml, genAll)
	var n uint64
	for _, m := range ml.Slice() {
		p.DoMove(m)
		n += p.Perft(depth - 1)
		p.UndoMove()
	}
	return n
}

// PerftDivide returns the perft count below each legal root move.
func (p *Position) PerftDivide(depth int) map[Move]uint64 {
	out := map[Move]uint64{}
	var ml MoveList
	p.generate(&ml, genAll)
	for _, m := range ml.Slice() {
		p.DoMove(m)
		out[m] = p.Perft(depth - 1)
		p.UndoMove()
	}
	return out
}
