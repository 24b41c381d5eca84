package game

import (
	"math/rand/v2"
	"testing"
)

// legalFastCandidates returns moves to ask IsLegalFast about in p: every
// legal move of p and of the positions given (moves of other positions
// are what a transposition table hands a search), every board move of
// the side to move's pieces to every square with and without promotion,
// every drop of every kind on every square, and random corruptions of
// them.
func legalFastCandidates(p *Position, others []*Position, rng *rand.Rand) []Move {
	var out []Move
	var ml MoveList
	for _, q := range append([]*Position{p}, others...) {
		ml.Clear()
		q.LegalMoves(&ml)
		out = append(out, ml.Slice()...)
	}
	us := p.Side()
	for from := Square(0); from < NumSquares; from++ {
		pc := p.PieceAt(from)
		if pc == NoPiece || pc.Color() != us {
			continue
		}
		for to := Square(0); to < NumSquares; to++ {
			out = append(out, NewMove(from, to, pc, p.PieceAt(to), false), NewMove(from, to, pc, p.PieceAt(to), true))
		}
	}
	for t := Pawn; t <= Gold; t++ {
		for to := Square(0); to < NumSquares; to++ {
			out = append(out, NewDrop(NewPiece(us, t), to), NewDrop(NewPiece(us.Opp(), t), to))
		}
	}
	n := len(out)
	for range 200 {
		m := out[rng.IntN(n)]
		switch rng.IntN(4) {
		case 0:
			m ^= 1 << rng.IntN(32) // any bit, the flags and the unused ones too
		case 1:
			m = m&^(0x1f<<21) | Move(rng.IntN(32))<<21 // another captured piece
		case 2:
			m = m&^(0x1f<<16) | Move(rng.IntN(32))<<16 // another moving piece
		default:
			m = Move(rng.Uint32())
		}
		out = append(out, m)
	}
	return out
}

// IsLegalFast answers as the generator does (LegalMoves contains the move)
// for every candidate in the perft positions and their children and
// grandchildren: checks, double checks, pins, drops, promotions, kingless
// sides, drop-pawn mate.
func TestIsLegalFastMatchesGenerator(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	asked, legal := 0, 0
	for _, c := range loadPerft(t) {
		root, err := ParseSFEN(c.SFEN)
		if err != nil {
			t.Fatal(err)
		}
		positions := []*Position{root}
		var ml MoveList
		root.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			if rng.IntN(16) != 0 {
				continue
			}
			q := root.Clone()
			q.DoMove(m)
			positions = append(positions, q)
			var ml2 MoveList
			q.LegalMoves(&ml2)
			if ml2.Len() > 0 {
				r := q.Clone()
				r.DoMove(ml2.At(rng.IntN(ml2.Len())))
				positions = append(positions, r)
			}
		}
		for i, p := range positions {
			var gen MoveList
			p.LegalMoves(&gen)
			isGen := make(map[Move]bool, gen.Len())
			for _, m := range gen.Slice() {
				isGen[m] = true
			}
			others := []*Position{positions[(i+1)%len(positions)], positions[rng.IntN(len(positions))]}
			for _, m := range legalFastCandidates(p, others, rng) {
				want := isGen[m]
				if got := p.IsLegalFast(m); got != want {
					t.Fatalf("%s: IsLegalFast(%#x %s) = %v, the generator says %v", p.SFEN(), uint32(m), m.USI(), got, want)
				}
				asked++
				if want {
					legal++
				}
			}
		}
	}
	if legal < 5000 || asked-legal < 100000 {
		t.Fatalf("only %d legal and %d illegal moves asked", legal, asked-legal)
	}
	t.Logf("%d moves asked, %d legal", asked, legal)
}

// BenchmarkIsLegalFast is the cost of checking one legal move.
func BenchmarkIsLegalFast(b *testing.B) {
	p, err := ParseSFEN("ln1g3nl/1ks1gr3/1ppppsbpp/p4pp2/7P1/P1P1P1P2/1P1PSP2P/1BKS3R1/LNG1G2NL b - 1")
	if err != nil {
		b.Fatal(err)
	}
	var ml MoveList
	p.LegalMoves(&ml)
	moves := ml.Slice()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if !p.IsLegalFast(moves[i%len(moves)]) {
			b.Fatal("a legal move refused")
		}
	}
}
