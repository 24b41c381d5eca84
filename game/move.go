package game

import (
	"fmt"
	"strings"
)

// Move is a packed move, enough to make and unmake it without looking at
// the board:
//
//	bits  0–6   destination square
//	bits  7–13  origin square, or the dropped PieceType for a drop
//	bit   14    drop
//	bit   15    promotion
//	bits 16–20  the moving Piece (with its side, before promotion)
//	bits 21–25  the captured Piece, NoPiece if none
//
// The zero Move is "no move".
type Move uint32

// NoMove is the zero move.
const NoMove Move = 0

const (
	moveDrop    = 1 << 14
	movePromote = 1 << 15
)

// NewMove returns a board move of piece pc from → to capturing cap.
func NewMove(from, to Square, pc, cap Piece, promote bool) Move {
	m := Move(to) | Move(from)<<7 | Move(pc)<<16 | Move(cap)<<21
	if promote {
		m |= movePromote
	}
	return m
}

// NewDrop returns a drop of piece pc on to.
func NewDrop(pc Piece, to Square) Move {
	return Move(to) | Move(pc.Type())<<7 | moveDrop | Move(pc)<<16
}

// To returns the destination.
func (m Move) To() Square { return Square(m & 0x7f) }

// From returns the origin; meaningless for drops.
func (m Move) From() Square { return Square(m >> 7 & 0x7f) }

// IsDrop reports whether the move drops a piece from the hand.
func (m Move) IsDrop() bool { return m&moveDrop != 0 }

// IsPromotion reports whether the piece promotes on this move.
func (m Move) IsPromotion() bool { return m&movePromote != 0 }

// Piece returns the moving piece as it was before the move.
func (m Move) Piece() Piece { return Piece(m >> 16 & 0x1f) }

// Captured returns the captured piece, or NoPiece.
func (m Move) Captured() Piece { return Piece(m >> 21 & 0x1f) }

// IsCapture reports whether the move takes a piece.
func (m Move) IsCapture() bool { return m.Captured() != NoPiece }

// DropType returns the kind dropped; meaningless for board moves.
func (m Move) DropType() PieceType { return PieceType(m >> 7 & 0x7f) }

// Moved returns the piece standing on the destination after the move.
func (m Move) Moved() Piece {
	pc := m.Piece()
	if m.IsPromotion() {
		return pc + promotedBit
	}
	return pc
}

// Key16 returns the move without the pieces (destination, origin or drop
// kind, flags): what a USI string determines on its own.
func (m Move) Key16() uint16 { return uint16(m) }

// MoveFromKey16 returns the move of the side to move whose Key16 is k,
// with the pieces read from the board, or NoMove when k's origin does not
// hold a piece of that side or names no kind or square. It checks nothing
// else: a table that stores moves in 16 bits gets back the move it stored
// for this position, and an unrelated k gives a move IsLegalFast refuses.
func (p *Position) MoveFromKey16(k uint16) Move {
	m := Move(k)
	to := m.To()
	if !to.Valid() || k == 0 {
		return NoMove
	}
	if m.IsDrop() {
		t := m.DropType()
		if t < Pawn || t > Gold || m.IsPromotion() {
			return NoMove
		}
		return NewDrop(NewPiece(p.side, t), to)
	}
	from := m.From()
	if !from.Valid() || from == to {
		return NoMove
	}
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != p.side {
		return NoMove
	}
	return NewMove(from, to, pc, p.board[to], m.IsPromotion())
}

// USI returns the move in USI notation: 7g7f, 8h2b+, P*5e.
func (m Move) USI() string {
	if m == NoMove {
		return "none"
	}
	if m.IsDrop() {
		return m.DropType().Letter() + "*" + m.To().USI()
	}
	s := m.From().USI() + m.To().USI()
	if m.IsPromotion() {
		s += "+"
	}
	return s
}

// String returns the USI notation.
func (m Move) String() string { return m.USI() }

// JoinUSI returns the moves in USI notation separated by single spaces, as
// a USI "position … moves" list, a principal variation or a checkmate line
// spells them ("" for none).
func JoinUSI(moves []Move) string {
	var sb strings.Builder
	for i, m := range moves {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(m.USI())
	}
	return sb.String()
}

// ParseUSIMove reads a USI move string in position p and returns the full
// move if it is legal there, or an error that says why not.
func (p *Position) ParseUSIMove(s string) (Move, error) {
	bad := func(why string) (Move, error) { return NoMove, fmt.Errorf("move %q: %s", s, why) }
	if len(s) == 4 && s[1] == '*' {
		pc, ok := pieceFromLetter(s[0])
		if !ok || pc.Color() != Black || pc.Type() == King {
			return bad("a drop is a piece letter P L N S G B R, '*' and a square, e.g. P*5e")
		}
		to, err := ParseSquare(s[2:])
		if err != nil {
			return bad(err.Error())
		}
		m := NewDrop(NewPiece(p.side, pc.Type()), to)
		if !p.hands[p.side].Has(pc.Type()) {
			return bad(fmt.Sprintf("%s has no %s in hand", p.side, pc.Type().Name()))
		}
		return p.checkLegal(s, m)
	}
	if len(s) != 4 && !(len(s) == 5 && s[4] == '+') {
		return bad("want USI like 7g7f, 8h2b+ or P*5e")
	}
	from, err := ParseSquare(s[0:2])
	if err != nil {
		return bad(err.Error())
	}
	to, err := ParseSquare(s[2:4])
	if err != nil {
		return bad(err.Error())
	}
	pc := p.board[from]
	if pc == NoPiece {
		return bad("no piece on " + from.USI())
	}
	if pc.Color() != p.side {
		return bad(fmt.Sprintf("the piece on %s is not %s's", from.USI(), p.side))
	}
	m := NewMove(from, to, pc, p.board[to], len(s) == 5)
	return p.checkLegal(s, m)
}

func (p *Position) checkLegal(s string, m Move) (Move, error) {
	if p.IsLegal(m) {
		return m, nil
	}
	return NoMove, fmt.Errorf("move %q is not legal here: %s", s, p.WhyIllegal(m))
}
