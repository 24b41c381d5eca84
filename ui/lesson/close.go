package lesson

import (
	"slices"

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

// CloseChecks is the squares next to the king on k among the drops of
// cs: the close checks.
func CloseChecks(cs game.CheckSets, k game.Square) game.Bitboard {
	if !k.Valid() {
		return game.Empty
	}
	return cs.Drops.And(game.StepAttacks(game.Black, game.King, k))
}

// staticCloseChecks is t's close checks against a king alone on k.
func staticCloseChecks(t game.PieceType, k game.Square) game.Bitboard {
	return CloseChecks(game.StaticCheckSets(game.Black, k, t), k)
}

// PairMeets is where the effects of a 先手 x and a 後手 y, each standing
// alone on k, meet; empty while either is not chosen.
func PairMeets(x, y game.PieceType, k game.Square) game.Bitboard {
	if x == game.NoPieceType || y == game.NoPieceType || !k.Valid() {
		return game.Empty
	}
	return game.Attacks(game.NewPiece(game.Black, x), k, game.Empty).And(game.Attacks(game.NewPiece(game.White, y), k, game.Empty))
}

// CloseMismatch is the first king square on which a 先手 x and a 後手 y
// do not meet exactly on t's close checks; NoSquare when there is none,
// that is, when the pair is a right answer.
func CloseMismatch(t, x, y game.PieceType) game.Square {
	for k := game.Square(0); k < game.NumSquares; k++ {
		if PairMeets(x, y, k) != staticCloseChecks(t, k) {
			return k
		}
	}
	return game.NoSquare
}

// CloseTextPiece is the text's X (= Y) for t's close checks: 銀 for the
// bishop, 金 for the rook.
func CloseTextPiece(t game.PieceType) game.PieceType {
	if t == game.Bishop {
		return game.Silver
	}
	return game.Gold
}

// pickKinds are the kinds the player chooses X and Y among, in the
// order of the kifu's pieces, promoted ones last.
var pickKinds = []game.PieceType{game.Pawn, game.Lance, game.Knight, game.Silver, game.Gold, game.Bishop, game.Rook,
	game.King, game.ProPawn, game.ProLance, game.ProKnight, game.ProSilver, game.Horse, game.Dragon}

// StepPick is the kind after t (d = 1) or before it (d = -1) in
// pickKinds, round the end; from no kind, the first or the last.
func StepPick(t game.PieceType, d int) game.PieceType {
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

// PickKinds are the kinds the player chooses X and Y among, in order.
func PickKinds() []game.PieceType { return slices.Clone(pickKinds) }
