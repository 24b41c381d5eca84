package game

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

// LanceAttacks returns the squares a lance of side c on s attacks.
func LanceAttacks(c Color, s Square, occ Bitboard) Bitboard {
	if c == Black {
		return rayAttack(dirN, s, occ)
	}
	return rayAttack(dirS, s, occ)
}

// BishopAttacks returns the squares a bishop on s attacks.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	return rayAttack(dirNE, s, occ).Or(rayAttack(dirNW, s, occ)).Or(rayAttack(dirSE, s, occ)).Or(rayAttack(dirSW, s, occ))
}

// RookAttacks returns the squares a rook on s attacks.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	return rayAttack(dirN, s, occ).Or(rayAttack(dirS, s, occ)).Or(rayAttack(dirE, s, occ)).Or(rayAttack(dirW, s, occ))
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
