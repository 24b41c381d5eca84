package enum

import (
	"fmt"

	"kiki/game"
)

// Options choose the reading of "problem" that Enumerate counts. The zero
// value counts, for each odd length, every clean problem (see Enumerate) of
// the material or any part of it, with or without pieces in hand.
type Options struct {
	// MaxLength is the longest solution length enumerated, in plies (odd;
	// 0 means 11).
	MaxLength int
	// EmptyHand counts only problems whose attacker's hand is empty at the
	// start (持駒なし).
	EmptyHand bool
	// Minimal counts only problems in which every piece on the board is
	// needed: taking it away (to the defender's hand) leaves a position that
	// is not a clean problem of the same length.
	Minimal bool
	// Exact counts only problems that use the whole material; otherwise the
	// material is an upper bound and the pieces a problem does not use are in
	// the defender's hand (用いない駒は玉方持駒).
	Exact bool
	// Zushiki lets the material's pieces stand on the board as the
	// defender's as well (the 図式 reading: the material is every piece of
	// the diagram besides the king, whichever side owns it).
	Zushiki bool
	// Mirror counts a problem and its left-right mirror image once.
	Mirror bool
}

// Problem is one enumerated problem: the position (attacker to move), its
// length in plies and its main line.
type Problem struct {
	Pos    Pos
	Length int
	Line   []Move
}

// Result is what Enumerate found.
type Result struct {
	Material string
	// Counts[n] is the number of problems of length n (odd n only).
	Counts []int
	// Held is the number of positions held (every position with a mate
	// within MaxLength, both sides to move, pieces that play no part included).
	Held int
	// TableBytes is the memory of the position table.
	TableBytes int
}

// attKey and defKey are the table keys of a position with the attacker,
// resp. the defender, to move.
func attKey(p *Pos) uint64 { return p.Key() | 1<<62 }
func defKey(p *Pos) uint64 { return p.Key() }

// Enumerate finds every tsume problem of the material (at most four of G, S,
// N, P; e.g. "GGP") up to opt.MaxLength plies by retrograde analysis, calls
// emit (when not nil) for each and returns the counts.
//
// The analysis is exact over concrete positions. It starts from every mate
// (the king in check and the defender without a move): each contains a
// minimal mate, found near the king, and every other piece anywhere, so the
// mates are the minimal mates with the rest of the material added in every
// way that keeps the mate. From the positions at distance n it walks one ply
// back: an attacker's move undone (a drop back to hand, a promotion undone,
// with Zushiki a capture undone) gives positions at distance n+1 unless they
// were found nearer; a defender's move undone (a king's move, or a capture
// of the checker by another of its pieces, the captured piece put back when
// the material allows) gives a candidate at distance n+1 that is kept when
// every defence from it reaches a known distance of at most n. Distances are
// minimax: the attacker mates as fast as it can, the defender holds out as
// long as it can.
//
// A problem of length n is an attacker-to-move position at distance n that
// is clean: exactly one attacker move reaches a position at distance n-1 or
// less (another such move is 余詰; a move that mates only later is not), the
// position it reaches is clean, and, for a defender-to-move position, some
// longest defence reaches a clean position (the defender's longest
// resistance, ties broken towards a line that leaves the attacker nothing in
// hand), and a mate is clean when the attacker's hand is empty (no 駒余り).
// The defender never interposes: none of the pieces slides.
func Enumerate(material string, opt Options, emit func(Problem)) (Result, error) {
	kinds, err := Kinds(material)
	if err != nil {
		return Result{}, err
	}
	if opt.MaxLength == 0 {
		opt.MaxLength = 11
	}
	if opt.MaxLength < 1 || opt.MaxLength > 61 {
		return Result{}, fmt.Errorf("max length %d: must be 1 … 61", opt.MaxLength)
	}
	e := build(kinds, material, opt)
	res := Result{Material: e.material, Counts: make([]int, opt.MaxLength+1), Held: e.t.n, TableBytes: e.t.bytes()}
	for n := 1; n <= opt.MaxLength; n += 2 {
		for _, k := range e.levels[n] {
			p := FromKey(k)
			if !e.isProblem(&p, n) {
				continue
			}
			res.Counts[n]++
			if emit != nil {
				emit(Problem{Pos: p, Length: n, Line: e.mainLine(p, n)})
			}
		}
	}
	return res, nil
}

// build runs the retrograde analysis and marks the clean positions.
func build(kinds []game.PieceType, material string, opt Options) *enumerator {
	e := &enumerator{t: newTable(1 << 16), opt: opt, cores: map[uint64]struct{}{}}
	for _, k := range kinds {
		e.mat[k]++
	}
	e.material = SortMaterial(material)
	e.levels = make([][]uint64, opt.MaxLength+1)
	e.mates(kinds)
	e.cores = nil
	for n := 1; n <= opt.MaxLength; n++ {
		if n%2 == 1 {
			e.attackerLevel(n)
		} else {
			e.defenderLevel(n)
		}
	}
	e.markClean()
	return e
}

