package enum

import (
	"fmt"

	"kiki/game"
)

// Kinds returns the unpromoted kinds of a material written in SFEN letters
// ("GGP"), or an error for a letter outside G, S, N, P or more than
// MaxPieces pieces.
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

// forms returns the kinds an attacker's piece of unpromoted kind t may have
// on square s: unpromoted where it can still move, and promoted.
func forms(t game.PieceType, s game.Square) []game.PieceType {
	var out []game.PieceType
	if !deadAt(t, s) {
		out = append(out, t)
	}
	if pt := t.Promote(); pt != t {
		out = append(out, pt)
	}
	return out
}

// mateWindow returns the squares from which a Black piece of the material can
// attack the king on k or a square next to it: files k±2, ranks k-2 … k+3.
// A piece outside it cannot take part in a mate.
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

// placements calls fn for every placement of the kinds (sorted, equal kinds
// adjacent) on distinct squares of sqs, in every allowed form, once per
// position (equal kinds take increasing square indices).
func placements(k game.Square, kinds []game.PieceType, sqs []game.Square, fn func(p *Pos)) {
	var p Pos
	p.King = k
	p.N = int8(len(kinds))
	used := make([]bool, len(sqs))
	var rec func(i, minIdx int)
	rec = func(i, minIdx int) {
		if i == len(kinds) {
			q := p
			q.canon()
			fn(&q)
			return
		}
		start := 0
		if i > 0 && kinds[i] == kinds[i-1] {
			start = minIdx + 1
		}
		for j := start; j < len(sqs); j++ {
			if used[j] {
				continue
			}
			used[j] = true
			for _, f := range forms(kinds[i], sqs[j]) {
				p.Kind[i], p.Sq[i] = f, sqs[j]
				rec(i+1, j)
			}
			used[j] = false
		}
	}
	rec(0, -1)
}

// mates returns the attacker's mating moves in p. With merge, promoting and
// not promoting on the same move count once.
func (p *Pos) mates(merge bool) []Move { return p.matesX(merge, false, false) }

// matesX is mates; with dropMate a mating pawn drop counts, with emptyOnly
// only mates that leave the attacker's hand empty count.
func (p *Pos) matesX(merge, dropMate, emptyOnly bool) []Move {
	var buf [64]Move
	var out []Move
	for _, m := range p.checks(buf[:0], dropMate) {
		q := p.After(m)
		if !q.IsMate() || (emptyOnly && q.InHandCount() > 0) {
			continue
		}
		if merge {
			dup := false
			for _, o := range out {
				if o.I == m.I && o.From == m.From && o.To == m.To {
					dup = true
				}
			}
			if dup {
				continue
			}
		}
		out = append(out, m)
	}
	return out
}

// without returns p with piece i taken off (to the defender's hand).
func (p *Pos) without(i int) Pos {
	q := *p
	copy(q.Kind[i:], q.Kind[i+1:q.N])
	copy(q.Sq[i:], q.Sq[i+1:q.N])
	q.N--
	q.canon()
	return q
}

// allNeeded reports whether taking away any one piece of the mate p leaves
// no mate.
func (p *Pos) allNeeded() bool {
	for i := 0; i < int(p.N); i++ {
		q := p.without(i)
		if q.IsMate() {
			return false
		}
	}
	return true
}

// unmoves returns the positions (attacker to move) from which an attacker's
// move leads to p, with the move: drops from hand, moves with and without
// promotion. The positions are legal: no unpromoted piece that cannot move,
// the king not in check.
func (p *Pos) unmoves(fn func(prev Pos, m Move)) {
	occ := p.occupied().Set(p.King)
	for i := 0; i < int(p.N); i++ {
		t, to := p.Kind[i], p.Sq[i]
		if to == InHand {
			continue
		}
		if !t.IsPromoted() {
			q := *p
			q.Sq[i] = InHand
			q.canon()
			if !q.InCheck() {
				fn(q, Move{I: int8(i), From: InHand, To: to, Kind: t, Cap: -1})
			}
		}
		k0s := []game.PieceType{t}
		if t.IsPromoted() {
			k0s = append(k0s, t.Unpromote())
		}
		for _, k0 := range k0s {
			promote := k0 != t
			for b := game.StepAttacks(game.White, k0, to).AndNot(occ); b.NonZero(); {
				from := b.Pop()
				if deadAt(k0, from) || (promote && !inCamp(from) && !inCamp(to)) {
					continue
				}
				q := *p
				q.Kind[i], q.Sq[i] = k0, from
				q.canon()
				if !q.InCheck() {
					fn(q, Move{I: int8(i), From: from, To: to, Kind: t, Promote: promote, Cap: -1})
				}
			}
		}
	}
}

// OneMoveStats holds one-move counts of a material under several readings.
type OneMoveStats struct {
	Material string
	// Counts by reading name (see OneMoveReadings).
	Counts map[string]int
}

