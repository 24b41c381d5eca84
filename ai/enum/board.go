// Package enum enumerates tsume problems of a small material (gold, silver,
// knight and pawn pieces and a king) and counts them per solution length,
// after Horiyama, Nakatsuka and Iwama's enumeration by retrograde analysis
// (../shared/reference/tsume-enumeration-by-retrograde-analysis.ja.txt).
//
// The positions here are small: the defender has its king and, in the
// 図式 reading (Options.Zushiki), some of the material's pieces on the board;
// the attacker (Black, moving up the board) has no king and the rest of the
// material on the board or in hand; every piece outside the material is in
// the defender's hand. None of these pieces slides, so a check can never be
// interposed and the defender's hand never matters: it is not represented.
// The package keeps its own compact position for that reason: a few bytes,
// copied freely, with move generation by table look-ups.
package enum

import (
	"sort"
	"strings"

	"kiki/game"
)

// MaxPieces bounds the pieces besides the defender's king.
const MaxPieces = 4

// InHand is the square of an attacker's piece held in hand.
const InHand game.Square = -1

// Pos is an enumeration position: the defender's (White's) king and up to
// MaxPieces other pieces, each Black's or White's, on a square or, for
// Black's only, in hand (Sq == InHand, unpromoted). Pieces are kept sorted
// (see canon) so that equal positions compare equal. The side to move is
// not part of Pos.
type Pos struct {
	King game.Square
	N    int8
	Pc   [MaxPieces]game.Piece
	Sq   [MaxPieces]game.Square
}

// Move is a move in a Pos: piece I goes from From (InHand for a drop) to To
// and is Pc after it; I < 0 is the king. Cap is the index of the piece taken
// (-1 when none).
type Move struct {
	I       int8
	From    game.Square
	To      game.Square
	Pc      game.Piece
	Promote bool
	Cap     int8
}

// attack[c][t][s]: the squares a piece of side c and kind t on s attacks.
var attack [2][game.NumPieceTypes][game.NumSquares]game.Bitboard

// kingNear[s]: the squares a king on s attacks.
var kingNear [game.NumSquares]game.Bitboard

// enumKinds are the kinds a Pos may hold besides the king.
var enumKinds = []game.PieceType{game.Pawn, game.Knight, game.Silver, game.Gold,
	game.ProPawn, game.ProKnight, game.ProSilver}

func init() {
	for c := game.Black; c <= game.White; c++ {
		for _, t := range enumKinds {
			for s := game.Square(0); s < game.NumSquares; s++ {
				attack[c][t][s] = game.StepAttacks(c, t, s)
			}
		}
	}
	for s := game.Square(0); s < game.NumSquares; s++ {
		kingNear[s] = game.StepAttacks(game.White, game.King, s)
	}
}

// attacksOf returns the squares piece pc on s attacks.
func attacksOf(pc game.Piece, s game.Square) game.Bitboard {
	return attack[pc.Color()][pc.Type()][s]
}

// relRank is s's rank seen from side c (1 = the far rank).
func relRank(c game.Color, s game.Square) int {
	if c == game.Black {
		return s.Rank()
	}
	return 10 - s.Rank()
}

// deadAt reports whether an unpromoted piece of side c and kind t on s could
// never move again (a pawn on the far rank, a knight on the two far ranks),
// so may not stand there.
func deadAt(c game.Color, t game.PieceType, s game.Square) bool {
	switch t {
	case game.Pawn:
		return relRank(c, s) == 1
	case game.Knight:
		return relRank(c, s) <= 2
	}
	return false
}

// inCamp reports whether s is in side c's promotion zone.
func inCamp(c game.Color, s game.Square) bool { return relRank(c, s) <= 3 }

// canon sorts the pieces so that equal positions have equal representations.
func (p *Pos) canon() {
	n := int(p.N)
	for i := 1; i < n; i++ {
		for j := i; j > 0 && p.less(j, j-1); j-- {
			p.Pc[j], p.Pc[j-1] = p.Pc[j-1], p.Pc[j]
			p.Sq[j], p.Sq[j-1] = p.Sq[j-1], p.Sq[j]
		}
	}
	for i := n; i < MaxPieces; i++ {
		p.Pc[i], p.Sq[i] = game.NoPiece, InHand
	}
}

func (p *Pos) less(i, j int) bool {
	if p.Pc[i] != p.Pc[j] {
		return p.Pc[i] < p.Pc[j]
	}
	return p.Sq[i] < p.Sq[j]
}

