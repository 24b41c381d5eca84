package ai

import (
	"math/rand/v2"
	"testing"

	"kiki/game"
)

// evaluateReference is the evaluation as first written, square by square:
// the faster Evaluate must give the same score for every position.
func (prm *Params) evaluateReference(p *game.Position) int {
	var score [2]int
	var att1, att2 [2]game.Bitboard
	occ := p.Occupied()
	for c := game.Black; c <= game.White; c++ {
		own := p.Pieces(c)
		ownK, enemyK := p.King(c), p.King(c.Opp())
		for b := own; b.NonZero(); {
			s := b.Pop()
			pc := p.PieceAt(s)
			t := pc.Type()
			v := prm.Board[t]
			rr := s.RelRank(c)
			switch t {
			case game.Pawn:
				// Edge pawns gain little by advancing; the others, a little.
				if f := s.File(); f != 1 && f != 9 {
					v += (7 - rr) * prm.PawnAdvance
				}
			case game.Silver:
				if rr >= 4 && rr <= 6 {
					v += prm.SilverForward
				}
			case game.Knight:
				if rr == 9 {
					v += prm.KnightHome
				}
			case game.King:
				if rr >= 4 {
					v += (9 - rr) * prm.KingHome
				}
				d := s.File() - 5
				if d < 0 {
					d = -d
				}
				if d < 3 {
					v += (3 - d) * prm.KingCenter
				}
			}
			if enemyK != game.NoSquare {
				v += prm.AttackNear[t][kingDist(s, enemyK)]
			}
			if ownK != game.NoSquare && t != game.King {
				v += prm.DefendNear[t][kingDist(s, ownK)]
			}
			a := game.Attacks(pc, s, occ)
			if m := prm.Mobility[t]; m != 0 {
				v += m * popcount(a.AndNot(own))
			}
			att2[c] = att2[c].Or(att1[c].And(a))
			att1[c] = att1[c].Or(a)
			score[c] += v
		}
		h := p.Hand(c)
		for t := game.Pawn; t <= game.Gold; t++ {
			if n := h.Count(t); n > 0 {
				score[c] += n * prm.Hand[t]
			}
		}
	}
	for k := game.Black; k <= game.White; k++ {
		score[k] += prm.kingSafety(p, k, att1, att2)
	}
	v := score[game.Black] - score[game.White]
	if p.Side() == game.White {
		v = -v
	}
	return v + prm.Tempo
}

// evalTestPositions returns the bench positions and the positions of
// random games played from them (captures, drops and promotions of every
// kind, kings in the open), seeded so that a failure repeats.
func evalTestPositions(t *testing.T) []*game.Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	var out []*game.Position
	for _, sfen := range append(append([]string{}, BenchPositions...), benchPositions...) {
		p, err := game.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		for g := 0; g < 8; g++ {
			q := p.Clone()
			for ply := 0; ply < 60; ply++ {
				out = append(out, q.Clone())
				var ml game.MoveList
				q.LegalMoves(&ml)
				if ml.Len() == 0 {
					break
				}
				q.DoMove(ml.At(rng.IntN(ml.Len())))
			}
		}
	}
	return out
}

// The kind-by-kind evaluation scores every position as the square-by-square
// one did, with the shipped parameters and with random ones (so that no
// term is left out because its shipped weight happens to be zero).
func TestEvaluateMatchesReference(t *testing.T) {
	ps := evalTestPositions(t)
	rng := rand.New(rand.NewPCG(3, 4))
	random := Default
	for i := range random.Mobility {
		random.Mobility[i] = rng.IntN(9) - 4
		for d := range random.AttackNear[i] {
			random.AttackNear[i][d] = rng.IntN(41) - 20
			random.DefendNear[i][d] = rng.IntN(41) - 20
		}
	}
	random.PawnAdvance, random.SilverForward, random.KnightHome = 7, -9, 5
	random.KingHome, random.KingCenter, random.GuardNear, random.GuardNear2 = 11, 13, 17, 19
	for _, prm := range []*Params{&Default, &random} {
		for _, p := range ps {
			if got, want := prm.Evaluate(p), prm.evaluateReference(p); got != want {
				t.Fatalf("%s: Evaluate %d, reference %d", p.SFEN(), got, want)
			}
		}
	}
	if len(ps) < 1000 {
		t.Fatalf("only %d positions", len(ps))
	}
}