type enumerator struct {
	t        *table
	opt      Options
	mat      [game.NumPieceTypes]int
	material string
	levels   [][]uint64 // levels[n]: keys (without the side bit) at distance n
	cores    map[uint64]struct{}
}

// fits reports whether p's pieces are part of the material.
func (e *enumerator) fits(p *Pos) bool {
	var c [game.NumPieceTypes]int
	for i := 0; i < int(p.N); i++ {
		t := p.Pc[i].Type().Unpromote()
		c[t]++
		if c[t] > e.mat[t] {
			return false
		}
	}
	return true
}

// mates fills level 0 with every mate of the material or part of it.
func (e *enumerator) mates(kinds []game.PieceType) {
	for _, sub := range SubMaterials(e.material) {
		sk, _ := Kinds(sub)
		rest := multisetMinus(kinds, sk)
		for k := game.Square(0); k < game.NumSquares; k++ {
			corePlacements(k, sk, e.opt.Zushiki, func(core *Pos) {
				if !core.IsMate() || !core.allNeeded() {
					return
				}
				if _, seen := e.cores[core.Key()]; seen {
					return
				}
				e.cores[core.Key()] = struct{}{}
				e.addExtras(*core, rest, 0)
			})
		}
	}
}

// multisetMinus returns a without the elements of b (both sorted alike).
func multisetMinus(a, b []game.PieceType) []game.PieceType {
	var out []game.PieceType
	used := make([]bool, len(b))
	for _, x := range a {
		found := false
		for j, y := range b {
			if !used[j] && y == x {
				used[j], found = true, true
				break
			}
		}
		if !found {
			out = append(out, x)
		}
	}
	return out
}

// addExtras adds the mate p with each sub-multiset of rest[i:] placed in
// every way (the attacker's on an empty square in any allowed form or in
// hand; with Zushiki also the defender's on an empty square) that keeps it
// a mate.
func (e *enumerator) addExtras(p Pos, rest []game.PieceType, i int) {
	if i == len(rest) {
		q := p
		q.canon()
		if q.nifu() || !q.IsMate() {
			return
		}
		if e.t.add(defKey(&q), 0) {
			e.levels[0] = append(e.levels[0], q.Key())
		}
		return
	}
	e.addExtras(p, rest, i+1) // rest[i] stays in the defender's hand
	occ := p.occupied().Set(p.King)
	n := p.N
	p.N++
	p.Pc[n], p.Sq[n] = game.NewPiece(game.Black, rest[i]), InHand
	e.addExtras(p, rest, i+1)
	for s := game.Square(0); s < game.NumSquares; s++ {
		if occ.Has(s) {
			continue
		}
		for _, f := range forms(game.Black, rest[i], s) {
			p.Pc[n], p.Sq[n] = f, s
			e.addExtras(p, rest, i+1)
		}
		if e.opt.Zushiki {
			for _, f := range forms(game.White, rest[i], s) {
				p.Pc[n], p.Sq[n] = f, s
				e.addExtras(p, rest, i+1)
			}
		}
	}
}

// attackerLevel finds the attacker-to-move positions at distance n by
// undoing an attacker's move from each defender-to-move position at n-1.
func (e *enumerator) attackerLevel(n int) {
	for _, k := range e.levels[n-1] {
		q := FromKey(k)
		q.attackerUnmoves(e.opt.Zushiki, func(p Pos, m Move) {
			if m.From == InHand && m.Pc.Type() == game.Pawn {
				if n == 1 || p.hasPawnOnFile(game.Black, m.To.File()) {
					return // a pawn drop may not mate (打ち歩詰め) nor make 二歩
				}
			}
			if e.t.add(attKey(&p), uint8(n)) {
				e.levels[n] = append(e.levels[n], p.Key())
			}
		})
	}
}

// defenderLevel finds the defender-to-move positions at distance n by
// undoing a defender's move from each attacker-to-move position at n-1: a
// king's move, or a capture of the checker by another defender's piece; the
// piece taken (the attacker's) comes back where the capture was, when the
// material allows.
func (e *enumerator) defenderLevel(n int) {
	var buf [16]Move
	for _, k := range e.levels[n-1] {
		p := FromKey(k)
		occ := p.occupied()
		for b := kingNear[p.King]; b.NonZero(); {
			from := b.Pop()
			if occ.Has(from) {
				continue
			}
			q := p
			q.King = from
			e.tryDefender(q, n, buf[:0])
			e.uncaptures(q, p.King, n, buf[:0])
		}
		for i := 0; i < int(p.N); i++ {
			pc, to := p.Pc[i], p.Sq[i]
			if pc.Color() != game.White {
				continue
			}
			t := pc.Type()
			k0s := []game.PieceType{t}
			if t.IsPromoted() {
				k0s = append(k0s, t.Unpromote())
			}
			for _, k0 := range k0s {
				promote := k0 != t
				// Squares from which a White k0 reaches to: a Black k0's attacks from to.
				for b := attack[game.Black][k0][to].AndNot(occ).Clear(p.King); b.NonZero(); {
					from := b.Pop()
					if deadAt(game.White, k0, from) || (promote && !inCamp(game.White, from) && !inCamp(game.White, to)) {
						continue
					}
					q := p
					q.Pc[i], q.Sq[i] = game.NewPiece(game.White, k0), from
					e.uncaptures(q, to, n, buf[:0])
				}
			}
		}
	}
}

