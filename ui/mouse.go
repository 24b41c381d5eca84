package ui

import (
	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
	"kiki/ui/board"
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
	if m.tooSmall() {
		return nil
	}
	if m.lesson() != nil {
		return m.lessonClick(msg)
	}
	f := m.layout()
	if msg.X >= f.sideX && m.practice() != nil {
		return nil
	}
	if m.practice() != nil && !m.practice().playing {
		return nil
	}
	if msg.X >= f.sideX && !m.editing() {
		if i, ok := f.cands.At(msg.Y); ok {
			return m.pickCandidate(i)
		}
		if m.s.playing && !m.s.end.over {
			return nil
		}
		if n, ok := f.list.at(msg.Y); ok {
			m.cancelAIUnlessAnalysis()
			m.s.goTo(n)
			return m.analysisFollow()
		}
		return nil
	}
	side := m.s.pos.Side()
	if kind, ok := f.hands[side].kindAt(msg.X, msg.Y); ok && !m.editing() {
		m.board.chooseHand(m.s.pos, kind)
		return nil
	}
	if !f.geom.Grid() && msg.Y == m.board.handRow(side) && !m.editing() {
		// The compact hand line: the piece clicked, or the next one when
		// the click is beside the pieces.
		if kind, ok := m.hand(side).KindAt(&m.theme, board.Width+1, msg.X); ok {
			m.board.chooseHand(m.s.pos, kind)
			return nil
		}
	}
	s, answer := m.board.clickIn(m.s.pos, f.geom, msg.X, msg.Y)
	if s == game.NoSquare {
		return m.onBoard(answer)
	}
	if m.editing() {
		return nil
	}
	return m.act(s)
}
