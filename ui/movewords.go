package ui

// How the screen words a move that cannot be played, in its own language:
// the rules core and the notation reader say why in a typed form (the
// rule broken, the square and piece concerned), and the catalogue words
// it, so no English sentence of theirs reaches the Japanese screen and no
// Japanese one the English screen.

import (
	"errors"
	"fmt"
	"strings"

	"kiki/game"
	"kiki/kif"
)

// illegalWords says in l why move m breaks a rule in p ("" when legal).
func illegalWords(l Lang, p *game.Position, m game.Move) string {
	i := p.Illegality(m)
	if i == game.Legal {
		return ""
	}
	if i == game.NotInHand {
		return fmt.Sprintf(tr(l, "rule.notInHandOf"), m.DropType().Name())
	}
	return tr(l, fmt.Sprintf("rule.%d", i))
}

// typedMoveWords says in l why the text typed at the move prompt is not a
// move in p; err is what parseTypedMove returned.
func typedMoveWords(l Lang, p *game.Position, text string, err error) string {
	if isUSIish(text) {
		return usiMoveWords(l, p, text)
	}
	var me *kif.MoveError
	if !errors.As(err, &me) {
		return fmt.Sprintf(tr(l, "mv.unreadable"), text)
	}
	sq := me.Square.Japanese()
	switch me.Reason {
	case kif.MoveNoPrevious:
		return tr(l, "mv.noPrevious")
	case kif.MoveNoPiece:
		return fmt.Sprintf(tr(l, "mv.noPiece"), me.Dest, sq)
	case kif.MoveNotYours:
		return fmt.Sprintf(tr(l, "mv.notYours"), me.Dest, sq, me.Side)
	case kif.MoveWrongPiece:
		return fmt.Sprintf(tr(l, "mv.wrongPiece"), me.Dest, sq, me.Has.Name())
	case kif.MoveIllegal:
		return me.Dest + ": " + ruleWords(l, me.Rule, me.Piece)
	case kif.MoveSayPromote:
		return me.Dest + ": " + ruleWords(l, me.Rule, me.Piece) + tr(l, "mv.sayPromote")
	case kif.MoveCannotDrop:
		return fmt.Sprintf(tr(l, "mv.cannotDrop"), me.Dest, me.Piece.Name())
	case kif.MoveNoneCanGo:
		return fmt.Sprintf(tr(l, "mv.noneCanGo"), me.Dest, me.Piece.Name())
	case kif.MoveNoRelative:
		return fmt.Sprintf(tr(l, "mv.noRelative"), me.Dest)
	case kif.MoveAmbiguous:
		var names []string
		for _, s := range me.Squares {
			names = append(names, s.Japanese())
		}
		return fmt.Sprintf(tr(l, "mv.ambiguous"), me.Dest, strings.Join(names, " "))
	}
	return fmt.Sprintf(tr(l, "mv.unreadable"), text)
}

// ruleWords words a broken rule, naming the piece where the rule is about
// the hand.
func ruleWords(l Lang, i game.Illegality, t game.PieceType) string {
	if i == game.NotInHand {
		return fmt.Sprintf(tr(l, "rule.notInHandOf"), t.Name())
	}
	return tr(l, fmt.Sprintf("rule.%d", i))
}

// usiMoveWords says why a USI move (7g7f, P*5e) is not a move in p.
func usiMoveWords(l Lang, p *game.Position, text string) string {
	bad := fmt.Sprintf(tr(l, "mv.unreadable"), text)
	if text[1] == '*' {
		t, ok := game.HandTypeFromLetter(text[0])
		to, err := game.ParseSquare(text[2:])
		if !ok || err != nil || len(text) != 4 {
			return bad
		}
		return text + ": " + ruleWords(l, p.Illegality(game.NewDrop(game.NewPiece(p.Side(), t), to)), t)
	}
	from, err1 := game.ParseSquare(text[0:2])
	to, err2 := game.ParseSquare(text[2:4])
	if err1 != nil || err2 != nil || len(text) == 5 && text[4] != '+' {
		return bad
	}
	pc := p.PieceAt(from)
	switch {
	case pc == game.NoPiece:
		return fmt.Sprintf(tr(l, "mv.noPiece"), text, from.Japanese())
	case pc.Color() != p.Side():
		return fmt.Sprintf(tr(l, "mv.notYours"), text, from.Japanese(), p.Side())
	}
	m := game.NewMove(from, to, pc, p.PieceAt(to), len(text) == 5)
	if w := illegalWords(l, p, m); w != "" {
		return text + ": " + w
	}
	return bad
}
