package nnue

import "kiki/game"

// Evaluator evaluates the positions of one search thread. It keeps, for
// each ply of the position's history, the accumulators of the last
// position evaluated there with its key; a position whose parent (by
// game.Position.Back) is cached is evaluated from the parent's
// accumulators plus the last move's few rows, so the search needs no hook
// in do/undo. Not safe for concurrent use: one per thread.
type Evaluator struct {
	net     *Net
	stack   []entry
	scratch []int32
	// Refreshes and Updates count full and incremental accumulator
	// computations (for measuring the hit rate).
	Refreshes, Updates uint64
}

type entry struct {
	key uint64
	ok  bool
	acc [2][Hidden]int32
}

// NewEvaluator returns an evaluator using n.
func (n *Net) NewEvaluator() *Evaluator {
	return &Evaluator{net: n, stack: make([]entry, 0, 256), scratch: make([]int32, 0, MaxActive)}
}

// Evaluate returns the evaluation of p in centipawns from the side to
// move's point of view.
func (e *Evaluator) Evaluate(p *game.Position) int {
	ent := e.entry(p)
	s := p.Side()
	return e.net.output(&ent.acc[s], &ent.acc[s.Opp()])
}

// Prepare computes p's accumulators, if they are not held yet, without
// the output: its children's evaluations then update them by their
// moves' rows instead of computing them afresh.
func (e *Evaluator) Prepare(p *game.Position) { e.entry(p) }

// EvaluateFull computes the evaluation of p from scratch (the reference the
// incremental path is tested against).
func (n *Net) EvaluateFull(p *game.Position) int {
	b := BoardOf(p)
	return n.EvaluateBoard(&b, p.Side())
}

// EvaluateBoard computes the evaluation of b with side to move s from
// scratch.
func (n *Net) EvaluateBoard(b *Board, s game.Color) int {
	var acc [2][Hidden]int32
	scratch := make([]int32, 0, MaxActive)
	n.refresh(b, game.Black, &acc[game.Black], scratch)
	n.refresh(b, game.White, &acc[game.White], scratch)
	return n.output(&acc[s], &acc[s.Opp()])
}

func (e *Evaluator) entry(p *game.Position) *entry {
	ply := p.Plies()
	for len(e.stack) <= ply {
		e.stack = append(e.stack, entry{})
	}
	ent := &e.stack[ply]
	key := p.Key()
	if ent.ok && ent.key == key {
		return ent
	}
	ent.ok = false
	if ply > 0 {
		m, parentKey := p.Back(1)
		if par := &e.stack[ply-1]; par.ok && par.key == parentKey {
			e.Updates++
			ent.acc = par.acc
			if m != game.NoMove {
				e.apply(p, ent, m)
			}
			ent.key, ent.ok = key, true
			return ent
		}
	}
	e.Refreshes++
	b := BoardOf(p)
	e.net.refresh(&b, game.Black, &ent.acc[game.Black], e.scratch)
	e.net.refresh(&b, game.White, &ent.acc[game.White], e.scratch)
	ent.key, ent.ok = key, true
	return ent
}

// apply updates the parent's accumulators in ent by move m, which led to p.
func (e *Evaluator) apply(p *game.Position, ent *entry, m game.Move) {
	pc := m.Piece()
	mc := pc.Color()
	to := m.To()
	n := e.net
	for c := game.Black; c <= game.White; c++ {
		acc := &ent.acc[c]
		if !m.IsDrop() && pc.Type() == game.King && mc == c {
			b := BoardOf(p)
			n.refresh(&b, c, acc, e.scratch)
			continue
		}
		v := newView(c, p.King(c))
		if m.IsDrop() {
			t := m.DropType()
			n.addRow(acc, v.base+v.piece(game.NewPiece(mc, t), to))
			n.subRow(acc, v.base+v.hand(mc, t, p.Hand(mc).Count(t)+1))
			continue
		}
		n.subRow(acc, v.base+v.piece(pc, m.From()))
		n.addRow(acc, v.base+v.piece(m.Moved(), to))
		if capt := m.Captured(); capt != game.NoPiece {
			n.subRow(acc, v.base+v.piece(capt, to))
			t := capt.Type().Unpromote()
			n.addRow(acc, v.base+v.hand(mc, t, p.Hand(mc).Count(t)))
		}
	}
}
