package game

import "math/bits"

// A vector is one line of movement from the move-vector definitions in
// ../shared/reference/rules-moves-and-transitions.ja.txt: a step (df, dr)
// in files and ranks, taken once, or repeated while the way is clear.
type vector struct {
	df, dr int
	slide  bool
}

// Black's move vectors, Move(kind, promoted, 先手) of the reference text.
// Rank deltas are negative towards rank 1 (Black's forward). White's
// vectors are these negated, as the text defines them.
var blackVectors = [NumPieceTypes][]vector{
	Pawn:   {{0, -1, false}},
	Lance:  {{0, -1, true}},
	Knight: {{-1, -2, false}, {1, -2, false}},
	Silver: {{1, -1, false}, {0, -1, false}, {-1, -1, false}, {-1, 1, false}, {1, 1, false}},
	Gold:   goldVectors,
	Bishop: {{-1, -1, true}, {-1, 1, true}, {1, 1, true}, {1, -1, true}},
	Rook:   {{-1, 0, true}, {1, 0, true}, {0, -1, true}, {0, 1, true}},
	King:   kingVectors,
	// Promoted pawn, lance, knight and silver move as gold.
	ProPawn:   goldVectors,
	ProLance:  goldVectors,
	ProKnight: goldVectors,
	ProSilver: goldVectors,
	Horse:     {{-1, -1, true}, {-1, 1, true}, {1, 1, true}, {1, -1, true}, {-1, 0, false}, {1, 0, false}, {0, -1, false}, {0, 1, false}},
	Dragon:    {{-1, 0, true}, {1, 0, true}, {0, -1, true}, {0, 1, true}, {-1, -1, false}, {-1, 1, false}, {1, 1, false}, {1, -1, false}},
}

var goldVectors = []vector{{1, 0, false}, {1, -1, false}, {0, -1, false}, {-1, -1, false}, {-1, 0, false}, {0, 1, false}}
var kingVectors = []vector{{-1, -1, false}, {-1, 0, false}, {-1, 1, false}, {0, 1, false}, {1, 1, false}, {1, 0, false}, {1, -1, false}, {0, -1, false}}

// vectorsOf returns the move vectors of kind t for side c.
func vectorsOf(c Color, t PieceType) []vector {
	vs := blackVectors[t]
	if c == Black {
		return vs
	}
	out := make([]vector, len(vs))
	for i, v := range vs {
		out[i] = vector{-v.df, -v.dr, v.slide}
	}
	return out
}

// Directions of the eight rays, as (file, rank) steps, in opposite pairs
// (d^1 is the opposite of d). A ray in a direction with a positive square
// delta is scanned from its lowest bit.
const (
	dirN  = iota // towards rank 1
	dirS         // towards rank 9
	dirE         // towards file 1
	dirW         // towards file 9
	dirNE        // towards file 1, rank 1
	dirSW        // towards file 9, rank 9
	dirNW        // towards file 9, rank 1
	dirSE        // towards file 1, rank 9
	numDirs
)

var dirSteps = [numDirs][2]int{
	dirN: {0, -1}, dirS: {0, 1}, dirE: {-1, 0}, dirW: {1, 0},
	dirNE: {-1, -1}, dirNW: {1, -1}, dirSE: {-1, 1}, dirSW: {1, 1},
}

// dirPositive tells whether a direction increases the square index.
var dirPositive = [numDirs]bool{dirN: false, dirS: true, dirE: false, dirW: true, dirNE: false, dirSW: true, dirNW: true, dirSE: false}

// Attack tables, computed once by init from the vectors above and never written again.
var (
	// stepAttacks holds, per side, kind and square, the squares reached by
	// the kind's single steps (for horse and dragon: their added king steps).
	stepAttacks [2][NumPieceTypes][NumSquares]Bitboard
	// rays holds every square in a direction up to the edge.
	rays [numDirs][NumSquares]Bitboard
	// betweenBB holds the squares strictly between two aligned squares.
	betweenBB [NumSquares][NumSquares]Bitboard
	// lineBB holds the whole line through two aligned squares (edge to edge).
	lineBB [NumSquares][NumSquares]Bitboard
	// pseudoAttacks holds, per side and kind, the attacks on an empty board.
	pseudoAttacks [2][NumPieceTypes][NumSquares]Bitboard
	// campBB holds each side's promotion zone; farRanks its far ranks by count.
	// nearKing holds, per square, the squares from which a stepping
	// piece (pawn, knight, silver, gold, king, either side's) attacks a
	// square next to it.
	nearKing  [NumSquares]Bitboard
	campBB    [2]Bitboard
	farRanks  [2][3]Bitboard // [c][n]: the n far ranks of c (n = 1, 2)
	squareBBs [NumSquares]Bitboard
)

func onBoard(f, r int) bool { return f >= 1 && f <= 9 && r >= 1 && r <= 9 }

