// Package ai is kiki's shogi engine: evaluation, an iterative-deepening
// principal-variation search with a shared transposition table and
// lazy-SMP threads, time management and strength levels. ai/usi speaks
// the USI protocol on top of it; ai/mate is the tsume solver.
package ai

import (
	"math"
	"slices"
	"sync/atomic"
	"unsafe"

	"kiki/ai/internal/prefetch"
	"kiki/ai/nnue"
	"kiki/game"
)

// Scores. A mate in n plies from the root scores MateScore-n.
const (
	Infinite     = 32100
	MateScore    = 32000
	MateInMaxPly = MateScore - 1000
	// cycleScore is what a perpetual-check repetition is worth to the side
	// that is being checked: a win, but not a mate.
	cycleScore = 3000
	maxPly     = 120
)

// IsMate reports whether a score announces a mate; plies is its length
// (positive: the side to move mates, negative: it is mated).
func IsMate(score int) (plies int, ok bool) {
	switch {
	case score >= MateInMaxPly:
		return MateScore - score, true
	case score <= -MateInMaxPly:
		return -(MateScore + score), true
	}
	return 0, false
}

var lmrTable [64][64]int

func init() {
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			lmrTable[d][n] = int(0.8 + math.Log(float64(d))*math.Log(float64(n))/1.9)
		}
	}
}

type stackEntry struct {
	killers [2]game.Move
	eval    int
	move    game.Move
	// cont is 1 + the continuation-history row of the move made at this
	// ply (its piece and destination), 0 after a null move or none.
	cont int32
}

// contRow scores the replies to one move, by the replying piece and its
// destination: continuation history (how well a quiet move did after the
// move one ply and two plies before it).
type contRow [game.NumPieces][game.NumSquares]int16

// contSlot is 1 + the row of a move in a worker's continuation history.
func contSlot(m game.Move) int32 { return int32(m.Moved())*game.NumSquares + int32(m.To()) + 1 }

// worker is one search thread: its own position copy and ordering tables,
// the shared table through its engine.
type worker struct {
	s     *search
	id    int
	pos   *game.Position
	nodes uint64
	// published is nodes as other threads may read it, updated every
	// 256 nodes (an atomic add per node would cost more than it tells).
	published atomic.Uint64
	seldepth  int
	stack     [maxPly + 4]stackEntry
	history   [game.NumPieces][game.NumSquares]int32
	counter   [game.NumPieces][game.NumSquares]game.Move
	// cont is the continuation history, one row per (piece, square) of the
	// move before: 12 MiB, allocated once. A search touches few rows, and
	// on a loaded VM each first-touched page costs a fault measured at
	// 85 µs, so a new search clears only the rows the last one wrote
	// (contUsed, flagged in contDirty) instead of the whole table.
	cont      []contRow
	contDirty []bool
	contUsed  []int32
	// evalCache holds static evaluations by position key, salted with
	// evalSalt so that a new search (perhaps with another evaluator) finds
	// none of the last one's without clearing the cache.
	evalCache []evalEntry
	evalSalt  uint64
	pv        [maxPly + 1][maxPly + 1]game.Move
	moveLists [maxPly + 4]game.MoveList
	pickers   [maxPly + 4]movePicker
	checkInfo [maxPly + 4]game.CheckInfo
	pvLen     [maxPly + 1]int
	root      []rootMove
	pvIdx     int
	stopped   bool
	scoreBufs [][]int32
	// rootBest is the move that last raised alpha at the root in the
	// running iteration (or its first move): safe to play if stopped now.
	rootBest      game.Move
	rootBestScore int
	completed     int // last completed depth
	stats         BenchStats
	// hand is the search's evaluation when it is the hand-made one, whose
	// placement (see Params.placement) place carries from ply to ply:
	// place[i] is that of the position i plies below the root, valid when
	// its key matches (and not zero). rootPlies is the root's Plies().
	hand      *Params
	place     [maxPly + 8]placeEntry
	rootPlies int
	// nn is this thread's learned evaluator, when the engine has a Net.
	nn *nnue.Evaluator
	// corr is the correction history (correction.go), cleared by reset.
	corr *corrHistory
}

// reset readies a worker, kept from an earlier search or new, for search
// s as thread id on position p: everything a search learns starts afresh.
// newWorker makes a search thread's state with its tables in place.
func newWorker() *worker {
	w := new(worker)
	w.alloc()
	return w
}

