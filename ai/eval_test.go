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

// randomParams returns Default with every positional weight drawn at
// random (seeded), so that a test of the evaluation's structure sees every
// term, including those whose shipped weight happens to be zero.
func randomParams(seed uint64) Params {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	random := Default
	for i := range random.Mobility {
		random.Board[i] += rng.IntN(41) - 20
		random.Mobility[i] = rng.IntN(9) - 4
		for d := range random.AttackNear[i] {
			random.AttackNear[i][d] = rng.IntN(41) - 20
			random.DefendNear[i][d] = rng.IntN(41) - 20
		}
	}
	for i := range random.HandThreat {
		random.HandThreat[i] = rng.IntN(21) - 10
	}
	random.PawnAdvance, random.SilverForward, random.KnightHome = 7, -9, 5
	random.KingHome, random.KingCenter, random.GuardNear, random.GuardNear2 = 11, 13, 17, 19
	random.OpenFile, random.KingEscape, random.Tempo = -23, 9, 31
	return random
}

// The kind-by-kind evaluation scores every position as the square-by-square
// one did, with the shipped parameters and with random ones (so that no
// term is left out because its shipped weight happens to be zero).
func TestEvaluateMatchesReference(t *testing.T) {
	ps := evalTestPositions(t)
	random := randomParams(3)
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

// mirrorColours returns p with the board turned round and the colours
// swapped (the same position for the other side); mirrorFiles returns p
// reflected left to right. Both are built through SFEN, so the rules core
// checks them.
func mirrorColours(t *testing.T, p *game.Position) *game.Position {
	t.Helper()
	var sq [game.NumSquares]game.Piece
	for s := game.Square(0); s < game.NumSquares; s++ {
		if pc := p.PieceAt(s); pc != game.NoPiece {
			sq[game.NumSquares-1-s] = game.NewPiece(pc.Color().Opp(), pc.Type())
		}
	}
	return composeSFEN(t, &sq, p.Side().Opp(), [2]game.Hand{p.Hand(game.White), p.Hand(game.Black)})
}

func mirrorFiles(t *testing.T, p *game.Position) *game.Position {
	t.Helper()
	var sq [game.NumSquares]game.Piece
	for s := game.Square(0); s < game.NumSquares; s++ {
		if pc := p.PieceAt(s); pc != game.NoPiece {
			sq[game.NewSquare(10-s.File(), s.Rank())] = pc
		}
	}
	return composeSFEN(t, &sq, p.Side(), [2]game.Hand{p.Hand(game.Black), p.Hand(game.White)})
}

func composeSFEN(t *testing.T, sq *[game.NumSquares]game.Piece, side game.Color, hands [2]game.Hand) *game.Position {
	t.Helper()
	q, err := game.ParseSFEN(game.ComposeSFEN(sq, side, hands, 1))
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestEvaluateMirror checks that every built-in evaluation gives a position
// the same score as its colour-flipped mirror (each side's terms are taken
// from its own point of view) and as its left-right reflection (no term
// prefers a wing), with the shipped numbers, the hand-set ones and random
// ones (so that no term escapes because its weight is zero).
func TestEvaluateMirror(t *testing.T) {
	ps := evalTestPositions(t)
	random := randomParams(7)
	evals := map[string]Evaluator{"default": &Default, "hand-set": &HandSet, "random": &random, "material": Material{Params: &HandSet}}
	for i, p := range ps {
		if i%3 != 0 {
			continue // a third of the positions keeps the test short
		}
		colours, files := mirrorColours(t, p), mirrorFiles(t, p)
		for name, ev := range evals {
			a := ev.Evaluate(p)
			if b := ev.Evaluate(colours); a != b {
				t.Fatalf("%s: %s scores %d, its colour-flipped mirror %s %d", name, p.SFEN(), a, colours.SFEN(), b)
			}
			if b := ev.Evaluate(files); a != b {
				t.Fatalf("%s: %s scores %d, its left-right mirror %s %d", name, p.SFEN(), a, files.SFEN(), b)
			}
		}
	}
}

// TestShippedParamsSane checks the numbers kiki plays with (Default, made
// by kiki learn tune) for what any shogi player knows: the pieces rank as
// they should on the board and in hand, promotion gains, the start
// position is even, and a side a rook and a bishop up (or facing a bare
// king) is clearly winning, from either side's point of view.
func TestShippedParamsSane(t *testing.T) {
	d := &Default
	// Lance and knight are close in every engine's values, so neither is
	// required to beat the other.
	for _, pr := range [][2]game.PieceType{
		{game.Pawn, game.Lance}, {game.Pawn, game.Knight}, {game.Lance, game.Silver}, {game.Knight, game.Silver},
		{game.Silver, game.Gold}, {game.Gold, game.Bishop}, {game.Bishop, game.Rook},
	} {
		lo, hi := pr[0], pr[1]
		if d.Board[lo] <= 0 || d.Board[lo] >= d.Board[hi] {
			t.Errorf("on the board kind %d is worth %d, kind %d %d", lo, d.Board[lo], hi, d.Board[hi])
		}
		if d.Hand[lo] <= 0 || d.Hand[lo] >= d.Hand[hi] {
			t.Errorf("in hand kind %d is worth %d, kind %d %d", lo, d.Hand[lo], hi, d.Hand[hi])
		}
	}
	for _, pr := range [][2]game.PieceType{{game.Pawn, game.ProPawn}, {game.Lance, game.ProLance}, {game.Knight, game.ProKnight}, {game.Bishop, game.Horse}, {game.Rook, game.Dragon}} {
		if d.Board[pr[1]] <= d.Board[pr[0]] {
			t.Errorf("kind %d is worth %d, promoted (kind %d) %d", pr[0], d.Board[pr[0]], pr[1], d.Board[pr[1]])
		}
	}
	if d.Tempo < 0 || d.Tempo > 50 {
		t.Errorf("tempo %d", d.Tempo)
	}
	start := game.NewStartPosition()
	if got := d.Evaluate(start); got != d.Tempo {
		t.Errorf("start position: %d, want the tempo %d (the position is symmetric)", got, d.Tempo)
	}
	for _, c := range []struct {
		sfen string
		want int // the least score for the side to move; negative: the most
	}{
		// White without its rook and bishop, for either side to move.
		{"lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 1000},
		{"lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", -1000},
		// A bare king against three pieces in hand.
		{"4k4/9/9/9/9/9/9/9/4K4 b RBG 1", 1500},
		{"4k4/9/9/9/9/9/9/9/4K4 w RBG 1", -1500},
		// Two golds and a pawn up.
		{"4k4/9/9/9/9/9/4P4/9/4K4 b 2G 1", 700},
	} {
		p, err := game.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		got := d.Evaluate(p)
		if c.want > 0 && got < c.want {
			t.Errorf("%s: %d, want at least %d", c.sfen, got, c.want)
		}
		if c.want < 0 && got > c.want {
			t.Errorf("%s: %d, want at most %d", c.sfen, got, c.want)
		}
	}
}

// TestSearchParamsFollowEvaluation: with piece values only the search
// exchanges and prunes by those values (the hand-set scale, a pawn 100),
// not the tuned ones (a pawn 44) its margins would mismatch.
func TestSearchParamsFollowEvaluation(t *testing.T) {
	e := NewEngine(1)
	ev, _ := NewEvaluator("material")
	if got := searchParams(ev, nil, e.Params); got != &HandSet {
		t.Errorf("material: search params pawn %d, want the hand-set values", got.Board[game.Pawn])
	}
	if ev, ok := NewEvaluator("handset"); !ok || ev != &HandSet || searchParams(ev, nil, e.Params) != &HandSet {
		t.Errorf("handset: the evaluation or the search's values are not the hand-set numbers")
	}
	if got := searchParams(&Default, nil, e.Params); got != &Default {
		t.Errorf("tuned: search params pawn %d, want the tuned values", got.Board[game.Pawn])
	}
	if got := searchParams(evaluatorFunc(func(*game.Position) int { return 0 }), nil, e.Params); got != e.Params {
		t.Errorf("an evaluation without piece values: search params are not Params")
	}
}

type evaluatorFunc func(*game.Position) int

func (f evaluatorFunc) Evaluate(p *game.Position) int { return f(p) }

// placementAfter gives, for every legal move and the null move, the
// placement computed afresh, or declines exactly when a king moves; with
// the shipped numbers and random ones (no term hides behind a zero weight).
func TestPlacementAfterMove(t *testing.T) {
	random := randomParams(11)
	declined := 0
	for i, p := range evalTestPositions(t) {
		if i%4 != 0 {
			continue // a quarter of the positions keeps the test short
		}
		for _, prm := range []*Params{&Default, &random} {
			pl := prm.placement(p)
			var ml game.MoveList
			p.LegalMoves(&ml)
			for _, m := range ml.Slice() {
				p.DoMove(m)
				got, ok := prm.placementAfter(p, m, pl)
				king := !m.IsDrop() && m.Piece().Type() == game.King
				switch {
				case ok == king:
					t.Fatalf("%s after %s: ok %v for a king move %v", p.SFEN(), m, ok, king)
				case ok && got != prm.placement(p):
					t.Fatalf("%s after %s: placementAfter %v, placement %v", p.SFEN(), m, got, prm.placement(p))
				case !ok:
					declined++
				}
				p.UndoMove()
			}
			if !p.InCheck() {
				p.DoNullMove()
				if got, ok := prm.placementAfter(p, game.NoMove, pl); !ok || got != prm.placement(p) {
					t.Fatalf("%s after a null move: %v %v, placement %v", p.SFEN(), got, ok, prm.placement(p))
				}
				p.UndoNullMove()
			}
		}
	}
	if declined == 0 {
		t.Fatal("no king move among the positions: the declining path is untested")
	}
}

// The search's evaluation, which carries the placement from ply to ply,
// scores positions of random walks (with take-backs, null moves and
// revisits) as Evaluate does. A quarter of the moves are made without
// carrying (as a position reached outside the search's own moves), so
// that the entry a ply finds, and its parent's, are often stale ones from
// another line; half the positions are not evaluated.
func TestWorkerPlacementCarried(t *testing.T) {
	random := randomParams(13)
	rng := rand.New(rand.NewPCG(5, 6))
	for _, sfen := range BenchPositions {
		root, err := game.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		w := newWorker()
		w.hand, w.pos, w.rootPlies = &random, root, root.Plies()
		var made []bool // true for a null move
		for step := 0; step < 400; step++ {
			p := w.pos
			if rng.IntN(2) == 1 {
				if got, want := w.hand.evaluate(p, w.placement()), random.Evaluate(p); got != want {
					t.Fatalf("%s (%d plies below the root): carried %d, Evaluate %d", p.SFEN(), len(made), got, want)
				}
			}
			var ml game.MoveList
			p.LegalMoves(&ml)
			m := game.NoMove
			switch r := rng.IntN(10); {
			case len(made) > 0 && (r < 3 || ml.Len() == 0 || len(made) >= maxPly):
				if made[len(made)-1] {
					p.UndoNullMove()
				} else {
					p.UndoMove()
				}
				made = made[:len(made)-1]
				continue
			case r == 3 && !p.InCheck():
				p.DoNullMove()
				made = append(made, true)
			case ml.Len() > 0:
				m = ml.At(rng.IntN(ml.Len()))
				p.DoMove(m)
				made = append(made, false)
			default:
				continue
			}
			if rng.IntN(4) != 0 {
				w.carry(len(made), m)
			}
		}
	}
}
