package nnue

import (
	"errors"
	"math/rand/v2"
	"testing"

	"kiki/game"
)

// randomNet has weights large enough that any row added or dropped by
// mistake changes the score. Odd seeds give a network with a hidden layer
// (version 2), even ones without (version 1), so that every test covers
// both shapes.
func randomNet(seed uint64) *Net {
	rng := rand.New(rand.NewPCG(seed, 7))
	n := NewNet()
	if seed%2 == 1 {
		n = NewNetL1(16)
		for i := range n.L1W {
			n.L1W[i] = int16(rng.IntN(2*QL+1) - QL)
		}
		for i := range n.L1B {
			n.L1B[i] = int32(rng.IntN(QA*QL) - QA*QL/4)
		}
	}
	for i := range n.FT {
		n.FT[i] = int16(rng.IntN(801) - 400)
	}
	for i := range n.FTBias {
		n.FTBias[i] = int16(rng.IntN(QA))
	}
	for i := range n.Out {
		n.Out[i] = int16(rng.IntN(2*QB+1) - QB)
	}
	n.OutBias = int32(rng.IntN(QA*QB) - QA*QB/2)
	return n
}

// pickMove prefers the moves the test must exercise: captures, drops,
// promotions and king moves, each often enough.
func pickMove(rng *rand.Rand, p *game.Position) game.Move {
	var ml game.MoveList
	p.LegalMoves(&ml)
	if ml.Len() == 0 {
		return game.NoMove
	}
	want := rng.IntN(5)
	for tries := 0; tries < 12; tries++ {
		m := ml.At(rng.IntN(ml.Len()))
		switch {
		case want == 0 && m.IsCapture(), want == 1 && m.IsDrop(), want == 2 && m.IsPromotion(),
			want == 3 && !m.IsDrop() && m.Piece().Type() == game.King:
			return m
		}
	}
	return ml.At(rng.IntN(ml.Len()))
}

// TestIncrementalMatchesFull walks 10,000 random do/undo sequences (with
// null moves) from varied middlegame positions and checks that the
// evaluator's incremental accumulators give exactly the full recompute.
func TestIncrementalMatchesFull(t *testing.T) {
	net := randomNet(1)
	rng := rand.New(rand.NewPCG(2, 3))
	var counts struct{ captures, drops, promotions, kings, nulls, undos, evals int }
	const sequences = 10000
	ev := net.NewEvaluator()
	var updates, refreshes uint64
	var p *game.Position
	for seq := 0; seq < sequences; seq++ {
		if seq%200 == 0 {
			// A fresh game, played randomly some way in so that hands fill.
			p = game.NewStartPosition()
			for i, n := 0, 20+rng.IntN(60); i < n; i++ {
				m := pickMove(rng, p)
				if m == game.NoMove {
					break
				}
				p.DoMove(m)
			}
			updates, refreshes = updates+ev.Updates, refreshes+ev.Refreshes
			ev = net.NewEvaluator()
		}
		base := p.Plies()
		var made []bool // true: null move
		for step, n := 0, 1+rng.IntN(10); step < n; step++ {
			if rng.IntN(4) == 0 && len(made) > 0 {
				if made[len(made)-1] {
					p.UndoNullMove()
				} else {
					p.UndoMove()
				}
				made = made[:len(made)-1]
				counts.undos++
			} else if rng.IntN(8) == 0 && !p.InCheck() {
				p.DoNullMove()
				made = append(made, true)
				counts.nulls++
			} else {
				m := pickMove(rng, p)
				if m == game.NoMove {
					break
				}
				switch {
				case m.IsCapture():
					counts.captures++
				case m.IsDrop():
					counts.drops++
				}
				if m.IsPromotion() {
					counts.promotions++
				}
				if !m.IsDrop() && m.Piece().Type() == game.King {
					counts.kings++
				}
				p.DoMove(m)
				made = append(made, false)
			}
			got, want := ev.Evaluate(p), net.EvaluateFull(p)
			counts.evals++
			if got != want {
				t.Fatalf("sequence %d step %d: incremental %d, full %d at %s (last move %s)", seq, step, got, want, p.SFEN(), p.LastMove())
			}
		}
		// Back to the sequence's start (the next sequence continues from
		// here, so the cached parents are mostly valid, as in a search).
		for len(made) > 0 {
			if made[len(made)-1] {
				p.UndoNullMove()
			} else {
				p.UndoMove()
			}
			made = made[:len(made)-1]
		}
		if p.Plies() != base {
			t.Fatalf("undo bookkeeping: %d plies, want %d", p.Plies(), base)
		}
		if rng.IntN(3) == 0 {
			if m := pickMove(rng, p); m != game.NoMove {
				p.DoMove(m)
			}
		}
	}
	t.Logf("%d evaluations; %d captures, %d drops, %d promotions, %d king moves, %d null moves, %d undos; %d updates, %d refreshes",
		counts.evals, counts.captures, counts.drops, counts.promotions, counts.kings, counts.nulls, counts.undos, updates+ev.Updates, refreshes+ev.Refreshes)
	if counts.captures < 1000 || counts.drops < 1000 || counts.promotions < 300 || counts.kings < 300 || counts.nulls < 300 {
		t.Fatalf("the walk did not exercise every kind of move enough: %+v", counts)
	}
}