// alloc makes the worker's large tables (continuation history, about
// 12 MiB, and the evaluation cache) once, and writes them so that their
// pages are in memory before any clock runs: a fresh page costs a fault,
// which on a loaded virtual machine made first searches overrun.
func (w *worker) alloc() {
	if w.cont != nil {
		return
	}
	w.cont = make([]contRow, game.NumPieces*game.NumSquares)
	w.contDirty = make([]bool, len(w.cont))
	w.evalCache = make([]evalEntry, evalCacheSize)
	w.corr = new(corrHistory)
	clear(w.cont)
	clear(w.evalCache)
}

func (w *worker) reset(s *search, id int, p *game.Position) {
	w.s, w.id, w.nodes = s, id, 0
	w.published.Store(0)
	w.pos = p.Clone()
	w.hand, _ = s.eval.(*Params)
	w.place = [maxPly + 8]placeEntry{}
	w.rootPlies = w.pos.Plies()
	w.seldepth, w.pvIdx, w.stopped = 0, 0, false
	w.stack = [maxPly + 4]stackEntry{}
	w.history = [game.NumPieces][game.NumSquares]int32{}
	w.counter = [game.NumPieces][game.NumSquares]game.Move{}
	w.alloc()
	for _, i := range w.contUsed {
		w.cont[i] = contRow{}
		w.contDirty[i] = false
	}
	w.contUsed = w.contUsed[:0]
	*w.corr = corrHistory{}
	w.evalSalt++
	w.pvLen = [maxPly + 1]int{}
	w.root = w.root[:0]
	w.rootBest, w.rootBestScore, w.completed = game.NoMove, 0, 0
	w.stats = BenchStats{}
}

type rootMove struct {
	move      game.Move
	score     int
	prevScore int
	pv        []game.Move
	seldepth  int
}

func (w *worker) checkStop() {
	w.published.Store(w.nodes)
	if w.s.stopFlag.Load() {
		w.stopped = true
		return
	}
	if w.id == 0 {
		w.s.poll(w)
	}
}

// evaluate is the position's score for the side to move as this search
// judges it: the static evaluation, blurred at the weakest levels.
func (w *worker) evaluate() int { return w.blur(w.staticEval()) }

// blur adds a weak level's noise to the static evaluation v.
func (w *worker) blur(v int) int {
	if w.s.noise > 0 {
		v += evalNoise(w.pos.Key()^w.s.noiseSalt, w.s.noise)
	}
	return v
}

// correctedEval is the evaluation, given the static evaluation raw, plus
// the correction history's adjustment for positions like this one (keys
// k), short of a mate score.
func (w *worker) correctedEval(raw int, k corrKeys) int {
	v := w.blur(raw) + w.corr.correction(w.pos.Side(), k)
	return max(-MateInMaxPly+1, min(MateInMaxPly-1, v))
}

// rawEval is the static evaluation: the table's, when its entry ttd (hit)
// holds one, else computed.
func (w *worker) rawEval(ttd ttData, hit bool) int {
	if hit {
		if v := ttd.eval(); v != evalNone {
			return v
		}
	}
	return w.staticEval()
}

// evalNoise is a weak level's misjudgement of a position, from -limit to
// limit, small more often than large (the sum of two uniform draws), and
// a function of the position and the search's salt, so that the search
// sees one consistent (if wrong) judgement of each position.
func evalNoise(h uint64, limit int) int {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	t := int(h&0xffff) + int(h>>16&0xffff) // 0 … 2·65535
	return (t - 65535) * limit / 65535
}

// prepareNet has the learned evaluator hold this node's accumulators
// before its children are searched, when the evaluation did not compute
// them (it came from the table, or the side to move is in check): each
// child then costs its move's few rows, not a full refresh.
func (w *worker) prepareNet() {
	if w.nn != nil {
		w.nn.Prepare(w.pos)
	}
}

