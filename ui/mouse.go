package ui

import (
	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
)

// onMouse maps a click to the board (same geometry as the renderer: the
// hand line, then the board) or to a hand line (choose a piece to drop).
func (m *Model) onMouse(msg tea.MouseMsg) tea.Cmd {
	if msg.Action != tea.MouseActionPress || msg.Button != tea.MouseButtonLeft || m.dialog != nil {
		return nil
	}
	bv := m.board()
	// A click on the move list goes to that move (when not in a game).
	if msg.X >= boardWidth+3 && !m.editing {
		if m.tooSmall() || m.s.playing && !m.s.end.over {
			return nil
		}
		if n, ok := m.layout().list.at(msg.Y); ok {
			m.cancelAIUnlessAnalysis()
			m.s.goTo(n)
			return m.analysisFollow()
		}
		return nil
	}
	// Row 0 is the top hand line, then the board (its own row 0 is the file header).
	if s, ok := bv.hit(msg.X, msg.Y-1); ok {
		m.cursor = s
		if m.editing {
			return nil
		}
		return m.act(s)
	}
	bottomRow := 1 + boardHeight
	side := game.Color(255)
	switch msg.Y {
	case 0:
		side = game.White
		if m.flipped {
			side = game.Black
		}
	case bottomRow:
		side = game.Black
		if m.flipped {
			side = game.White
		}
	}
	if side == m.s.pos.Side() {
		m.cycleHand(1)
	}
	return nil
}
