// Package enum enumerates tsume problems of a small material (gold, silver,
// knight and pawn pieces against a bare king) and counts them per solution
// length, after Horiyama, Nakatsuka and Iwama's enumeration by retrograde
// analysis (../shared/reference/tsume-enumeration-by-retrograde-analysis.ja.txt).
//
// The positions here are small: the defender has its king and nothing else on
// the board, the attacker (Black, moving up the board) has no king and at most
// four pieces, and every piece outside the material is in the defender's hand.
// Because none of the material's pieces slides, a check can never be
// interposed, so the defender's hand never matters and is not represented.
// The package keeps its own compact position for that reason: it is a few
// bytes, copies freely, and its move generation is a handful of table look-ups.
package enum

import (
	"sort"
	"strings"

	"kiki/game"
)

// MaxPieces bounds the attacker's pieces (on the board or in hand).
const MaxPieces = 4

// InHand is the square of an attacker's piece held in hand.
const InHand game.Square = -1

// Pos is an enumeration position: the defender's king and the attacker's
// pieces, each on a square or in hand (Sq == InHand). Pieces are kept sorted
// (see canon) so that equal positions compare equal.
type Pos struct {
	King game.Square
	N    int8
	Kind [MaxPieces]game.PieceType
	Sq   [MaxPieces]game.Square
}

// Move is an attacker's or defender's move in a Pos: piece index I goes to
// To (the king when I < 0); From is where it came from (InHand for a drop);
// Promote marks a promotion; Cap is the index of the piece the king takes
// (-1 when none).
type Move struct {
	I       int8
	From    game.Square
	To      game.Square
	Kind    game.PieceType // the piece's kind after the move
	Promote bool
	Cap     int8
}

// attack[t][s]: the squares a Black piece of kind t on s attacks.
var attack [game.NumPieceTypes][game.NumSquares]game.Bitboard

// kingNear[s]: the squares a king on s attacks.
var kingNear [game.NumSquares]game.Bitboard

func init() {
	for _, t := range []game.PieceType{game.Pawn, game.Knight, game.Silver, game.Gold,
		game.ProPawn, game.ProKnight, game.ProSilver} {
		for s := game.Square(0); s < game.NumSquares; s++ {
			attack[t][s] = game.StepAttacks(game.Black, t, s)
		}
	}
	for s := game.Square(0); s < game.NumSquares; s++ {
		kingNear[s] = game.StepAttacks(game.White, game.King, s)
	}
}

// deadAt reports whether an unpromoted Black piece of kind t on s could never
// move again (a pawn on rank 1, a knight on ranks 1–2), so may not stand there.
func deadAt(t game.PieceType, s game.Square) bool {
	switch t {
	case game.Pawn:
		return s.Rank() == 1
	case game.Knight:
		return s.Rank() <= 2
	}
	return false
}

// inCamp reports whether s is in Black's promotion zone (ranks 1–3).
func inCamp(s game.Square) bool { return s.Rank() <= 3 }

// canon sorts the pieces so that equal positions have equal representations.
func (p *Pos) canon() {
	n := int(p.N)
	for i := 1; i < n; i++ {
		for j := i; j > 0 && p.less(j, j-1); j-- {
			p.Kind[j], p.Kind[j-1] = p.Kind[j-1], p.Kind[j]
			p.Sq[j], p.Sq[j-1] = p.Sq[j-1], p.Sq[j]
		}
	}
	for i := n; i < MaxPieces; i++ {
		p.Kind[i], p.Sq[i] = game.NoPieceType, InHand
	}
}

func (p *Pos) less(i, j int) bool {
	if p.Kind[i] != p.Kind[j] {
		return p.Kind[i] < p.Kind[j]
	}
	return p.Sq[i] < p.Sq[j]
}

// Key packs the position into 64 bits (king 7 bits, each piece 4+7 bits).
func (p *Pos) Key() uint64 {
	k := uint64(p.King)
	for i := 0; i < MaxPieces; i++ {
		var e uint64
		if i < int(p.N) {
			e = uint64(p.Kind[i])<<7 | uint64(p.Sq[i]+1)
		}
		k = k<<11 | e
	}
	return k
}