// staticEval is the static evaluation: the learned one when the engine
// has a net, else the evaluator's, from the cache when it holds it.
func (w *worker) staticEval() int {
	// Iterative deepening and re-searches evaluate the same positions
	// again and again; the evaluation is most of a node's cost. A learned
	// evaluation answered here leaves its accumulators uncomputed:
	// prepareNet computes them before the node's children are searched,
	// and a leaf that stands pat never needs them.
	key := w.pos.Key()
	e := &w.evalCache[key&(evalCacheSize-1)]
	if e.key == key^w.evalSalt && e.flags&evalKnown != 0 {
		return int(e.v)
	}
	var v int
	switch {
	case w.nn != nil:
		v = w.nn.Evaluate(w.pos)
	case w.hand != nil:
		v = w.hand.evaluate(w.pos, w.placement())
	default:
		v = w.s.eval.Evaluate(w.pos)
	}
	if e.key != key^w.evalSalt {
		*e = evalEntry{key: key ^ w.evalSalt}
	}
	e.v, e.flags = int32(v), e.flags|evalKnown
	return v
}

// placeEntry is a position's placement, by its key.
type placeEntry struct {
	key uint64
	pl  [2]int
}

// carry sets the placement (see Params.placement) of the position the
// move m (or a null move) has just reached at ply from its parent's: a
// few table lookups, where computing it afresh is about a quarter of the
// evaluation's time. A king move changes every king-distance term, and
// its child's placement is computed afresh.
func (w *worker) carry(ply int, m game.Move) {
	if w.hand == nil || ply >= len(w.place) {
		return
	}
	p := w.pos
	pl, ok := [2]int{}, false
	if _, parent := p.Back(1); w.place[ply-1].key == parent && parent != 0 {
		pl, ok = w.hand.placementAfter(p, m, w.place[ply-1].pl)
	}
	if !ok {
		pl = w.hand.placement(p)
	}
	w.place[ply] = placeEntry{key: p.Key(), pl: pl}
}

// placement returns the hand-made evaluation's placement of the worker's
// position: the one carry left for it, or computed afresh where none did
// (the root, a position reached outside the search's moves).
func (w *worker) placement() [2]int {
	p := w.pos
	key := p.Key()
	i := p.Plies() - w.rootPlies
	if i < 0 || i >= len(w.place) {
		return w.hand.placement(p)
	}
	if e := &w.place[i]; e.key == key && key != 0 {
		return e.pl
	}
	pl := w.hand.placement(p)
	w.place[i] = placeEntry{key: key, pl: pl}
	return pl
}

// mate1Ply is the position's game.Position.Mate1Ply, cached with its evaluation:
// nodes that do not mate at once are visited again and again by
// iterative deepening, and the probe costs a tenth of the search.
func (w *worker) mate1Ply() game.Move {
	key := w.pos.Key()
	e := &w.evalCache[key&(evalCacheSize-1)]
	if e.key == key^w.evalSalt && e.flags&mate1Known != 0 {
		return game.Move(e.flags &^ (evalKnown | mate1Known))
	}
	m := w.pos.Mate1Ply()
	if e.key != key^w.evalSalt {
		*e = evalEntry{key: key ^ w.evalSalt}
	}
	e.flags |= mate1Known | uint32(m)
	return m
}

// evalCacheSize is the number of entries of a worker's evaluation cache
// (a power of two; 16 bytes each).
const evalCacheSize = 1 << 16

// evalEntry is a cached static evaluation and one-ply mate probe.
type evalEntry struct {
	key uint64 // position key ^ the search's salt
	v   int32
	// flags says which of the two is known; with mate1Known, its low
	// bits (those of a game.Move, 0–25) hold the mating move or NoMove.
	flags uint32
}

// Flags of an evalEntry, above a game.Move's bits.
const (
	evalKnown  = 1 << 30
	mate1Known = 1 << 31
)

func scoreToTT(v, ply int) int {
	switch {
	case v >= MateInMaxPly:
		return v + ply
	case v <= -MateInMaxPly:
		return v - ply
	}
	return v
}

func scoreFromTT(v, ply int) int {
	switch {
	case v >= MateInMaxPly:
		return v - ply
	case v <= -MateInMaxPly:
		return v + ply
	}
	return v
}

// ttCut returns the table's score and whether its bound decides the
// window (alpha, beta): an exact score, a lower bound at or above beta,
// or an upper bound at or below alpha. The caller checks the depth.
func ttCut(d ttData, ply, alpha, beta int) (int, bool) {
	v := scoreFromTT(d.score(), ply)
	switch d.bound() {
	case boundExact:
		return v, true
	case boundLower:
		return v, v >= beta
	case boundUpper:
		return v, v <= alpha
	}
	return v, false
}