// OneMoveReadings names the readings CountOneMove measures, in order.
var OneMoveReadings = []string{
	"B",          // every piece needed in the final mate; one piece may start in hand
	"B-board",    // B, every piece on the board at the start
	"B-board-m",  // B-board, promoting or not on one move counted as one solution
	"N-board",    // every board piece needed: taking it away leaves no one-move problem (all on board)
	"N-board-m",  // N-board with promotion merged
	"N",          // every board piece needed as in N-board; one piece may start in hand
	"B-nopro",    // B, no promoted piece at the start
	"B-board-np", // B-board, no promoted piece at the start
	"E",          // every piece of the final mate attacks the king or a square next to it
	"E-board",    // E, every piece on the board at the start
	"E-m",        // E with promotion merged
	"B-h",        // B, mates leaving a piece in hand are not second solutions
	"B-dm",       // B, a mating pawn drop is legal
	"B-dm-h",     // B-dm and B-h
	"E-h",
	"E-dm",
	"E-dm-h",
}

// CountOneMove counts the one-move problems of exactly the given material
// (every piece on the board after the mate) under each reading of
// OneMoveReadings. Only placements near the king are tried, which is
// complete for every reading here because each requires every piece to play
// a part in the mate or in its uniqueness, and such a piece stands within
// mateWindow of the king.
func CountOneMove(material string) (OneMoveStats, error) {
	kinds, err := Kinds(material)
	if err != nil {
		return OneMoveStats{}, err
	}
	st := OneMoveStats{Material: SortMaterial(material), Counts: map[string]int{}}
	seen := map[uint64]bool{}
	for k := game.Square(0); k < game.NumSquares; k++ {
		placements(k, kinds, mateWindow(k), func(f *Pos) {
			if !f.IsMate() {
				return
			}
			needF := f.allNeeded()
			touchF := f.allTouch()
			f.unmoves(func(s Pos, m Move) {
				key := s.Key()
				if seen[key] {
					return
				}
				seen[key] = true
				classifyOne(&st, &s, needF, touchF)
			})
		})
	}
	return st, nil
}

// isOneMove reports whether p is a one-move problem: exactly one mating move
// (with merge, counting a promotion choice once) and the hand empty after it.
func (p *Pos) isOneMove(merge bool) bool {
	ms := p.mates(merge)
	if len(ms) != 1 {
		return false
	}
	return p.InHandCount() == 0 || (p.InHandCount() == 1 && ms[0].From == InHand)
}

// boardNeeded reports whether taking away any one board piece of p leaves a
// position that is not a one-move problem.
func (p *Pos) boardNeeded(merge bool) bool {
	for i := 0; i < int(p.N); i++ {
		if p.Sq[i] == InHand {
			continue
		}
		q := p.without(i)
		if q.isOneMove(merge) {
			return false
		}
	}
	return true
}

func classifyOne(st *OneMoveStats, s *Pos, needF, touchF bool) {
	strict := s.isOneMove(false)
	merged := s.isOneMove(true)
	onBoard := s.InHandCount() == 0
	promoted := false
	for i := 0; i < int(s.N); i++ {
		if s.Kind[i].IsPromoted() {
			promoted = true
		}
	}
	add := func(name string, ok bool) {
		if ok {
			st.Counts[name]++
		}
	}
	add("B", strict && needF)
	add("B-board", strict && needF && onBoard)
	add("B-board-m", merged && needF && onBoard)
	add("N-board", strict && onBoard && s.boardNeeded(false))
	add("N-board-m", merged && onBoard && s.boardNeeded(true))
	add("N", strict && s.boardNeeded(false))
	add("B-nopro", strict && needF && !promoted)
	add("B-board-np", strict && needF && onBoard && !promoted)
	add("E", strict && touchF)
	add("E-board", strict && touchF && onBoard)
	add("E-m", merged && touchF)
	one := func(dm, h bool) bool {
		ms := s.matesX(false, dm, h)
		return len(ms) == 1 && (s.InHandCount() == 0 || (s.InHandCount() == 1 && ms[0].From == InHand))
	}
	add("B-h", needF && one(false, true))
	add("B-dm", needF && one(true, false))
	add("B-dm-h", needF && one(true, true))
	add("E-h", touchF && one(false, true))
	add("E-dm", touchF && one(true, false))
	add("E-dm-h", touchF && one(true, true))
}

// allTouch reports whether every piece of p attacks the king or a square
// next to it.
func (p *Pos) allTouch() bool {
	zone := kingNear[p.King].Set(p.King)
	for i := 0; i < int(p.N); i++ {
		if p.Sq[i] != InHand && !attack[p.Kind[i]][p.Sq[i]].Intersects(zone) {
			return false
		}
	}
	return true
}