// FromKey is Key's inverse.
func FromKey(k uint64) Pos {
	var p Pos
	for i := MaxPieces - 1; i >= 0; i-- {
		e := k & 0x7ff
		k >>= 11
		if e != 0 {
			p.Kind[i] = game.PieceType(e >> 7)
			p.Sq[i] = game.Square(int(e&0x7f) - 1)
		} else {
			p.Sq[i] = InHand
		}
	}
	p.King = game.Square(k)
	for i := 0; i < MaxPieces; i++ {
		if p.Kind[i] != game.NoPieceType {
			p.N++
		}
	}
	return p
}

// occupied returns the squares of the attacker's pieces on the board.
func (p *Pos) occupied() game.Bitboard {
	var b game.Bitboard
	for i := 0; i < int(p.N); i++ {
		if p.Sq[i] != InHand {
			b = b.Set(p.Sq[i])
		}
	}
	return b
}

// attacks returns the squares the attacker's pieces attack, leaving out
// piece skip (-1 for none).
func (p *Pos) attacks(skip int) game.Bitboard {
	var b game.Bitboard
	for i := 0; i < int(p.N); i++ {
		if i != skip && p.Sq[i] != InHand {
			b = b.Or(attack[p.Kind[i]][p.Sq[i]])
		}
	}
	return b
}

// InCheck reports whether the king is attacked.
func (p *Pos) InCheck() bool { return p.attacks(-1).Has(p.King) }

// pieceAt returns the index of the attacker's piece on s, or -1.
func (p *Pos) pieceAt(s game.Square) int {
	for i := 0; i < int(p.N); i++ {
		if p.Sq[i] == s {
			return i
		}
	}
	return -1
}

// KingMoves appends the king's legal moves (with the defender to move).
func (p *Pos) KingMoves(out []Move) []Move {
	att := p.attacks(-1)
	for b := kingNear[p.King]; b.NonZero(); {
		to := b.Pop()
		j := p.pieceAt(to)
		if j < 0 {
			if !att.Has(to) {
				out = append(out, Move{I: -1, From: p.King, To: to, Cap: -1})
			}
			continue
		}
		if !p.attacks(j).Has(to) {
			out = append(out, Move{I: -1, From: p.King, To: to, Cap: int8(j)})
		}
	}
	return out
}

// IsMate reports whether the king is in check and has no move.
func (p *Pos) IsMate() bool {
	att := p.attacks(-1)
	if !att.Has(p.King) {
		return false
	}
	for b := kingNear[p.King]; b.NonZero(); {
		to := b.Pop()
		j := p.pieceAt(to)
		if j < 0 {
			if !att.Has(to) {
				return false
			}
		} else if !p.attacks(j).Has(to) {
			return false
		}
	}
	return true
}

// nifu reports whether two unpromoted pawns of the attacker share a file.
func (p *Pos) nifu() bool {
	var files uint16
	for i := 0; i < int(p.N); i++ {
		if p.Kind[i] == game.Pawn && p.Sq[i] != InHand {
			f := uint16(1) << p.Sq[i].File()
			if files&f != 0 {
				return true
			}
			files |= f
		}
	}
	return false
}

// hasPawnOnFile reports whether the attacker has an unpromoted pawn on file f.
func (p *Pos) hasPawnOnFile(f int) bool {
	for i := 0; i < int(p.N); i++ {
		if p.Kind[i] == game.Pawn && p.Sq[i] != InHand && p.Sq[i].File() == f {
			return true
		}
	}
	return false
}

// Checks appends the attacker's legal checking moves. A pawn drop that mates
// is left out (打ち歩詰め is illegal); promoting and not promoting are two moves.
func (p *Pos) Checks(out []Move) []Move { return p.checks(out, false) }