// cycleValue scores a position that repeats one on the path or in the game,
// for the side to move ply plies below the root.
func (w *worker) cycleValue(c game.Cycle, ply int) (int, bool) {
	switch c {
	case game.CycleDraw:
		return w.drawValue(ply), true
	case game.CycleWin:
		return cycleScore, true
	case game.CycleLose:
		return -cycleScore, true
	}
	return 0, false
}

// drawValue is a repetition draw (千日手) for the side to move ply plies
// below the root: the engine's contempt below zero for the side the search
// plays, as much above for the other. An engine that scores a draw as
// level with a quiet move shuffles into repetitions when nothing is
// happening; a small contempt makes it play on instead.
func (w *worker) drawValue(ply int) int {
	if ply%2 == 0 {
		return -w.s.contempt
	}
	return w.s.contempt
}

func (w *worker) search(alpha, beta, depth, ply int, cutNode bool) int {
	pvNode := beta-alpha > 1
	w.pvLen[ply] = ply
	if depth <= 0 {
		return w.qsearch(alpha, beta, ply, 0)
	}
	w.nodes++
	if w.nodes&255 == 0 {
		w.checkStop()
	}
	if w.stopped {
		return 0
	}
	p := w.pos
	if ply > w.seldepth {
		w.seldepth = ply
	}
	if ply > 0 {
		if v, ok := w.cycleValue(p.FindCycle(32), ply); ok {
			return v
		}
		alpha = max(alpha, -MateScore+ply)
		beta = min(beta, MateScore-ply-1)
		if alpha >= beta {
			return alpha
		}
		if ply >= maxPly {
			return w.evaluate()
		}
		if k := p.King(p.Side()); k != game.NoSquare && game.Camp(p.Side()).Has(k) && p.CanDeclare() {
			return MateScore - ply
		}
	}
	inCheck := p.InCheck()
	key := p.Key() ^ w.s.keySalt
	ttd, ttHit := w.s.tt.probe(key)
	w.stats.TTProbes++
	if ttHit {
		w.stats.TTHits++
	}
	ttMove := game.NoMove
	if ttHit {
		// A colliding key's move fails IsLegalFast below: harmless.
		ttMove = p.MoveFromKey16(ttd.move16())
		if !pvNode && ttd.depth() >= depth {
			if v, ok := ttCut(ttd, ply, alpha, beta); ok {
				return v
			}
		}
	}
	eval, staticEv, rawEv := -Infinite, -Infinite, evalNone
	var ck corrKeys
	if !inCheck {
		ck = w.corr.keys(p)
		rawEv = w.rawEval(ttd, ttHit)
		staticEv = w.correctedEval(rawEv, ck)
		eval = staticEv
		if ttHit && ttd.depth() > 0 {
			v := scoreFromTT(ttd.score(), ply)
			if ttd.bound() == boundExact || ttd.bound() == boundLower && v > eval || ttd.bound() == boundUpper && v < eval {
				if v > -MateInMaxPly && v < MateInMaxPly {
					eval = v
				}
			}
		}
	}
	w.stack[ply].eval = eval
	w.prepareNet()
	// improving: the evaluation has risen since this side's last move (or
	// that one was in check, when there is nothing to compare). Pruning
	// trusts a position going the right way more.
	improving := 0
	if !inCheck {
		improving = 1
		for back := 2; back <= 4 && ply >= back; back += 2 {
			if e := w.stack[ply-back].eval; e != -Infinite {
				if eval <= e {
					improving = 0
				}
				break
			}
		}
	}

	// Razoring: far below alpha near the leaves, a node whose captures
	// cannot bring it back fails low without trying its quiet moves (the
	// quiescence search's first ply still finds a mate in one).
	if !pvNode && !inCheck && depth <= 2 && eval+razorMargin(depth) < alpha && alpha > -MateInMaxPly {
		v := w.qsearch(alpha-1, alpha, ply, 0)
		if w.stopped {
			return 0
		}
		if v < alpha {
			return v
		}
	}
	if !pvNode && !inCheck && eval < MateInMaxPly {
		// Reverse futility: far above beta at low depth.
		if depth <= 6 && eval-155*(depth-improving) >= beta {
			return eval
		}
		// Null move.
		if depth >= 2 && eval >= beta && ply > 0 && w.stack[ply-1].move != game.NoMove {
			r := 3 + depth/4 + min(3, (eval-beta)/280)
			p.DoNullMove()
			w.carry(ply+1, game.NoMove)
			w.stack[ply].move = game.NoMove
			w.stack[ply].cont = 0
			v := -w.search(-beta, -beta+1, depth-r, ply+1, !cutNode)
			p.UndoNullMove()
			if w.stopped {
				return 0
			}
			if v >= beta {
				if v >= MateInMaxPly {
					v = beta
				}
				return v
			}
		}
	}

	// A mate in one found from the reverse-effect check tables (at the
	// root the move loop finds it and records it as the best move). It is
	// looked for only here, after reverse futility and the null move: a
	// node those cut fails high whether or not it mates, and the test is
	// a tenth of the search's time where every node makes it.
	if !inCheck && ply > 0 {
		if m := w.mate1Ply(); m != game.NoMove {
			v := MateScore - ply - 1
			w.s.tt.store(key, m, scoreToTT(v, ply), rawEv, depth, boundExact)
			if pvNode {
				w.pv[ply][ply] = m
				w.pvLen[ply] = ply + 1
			}
			return v
		}
	}

	// ProbCut: a capture whose reduced search beats beta by a margin
	// almost surely beats beta at full depth.
	if !pvNode && !inCheck && ply > 0 && depth >= 5 && beta > -MateInMaxPly && beta < MateInMaxPly &&
		!(ttHit && ttd.depth() >= depth-3 && scoreFromTT(ttd.score(), ply) < beta+probCutMargin) {
		pb := beta + probCutMargin
		caps := w.moveList(ply)
		p.GenerateCaptures(caps)
		for _, m := range caps.Slice() {
			if !w.s.params.seeGE(p, m, pb-eval) {
				continue
			}
			w.stack[ply].move = m
			w.stack[ply].cont = contSlot(m)
			p.DoMove(m)
			w.carry(ply+1, m)
			v := -w.qsearch(-pb, -pb+1, ply+1, 0)
			if v >= pb {
				v = -w.search(-pb, -pb+1, depth-4, ply+1, !cutNode)
			}
			p.UndoMove()
			if w.stopped {
				return 0
			}
			if v >= pb {
				w.s.tt.store(key, m, scoreToTT(v, ply), rawEv, depth-3, boundLower)
				return v
			}
		}
	}

	// Internal iterative reduction: no table move at a PV node.
	if pvNode && ttMove == game.NoMove && depth >= 6 {
		depth -= 2
	}

	// The table's move goes first, before anything is generated: it cuts
	// most of the nodes it is found in (see movepick.go for the rest).
	ttLegal := game.NoMove
	if ttMove != game.NoMove && p.IsLegalFast(ttMove) {
		ttLegal = ttMove
	}
	mp := w.initPicker(ply, ttLegal)

	best := -Infinite
	bestMove := game.NoMove
	origAlpha := alpha
	var quietsTried [64]game.Move
	nQuiets := 0
	moveCount := 0
	for {
		// Late-move pruning below drops every quiet move that gives no
		// check from here on: the picker need not order those.
		mp.checksOnly = !pvNode && !inCheck && best > -MateInMaxPly && ply > 0 && depth <= 5 && moveCount >= lmpCount(depth, improving)
		m := w.nextMove(mp, ply)
		if m == game.NoMove {
			if mp.noMoves {
				// No legal move loses in shogi, whether in check or not.
				return -MateScore + ply
			}
			break
		}
		moveCount++
		w.prefetchChild(m)
		capture := m.IsCapture() || m.IsPromotion()
		var givesCheck bool
		if moveCount == 1 {
			givesCheck = p.GivesCheck(m) // often the only move: no CheckInfo yet
		} else {
			if moveCount == 2 {
				w.checkInfo[ply] = p.CheckInfo()
			}
			givesCheck = p.GivesCheckWith(&w.checkInfo[ply], m)
		}
		if ply == 0 && w.excludedAtRoot(m) {
			continue
		}
		if !pvNode && !inCheck && best > -MateInMaxPly && ply > 0 {
			if !capture && !givesCheck {
				if depth <= 5 && moveCount > lmpCount(depth, improving) {
					continue
				}
				// A quiet move that has done badly here before.
				if depth <= 3 && m != w.stack[ply].killers[0] && m != w.stack[ply].killers[1] && w.quietScore(m, ply) < -3000*depth {
					continue
				}
				if depth <= 5 && eval+170+180*depth <= alpha {
					continue
				}
				// A quiet move or drop that hangs material near the leaves.
				if depth <= 6 && !w.s.params.seeGE(p, m, -35*depth*depth) {
					continue
				}
			} else if capture && depth <= 4 && !w.s.params.seeGE(p, m, -170*depth) {
				continue
			}
		}
		ext := 0
		if givesCheck && ply < 2*depth+4 && w.s.params.seeGE(p, m, 0) {
			ext = 1
		}
		newDepth := depth - 1 + ext
		w.stack[ply].move = m
		w.stack[ply].cont = contSlot(m)
		p.DoMove(m)
		w.carry(ply+1, m)
		var v int
		if moveCount == 1 {
			v = -w.search(-beta, -alpha, newDepth, ply+1, false)
		} else {
			r := 0
			if depth >= 3 && moveCount > 2 && !capture && !givesCheck && !inCheck {
				r = lmrTable[min(depth, 63)][min(moveCount, 63)]
				if pvNode {
					r--
				}
				if cutNode {
					r++
				}
				r += 1 - improving
				if m == w.stack[ply].killers[0] || m == w.stack[ply].killers[1] {
					r--
				}
				r -= w.quietScore(m, ply) / 12000
				r = max(0, min(r, newDepth-1))
			}
			v = -w.search(-alpha-1, -alpha, newDepth-r, ply+1, true)
			if v > alpha && r > 0 {
				v = -w.search(-alpha-1, -alpha, newDepth, ply+1, !cutNode)
			}
			if v > alpha && v < beta {
				v = -w.search(-beta, -alpha, newDepth, ply+1, false)
			}
		}
		p.UndoMove()
		if w.stopped {
			return 0
		}
		if ply == 0 {
			w.updateRoot(m, v, alpha, beta, moveCount == 1)
			if w.pvIdx == 0 && (moveCount == 1 || v > alpha) {
				w.rootBest, w.rootBestScore = m, v
			}
		}
		if v > best {
			best = v
			if v > alpha {
				bestMove = m
				if pvNode {
					w.pv[ply][ply] = m
					copy(w.pv[ply][ply+1:], w.pv[ply+1][ply+1:w.pvLen[ply+1]])
					w.pvLen[ply] = w.pvLen[ply+1]
				}
				if v >= beta {
					w.stats.Cutoffs++
					if moveCount == 1 {
						w.stats.FirstCuts++
					}
					if !capture {
						w.updateQuietStats(m, ply, depth, quietsTried[:nQuiets])
					}
					break
				}
				alpha = v
			}
		}
		if !capture && nQuiets < len(quietsTried) {
			quietsTried[nQuiets] = m
			nQuiets++
		}
	}
	if moveCount == 0 || best == -Infinite {
		// Every move was excluded (MultiPV) or pruned.
		return alpha
	}
	bd := boundUpper
	switch {
	case best >= beta:
		bd = boundLower
	case pvNode && best > origAlpha:
		bd = boundExact
	}
	// The search's finding corrects the evaluation where it is a bound
	// on the right side of it (not after a capture, which the evaluation
	// was not asked to foresee).
	if !inCheck && !(bestMove != game.NoMove && (bestMove.IsCapture() || bestMove.IsPromotion())) &&
		!(bd == boundLower && best <= staticEv) && !(bd == boundUpper && best >= staticEv) &&
		best > -cycleScore && best < cycleScore {
		w.corr.update(p.Side(), ck, best-staticEv, depth)
	}
	w.s.tt.store(key, bestMove, scoreToTT(best, ply), rawEv, depth, bd)
	return best
}

