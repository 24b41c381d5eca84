package game

// CountLegal returns the number of legal moves.
func (p *Position) CountLegal() int {
	var ml MoveList
	p.generate(&ml, genAll)
	return ml.n
}
