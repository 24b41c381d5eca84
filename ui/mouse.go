package ui

import (
	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
)

// onMouse maps a left click to the move list (go to that move, when not
// in a game), to the board (the cursor goes there and, out of the editor,
// it acts) or to the hand line of the side to move (choose a piece to
// drop). The geometry comes from layout, the same as View draws, so a
// click needs no View before it.
func (m *Model) onMouse(msg tea.MouseMsg) tea.Cmd {
	if msg.Action != tea.MouseActionPress || msg.Button != tea.MouseButtonLeft || m.dialog != nil {
		return nil
	}
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
	s, answer := m.board.click(m.s.pos, msg.X, msg.Y)
	if s == game.NoSquare {
		return m.onBoard(answer)
	}
	if m.editing {
		return nil
	}
	return m.act(s)
}