// lmpCount is how many moves a low-depth node searches before late-move
// pruning drops its quiet moves that give no check: half as many when the
// position is not improving.
func lmpCount(depth, improving int) int { return (3 + depth*depth) / (2 - improving) }

// razorMargin is how far below alpha a node's evaluation must be at depth
// for razoring to ask the quiescence search alone.
func razorMargin(depth int) int { return 300 + 250*depth*depth }

// probCutMargin is how far above beta a reduced capture search must
// score for ProbCut to trust it.
const probCutMargin = 280

func (w *worker) updateQuietStats(m game.Move, ply, depth int, tried []game.Move) {
	k := &w.stack[ply].killers
	if k[0] != m {
		k[1], k[0] = k[0], m
	}
	bonus := int32(min(depth*depth*16, 4000))
	c1, c2 := w.contRows(ply)
	for _, sl := range [2]int32{w.slotAt(ply - 1), w.slotAt(ply - 2)} {
		if sl > 0 && !w.contDirty[sl-1] {
			w.contDirty[sl-1] = true
			w.contUsed = append(w.contUsed, sl-1)
		}
	}
	add := func(mv game.Move, b int32) {
		h := &w.history[mv.Piece()][mv.To()]
		*h += b - *h*abs32(b)/16000
		for _, c := range [2]*contRow{c1, c2} {
			if c != nil {
				e := &c[mv.Piece()][mv.To()]
				*e += int16(b - int32(*e)*abs32(b)/16000)
			}
		}
	}
	add(m, bonus)
	for _, q := range tried {
		if q != m {
			add(q, -bonus)
		}
	}
	if ply > 0 {
		if prev := w.stack[ply-1].move; prev != game.NoMove {
			w.counter[prev.Moved()][prev.To()] = m
		}
	}
}

