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
	// views holds, per side and view of its king (bucket and mirror),
	// the accumulator of the last position computed afresh there, with
	// that position's pieces and hands: a king move into the view then
	// costs the rows of what changed since, not a row for every piece
	// (the "Finny tables" of Stockfish's NNUE). A refresh was 8% of a
	// learned search's instructions.
	views [2][2 * NumBuckets]viewCache
	// Refreshes and Updates count full and incremental accumulator
	// computations (for measuring the hit rate).
	Refreshes, Updates uint64
}

type viewCache struct {
	ok     bool
	pieces [game.NumSquares]game.Piece
	hands  [2]game.Hand
	acc    [Hidden]int32
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
			if m == game.NoMove {
				ent.acc = par.acc
			} else {
				e.apply(p, &par.acc, &ent.acc, m)
			}
			ent.key, ent.ok = key, true
			return ent
		}
	}
	e.Refreshes++
	e.refresh(p, game.Black, &ent.acc[game.Black])
	e.refresh(p, game.White, &ent.acc[game.White])
	ent.key, ent.ok = key, true
	return ent
}

// refresh computes side c's accumulator of p into acc from the cache of
// its king's view, bringing the cache up to p first.
func (e *Evaluator) refresh(p *game.Position, c game.Color, acc *[Hidden]int32) {
	v := newView(c, p.King(c))
	i := v.bucket() * 2
	if v.mirror {
		i++
	}
	vc := &e.views[c][i]
	n := e.net
	if !vc.ok {
		b := BoardOf(p)
		n.refresh(&b, c, &vc.acc, e.scratch)
		vc.ok, vc.pieces, vc.hands = true, b.Squares, b.Hands
		*acc = vc.acc
		return
	}
	ownKing := game.NewPiece(c, game.King)
	for s := game.Square(0); s < game.NumSquares; s++ {
		was, is := vc.pieces[s], p.PieceAt(s)
		if was == is {
			continue
		}
		if was != game.NoPiece && was != ownKing {
			n.subRow(&vc.acc, v.base+v.piece(was, s))
		}
		if is != game.NoPiece && is != ownKing {
			n.addRow(&vc.acc, v.base+v.piece(is, s))
		}
		vc.pieces[s] = is
	}
	for hc := game.Black; hc <= game.White; hc++ {
		had, has := vc.hands[hc], p.Hand(hc)
		if had == has {
			continue
		}
		for t := game.Pawn; t <= game.Gold; t++ {
			a, b := had.Count(t), has.Count(t)
			for k := b + 1; k <= a; k++ {
				n.subRow(&vc.acc, v.base+v.hand(hc, t, k))
			}
			for k := a + 1; k <= b; k++ {
				n.addRow(&vc.acc, v.base+v.hand(hc, t, k))
			}
		}
		vc.hands[hc] = has
	}
	*acc = vc.acc
}

// apply sets dst to the parent's accumulators src updated by move m,
// which led to p: each side's in one pass over its rows (a move changes
// two features, a capture four), not a copy and a pass per row.
func (e *Evaluator) apply(p *game.Position, src, dst *[2][Hidden]int32, m game.Move) {
	pc := m.Piece()
	mc := pc.Color()
	to := m.To()
	n := e.net
	for c := game.Black; c <= game.White; c++ {
		if !m.IsDrop() && pc.Type() == game.King && mc == c {
			e.refresh(p, c, &dst[c])
			continue
		}
		v := newView(c, p.King(c))
		if m.IsDrop() {
			t := m.DropType()
			n.move(&dst[c], &src[c], v.base+v.piece(game.NewPiece(mc, t), to), v.base+v.hand(mc, t, p.Hand(mc).Count(t)+1))
			continue
		}
		add, sub := v.base+v.piece(m.Moved(), to), v.base+v.piece(pc, m.From())
		if capt := m.Captured(); capt != game.NoPiece {
			t := capt.Type().Unpromote()
			n.capture(&dst[c], &src[c], add, sub, v.base+v.hand(mc, t, p.Hand(mc).Count(t)), v.base+v.piece(capt, to))
			continue
		}
		n.move(&dst[c], &src[c], add, sub)
	}
}
