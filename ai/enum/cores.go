package enum

import (
	"fmt"

	"kiki/game"
)

// Kinds returns the unpromoted kinds of a material written in SFEN letters
// ("GGP"), sorted G, S, N, P, or an error for a letter outside G, S, N, P
// or more than MaxPieces pieces.
func Kinds(material string) ([]game.PieceType, error) {
	m := SortMaterial(material)
	if len(m) > MaxPieces {
		return nil, fmt.Errorf("material %q: at most %d pieces", material, MaxPieces)
	}
	var ks []game.PieceType
	for i := 0; i < len(m); i++ {
		switch m[i] {
		case 'G':
			ks = append(ks, game.Gold)
		case 'S':
			ks = append(ks, game.Silver)
		case 'N':
			ks = append(ks, game.Knight)
		case 'P':
			ks = append(ks, game.Pawn)
		default:
			return nil, fmt.Errorf("material %q: only G, S, N and P (gold, silver, knight, pawn)", material)
		}
	}
	return ks, nil
}

// SubMaterials returns every sub-multiset of a material, the material itself
// first and the empty one left out, each sorted G, S, N, P.
func SubMaterials(material string) []string {
	m := SortMaterial(material)
	seen := map[string]bool{}
	var out []string
	for mask := (1 << len(m)) - 1; mask > 0; mask-- {
		var b []byte
		for i := 0; i < len(m); i++ {
			if mask&(1<<i) != 0 {
				b = append(b, m[i])
			}
		}
		s := string(b)
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// forms returns the pieces of side c that an unpromoted kind t may be on
// square s: unpromoted where it can still move, and promoted.
func forms(c game.Color, t game.PieceType, s game.Square) []game.Piece {
	var out []game.Piece
	if !deadAt(c, t, s) {
		out = append(out, game.NewPiece(c, t))
	}
	if pt := t.Promote(); pt != t {
		out = append(out, game.NewPiece(c, pt))
	}
	return out
}

// mateWindow returns the squares from which an attacker's piece of the
// material can attack the king on k or a square next to it: files k±2,
// ranks k-2 … k+3. A piece outside it cannot take part in a mate.
func mateWindow(k game.Square) []game.Square {
	var out []game.Square
	for f := k.File() - 2; f <= k.File()+2; f++ {
		for r := k.Rank() - 2; r <= k.Rank()+3; r++ {
			if f >= 1 && f <= 9 && r >= 1 && r <= 9 && !(f == k.File() && r == k.Rank()) {
				out = append(out, game.NewSquare(f, r))
			}
		}
	}
	return out
}

// corePlacements calls fn for every placement of the kinds near the king on
// k: each piece the attacker's within mateWindow or, with zushiki, the
// defender's next to the king (where alone it can matter to a mate: by
// blocking a flight square). Equal kinds take their placements in
// increasing order, so each position comes once.
func corePlacements(k game.Square, kinds []game.PieceType, zushiki bool, fn func(p *Pos)) {
	type option struct {
		pc game.Piece
		sq game.Square
	}
	opts := make([][]option, len(kinds))
	for i, t := range kinds {
		for _, s := range mateWindow(k) {
			for _, f := range forms(game.Black, t, s) {
				opts[i] = append(opts[i], option{f, s})
			}
		}
		if zushiki {
			for b := kingNear[k]; b.NonZero(); {
				s := b.Pop()
				for _, f := range forms(game.White, t, s) {
					opts[i] = append(opts[i], option{f, s})
				}
			}
		}
	}
	var p Pos
	p.King = k
	p.N = int8(len(kinds))
	var occ game.Bitboard
	var rec func(i, from int)
	rec = func(i, from int) {
		if i == len(kinds) {
			q := p
			q.canon()
			if !q.nifu() {
				fn(&q)
			}
			return
		}
		j0 := 0
		if i > 0 && kinds[i] == kinds[i-1] {
			j0 = from + 1
		}
		for j := j0; j < len(opts[i]); j++ {
			o := opts[i][j]
			if occ.Has(o.sq) {
				continue
			}
			p.Pc[i], p.Sq[i] = o.pc, o.sq
			occ = occ.Set(o.sq)
			rec(i+1, j)
			occ = occ.Clear(o.sq)
		}
	}
	rec(0, -1)
}

// without returns p with piece i taken off (to the defender's hand).
func (p *Pos) without(i int) Pos {
	q := *p
	q.remove(i)
	q.canon()
	return q
}

// remove takes piece i off the position's list (the caller re-sorts).
func (p *Pos) remove(i int) {
	copy(p.Pc[i:], p.Pc[i+1:p.N])
	copy(p.Sq[i:], p.Sq[i+1:p.N])
	p.N--
}

// allNeeded reports whether taking away any one piece of the mate p leaves
// no mate.
func (p *Pos) allNeeded() bool {
	for i := 0; i < int(p.N); i++ {
		if p.Sq[i] == InHand {
			return false
		}
		if q := p.without(i); q.IsMate() {
			return false
		}
	}
	return true
}

// attackerUnmoves calls fn with every attacker-to-move position from which an
// attacker's move leads to q, and the move: drops from hand, moves with and
// without promotion, captures (the piece taken comes back from the
// attacker's hand as the defender's, in any form). The positions are legal:
// no piece that cannot move, no 二歩, the king not in check.
func (q *Pos) attackerUnmoves(zushiki bool, fn func(prev Pos, m Move)) {
	occ := q.occupied().Set(q.King)
	emit := func(p Pos, m Move) {
		p.canon()
		if !p.InCheck() && !p.nifu() {
			fn(p, m)
		}
	}
	for i := 0; i < int(q.N); i++ {
		pc, to := q.Pc[i], q.Sq[i]
		if to == InHand || pc.Color() != game.Black {
			continue
		}
		t := pc.Type()
		if !t.IsPromoted() {
			p := *q
			p.Sq[i] = InHand
			emit(p, Move{From: InHand, To: to, Pc: pc, Cap: -1})
		}
		k0s := []game.PieceType{t}
		if t.IsPromoted() {
			k0s = append(k0s, t.Unpromote())
		}
		for _, k0 := range k0s {
			promote := k0 != t
			for b := attack[game.White][k0][to].AndNot(occ); b.NonZero(); {
				from := b.Pop()
				if deadAt(game.Black, k0, from) || (promote && !inCamp(game.Black, from) && !inCamp(game.Black, to)) {
					continue
				}
				p := *q
				p.Pc[i], p.Sq[i] = game.NewPiece(game.Black, k0), from
				m := Move{From: from, To: to, Pc: pc, Promote: promote, Cap: -1}
				emit(p, m)
				if !zushiki {
					continue
				}
				// The move took a piece that is now in the attacker's hand.
				for h := 0; h < int(q.N); h++ {
					if q.Sq[h] != InHand || (h > 0 && q.Sq[h-1] == InHand && q.Pc[h-1] == q.Pc[h]) {
						continue
					}
					for _, f := range forms(game.White, q.Pc[h].Type(), to) {
						r := p
						r.Pc[h], r.Sq[h] = f, to
						emit(r, Move{From: from, To: to, Pc: pc, Promote: promote, Cap: int8(h)})
					}
				}
			}
		}
	}
}