// contRows returns the continuation-history rows of the moves one and two
// plies before ply (nil where there is none).
func (w *worker) contRows(ply int) (c1, c2 *contRow) {
	if sl := w.slotAt(ply - 1); sl > 0 {
		c1 = &w.cont[sl-1]
	}
	if sl := w.slotAt(ply - 2); sl > 0 {
		c2 = &w.cont[sl-1]
	}
	return c1, c2
}

// slotAt is the continuation-history slot of the move made at ply (0 for
// none or before the root).
func (w *worker) slotAt(ply int) int32 {
	if ply < 0 {
		return 0
	}
	return w.stack[ply].cont
}

// quietScore is how well a quiet move did before: its history plus its
// continuation histories after the last two moves.
func (w *worker) quietScore(m game.Move, ply int) int {
	s := int(w.history[m.Piece()][m.To()])
	c1, c2 := w.contRows(ply)
	if c1 != nil {
		s += int(c1[m.Piece()][m.To()])
	}
	if c2 != nil {
		s += int(c2[m.Piece()][m.To()])
	}
	return s
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// moveList returns ply's move list, emptied. The lists are kept by the
// worker because a local one is zeroed (2.4 KB) at every node. ProbCut's
// captures and the node's moves share a list: the first are done with
// before the second are generated, and deeper plies use their own.
func (w *worker) moveList(ply int) *game.MoveList {
	ml := &w.moveLists[ply]
	ml.Clear()
	return ml
}

// scoreBuf returns a score slice for ply, reused between calls.
func (w *worker) scoreBuf(n, ply int) []int32 {
	if w.scoreBufs == nil {
		w.scoreBufs = make([][]int32, maxPly+4)
	}
	if cap(w.scoreBufs[ply]) < n {
		w.scoreBufs[ply] = make([]int32, game.MaxMoves)
	}
	return w.scoreBufs[ply][:n]
}

// pickNext moves the best remaining move to position i (selection sort, so
// a cut-off early costs little).
func pickNext(moves []game.Move, scores []int32, i int) game.Move {
	b := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[b] {
			b = j
		}
	}
	moves[i], moves[b] = moves[b], moves[i]
	scores[i], scores[b] = scores[b], scores[i]
	return moves[i]
}

