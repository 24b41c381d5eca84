package ui

import "kiki/ui/board"

// The board's layouts (compact, medium, large) and their geometry are
// ui/board's; the root picks one for the terminal's size.

// geom is the board geometry for the terminal's size.
func (m *Model) geom() board.Geom {
	w, h := m.size()
	return board.GeomFor(board.ChooseSize(w, h))
}
