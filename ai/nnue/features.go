// Package nnue is kiki's learned evaluation: a small NNUE-style network.
//
// Each side has an accumulator: the sum of the weight rows of the features
// active from its point of view — every piece but its own king, by kind
// (own or enemy) and square, and every piece in hand as "at least n of this
// kind" — taken relative to its own king: the board is turned so that the
// side looks up the board, mirrored left–right so that its king stands on
// files 1–5, and the rows are chosen by one of 20 king buckets (the king's
// file 1–5 times its rank: home, second, third, or further up). A move
// changes a few features, so the accumulators follow do/undo by adding and
// subtracting rows; only a king move refreshes its own side's, from the
// last accumulator made for the king's new view. The side to
// move's accumulator and the other's, clipped to [0, 1], feed one linear
// output: the score.
//
// Why this size: the weights are trained here on one core from a few
// hundred thousand self-play positions, so the model must be cheap per
// sample and its features shared widely. 32 hidden units and 20 buckets
// (not 81 king squares) keep it at 1.5 million weights, and training adds
// a bucket-free copy of every feature (factorisation, as in the NNUE
// trainers) so that what a piece on a square is worth is learnt from all
// positions and only the king-dependent part from each bucket's own.
package nnue

import "kiki/game"

const (
	// Hidden is the width of each side's accumulator.
	Hidden = 32
	// NumBuckets is the number of king buckets.
	NumBuckets = 20
	boardSlots = 28 * game.NumSquares // (own, enemy) × 14 kinds × 81 squares
	// BoardFeatures is the number of board features in a bucket; a board
	// feature f is kind slot f/81 (own kinds 0–13, enemy 14–27) on square
	// f%81; the hand features follow.
	BoardFeatures = boardSlots
	handSlots     = 38 // per side: 18 pawns, 4 lances, knights, silvers, golds, 2 bishops, rooks
	// PerBucket is the number of features within one king bucket.
	PerBucket = boardSlots + 2*handSlots
	// NumFeatures is the number of weight rows the evaluation uses.
	NumFeatures = NumBuckets * PerBucket
	// MaxActive bounds the active features of one side (40 pieces less the
	// own king, plus at most 38 hand indicators for all the pieces there).
	MaxActive = 40 + 2*handSlots
)

// handOffset is where each kind's "at least n" indicators start.
var handOffset = [game.Gold + 1]int{game.Pawn: 0, game.Lance: 18, game.Knight: 22, game.Silver: 26, game.Bishop: 30, game.Rook: 32, game.Gold: 34}

// view is how one side looks at the board: its king bucket and whether
// squares are mirrored, fixed until its king moves.
type view struct {
	side   game.Color
	mirror bool
	base   int // bucket * PerBucket
}

// orient turns a square as side c sees it: 後手 looks from the other end.
func orient(c game.Color, s game.Square) game.Square {
	if c == game.White {
		return game.NumSquares - 1 - s
	}
	return s
}

func mirrorSq(s game.Square) game.Square {
	return game.NewSquare(10-s.File(), s.Rank())
}

// newView computes the view of side c whose king stands on k (NoSquare: no
// king, bucket 0).
func newView(c game.Color, k game.Square) view {
	v := view{side: c}
	if k == game.NoSquare {
		return v
	}
	ks := orient(c, k)
	if ks.File() > 5 {
		v.mirror = true
		ks = mirrorSq(ks)
	}
	g := 3
	switch ks.Rank() {
	case 9:
		g = 0
	case 8:
		g = 1
	case 7:
		g = 2
	}
	v.base = ((ks.File()-1)*4 + g) * PerBucket
	return v
}

// Bucket returns the bucket index of the view (for tests and statistics).
func (v view) bucket() int { return v.base / PerBucket }

// piece returns the local (within-bucket) feature of pc standing on s.
func (v view) piece(pc game.Piece, s game.Square) int {
	s = orient(v.side, s)
	if v.mirror {
		s = mirrorSq(s)
	}
	rel := 0
	if pc.Color() != v.side {
		rel = 1
	}
	return (rel*14+int(pc.Type())-1)*game.NumSquares + int(s)
}

// hand returns the local feature "side c holds at least n pieces of kind t".
func (v view) hand(c game.Color, t game.PieceType, n int) int {
	rel := 0
	if c != v.side {
		rel = 1
	}
	return boardSlots + rel*handSlots + handOffset[t] + n - 1
}

// Board is what the features depend on: a position without its history.
type Board struct {
	Squares [game.NumSquares]game.Piece
	Hands   [2]game.Hand
	Kings   [2]game.Square
}

// BoardOf copies the board of p.
func BoardOf(p *game.Position) Board {
	var b Board
	for s := game.Square(0); s < game.NumSquares; s++ {
		b.Squares[s] = p.PieceAt(s)
	}
	b.Hands = [2]game.Hand{p.Hand(game.Black), p.Hand(game.White)}
	b.Kings = [2]game.Square{p.King(game.Black), p.King(game.White)}
	return b
}

// NewBoard builds a Board from squares and hands, finding the kings.
func NewBoard(sq *[game.NumSquares]game.Piece, hands [2]game.Hand) Board {
	b := Board{Squares: *sq, Hands: hands, Kings: [2]game.Square{game.NoSquare, game.NoSquare}}
	for s := game.Square(0); s < game.NumSquares; s++ {
		if pc := sq[s]; pc != game.NoPiece && pc.Type() == game.King {
			b.Kings[pc.Color()] = s
		}
	}
	return b
}

// Active appends the features active from side c's view of b as local
// indices (0 … PerBucket-1) and returns them with the bucket.
func Active(b *Board, c game.Color, dst []int32) ([]int32, int) {
	v := newView(c, b.Kings[c])
	for s := game.Square(0); s < game.NumSquares; s++ {
		pc := b.Squares[s]
		if pc == game.NoPiece || s == b.Kings[c] && pc == game.NewPiece(c, game.King) {
			continue
		}
		dst = append(dst, int32(v.piece(pc, s)))
	}
	for hc := game.Black; hc <= game.White; hc++ {
		for t := game.Pawn; t <= game.Gold; t++ {
			for n := 1; n <= b.Hands[hc].Count(t); n++ {
				dst = append(dst, int32(v.hand(hc, t, n)))
			}
		}
	}
	return dst, v.bucket()
}