// pickStable moves the best remaining move to position i, the first of
// equals, shifting the ones before it up by one: the moves come out in the
// order of a stable sort by score, and those left keep theirs (as
// keepChecks expects).
func pickStable(moves []game.Move, scores []int32, i int) game.Move {
	b := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[b] {
			b = j
		}
	}
	m, s := moves[b], scores[b]
	copy(moves[i+1:b+1], moves[i:b])
	copy(scores[i+1:b+1], scores[i:b])
	moves[i], scores[i] = m, s
	return m
}

// qsearch resolves captures and promotions (and every evasion when in
// check) until the position is quiet.
func (w *worker) qsearch(alpha, beta, ply, qdepth int) int {
	w.nodes++
	w.stats.QNodes++
	if w.nodes&255 == 0 {
		w.checkStop()
	}
	if w.stopped {
		return 0
	}
	w.pvLen[ply] = ply
	p := w.pos
	if ply > w.seldepth {
		w.seldepth = ply
	}
	if ply >= maxPly {
		return w.evaluate()
	}
	// The table: a bound from any earlier search of this position (depth 0
	// is the quiescence search's own) decides a null-window node, and its
	// move is tried first.
	key := p.Key() ^ w.s.keySalt
	ttd, ttHit := w.s.tt.probe(key)
	ttMove := game.NoMove
	if ttHit {
		ttMove = p.MoveFromKey16(ttd.move16())
		if beta-alpha == 1 {
			if v, ok := ttCut(ttd, ply, alpha, beta); ok {
				return v
			}
		}
	}
	inCheck := p.InCheck()
	best, rawEv := -Infinite, evalNone
	origAlpha := alpha
	if !inCheck {
		rawEv = w.rawEval(ttd, ttHit)
		best = w.correctedEval(rawEv, w.corr.keys(p))
		if best >= beta {
			if !ttHit {
				w.s.tt.store(key, game.NoMove, scoreToTT(best, ply), rawEv, 0, boundLower)
			}
			return best
		}
		if qdepth == 0 {
			if m := w.mate1Ply(); m != game.NoMove {
				return MateScore - ply - 1
			}
		}
		alpha = max(alpha, best)
	}
	w.prepareNet()
	ml := w.moveList(ply)
	if inCheck {
		p.LegalMoves(ml)
		if ml.Len() == 0 {
			return -MateScore + ply
		}
	} else {
		p.GenerateCaptures(ml)
	}
	moves := ml.Slice()
	scores := w.scoreBuf(len(moves), ply)
	prm := w.s.params
	for i, m := range moves {
		scores[i] = int32(prm.Board[m.Captured().Type()]*16 - prm.Board[m.Piece().Type()])
		if m == ttMove {
			scores[i] = 1 << 30
		}
	}
	standPat := best
	bestMove := game.NoMove
	for i := range moves {
		m := pickNext(moves, scores, i)
		if !inCheck {
			if !m.IsPromotion() && standPat+prm.Board[m.Captured().Type()]+prm.Hand[m.Captured().Type().Unpromote()]/2+210 <= alpha {
				continue // delta pruning
			}
			if !prm.seeGE(p, m, 0) {
				continue
			}
			// Quiet promotions of minor pieces add little; keep the search small.
			if !m.IsCapture() && m.Piece().Type() != game.Pawn && m.Piece().Type() != game.Bishop && m.Piece().Type() != game.Rook {
				continue
			}
		}
		w.prefetchChild(m)
		w.stack[ply].move = m
		p.DoMove(m)
		w.carry(ply+1, m)
		v := -w.qsearch(-beta, -alpha, ply+1, qdepth+1)
		p.UndoMove()
		if w.stopped {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				bestMove = m
				if v >= beta {
					w.s.tt.store(key, m, scoreToTT(v, ply), rawEv, 0, boundLower)
					return v
				}
				alpha = v
			}
		}
	}
	bd := boundUpper
	if best > origAlpha {
		bd = boundExact
	}
	w.s.tt.store(key, bestMove, scoreToTT(best, ply), rawEv, 0, bd)
	return best
}