func init() {
	for s := Square(0); s < NumSquares; s++ {
		squareBBs[s] = SquareBB(s)
		rankBB[s.Rank()] = rankBB[s.Rank()].Set(s)
		fileBB[s.File()] = fileBB[s.File()].Set(s)
	}
	for c := Black; c <= White; c++ {
		for r := 1; r <= 9; r++ {
			rr := r
			if c == White {
				rr = 10 - r
			}
			if rr <= 3 {
				campBB[c] = campBB[c].Or(rankBB[r])
			}
			if rr <= 1 {
				farRanks[c][1] = farRanks[c][1].Or(rankBB[r])
			}
			if rr <= 2 {
				farRanks[c][2] = farRanks[c][2].Or(rankBB[r])
			}
		}
	}
	for d := 0; d < numDirs; d++ {
		for s := Square(0); s < NumSquares; s++ {
			f, r := s.File(), s.Rank()
			for {
				f, r = f+dirSteps[d][0], r+dirSteps[d][1]
				if !onBoard(f, r) {
					break
				}
				rays[d][s] = rays[d][s].Set(NewSquare(f, r))
			}
		}
	}
	for s := Square(0); s < NumSquares; s++ {
		r := &fileRays[s]
		r.up, r.down = rays[dirN][s].word(s), rays[dirS][s].word(s)
	}
	for f := 1; f <= 9; f++ {
		s := NewSquare(f, 1)
		for inner := 0; inner < 128; inner++ {
			var occ Bitboard
			for k := 2; k <= 8; k++ {
				if inner>>(k-2)&1 != 0 {
					occ = occ.Set(NewSquare(k, 1))
				}
			}
			rankTable[f-1][inner] = rayAttack(dirE, s, occ).Or(rayAttack(dirW, s, occ))
		}
	}
	for a := Square(0); a < NumSquares; a++ {
		for d := 0; d < numDirs; d++ {
			ray := rays[d][a]
			for bb := ray; bb.NonZero(); {
				b := bb.Pop()
				// Squares from a towards b, excluding b: the ray minus b's own ray and b.
				betweenBB[a][b] = ray.AndNot(rays[d][b]).Clear(b)
				opp := d ^ 1 // directions come in opposite pairs
				lineBB[a][b] = rays[d][a].Or(rays[opp][a]).Set(a)
			}
		}
	}
	for c := Black; c <= White; c++ {
		for t := Pawn; t < NumPieceTypes; t++ {
			for s := Square(0); s < NumSquares; s++ {
				var step, all Bitboard
				for _, v := range vectorsOf(c, t) {
					f, r := s.File()+v.df, s.Rank()+v.dr
					for onBoard(f, r) {
						all = all.Set(NewSquare(f, r))
						if !v.slide {
							step = step.Set(NewSquare(f, r))
							break
						}
						f, r = f+v.df, r+v.dr
					}
				}
				stepAttacks[c][t][s] = step
				pseudoAttacks[c][t][s] = all
			}
		}
	}
	for k := Square(0); k < NumSquares; k++ {
		for ns := stepAttacks[Black][King][k]; ns.NonZero(); {
			n := ns.Pop()
			for c := Black; c <= White; c++ {
				for _, t := range [...]PieceType{Pawn, Knight, Silver, Gold, King} {
					nearKing[k] = nearKing[k].Or(stepAttacks[c][t][n])
				}
			}
		}
	}
}

// rayAttack returns the squares a slider on s reaches in direction d:
// the ray up to and including the first occupied square.
func rayAttack(d int, s Square, occ Bitboard) Bitboard {
	ray := rays[d][s]
	blk := ray.And(occ)
	if blk.IsZero() {
		return ray
	}
	var b Square
	if dirPositive[d] {
		b = blk.First()
	} else {
		b = blk.Last()
	}
	return ray.Xor(rays[d][b])
}

// A file lies in one word of a Bitboard (see Bitboard), so a slider's
// attacks along its file take one word and no branch: fileRays holds, per
// square, that word's part of the rays towards rank 1 (lower bits) and
// towards rank 9 (higher bits).
var fileRays [NumSquares]struct{ up, down uint64 }

// word returns the word of b that holds s's file.
func (b Bitboard) word(s Square) uint64 {
	if s < 63 {
		return b.lo
	}
	return b.hi
}

// inWord returns the Bitboard whose word holding s's file is w.
func inWord(s Square, w uint64) Bitboard {
	if s < 63 {
		return Bitboard{w, 0}
	}
	return Bitboard{0, w}
}

// upAttack is the part of ray m (bits below the slider) up to and
// including the highest blocker in occ: the ray's far end (its lowest
// bit), always added, stands in for the edge (when m is empty the shift
// count is 64 or more and the result is empty).
func upAttack(m, occ uint64) uint64 {
	x := occ&m | m&-m
	return m &^ (1<<uint(63-bits.LeadingZeros64(x)) - 1)
}

// downAttack is the part of ray m (bits above the slider) up to and
// including the lowest blocker in occ (with none, 2 is shifted by 64 and
// the mask is all ones).
func downAttack(m, occ uint64) uint64 {
	return m & (2<<uint(bits.TrailingZeros64(occ&m)) - 1)
}

// rankTable holds, per file and occupancy of files 2–8 of a rank (bit
// k-2 for file k), the squares a slider on that file of rank 1 attacks
// along the rank; rankAttacks moves them to the slider's rank with one
// shift of each word (a file's squares are in rank order within a word).
var rankTable [9][128]Bitboard