// Key packs the position into 55 bits (king 7 bits, each piece 5+7 bits).
func (p *Pos) Key() uint64 {
	k := uint64(p.King)
	for i := 0; i < MaxPieces; i++ {
		var e uint64
		if i < int(p.N) {
			e = uint64(p.Pc[i])<<7 | uint64(p.Sq[i]+1)
		}
		k = k<<12 | e
	}
	return k
}

// FromKey is Key's inverse.
func FromKey(k uint64) Pos {
	var p Pos
	for i := MaxPieces - 1; i >= 0; i-- {
		e := k & 0xfff
		k >>= 12
		p.Sq[i] = InHand
		if e != 0 {
			p.Pc[i] = game.Piece(e >> 7)
			p.Sq[i] = game.Square(int(e&0x7f) - 1)
			p.N++
		}
	}
	p.King = game.Square(k & 0x7f)
	return p
}

// occupied returns the squares of the pieces on the board, the king's aside.
func (p *Pos) occupied() game.Bitboard {
	var b game.Bitboard
	for i := 0; i < int(p.N); i++ {
		if p.Sq[i] != InHand {
			b = b.Set(p.Sq[i])
		}
	}
	return b
}

// blackAttacks returns the squares the attacker's pieces attack, leaving
// out piece skip (-1 for none).
func (p *Pos) blackAttacks(skip int) game.Bitboard {
	var b game.Bitboard
	for i := 0; i < int(p.N); i++ {
		if i != skip && p.Sq[i] != InHand && p.Pc[i].Color() == game.Black {
			b = b.Or(attacksOf(p.Pc[i], p.Sq[i]))
		}
	}
	return b
}

// InCheck reports whether the king is attacked.
func (p *Pos) InCheck() bool { return p.blackAttacks(-1).Has(p.King) }

// pieceAt returns the index of the piece on s, or -1.
func (p *Pos) pieceAt(s game.Square) int {
	for i := 0; i < int(p.N); i++ {
		if p.Sq[i] == s {
			return i
		}
	}
	return -1
}

// checker returns the index of the only piece giving check, or -1 when none
// or more than one does.
func (p *Pos) checker() int {
	c := -1
	for i := 0; i < int(p.N); i++ {
		if p.Sq[i] != InHand && p.Pc[i].Color() == game.Black && attacksOf(p.Pc[i], p.Sq[i]).Has(p.King) {
			if c >= 0 {
				return -1
			}
			c = i
		}
	}
	return c
}

// DefenderMoves appends the defender's legal replies to a check: king moves
// and captures of a lone checker by another of its pieces (with and without
// promotion where both are allowed). Nothing else answers a check that no
// piece can interpose.
func (p *Pos) DefenderMoves(out []Move) []Move {
	return p.defenderMoves(out, false)
}

// defenderMoves is DefenderMoves; with first it stops at the first move found.
func (p *Pos) defenderMoves(out []Move, first bool) []Move {
	att := p.blackAttacks(-1)
	for b := kingNear[p.King]; b.NonZero(); {
		to := b.Pop()
		j := p.pieceAt(to)
		switch {
		case j < 0:
			if att.Has(to) {
				continue
			}
		case p.Pc[j].Color() == game.White:
			continue
		case p.blackAttacks(j).Has(to):
			continue
		}
		out = append(out, Move{I: -1, From: p.King, To: to, Pc: game.NewPiece(game.White, game.King), Cap: int8(j)})
		if first {
			return out
		}
	}
	c := p.checker()
	if c < 0 {
		return out
	}
	to := p.Sq[c]
	for i := 0; i < int(p.N); i++ {
		pc := p.Pc[i]
		if pc.Color() != game.White || !attacksOf(pc, p.Sq[i]).Has(to) {
			continue
		}
		t := pc.Type()
		if !deadAt(game.White, t, to) {
			out = append(out, Move{I: int8(i), From: p.Sq[i], To: to, Pc: pc, Cap: int8(c)})
		}
		if pt := t.Promote(); pt != t && (inCamp(game.White, p.Sq[i]) || inCamp(game.White, to)) {
			out = append(out, Move{I: int8(i), From: p.Sq[i], To: to, Pc: game.NewPiece(game.White, pt), Promote: true, Cap: int8(c)})
		}
		if first && len(out) > 0 {
			return out
		}
	}
	return out
}

