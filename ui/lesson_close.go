package ui

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
)

// 問8–9 of the reverse-effect text: the squares next to a 後手 king on sq
// from which a dropped bishop (rook) checks, its close checks, are where
// the effect of a 先手 X on sq and that of a 後手 Y on sq meet (their
// logical AND); the question is X and Y, and the player answers by
// choosing the two pieces. The text answers 銀 and 銀 (金 and 金). A pair
// is graded right when it makes the text's claim true for a king on every
// square, so the pieces that move as a gold does (と 杏 圭 全) count as a
// gold, and so do the few pairs the text does not name whose effects meet
// on the same squares (a 先手 玉 and a 後手 飛, say): the claim holds for
// them as well. The close checks come from the rules core's drop sets and
// the pairs' effects from its attack tables; nothing here is a typed
// table.

// closeChecks is the squares next to the king on k among the drops of
// cs: the close checks.
func closeChecks(cs game.CheckSets, k game.Square) game.Bitboard {
	if !k.Valid() {
		return game.Empty
	}
	return cs.Drops.And(game.StepAttacks(game.Black, game.King, k))
}

// staticCloseChecks is t's close checks against a king alone on k.
func staticCloseChecks(t game.PieceType, k game.Square) game.Bitboard {
	return closeChecks(game.StaticCheckSets(game.Black, k, t), k)
}

// pairMeets is where the effects of a 先手 x and a 後手 y, each standing
// alone on k, meet; empty while either is not chosen.
func pairMeets(x, y game.PieceType, k game.Square) game.Bitboard {
	if x == game.NoPieceType || y == game.NoPieceType || !k.Valid() {
		return game.Empty
	}
	return game.Attacks(game.NewPiece(game.Black, x), k, game.Empty).And(game.Attacks(game.NewPiece(game.White, y), k, game.Empty))
}

// closeMismatch is the first king square on which a 先手 x and a 後手 y
// do not meet exactly on t's close checks; NoSquare when there is none,
// that is, when the pair is a right answer.
func closeMismatch(t, x, y game.PieceType) game.Square {
	for k := game.Square(0); k < game.NumSquares; k++ {
		if pairMeets(x, y, k) != staticCloseChecks(t, k) {
			return k
		}
	}
	return game.NoSquare
}

// closeTextPiece is the text's X (= Y) for t's close checks: 銀 for the
// bishop, 金 for the rook.
func closeTextPiece(t game.PieceType) game.PieceType {
	if t == game.Bishop {
		return game.Silver
	}
	return game.Gold
}

// pickKinds are the kinds the player chooses X and Y among, in the
// order of the kifu's pieces, promoted ones last.
var pickKinds = []game.PieceType{game.Pawn, game.Lance, game.Knight, game.Silver, game.Gold, game.Bishop, game.Rook,
	game.King, game.ProPawn, game.ProLance, game.ProKnight, game.ProSilver, game.Horse, game.Dragon}

// stepPick is the kind after t (d = 1) or before it (d = -1) in
// pickKinds, round the end; from no kind, the first or the last.
func stepPick(t game.PieceType, d int) game.PieceType {
	n := len(pickKinds)
	i := -1
	for j, x := range pickKinds {
		if x == t {
			i = j
		}
	}
	if i < 0 {
		if d > 0 {
			return pickKinds[0]
		}
		return pickKinds[n-1]
	}
	return pickKinds[((i+d)%n+n)%n]
}

// choosing reports whether the current question is asked by choosing two
// pieces and is still open.
func (ls *lessonState) choosing() bool {
	return !ls.graded && ls.isClose()
}

// isClose reports whether the current question is a close-check one.
func (ls *lessonState) isClose() bool {
	return lessonKinds[ls.question().kind].set == setClose
}

// closeRight reports whether the chosen pair is right for the current
// question.
func (ls *lessonState) closeRight() bool {
	return ls.pick[0] != game.NoPieceType && ls.pick[1] != game.NoPieceType &&
		closeMismatch(ls.question().piece, ls.pick[0], ls.pick[1]) == game.NoSquare
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
		ls.pick[ls.pickRow] = stepPick(ls.pick[ls.pickRow], -1)
	case key.Matches(msg, k.Right, k.StepFwd):
		ls.pick[ls.pickRow] = stepPick(ls.pick[ls.pickRow], 1)
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
	ls.marks = pairMeets(ls.pick[0], ls.pick[1], ls.question().king)
	ls.graded = true
	m.recordLesson(ls.right())
}

// closeVerdict is the grade of a close-check question, in a sentence.
func (m *Model) closeVerdict() string {
	ls := m.lesson()
	q := ls.question()
	ans := q.answer()
	// The verdict names no pieces: the panel shows the pair beside it, and
	// at 80×24 the notes have room for the verdict and the rule alone.
	switch {
	case ls.gaveUp:
		return m.theme.Title.Render(fmt.Sprintf(m.tr("ls.shown"), ans.Count()))
	case ls.right():
		return m.theme.Good.Render(fmt.Sprintf(m.tr("ls.close.right"), ans.Count()))
	case ls.marks == ans:
		// Right for this king, not for every one: name a king it fails.
		other := m.squareName(closeMismatch(q.piece, ls.pick[0], ls.pick[1]))
		return m.theme.Bad.Render(fmt.Sprintf(m.tr("ls.close.elsewhere"), m.squareName(q.king), other))
	}
	hit, missed, extra := ls.marks.And(ans), ans.AndNot(ls.marks), ls.marks.AndNot(ans)
	return m.theme.Bad.Render(fmt.Sprintf(m.tr("ls.close.wrong"), hit.Count(), missed.Count(), extra.Count()))
}

// closeRule is the rule behind 問8 (bishop) or 問9 (rook), in one
// sentence.
func (m *Model) closeRule(q lessonQuestion) string {
	if q.piece == game.Bishop {
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
