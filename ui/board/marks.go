package board

import (
	"github.com/charmbracelet/lipgloss"

	"kiki/ui/theme"
)

// Mark is a highlight on a square. It is drawn as a tint and, so that
// nothing depends on colour, as a character in the cell's first column.
// When several apply, the higher one shows.
type Mark uint8

// The marks, the lowest first.
const (
	MarkNone Mark = iota
	MarkEffect
	MarkLast
	MarkCheckOrigin
	MarkCheckOriginPiece
	MarkCheckDest
	MarkCheckDestOrigin
	MarkCheckDrop
	MarkCheckDropOrigin
	// The check lesson's marks (ui/lesson.go): the player's mark, then, once
	// graded, a square marked right, one missed and one marked wrongly.
	// Among the study's marks, so that the grid layouts draw them beside
	// the piece, where the eye looks.
	MarkLessonPick
	MarkLessonHit
	MarkLessonMissed
	MarkLessonExtra
	MarkCheckMove
	MarkMate
	MarkStudyKing
	MarkHint
	MarkDest
	MarkCapture
	MarkSelected
	MarkCursor
)

var markChars = [...]byte{MarkNone: ' ', MarkEffect: '*', MarkLast: '~', MarkCheckOrigin: 'o', MarkCheckOriginPiece: 'O', MarkCheckDest: 'm',
	MarkCheckDestOrigin: 'M', MarkCheckDrop: 'd', MarkCheckDropOrigin: 'D',
	MarkLessonPick: '?', MarkLessonHit: '=', MarkLessonMissed: '-', MarkLessonExtra: 'X', MarkCheckMove: '!', MarkMate: '#', MarkStudyKing: ' ', MarkHint: '&', MarkDest: '+', MarkCapture: 'x', MarkSelected: '@', MarkCursor: '>'}

func markStyle(t *theme.Theme, m Mark) (lipgloss.Style, bool) {
	switch m {
	case MarkEffect:
		return t.Effect, true
	case MarkLast:
		return t.Last, true
	case MarkCheckOrigin:
		return t.CheckOrigin, true
	case MarkCheckOriginPiece:
		return t.CheckOrigin.Bold(true).Underline(true), true
	case MarkStudyKing:
		return t.Title.Underline(true), true
	case MarkCheckDest, MarkCheckDestOrigin:
		return t.CheckDest, true
	case MarkCheckDrop, MarkCheckDropOrigin:
		return t.CheckDrop, true
	case MarkLessonPick:
		return t.Selected, true
	case MarkLessonHit:
		return t.Dest, true
	case MarkLessonMissed:
		return t.Last, true
	case MarkLessonExtra:
		return t.Capture, true
	case MarkCheckMove:
		return t.CheckMove, true
	case MarkMate:
		return t.MateMove, true
	case MarkHint:
		return t.Hint, true
	case MarkDest:
		return t.Dest, true
	case MarkCapture:
		return t.Capture, true
	case MarkSelected:
		return t.Selected, true
	case MarkCursor:
		return t.Cursor, true
	}
	return lipgloss.Style{}, false
}

// isStudyMark reports whether m is one of the check study's own marks.
func isStudyMark(m Mark) bool { return m >= MarkCheckOrigin && m <= MarkMate }

// markChar is the style of mark characters on the tint of m: the theme's
// Mark colour, but the mate's own white on its red.
func markChar(t *theme.Theme, m Mark) lipgloss.Style {
	if m == MarkMate {
		return t.MateMove
	}
	return t.Mark
}

// MarkLegend is a mark's character as the board draws it, in the mark
// colour on its tint, for the legends that explain it.
func MarkLegend(t *theme.Theme, m Mark) string {
	st := markChar(t, m)
	if bg, ok := markStyle(t, m); ok {
		st = st.Inherit(bg)
	}
	return st.UnsetUnderline().Render(string(markChars[m]))
}