// IsMate reports whether the king is in check and the defender has no move.
func (p *Pos) IsMate() bool {
	if !p.InCheck() {
		return false
	}
	var buf [1]Move
	return len(p.defenderMoves(buf[:0], true)) == 0
}

// hasPawnOnFile reports whether side c has an unpromoted pawn on file f.
func (p *Pos) hasPawnOnFile(c game.Color, f int) bool {
	pawn := game.NewPiece(c, game.Pawn)
	for i := 0; i < int(p.N); i++ {
		if p.Pc[i] == pawn && p.Sq[i] != InHand && p.Sq[i].File() == f {
			return true
		}
	}
	return false
}

// nifu reports whether two unpromoted pawns of one side share a file.
func (p *Pos) nifu() bool {
	var files [2]uint16
	for i := 0; i < int(p.N); i++ {
		if p.Pc[i].Type() == game.Pawn && p.Sq[i] != InHand {
			c := p.Pc[i].Color()
			f := uint16(1) << p.Sq[i].File()
			if files[c]&f != 0 {
				return true
			}
			files[c] |= f
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
	var black game.Bitboard
	for i := 0; i < int(p.N); i++ {
		if p.Sq[i] != InHand && p.Pc[i].Color() == game.Black {
			black = black.Set(p.Sq[i])
		}
	}
	k := p.King
	for i := 0; i < int(p.N); i++ {
		pc, from := p.Pc[i], p.Sq[i]
		if pc.Color() != game.Black {
			continue
		}
		t := pc.Type()
		if from == InHand {
			if i > 0 && p.Pc[i-1] == pc && p.Sq[i-1] == InHand {
				continue // the same drops as the previous piece
			}
			// Drop squares that give check: where a White t on k attacks.
			for b := attack[game.White][t][k].AndNot(occ); b.NonZero(); {
				to := b.Pop()
				if deadAt(game.Black, t, to) {
					continue
				}
				m := Move{I: int8(i), From: InHand, To: to, Pc: pc, Cap: -1}
				if t == game.Pawn {
					if p.hasPawnOnFile(game.Black, to.File()) {
						continue
					}
					if !dropMate {
						if q := p.After(m); q.IsMate() {
							continue
						}
					}
				}
				out = append(out, m)
			}
			continue
		}
		for b := attacksOf(pc, from).AndNot(black).Clear(k); b.NonZero(); {
			to := b.Pop()
			cap := int8(p.pieceAt(to))
			if !deadAt(game.Black, t, to) && attack[game.Black][t][to].Has(k) {
				out = append(out, Move{I: int8(i), From: from, To: to, Pc: pc, Cap: cap})
			}
			if pt := t.Promote(); pt != t && (inCamp(game.Black, from) || inCamp(game.Black, to)) && attack[game.Black][pt][to].Has(k) {
				out = append(out, Move{I: int8(i), From: from, To: to, Pc: game.NewPiece(game.Black, pt), Promote: true, Cap: cap})
			}
		}
	}
	return out
}

// After returns the position after move m. A piece the attacker takes goes
// to its hand, unpromoted; one the defender takes leaves the position.
func (p *Pos) After(m Move) Pos {
	q := *p
	if m.I < 0 {
		q.King = m.To
	} else {
		q.Pc[m.I], q.Sq[m.I] = m.Pc, m.To
	}
	if m.Cap >= 0 {
		c := int(m.Cap)
		if m.Pc.Color() == game.Black {
			q.Pc[c], q.Sq[c] = game.NewPiece(game.Black, q.Pc[c].Type().Unpromote()), InHand
		} else {
			q.remove(c)
		}
	}
	q.canon()
	return q
}

// InHandCount returns how many pieces the attacker holds in hand.
func (p *Pos) InHandCount() int {
	n := 0
	for i := 0; i < int(p.N); i++ {
		if p.Sq[i] == InHand {
			n++
		}
	}
	return n
}

// Material returns the pieces besides the king as SFEN letters of their
// unpromoted kinds, in the order G, S, N, P.
func (p *Pos) Material() string {
	var b strings.Builder
	for i := 0; i < int(p.N); i++ {
		b.WriteString(p.Pc[i].Type().Unpromote().Letter())
	}
	return SortMaterial(b.String())
}

// materialOrder is the order letters are written in: G S N P.
const materialOrder = "GSNP"

// SortMaterial returns the letters of a material, upper-cased, in the order
// G, S, N, P (letters outside these last).
func SortMaterial(m string) string {
	b := []byte(strings.ToUpper(m))
	rank := func(c byte) int {
		if i := strings.IndexByte(materialOrder, c); i >= 0 {
			return i
		}
		return len(materialOrder) + int(c)
	}
	sort.SliceStable(b, func(i, j int) bool { return rank(b[i]) < rank(b[j]) })
	return string(b)
}

// fullSet is the number of each kind in a shogi set.
var fullSet = map[game.PieceType]int{game.Rook: 2, game.Bishop: 2, game.Gold: 4, game.Silver: 4,
	game.Knight: 4, game.Lance: 4, game.Pawn: 18}

// SFEN returns the position as an SFEN with the attacker (Black) to move and
// every piece outside the position in the defender's hand.
func (p *Pos) SFEN() string { return p.sfen(game.Black) }

// sfen returns the position as an SFEN with side to move.
func (p *Pos) sfen(side game.Color) string {
	var board [game.NumSquares]game.Piece
	board[p.King] = game.NewPiece(game.White, game.King)
	var hands [2]game.Hand
	rest := map[game.PieceType]int{}
	for t, n := range fullSet {
		rest[t] = n
	}
	for i := 0; i < int(p.N); i++ {
		pc := p.Pc[i]
		rest[pc.Type().Unpromote()]--
		if p.Sq[i] == InHand {
			hands[game.Black] = hands[game.Black].Add(pc.Type())
		} else {
			board[p.Sq[i]] = pc
		}
	}
	for t, n := range rest {
		hands[game.White] = hands[game.White].With(t, n)
	}
	return game.ComposeSFEN(&board, side, hands, 1)
}

// FromPosition converts a game position (the defender's king White, no
// Black king, at most MaxPieces golds, silvers, knights and pawns, promoted
// or not, besides it; the White hand ignored) into a Pos.
func FromPosition(gp *game.Position) (Pos, bool) {
	var p Pos
	p.King = gp.King(game.White)
	if p.King == game.NoSquare || gp.King(game.Black) != game.NoSquare {
		return Pos{}, false
	}
	add := func(pc game.Piece, s game.Square) bool {
		if int(p.N) == MaxPieces {
			return false
		}
		ok := false
		for _, t := range enumKinds {
			if pc.Type() == t {
				ok = true
			}
		}
		if !ok {
			return false
		}
		p.Pc[p.N], p.Sq[p.N] = pc, s
		p.N++
		return true
	}
	for s := game.Square(0); s < game.NumSquares; s++ {
		if pc := gp.PieceAt(s); pc != game.NoPiece && s != p.King && !add(pc, s) {
			return Pos{}, false
		}
	}
	h := gp.Hand(game.Black)
	for _, t := range game.HandTypes {
		for i := 0; i < h.Count(t); i++ {
			if !add(game.NewPiece(game.Black, t), InHand) {
				return Pos{}, false
			}
		}
	}
	p.canon()
	return p, true
}

// USI returns the move in USI notation.
func (m Move) USI() string {
	if m.From == InHand {
		return m.Pc.Type().Letter() + "*" + m.To.USI()
	}
	s := m.From.USI() + m.To.USI()
	if m.Promote {
		s += "+"
	}
	return s
}

// Letters returns the pieces besides the king as SFEN letters, the
// attacker's upper-case and the defender's lower-case, unpromoted, in the
// order G, S, N, P (e.g. "GGP", "GSn").
func (p *Pos) Letters() string {
	var up, low strings.Builder
	for i := 0; i < int(p.N); i++ {
		l := p.Pc[i].Type().Unpromote().Letter()
		if p.Pc[i].Color() == game.White {
			low.WriteString(l)
		} else {
			up.WriteString(l)
		}
	}
	return SortMaterial(up.String()) + strings.ToLower(SortMaterial(low.String()))
}

// mirrored returns p reflected left to right (file f to file 10-f).
func (p *Pos) mirrored() Pos {
	q := *p
	flip := func(s game.Square) game.Square {
		if s == InHand {
			return s
		}
		return game.NewSquare(10-s.File(), s.Rank())
	}
	q.King = flip(q.King)
	for i := 0; i < int(q.N); i++ {
		q.Sq[i] = flip(q.Sq[i])
	}
	q.canon()
	return q
}
