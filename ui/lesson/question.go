// Package lesson is the check lesson's model ('L' on the board): the
// questions of the reverse-effect text
// (../shared/reference/reverse-effect-check-tables.ja.txt), asked on the
// board. Each question puts a 後手 king on a random square
// and asks for a set of squares (where a drop checks, where a move lands
// checking, from where ...); the player marks them with the cursor, the
// mouse or typed squares and asks for a grade, square by square. The
// answers come from the rules core's reverse-effect sets
// (Position.CheckSets), never from a table here. How each kind of
// question went is kept in the config folder (lesson-progress.json), and
// the kinds missed last time are asked first.
package lesson

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"kiki/game"
)

// Kind is a kind of question, after the text's numbering.
type Kind uint8

const (
	SilverDrop    Kind = iota // 問1: where does a silver drop check
	Drop                      // 問2: where does a drop of X check
	KnightDest                // 問3: where does a knight move to check
	RookDest                  // 問4: where does a rook move to check
	MoveDest                  // 問5: where does X move to check
	KnightOrigin              // 問6: from where can a knight move to check
	KnightTwoStep             // 問7: where was a quiet knight dropped
	BishopClose               // 問8: which two effects meet on a bishop's close checks
	RookClose                 // 問9: which two effects meet on a rook's close checks
	BishopTwoStep             // 問10: where was a quiet bishop dropped
	NumKinds
)

// Set is the set of squares a question asks for.
type Set uint8

const (
	Drops   Set = iota // drop squares that check
	Dests              // destinations of checking moves (promotion counts)
	Origins            // origins of checking moves
	TwoStep            // quiet drops from which the next move checks
	// Close: the drops next to the king that check, asked as the two
	// pieces whose effects meet there (lesson_close.go); answered by
	// choosing the pieces, not by marking squares.
	Close
)

// Info describes a kind of question: its number in the text,
// its name in the progress file, the set it asks for and the pieces it
// asks about (one chosen at random).
type Info struct {
	Num    int
	ID     string
	Set    Set
	Pieces []game.PieceType
}

// unpromoted are the kinds a player holds in hand and the text's X.
var unpromoted = []game.PieceType{game.Pawn, game.Lance, game.Knight, game.Silver, game.Gold, game.Bishop, game.Rook}

// kinds are the kinds of question, in the text's order (read
// only: a description, not state).
var kinds = [NumKinds]Info{
	SilverDrop:    {1, "q1-silver-drop", Drops, []game.PieceType{game.Silver}},
	Drop:          {2, "q2-drop", Drops, unpromoted},
	KnightDest:    {3, "q3-knight-destination", Dests, []game.PieceType{game.Knight}},
	RookDest:      {4, "q4-rook-destination", Dests, []game.PieceType{game.Rook}},
	MoveDest:      {5, "q5-destination", Dests, unpromoted},
	KnightOrigin:  {6, "q6-knight-origin", Origins, []game.PieceType{game.Knight}},
	KnightTwoStep: {7, "q7-knight-two-step", TwoStep, []game.PieceType{game.Knight}},
	BishopClose:   {8, "q8-bishop-close", Close, []game.PieceType{game.Bishop}},
	RookClose:     {9, "q9-rook-close", Close, []game.PieceType{game.Rook}},
	BishopTwoStep: {10, "q10-bishop-two-step", TwoStep, []game.PieceType{game.Bishop}},
}

// Length is how many questions a lesson asks.
const Length = 5

// Question is one question: its kind, the 後手 king's square and
// the piece asked about.
type Question struct {
	Kind  Kind
	King  game.Square
	Piece game.PieceType
}

// InHand reports whether the question's piece stands in 先手's hand: the
// questions about drops.
func (q Question) InHand() bool {
	s := kinds[q.Kind].Set
	return s == Drops || s == TwoStep || s == Close
}

// Position is the question's board: the 後手 king alone, 先手 to move,
// with the piece in hand where the question is about dropping it.
func (q Question) Position() (*game.Position, error) {
	hand := game.NoPieceType
	if q.InHand() {
		hand = q.Piece
	}
	return Position(q.King, game.NoSquare, hand)
}

// Position is the SFEN position of a 後手 king on k, a 先手 king on
// sk (NoSquare for none) and hand in 先手's hand (NoPieceType for none).
func Position(k, sk game.Square, hand game.PieceType) (*game.Position, error) {
	var rows []string
	for r := 1; r <= 9; r++ {
		var sb strings.Builder
		blank := 0
		for f := 9; f >= 1; f-- {
			s := game.NewSquare(f, r)
			letter := ""
			switch s {
			case k:
				letter = "k"
			case sk:
				letter = "K"
			}
			if letter == "" {
				blank++
				continue
			}
			if blank > 0 {
				fmt.Fprint(&sb, blank)
				blank = 0
			}
			sb.WriteString(letter)
		}
		if blank > 0 {
			fmt.Fprint(&sb, blank)
		}
		rows = append(rows, sb.String())
	}
	h := "-"
	if hand != game.NoPieceType {
		h = hand.Letter()
	}
	return game.ParseSFEN(strings.Join(rows, "/") + " b " + h + " 1")
}

// Answer is the question's squares, from the rules core.
func (q Question) Answer() game.Bitboard {
	p, err := q.Position()
	if err != nil {
		return game.Empty
	}
	return Answer(kinds[q.Kind].Set, p, q.Piece)
}

// Answer is set for 先手's piece kind t against the 後手 king of p,
// from the rules core's reverse-effect sets. The two-step set is the
// origins of checking moves where t may be dropped (the rules core says
// which drops are legal) less the squares where the drop itself checks:
// the text's "控えて打った" is a quiet drop.
func Answer(set Set, p *game.Position, t game.PieceType) game.Bitboard {
	cs := p.CheckSets(game.Black, t)
	switch set {
	case Drops:
		return cs.Drops
	case Dests:
		return cs.Destinations
	case Origins:
		return cs.Origins
	case Close:
		return CloseChecks(cs, p.King(game.White))
	}
	var out game.Bitboard
	for b := cs.Origins.AndNot(cs.Drops); b.NonZero(); {
		s := b.Pop()
		if p.IsLegal(game.NewDrop(game.NewPiece(game.Black, t), s)) {
			out = out.Set(s)
		}
	}
	return out
}

// NewQuestion draws a question of kind k: a king on ranks 一 to 五
// (where the promotion zone and the board's edge shape the answer, as in
// the text's examples) and one of the kind's pieces, again until the
// answer is not empty (a pawn cannot drop below a king on 九, say).
func NewQuestion(rng *rand.Rand, k Kind) Question {
	info := kinds[k]
	q := Question{Kind: k}
	for range 100 {
		q.King = game.NewSquare(1+rng.IntN(9), 1+rng.IntN(5))
		q.Piece = info.Pieces[rng.IntN(len(info.Pieces))]
		if q.Answer().NonZero() {
			break
		}
	}
	return q
}

// Info is how kind k is asked.
func (k Kind) Info() Info { return kinds[k] }
