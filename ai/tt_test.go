package ai

import (
	"context"
	"testing"

	"kiki/game"
)

// An entry gives back what was packed into it; an evaluation too large
// for 16 bits is not kept; a store without a move or an evaluation keeps
// the ones already there.
func TestTTEntryFields(t *testing.T) {
	p, err := game.ParseUSIPosition("startpos moves 7g7f 3c3d 8h2b+")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := p.ParseUSIMove("3a2b")
	d := packTT(m, -1234, 567, 17, boundLower, 61)
	if got := p.MoveFromKey16(d.move16()); got != m || d.score() != -1234 || d.eval() != 567 || d.depth() != 17 || d.bound() != boundLower || d.age() != 61 {
		t.Fatalf("unpacked %s %d %d %d %d %d", got, d.score(), d.eval(), d.depth(), d.bound(), d.age())
	}
	for _, v := range []int{40000, -40000, evalNone} {
		if e := packTT(m, 0, v, 1, boundExact, 0).eval(); e != evalNone {
			t.Errorf("evaluation %d kept as %d", v, e)
		}
	}
	tt := NewTT(1)
	const key = 0x123456789abcdef
	tt.store(key, m, 10, 99, 3, boundExact)
	tt.store(key, game.NoMove, 20, evalNone, 4, boundUpper)
	d, ok := tt.probe(key)
	if !ok || d.move16() != m.Key16() || d.eval() != 99 || d.score() != 20 || d.depth() != 4 {
		t.Fatalf("after a store without move or evaluation: hit %v, move %#x eval %d score %d depth %d", ok, d.move16(), d.eval(), d.score(), d.depth())
	}
}

// The table's static evaluations are the evaluation's own, and a search
// with another evaluation (without usinewgame in between) finds none of
// the first one's.
func TestTableEvalFollowsEvaluator(t *testing.T) {
	p, err := game.ParseUSIPosition("startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d")
	if err != nil {
		t.Fatal(err)
	}
	e := NewEngine(16)
	e.Threads, e.MateSearch = 1, false
	check := func(ev Evaluator) {
		t.Helper()
		e.Eval = ev
		e.Think(context.Background(), p, Request{Limits: Limits{Depth: 7}})
		found := 0
		var walk func(q *game.Position, depth int)
		walk = func(q *game.Position, depth int) {
			if d, ok := e.tt.probe(q.Key() ^ e.evalSalt); ok && d.eval() != evalNone {
				found++
				if want := ev.Evaluate(q); d.eval() != want {
					t.Fatalf("%s: the table's evaluation %d, the evaluator's %d", q.SFEN(), d.eval(), want)
				}
			}
			if depth == 0 {
				return
			}
			var ml game.MoveList
			q.LegalMoves(&ml)
			for _, m := range ml.Slice() {
				q.DoMove(m)
				walk(q, depth-1)
				q.UndoMove()
			}
		}
		walk(p.Clone(), 2)
		if found < 100 {
			t.Fatalf("only %d positions within two plies have an evaluation in the table", found)
		}
	}
	check(&Default)
	check(Material{Params: &Default})
	check(&HandSet)
}