// prefetchChild starts loading the table bucket of the position after m
// as soon as m is picked: the pruning tests and the move itself then run
// while the bucket comes from memory (the probe is a tenth of the search's
// time otherwise). The worker's evaluation-cache entry of that position
// comes too: a child the table has no evaluation for reads it first, and
// waiting on it cost 3% of the search.
func (w *worker) prefetchChild(m game.Move) {
	_, k := w.pos.KeyAfter(m)
	w.s.tt.prefetch(k ^ w.s.keySalt)
	prefetch.Line(unsafe.Pointer(&w.evalCache[k&(evalCacheSize-1)]))
}

// excludedAtRoot skips the moves already reported as better lines (MultiPV).
func (w *worker) excludedAtRoot(m game.Move) bool {
	for i := 0; i < w.pvIdx; i++ {
		if w.root[i].move == m {
			return true
		}
	}
	return false
}

// updateRoot records a root move's score from this iteration.
func (w *worker) updateRoot(m game.Move, v, alpha, beta int, first bool) {
	for i := range w.root {
		rm := &w.root[i]
		if rm.move != m {
			continue
		}
		if first || v > alpha {
			rm.score = v
			rm.seldepth = w.seldepth
			rm.pv = append(rm.pv[:0], m)
			rm.pv = append(rm.pv, w.pv[1][1:w.pvLen[1]]...)
		} else {
			rm.score = -Infinite
		}
		return
	}
}

func sortRoot(root []rootMove) {
	slices.SortStableFunc(root, func(a, b rootMove) int { return b.score - a.score })
}
