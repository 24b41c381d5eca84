package kif

import "kiki/game"

// OutcomeSpecial returns the record ending for an outcome the rules found
// in the position after the last move (game.Position.Status): o, the
// losing side, and the side to move there. An ending line speaks for the
// side to move, so a foul is 反則負け when that side made it and 反則勝ち
// when the side that just moved did — a perpetual check can complete on
// either side's move. Ongoing has no ending (NotSpecial).
func OutcomeSpecial(o game.Outcome, loser, toMove game.Color) Special {
	switch o {
	case game.Checkmated, game.NoLegalMoves:
		return Mate
	case game.RepetitionDraw:
		return Repetition
	case game.PerpetualCheck:
		if loser == toMove {
			return FoulLose
		}
		return FoulWin
	}
	return NotSpecial
}