// rankOccupancy gathers the occupancy of files 2–8 of rank r into bits
// 0–6. In lo the rank's squares of files 1–7 are nine bits apart; one
// multiplication moves bit 9i to bit 56+i with no carries (no two
// partial products meet). hi holds files 8 and 9 at bits r-1 and r+8.
func rankOccupancy(r int, occ Bitboard) int {
	lo := (occ.lo >> uint(r-1) & 0x0040201008040201) * 0x0101010101010100 >> 56
	hi := occ.hi >> uint(r-1) & 0x201
	all := lo | (hi|hi>>8)&3<<7 // bit k-1 for file k
	return int(all >> 1 & 127)
}

// rankAttacks returns the squares a rook on s attacks along its rank.
func rankAttacks(s Square, occ Bitboard) Bitboard {
	r := s.Rank()
	t := rankTable[s.File()-1][rankOccupancy(r, occ)]
	return Bitboard{t.lo << uint(r-1), t.hi << uint(r-1)}
}

// LanceAttacks returns the squares a lance of side c on s attacks.
func LanceAttacks(c Color, s Square, occ Bitboard) Bitboard {
	r := &fileRays[s]
	if c == Black {
		return inWord(s, upAttack(r.up, occ.word(s)))
	}
	return inWord(s, downAttack(r.down, occ.word(s)))
}

// fileAttacks returns the squares a rook on s attacks along its file.
func fileAttacks(s Square, occ Bitboard) Bitboard {
	r := &fileRays[s]
	o := occ.word(s)
	return inWord(s, upAttack(r.up, o)|downAttack(r.down, o))
}

// noneMask is all ones when x is empty, else zero (x never has bit 63).
func noneMask(x uint64) uint64 { return uint64(int64(x-1) >> 63) }

// rayUp is rayAttack for a ray towards lower squares, without a branch:
// the highest blocker ends it, in hi or else in lo.
func rayUp(ray, occ Bitboard) Bitboard {
	blo, bhi := ray.lo&occ.lo, ray.hi&occ.hi
	// -h keeps the bits from h's up; with no blocker h is 0 (the shift
	// count is 64) and noneMask keeps the whole word.
	hlo := uint64(1) << uint(63-bits.LeadingZeros64(blo))
	hhi := uint64(1) << uint(63-bits.LeadingZeros64(bhi))
	return Bitboard{ray.lo & (-hlo | noneMask(blo)) & noneMask(bhi), ray.hi & (-hhi | noneMask(bhi))}
}

// rayDown is rayAttack for a ray towards higher squares, without a
// branch: the lowest blocker ends it, in lo or else in hi.
func rayDown(ray, occ Bitboard) Bitboard {
	blo, bhi := ray.lo&occ.lo, ray.hi&occ.hi
	// (l<<1)-1 keeps the bits up to the lowest blocker l, all when none.
	return Bitboard{ray.lo & ((blo&-blo)<<1 - 1), ray.hi & ((bhi&-bhi)<<1 - 1) & noneMask(blo)}
}

// BishopAttacks returns the squares a bishop on s attacks.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	return rayUp(rays[dirNE][s], occ).Or(rayUp(rays[dirSE][s], occ)).Or(rayDown(rays[dirNW][s], occ)).Or(rayDown(rays[dirSW][s], occ))
}

// RookAttacks returns the squares a rook on s attacks.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	return fileAttacks(s, occ).Or(rankAttacks(s, occ))
}

// StepAttacks returns the squares a non-sliding piece of kind t and side c on s attacks.
func StepAttacks(c Color, t PieceType, s Square) Bitboard { return stepAttacks[c][t][s] }

// Attacks returns the squares piece p on s attacks (its effect, 利き) given
// the occupancy: every square it could move to or capture on, plus the
// squares of its own side that it defends.
func Attacks(p Piece, s Square, occ Bitboard) Bitboard {
	c, t := p.Color(), p.Type()
	switch t {
	case Lance:
		return LanceAttacks(c, s, occ)
	case Bishop:
		return BishopAttacks(s, occ)
	case Rook:
		return RookAttacks(s, occ)
	case Horse:
		return BishopAttacks(s, occ).Or(stepAttacks[c][King][s])
	case Dragon:
		return RookAttacks(s, occ).Or(stepAttacks[c][King][s])
	}
	return stepAttacks[c][t][s]
}

// Between returns the squares strictly between a and b when they share a
// line, and the empty set otherwise.
func Between(a, b Square) Bitboard { return betweenBB[a][b] }

// Camp returns side c's promotion zone (its three far ranks).
func Camp(c Color) Bitboard { return campBB[c] }

// PawnAttacks returns the squares side c's pawns attack, all at once:
// each pawn's one step forward (pawns on the last rank, which legal
// positions never hold, attack nothing).
func PawnAttacks(c Color, pawns Bitboard) Bitboard {
	if c == Black {
		return pawns.AndNot(farRanks[Black][1]).shiftDown()
	}
	return pawns.AndNot(farRanks[White][1]).shiftUp()
}
