package game

import (
	"math/rand/v2"
	"testing"
)

// walk is the reference for the slider attacks: the squares reached from
// s by steps of (df, dr) up to and including the first occupied one.
func walk(s Square, df, dr int, occ Bitboard) Bitboard {
	var out Bitboard
	f, r := s.File()+df, s.Rank()+dr
	for onBoard(f, r) {
		t := NewSquare(f, r)
		out = out.Set(t)
		if occ.Has(t) {
			break
		}
		f, r = f+df, r+dr
	}
	return out
}

// The slider attacks (word-wise along files, by table along ranks, by
// rays on diagonals) agree with a step-by-step walk on every square for
// random occupancies, sparse and dense, and for full and empty boards.
func TestSliderAttacksMatchWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	occs := []Bitboard{Empty, Full}
	for i := 0; i < 3000; i++ {
		var occ Bitboard
		density := 1 + rng.IntN(8)
		for s := Square(0); s < NumSquares; s++ {
			if rng.IntN(10) < density {
				occ = occ.Set(s)
			}
		}
		occs = append(occs, occ)
	}
	for _, occ := range occs {
		for s := Square(0); s < NumSquares; s++ {
			up, down := walk(s, 0, -1, occ), walk(s, 0, 1, occ)
			rank := walk(s, 1, 0, occ).Or(walk(s, -1, 0, occ))
			diag := walk(s, 1, 1, occ).Or(walk(s, -1, -1, occ)).Or(walk(s, 1, -1, occ)).Or(walk(s, -1, 1, occ))
			check := func(name string, got, want Bitboard) {
				t.Helper()
				if got != want {
					t.Fatalf("%s from %s, occupancy %v:\ngot  %v\nwant %v", name, s, occ.Squares(), got.Squares(), want.Squares())
				}
			}
			check("black lance", LanceAttacks(Black, s, occ), up)
			check("white lance", LanceAttacks(White, s, occ), down)
			check("rook", RookAttacks(s, occ), up.Or(down).Or(rank))
			check("bishop", BishopAttacks(s, occ), diag)
		}
	}
}

func benchOccs() []Bitboard {
	rng := rand.New(rand.NewPCG(3, 4))
	occs := make([]Bitboard, 64)
	for i := range occs {
		for s := Square(0); s < NumSquares; s++ {
			if rng.IntN(10) < 4 {
				occs[i] = occs[i].Set(s)
			}
		}
	}
	return occs
}

// BenchmarkSliderAttacks is the cost of one bishop's or rook's attacks on
// a board four tenths full.
func BenchmarkSliderAttacks(b *testing.B) {
	occs := benchOccs()
	for _, k := range []struct {
		name    string
		attacks func(Square, Bitboard) Bitboard
	}{{"bishop", BishopAttacks}, {"rook", RookAttacks}} {
		b.Run(k.name, func(b *testing.B) {
			var sink Bitboard
			for i := 0; i < b.N; i++ {
				sink = sink.Or(k.attacks(Square(i%81), occs[i&63]))
			}
			_ = sink
		})
	}
}