// flip returns the position with the board turned round and the colours
// swapped: the same position for the other side.
func flip(t *testing.T, p *game.Position) *game.Position {
	var sq [game.NumSquares]game.Piece
	for s := game.Square(0); s < game.NumSquares; s++ {
		if pc := p.PieceAt(s); pc != game.NoPiece {
			sq[game.NumSquares-1-s] = game.NewPiece(pc.Color().Opp(), pc.Type())
		}
	}
	q, err := game.ParseSFEN(game.ComposeSFEN(&sq, p.Side().Opp(), [2]game.Hand{p.Hand(game.White), p.Hand(game.Black)}, 1))
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestMirrorAgrees checks that a position and its colour-flipped mirror
// get exactly the same evaluation (each side's features are taken from its
// own point of view, so the flip swaps the two accumulators).
func TestMirrorAgrees(t *testing.T) {
	for _, seed := range []uint64{4, 5} {
		testMirror(t, randomNet(seed))
	}
}

func testMirror(t *testing.T, net *Net) {
	rng := rand.New(rand.NewPCG(9, 9))
	for g := 0; g < 200; g++ {
		p := game.NewStartPosition()
		for i, n := 0, rng.IntN(120); i < n; i++ {
			m := pickMove(rng, p)
			if m == game.NoMove {
				break
			}
			p.DoMove(m)
		}
		a, b := net.EvaluateFull(p), net.EvaluateFull(flip(t, p))
		if a != b {
			t.Fatalf("%s evaluates %d, its colour-flipped mirror %d", p.SFEN(), a, b)
		}
	}
}

func TestLoadRefusesBadFiles(t *testing.T) {
	for _, seed := range []uint64{2, 3} {
		testLoadRefuses(t, randomNet(seed).Marshal())
	}
	tooWide := NewNetL1(MaxL1).Marshal()
	tooWide[36] = MaxL1 + 1
	if _, err := Load(tooWide); err == nil || !errors.Is(err, ErrBadWeights) {
		t.Errorf("a hidden layer wider than %d: got %v, want an ErrBadWeights", MaxL1, err)
	}
}

func testLoadRefuses(t *testing.T, good []byte) {
	if _, err := Load(good); err != nil {
		t.Fatalf("a good file is refused: %v", err)
	}
	corrupt := append([]byte(nil), good...)
	corrupt[len(corrupt)/2] ^= 0x10
	badVersion := append([]byte(nil), good...)
	badVersion[8] = 99
	cases := map[string][]byte{
		"empty":         nil,
		"truncated":     good[:len(good)-100],
		"header only":   good[:40],
		"padded":        append(append([]byte(nil), good...), 0),
		"one bit flip":  corrupt,
		"wrong magic":   append([]byte("NOTKIKI!"), good[8:]...),
		"other version": badVersion,
	}
	for name, data := range cases {
		if _, err := Load(data); err == nil || !errors.Is(err, ErrBadWeights) {
			t.Errorf("%s: got %v, want an ErrBadWeights", name, err)
		} else {
			t.Logf("%s: %v", name, err)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	for _, seed := range []uint64{4, 5} {
		n := randomNet(seed)
		m, err := Load(n.Marshal())
		if err != nil {
			t.Fatal(err)
		}
		if m.L1 != n.L1 {
			t.Fatalf("hidden layer %d after a round trip, %d before", m.L1, n.L1)
		}
		p := game.NewStartPosition()
		if a, b := n.EvaluateFull(p), m.EvaluateFull(p); a != b {
			t.Fatalf("after a round trip %d, before %d", b, a)
		}
	}
}

func BenchmarkEvaluateIncremental(b *testing.B) {
	net := randomNet(1)
	p := game.NewStartPosition()
	var ml game.MoveList
	p.LegalMoves(&ml)
	ev := net.NewEvaluator()
	ev.Evaluate(p)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := ml.At(i % ml.Len())
		p.DoMove(m)
		ev.Evaluate(p)
		p.UndoMove()
	}
}

// BenchmarkEvaluateIncrementalLinear is the same without a hidden layer
// (a version 1 network).
func BenchmarkEvaluateIncrementalLinear(b *testing.B) {
	net := randomNet(2)
	p := game.NewStartPosition()
	var ml game.MoveList
	p.LegalMoves(&ml)
	ev := net.NewEvaluator()
	ev.Evaluate(p)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := ml.At(i % ml.Len())
		p.DoMove(m)
		ev.Evaluate(p)
		p.UndoMove()
	}
}

func BenchmarkEvaluateFull(b *testing.B) {
	net := randomNet(1)
	p := game.NewStartPosition()
	for i := 0; i < b.N; i++ {
		net.EvaluateFull(p)
	}
}

// Prepare leaves a position's accumulators to its children: after it,
// a child's evaluation is an update by its move's rows, not a refresh,
// and equals the full computation.
func TestPrepareLetsChildrenUpdate(t *testing.T) {
	net := randomNet(3)
	p := game.NewStartPosition()
	ev := net.NewEvaluator()
	ev.Prepare(p)
	if ev.Refreshes != 1 || ev.Updates != 0 {
		t.Fatalf("Prepare: %d refreshes, %d updates", ev.Refreshes, ev.Updates)
	}
	var ml game.MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		if m.Piece().Type() == game.King {
			continue // a king's move refreshes its own side, by design
		}
		p.DoMove(m)
		if got, want := ev.Evaluate(p), net.EvaluateFull(p); got != want {
			t.Fatalf("after %s: %d, full %d", m.USI(), got, want)
		}
		p.UndoMove()
	}
	if ev.Refreshes != 1 || ev.Updates == 0 {
		t.Fatalf("children of a prepared position: %d refreshes, %d updates", ev.Refreshes, ev.Updates)
	}
}
