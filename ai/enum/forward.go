package enum

import "kiki/game"

// The forward solver below decides the same facts as Enumerate's tables by
// plain minimax search, one position at a time. It is slow and exists to
// check the retrograde analysis on small materials, every placement tried.

// mateWithin reports whether the attacker, to move in p, mates within n
// plies (n odd) against any defence.
func mateWithin(p *Pos, n int) bool {
	if n < 1 {
		return false
	}
	var buf [64]Move
	for _, m := range p.Checks(buf[:0]) {
		q := p.After(m)
		if holdsAtMost(&q, n-1) {
			return true
		}
	}
	return false
}

// holdsAtMost reports whether every defence of q (defender to move, in
// check) is mated within n plies (a mate is 0).
func holdsAtMost(q *Pos, n int) bool {
	var buf [16]Move
	ms := q.DefenderMoves(buf[:0])
	if len(ms) == 0 {
		return true
	}
	if n < 2 {
		return false
	}
	for _, m := range ms {
		r := q.After(m)
		if !mateWithin(&r, n-1) {
			return false
		}
	}
	return true
}

// Distance returns the attacker's distance to mate from p, in plies (odd),
// or -1 when there is no mate within limit plies.
func Distance(p *Pos, limit int) int {
	for n := 1; n <= limit; n += 2 {
		if mateWithin(p, n) {
			return n
		}
	}
	return -1
}

// defDistance returns the defender's distance from q (0 for a mate), or -1
// beyond limit.
func defDistance(q *Pos, limit int) int {
	for n := 0; n <= limit; n += 2 {
		if holdsAtMost(q, n) {
			return n
		}
	}
	return -1
}

// CleanProblem reports whether p (attacker to move) is a clean problem of
// length n by forward search, under the definition of Enumerate.
func CleanProblem(p *Pos, n int) bool {
	return Distance(p, n) == n && cleanAtt(p, n)
}

// cleanAtt: exactly one attacker move reaches distance ≤ n-1, to a clean position.
func cleanAtt(p *Pos, n int) bool {
	var buf [64]Move
	count := 0
	var only Pos
	for _, m := range p.Checks(buf[:0]) {
		q := p.After(m)
		if holdsAtMost(&q, n-1) {
			count++
			only = q
		}
	}
	if count != 1 {
		return false
	}
	return cleanDef(&only, defDistance(&only, n-1))
}

// cleanDef: for a mate, the attacker's hand is empty; otherwise some longest
// defence reaches a clean position.
func cleanDef(q *Pos, n int) bool {
	if n == 0 {
		return q.InHandCount() == 0
	}
	var buf [16]Move
	for _, m := range q.DefenderMoves(buf[:0]) {
		r := q.After(m)
		if Distance(&r, n-1) == n-1 && cleanAtt(&r, n-1) {
			return true
		}
	}
	return false
}

// EveryPlacement calls fn for every legal attacker-to-move position of
// exactly the material's kinds: each piece the attacker's on an empty square
// in any form that can move, or in its hand, or with zushiki the defender's
// on an empty square; the king anywhere, not in check. Positions repeat when
// the material repeats a kind.
func EveryPlacement(kinds []game.PieceType, zushiki bool, fn func(p *Pos)) {
	for k := game.Square(0); k < game.NumSquares; k++ {
		var p Pos
		p.King = k
		p.N = int8(len(kinds))
		var occ game.Bitboard
		var rec func(i int)
		rec = func(i int) {
			if i == len(kinds) {
				q := p
				q.canon()
				if !q.InCheck() && !q.nifu() {
					fn(&q)
				}
				return
			}
			p.Pc[i], p.Sq[i] = game.NewPiece(game.Black, kinds[i]), InHand
			rec(i + 1)
			for s := game.Square(0); s < game.NumSquares; s++ {
				if s == k || occ.Has(s) {
					continue
				}
				occ = occ.Set(s)
				for _, f := range forms(game.Black, kinds[i], s) {
					p.Pc[i], p.Sq[i] = f, s
					rec(i + 1)
				}
				if zushiki {
					for _, f := range forms(game.White, kinds[i], s) {
						p.Pc[i], p.Sq[i] = f, s
						rec(i + 1)
					}
				}
				occ = occ.Clear(s)
			}
		}
		rec(0)
	}
}
