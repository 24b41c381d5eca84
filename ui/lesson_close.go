package ui

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
	"kiki/ui/lesson"
)

// choosing reports whether the current question is asked by choosing two
// pieces and is still open.
func (ls *lessonState) choosing() bool {
	return !ls.graded && ls.isClose()
}

// isClose reports whether the current question is a close-check one.
func (ls *lessonState) isClose() bool {
	return ls.question().Kind.Info().Set == lesson.Close
}

// closeRight reports whether the chosen pair is right for the current
// question.
func (ls *lessonState) closeRight() bool {
	return ls.pick[0] != game.NoPieceType && ls.pick[1] != game.NoPieceType &&
		lesson.CloseMismatch(ls.question().Piece, ls.pick[0], ls.pick[1]) == game.NoSquare
}

// closeKey handles the keys that choose the pieces while a close-check
// question is open: left and right step through the kinds, up, down and
// Enter go from X to Y and back, x clears both; handled is false for the
// lesson's other keys. The board's marking keys do nothing here.
func (m *Model) closeKey(msg tea.KeyMsg) (handled bool) {
	ls := m.lesson()
	k := m.keys
	lk := k.lessonKeys()
	switch {
	case key.Matches(msg, k.Up, k.Down, lk.Mark):
		ls.pickRow = 1 - ls.pickRow
	case key.Matches(msg, k.Left, k.StepBack):
		ls.pick[ls.pickRow] = lesson.StepPick(ls.pick[ls.pickRow], -1)
	case key.Matches(msg, k.Right, k.StepFwd):
		ls.pick[ls.pickRow] = lesson.StepPick(ls.pick[ls.pickRow], 1)
	case key.Matches(msg, lk.Clear):
		ls.pick, ls.pickRow = [2]game.PieceType{}, 0
	case key.Matches(msg, lk.Type):
		// No squares to type: the answer is two pieces.
	default:
		return false
	}
	return true
}

// gradeClose grades the chosen pair: the squares where its effects meet
// on this king square become the marks, so the board draws them against
// the close checks square by square as the other questions' marks are.
func (m *Model) gradeClose() {
	ls := m.lesson()
	if ls.pick[0] == game.NoPieceType || ls.pick[1] == game.NoPieceType {
		m.setMessage(m.tr("ls.close.choose"), true)
		return
	}
	ls.marks = lesson.PairMeets(ls.pick[0], ls.pick[1], ls.question().King)
	ls.graded = true
	m.recordLesson(ls.right())
}

// closeVerdict is the grade of a close-check question, in a sentence.
func (m *Model) closeVerdict() string {
	ls := m.lesson()
	q := ls.question()
	ans := q.Answer()
	// The verdict names no pieces: the panel shows the pair beside it, and
	// at 80×24 the notes have room for the verdict and the rule alone.
	switch {
	case ls.gaveUp:
		return m.theme.Title.Render(fmt.Sprintf(m.tr("ls.shown"), ans.Count()))
	case ls.right():
		return m.theme.Good.Render(fmt.Sprintf(m.tr("ls.close.right"), ans.Count()))
	case ls.marks == ans:
		// Right for this king, not for every one: name a king it fails.
		other := m.squareName(lesson.CloseMismatch(q.Piece, ls.pick[0], ls.pick[1]))
		return m.theme.Bad.Render(fmt.Sprintf(m.tr("ls.close.elsewhere"), m.squareName(q.King), other))
	}
	hit, missed, extra := ls.marks.And(ans), ans.AndNot(ls.marks), ls.marks.AndNot(ans)
	return m.theme.Bad.Render(fmt.Sprintf(m.tr("ls.close.wrong"), hit.Count(), missed.Count(), extra.Count()))
}

// closeRule is the rule behind 問8 (bishop) or 問9 (rook), in one
// sentence.
func (m *Model) closeRule(q lesson.Question) string {
	if q.Piece == game.Bishop {
		return m.tr("ls.rule.closeBishop")
	}
	return m.tr("ls.rule.closeRook")
}

// closePanel is the side panel's lines for the two pieces: while the
// question is open, X and Y with the one the keys change marked '>' and
// how to change them; once graded, the pair chosen and where it meets.
func (m *Model) closePanel() []string {
	ls := m.lesson()
	name := func(i int) string {
		if ls.pick[i] == game.NoPieceType {
			return m.theme.Dim.Render(m.tr("ls.close.none"))
		}
		return pieceWord(m.lang, ls.pick[i])
	}
	var out []string
	for i, label := range []string{m.tr("ls.close.x"), m.tr("ls.close.y")} {
		switch {
		case ls.graded:
			out = append(out, "  "+label+name(i))
		case i == ls.pickRow:
			out = append(out, m.theme.Title.Render("> "+label)+"< "+name(i)+" >")
		default:
			out = append(out, "  "+label+"< "+name(i)+" >")
		}
	}
	if !ls.graded {
		out = append(out, m.theme.Dim.Render(m.tr("ls.close.keys")))
	}
	return out
}

// closeHelp is the help bar's keys while the pieces are being chosen.
func (k keyMap) closeHelp() []key.Binding {
	lk := k.lessonKeys()
	piece := key.NewBinding(key.WithKeys("h", "l", "left", "right"), key.WithHelp("h l", tr(k.Lang, "ls.key.piece")))
	row := key.NewBinding(key.WithKeys("j", "k", "up", "down", "enter"), key.WithHelp("j k", tr(k.Lang, "ls.key.row")))
	clear := key.NewBinding(key.WithKeys("x"), key.WithHelp("x", tr(k.Lang, "ls.key.clearPick")))
	return []key.Binding{piece, row, lk.Grade, lk.Answer, lk.Leave, clear, k.Help, k.Quit}
}