// uncaptures tries q with an attacker's piece put back on s, of every kind
// and form the material has room for.
func (e *enumerator) uncaptures(q Pos, s game.Square, n int, buf []Move) {
	if int(q.N) == MaxPieces {
		return
	}
	for t := range e.mat {
		pt := game.PieceType(t)
		if e.mat[pt] == 0 {
			continue
		}
		for _, f := range forms(game.Black, pt, s) {
			r := q
			r.Pc[r.N], r.Sq[r.N] = f, s
			r.N++
			r.canon()
			if e.fits(&r) && !r.nifu() {
				e.tryDefender(r, n, buf)
			}
		}
	}
}

// tryDefender keeps q at distance n when it is in check, not yet held, and
// every defence reaches an attacker-to-move position at distance n-1 or less.
func (e *enumerator) tryDefender(q Pos, n int, buf []Move) {
	q.canon()
	if !q.InCheck() {
		return
	}
	key := defKey(&q)
	if _, ok := e.t.get(key); ok {
		return
	}
	ms := q.DefenderMoves(buf)
	if len(ms) == 0 {
		return
	}
	for _, m := range ms {
		r := q.After(m)
		v, ok := e.t.get(attKey(&r))
		if !ok || int(v&valueMask) > n-1 {
			return
		}
	}
	e.t.add(key, uint8(n))
	e.levels[n] = append(e.levels[n], q.Key())
}

// markClean sets the clean bit, level by level (see Enumerate).
func (e *enumerator) markClean() {
	var buf [64]Move
	for n, keys := range e.levels {
		for _, k := range keys {
			p := FromKey(k)
			clean := false
			switch {
			case n == 0:
				clean = p.InHandCount() == 0
			case n%2 == 1:
				_, clean = e.uniqueMove(&p, n, buf[:0])
			default:
				for _, m := range p.DefenderMoves(buf[:0]) {
					r := p.After(m)
					if v, _ := e.t.get(attKey(&r)); int(v&valueMask) == n-1 && v&cleanBit != 0 {
						clean = true
						break
					}
				}
			}
			if clean {
				if n%2 == 1 {
					e.t.set(attKey(&p), uint8(n)|cleanBit)
				} else {
					e.t.set(defKey(&p), uint8(n)|cleanBit)
				}
			}
		}
	}
}

// uniqueMove returns the attacker's only move from p (at distance n) that
// reaches a defender-to-move position at distance n-1 or less, and whether
// there is exactly one such move and it reaches a clean position.
func (e *enumerator) uniqueMove(p *Pos, n int, buf []Move) (Move, bool) {
	var found Move
	count := 0
	clean := false
	for _, m := range p.Checks(buf) {
		r := p.After(m)
		v, ok := e.t.get(defKey(&r))
		if !ok || int(v&valueMask) > n-1 {
			continue
		}
		count++
		if count > 1 {
			return Move{}, false
		}
		found, clean = m, v&cleanBit != 0
	}
	return found, count == 1 && clean
}

// isProblem applies the options to a clean-or-not position at distance n.
func (e *enumerator) isProblem(p *Pos, n int) bool {
	v, _ := e.t.get(attKey(p))
	if v&cleanBit == 0 {
		return false
	}
	if e.opt.EmptyHand && p.InHandCount() > 0 {
		return false
	}
	if e.opt.Exact && p.Material() != e.material {
		return false
	}
	if e.opt.Mirror {
		if m := p.mirrored(); m.Key() < p.Key() {
			return false // the mirror image, a problem too, stands for both
		}
	}
	if e.opt.Minimal {
		for i := 0; i < int(p.N); i++ {
			if p.Sq[i] == InHand {
				continue
			}
			q := p.without(i)
			if w, ok := e.t.get(attKey(&q)); ok && int(w&valueMask) == n && w&cleanBit != 0 {
				return false
			}
		}
	}
	return true
}

// mainLine returns the main line of the problem p of length n: the unique
// attacker moves and, for the defender, the first longest clean reply.
func (e *enumerator) mainLine(p Pos, n int) []Move {
	var buf [64]Move
	var line []Move
	for d := n; d > 0; d-- {
		if d%2 == 1 {
			m, _ := e.uniqueMove(&p, d, buf[:0])
			line = append(line, m)
			p = p.After(m)
			continue
		}
		for _, m := range p.DefenderMoves(buf[:0]) {
			r := p.After(m)
			if v, _ := e.t.get(attKey(&r)); int(v&valueMask) == d-1 && v&cleanBit != 0 {
				line = append(line, m)
				p = r
				break
			}
		}
	}
	return line
}