// checks is Checks; with dropMate a pawn drop that mates is kept.
func (p *Pos) checks(out []Move, dropMate bool) []Move {
	occ := p.occupied().Set(p.King)
	k := p.King
	for i := 0; i < int(p.N); i++ {
		t, from := p.Kind[i], p.Sq[i]
		if from == InHand {
			if i > 0 && p.Kind[i-1] == t && p.Sq[i-1] == InHand {
				continue // the same drops as the previous piece
			}
			// Drop squares that give check: where a White t on k attacks.
			for b := game.StepAttacks(game.White, t, k).AndNot(occ); b.NonZero(); {
				to := b.Pop()
				if deadAt(t, to) {
					continue
				}
				if t == game.Pawn {
					if p.hasPawnOnFile(to.File()) {
						continue
					}
					if dropMate {
						out = append(out, Move{I: int8(i), From: InHand, To: to, Kind: t, Cap: -1})
						continue
					}
					q := p.After(Move{I: int8(i), From: InHand, To: to, Kind: t, Cap: -1})
					if q.IsMate() {
						continue
					}
				}
				out = append(out, Move{I: int8(i), From: InHand, To: to, Kind: t, Cap: -1})
			}
			continue
		}
		for b := attack[t][from].AndNot(occ); b.NonZero(); {
			to := b.Pop()
			if !deadAt(t, to) && attack[t][to].Has(k) {
				out = append(out, Move{I: int8(i), From: from, To: to, Kind: t, Cap: -1})
			}
			if pt := t.Promote(); pt != t && (inCamp(from) || inCamp(to)) && attack[pt][to].Has(k) {
				out = append(out, Move{I: int8(i), From: from, To: to, Kind: pt, Promote: true, Cap: -1})
			}
		}
	}
	return out
}

// After returns the position after move m (an attacker's or the king's).
func (p *Pos) After(m Move) Pos {
	q := *p
	if m.I < 0 {
		q.King = m.To
		if m.Cap >= 0 {
			c := int(m.Cap)
			copy(q.Kind[c:], q.Kind[c+1:q.N])
			copy(q.Sq[c:], q.Sq[c+1:q.N])
			q.N--
		}
	} else {
		q.Kind[m.I], q.Sq[m.I] = m.Kind, m.To
	}
	q.canon()
	return q
}

// InHandCount returns how many of the attacker's pieces are in hand.
func (p *Pos) InHandCount() int {
	n := 0
	for i := 0; i < int(p.N); i++ {
		if p.Sq[i] == InHand {
			n++
		}
	}
	return n
}

// Material returns the attacker's pieces as SFEN letters of their
// unpromoted kinds, sorted (e.g. "GGP" → "GGP" in the order G, S, N, P).
func (p *Pos) Material() string {
	var ls []string
	for i := 0; i < int(p.N); i++ {
		ls = append(ls, p.Kind[i].Unpromote().Letter())
	}
	return SortMaterial(strings.Join(ls, ""))
}

// materialOrder is the order letters are written in: G S N P.
const materialOrder = "GSNP"

// SortMaterial returns the letters of a material in the order G, S, N, P.
func SortMaterial(m string) string {
	b := []byte(strings.ToUpper(m))
	sort.Slice(b, func(i, j int) bool {
		return strings.IndexByte(materialOrder, b[i]) < strings.IndexByte(materialOrder, b[j])
	})
	return string(b)
}

// SFEN returns the position as an SFEN with the attacker (Black) to move and
// every piece outside the attacker's pieces in the defender's hand.
func (p *Pos) SFEN() string {
	var board [game.NumSquares]game.Piece
	board[p.King] = game.NewPiece(game.White, game.King)
	var hands [2]game.Hand
	full := map[game.PieceType]int{game.Rook: 2, game.Bishop: 2, game.Gold: 4, game.Silver: 4,
		game.Knight: 4, game.Lance: 4, game.Pawn: 18}
	for i := 0; i < int(p.N); i++ {
		t := p.Kind[i]
		full[t.Unpromote()]--
		if p.Sq[i] == InHand {
			hands[game.Black] = hands[game.Black].Add(t)
		} else {
			board[p.Sq[i]] = game.NewPiece(game.Black, t)
		}
	}
	for t, n := range full {
		hands[game.White] = hands[game.White].With(t, n)
	}
	return game.ComposeSFEN(&board, game.Black, hands, 1)
}

// USI returns the move in USI notation.
func (m Move) USI() string {
	if m.From == InHand {
		return m.Kind.Letter() + "*" + m.To.USI()
	}
	s := m.From.USI() + m.To.USI()
	if m.Promote {
		s += "+"
	}
	return s
}
