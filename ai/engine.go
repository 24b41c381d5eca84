package ai

import (
	"cmp"
	"context"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"kiki/ai/mate"
	"kiki/ai/nnue"
	"kiki/game"
)

// Limits says how long to think. Zero values mean "not given"; with none
// given the search runs until stopped.
type Limits struct {
	Depth    int
	Nodes    uint64
	MoveTime time.Duration
	Infinite bool
	Ponder   bool // think on the opponent's time until PonderHit or Stop
	// Clocks: remaining time, increment (Fischer), byoyomi.
	BTime, WTime, BInc, WInc, Byoyomi time.Duration
}

// Info is a progress report from the main search thread.
type Info struct {
	Depth, SelDepth int
	MultiPV         int // 1-based line number
	Score           int // centipawns, side to move's view; see IsMate
	Bound           bound
	Nodes           uint64
	NPS             uint64
	Time            time.Duration
	Hashfull        int
	PV              []game.Move
	String          string // a free-text report ("info string")
	// Blurred marks a weak level's report (levels 1–3): its score is the
	// blurred judgement the level plays by, not the position's value, and
	// is not for showing.
	Blurred bool
}

// Marks for Info.Bound, for code that builds an Info outside this package
// (an external engine's reports).
const (
	BoundExact = boundExact
	BoundLower = boundLower // the score is at least this (fail high)
	BoundUpper = boundUpper // the score is at most this (fail low)
)

// LowerBound and UpperBound tell whether the score is only a bound (aspiration).
func (i Info) LowerBound() bool { return i.Bound == boundLower }

// UpperBound reports a fail-low score.
func (i Info) UpperBound() bool { return i.Bound == boundUpper }

// ScoreShown reports whether Score is the position's value, to be shown:
// not a weak level's blurred judgement (a mate it finds is a real one).
func (i Info) ScoreShown() bool {
	_, mate := IsMate(i.Score)
	return mate || !i.Blurred
}

// Result is the move the engine chose.
type Result struct {
	Move    game.Move
	Ponder  game.Move // the expected reply, if known
	Score   int
	Depth   int
	Nodes   uint64
	PV      []game.Move
	Resign  bool // no legal move, or a forced mate against the side to move
	Declare bool // entering-king declaration (USI "bestmove win")
	// Invalid, when set, says why the position was refused unsearched (the
	// side not to move is in check); Resign is then set too, so that no
	// caller plays a move from it.
	Invalid *game.PositionError
	// Err, when set, says why an external engine gave no move (it died,
	// stayed silent or sent an illegal move); Resign is then set too.
	Err error
}

// Request is one search: how long it may think, how strong it plays and
// how many lines it reports. Zero values mean full strength and one line.
type Request struct {
	Limits
	Level   int // 1 (weakest) … 10 (full strength); 0 means 10
	MultiPV int // lines to search and report; 0 means 1
	// Info, if not nil, receives progress reports from the search goroutine.
	Info func(Info)
	// Start is when the clock started (a USI go command's arrival, before
	// any wait for the table); zero means when Go is called.
	Start time.Time
	// Analysis asks for scores as they are: a repetition draw is level
	// (no contempt), since no side is the engine's.
	Analysis bool
}

// Searcher is what plays or analyses a position: the built-in Engine, or
// an external USI engine (usi.Client). Ending ctx stops the search; its
// result still comes on the channel.
type Searcher interface {
	Go(ctx context.Context, p *game.Position, r Request) <-chan Result
}

var _ Searcher = (*Engine)(nil)

// Engine is a searcher with its table and settings. Methods other than
// Go and PonderHit must not be called while a search runs.
type Engine struct {
	// Params are the piece values for move ordering and exchanges when
	// the evaluation has none of its own (Eval's, when it is a *Params or
	// Material, so that both are on one scale).
	Params *Params
	// Eval is the evaluation the search uses (Default, the hand-made one
	// with its tuned numbers, unless set).
	Eval Evaluator
	// Net, when set, is the learned evaluation full strength (level 10)
	// uses instead of Eval (see ai/nnue); levels 1–9 keep Eval, the
	// evaluation their ratings were fitted with.
	Net     *nnue.Net
	Threads int
	// MateSearch enables the short df-pn mate search at the root.
	MateSearch bool
	// Contempt is how much worse than level a repetition draw is for the
	// side the engine plays, in centipawns (DefaultContempt; 0: a draw is
	// level, negative: the engine seeks draws).
	Contempt int
	tt       *TT
	rng      *rand.Rand
	stats    *BenchStats // where the main thread's nodes went (bench)
	// solver and workers are kept from search to search: allocating them
	// afresh for every Go cost a fault-in of new memory each time.
	solver  *mate.Solver
	workers []*worker
	cur     atomic.Pointer[search]
	mu      sync.Mutex
	// evalID is the evaluation the last search used, as evalIdentity
	// names it, and evalSalt the table key salt that goes with it: the
	// table keeps static evaluations, which must not outlive a change of
	// evaluation.
	evalID   any
	evalSalt uint64
}

// evalIdentity names the evaluation a search with ev and net uses, or
// says it cannot: a net, a *Params or a Material is the same evaluation
// as long as it is the same value (a *Params changed in place is not
// noticed; change the pointer, or call NewGame).
func evalIdentity(ev Evaluator, net *nnue.Net) (any, bool) {
	if net != nil {
		return net, true
	}
	switch v := ev.(type) {
	case *Params:
		return v, true
	case Material:
		return v, true
	}
	return nil, false
}

// noteEvaluation changes the table's key salt when this search evaluates
// differently from the last one (always, for an evaluation without an
// identity), so that neither sees the other's entries.
func (e *Engine) noteEvaluation(ev Evaluator, net *nnue.Net) {
	id, ok := evalIdentity(ev, net)
	if ok && id == e.evalID {
		return
	}
	if e.evalID != nil || !ok {
		e.evalSalt += 0x9e3779b97f4a7c15
	}
	e.evalID = id
}

// DefaultContempt is a new engine's Contempt, for the hand-made
// evaluation (a pawn is 44 on its tuned scale; 20 there lost, W98 D2 L129
// against 0).
const DefaultContempt = 2

// MaterialContempt is the contempt for piece values only. That evaluation
// scores nearly every quiet position level, and what the search's
// correction history learns tips its quiet moves a few centipawns below
// level, under a small contempt: at 2 it drew 128 of 440 games by
// repetition against the baseline, at 20 few (measured at 6f7b155).
const MaterialContempt = 20

// ContemptFor is the contempt an engine should use with evaluation ev
// unless told otherwise.
func ContemptFor(ev Evaluator) int {
	if _, ok := ev.(Material); ok {
		return MaterialContempt
	}
	return DefaultContempt
}

// NewEngine returns a full-strength engine with a table of hashMiB MiB and
// one thread per core.
func NewEngine(hashMiB int) *Engine {
	e := &Engine{
		Params:     &Default,
		Eval:       &Default,
		Threads:    runtime.NumCPU(),
		MateSearch: true,
		Contempt:   DefaultContempt,
		tt:         NewTT(hashMiB),
		solver:     newProbeSolver(),
		rng:        rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0x6b696b69)),
	}
	// The threads' tables are made now, with the engine, so that no
	// timed search pays their page faults.
	for range e.Threads {
		e.workers = append(e.workers, newWorker())
	}
	return e
}

// newProbeSolver makes the root mate probe's solver. It is made with the
// engine, not at the first search, so its table's memory is in place
// before any clock runs.
func newProbeSolver() *mate.Solver {
	return mate.New(mate.Options{HashMiB: 16, MaxNodes: 30000, FirstProofOnly: true, FirstMoveOnly: true})
}

// SetHash resizes the table (clearing it).
func (e *Engine) SetHash(mib int) { e.tt = NewTT(mib) }

// Seed makes the level's deliberate mistakes repeatable (tests).
func (e *Engine) Seed(s uint64) { e.rng = rand.New(rand.NewPCG(s, 0x6b696b69)) }

// NewGame clears what the engine learnt from the last game.
func (e *Engine) NewGame() { e.tt.Clear() }

// NewGameAsync clears the table in the background and returns at once,
// with a channel closed when done. A GUI starts the clock when it sends
// the first go right after usinewgame, and clearing a large table takes a
// good part of a 1 s byoyomi; a search may run meanwhile, since entries
// are written atomically and a torn one fails its key check.
func (e *Engine) NewGameAsync() <-chan struct{} {
	t, done := e.tt, make(chan struct{})
	go func() {
		t.Clear()
		close(done)
	}()
	return done
}

// PonderHit turns a ponder search into a normal one: the clocks start now.
func (e *Engine) PonderHit() {
	if s := e.cur.Load(); s != nil {
		s.ponderHit()
	}
}

// search is one call of Go: shared state of its threads.
type search struct {
	e         *Engine
	params    *Params
	eval      Evaluator
	net       *nnue.Net // Engine.Net at full strength, else nil
	tt        *TT
	stopFlag  atomic.Bool
	ctx       context.Context // the caller's, ended when the search is
	cancel    context.CancelFunc
	pondering atomic.Bool
	hit       chan struct{} // closed by PonderHit
	mu        sync.Mutex
	start     time.Time
	soft      time.Duration // stop after an iteration past this (0: none)
	hard      time.Duration // stop at once past this (0: none)
	limits    Limits
	level     int
	multiPV   int
	side      game.Color
	contempt  int
	// noise is the most a weak level's evaluation is off by, with
	// noiseSalt choosing how (see evalNoise); 0 for none. The salt also
	// keys the table, so that a blurred search neither reuses clean
	// scores (a hint's, an analysis's) nor leaves its own to later ones.
	noise     int
	noiseSalt uint64
	// keySalt is XORed into every table key: noiseSalt and the engine's
	// evaluation salt.
	keySalt  uint64
	maxNodes uint64
	workers  []*worker
	info     func(Info)
}

func (s *search) elapsed() time.Duration { return time.Since(s.start) }

// totalNodes is the node count of every thread while they search, as
// seen from thread self: its own exactly, the others' as last published
// (short by under 256 each).
func (s *search) totalNodes(self *worker) uint64 {
	var n uint64
	for _, w := range s.workers {
		if w == self {
			n += w.nodes
		} else {
			n += w.published.Load()
		}
	}
	return n
}

// finalNodes is the exact count, once every thread has stopped.
func (s *search) finalNodes() uint64 {
	var n uint64
	for _, w := range s.workers {
		n += w.nodes
	}
	return n
}

// poll runs on the main thread every 256 nodes.
func (s *search) poll(w *worker) {
	if s.pondering.Load() {
		return
	}
	s.mu.Lock()
	hard := s.hard
	start := s.start
	s.mu.Unlock()
	if hard > 0 && time.Since(start) >= hard || s.maxNodes > 0 && s.totalNodes(w) >= s.maxNodes {
		s.stopFlag.Store(true)
		w.stopped = true
	}
}

func (s *search) ponderHit() {
	s.mu.Lock()
	s.start = time.Now()
	s.mu.Unlock()
	if s.pondering.CompareAndSwap(true, false) {
		close(s.hit)
	}
}

// setTime turns the clocks into a soft (finish the iteration) and a hard
// (stop now) limit. It never plans past the time left: with byoyomi alone
// it uses the byoyomi less a safety margin, so a 1 s byoyomi is answered
// inside 1 s.
func (s *search) setTime(l Limits) {
	// margin covers the pipe to the GUI and the threads joining, each of
	// which waits for a core on a loaded machine (50 ms was overrun there
	// by 55 ms beyond the stalls measured); short byoyomi gets a
	// proportionally smaller one.
	margin := 100 * time.Millisecond
	if l.Byoyomi > 0 && l.Byoyomi < time.Second {
		margin = l.Byoyomi / 10
	}
	if l.Infinite {
		return
	}
	if l.MoveTime > 0 {
		s.hard = max(l.MoveTime-margin/2, 10*time.Millisecond)
		s.soft = s.hard
		return
	}
	mine, inc := l.BTime, l.BInc
	if s.side == game.White {
		mine, inc = l.WTime, l.WInc
	}
	if mine == 0 && inc == 0 && l.Byoyomi == 0 {
		return // depth or nodes only, or nothing: until stopped
	}
	budget := mine + l.Byoyomi + inc - margin // the most this move may take
	if budget < 10*time.Millisecond {
		budget = 10 * time.Millisecond
	}
	if mine <= 0 {
		// Byoyomi (and increment) only: time not used is lost, so use it.
		s.hard = budget
		s.soft = budget * 9 / 10
		return
	}
	s.soft = mine/35 + inc*3/4 + l.Byoyomi*8/10
	s.hard = min(budget, max(s.soft*4, mine/8+l.Byoyomi+inc))
	s.soft = min(s.soft, s.hard)
}

// levelSpec is what a strength level limits: search depth, the margin
// within which it picks a move at random instead of the best, and the
// noise on its evaluation (the most, in centipawns, it misjudges a
// position by: the weakest levels choose by a blurred judgement rather
// than at random, so their mistakes are ones a weak player makes).
var levelSpec = [11]struct {
	depth  int
	margin int
	noise  int
}{
	1: {1, 0, 700}, 2: {1, 0, 200}, 3: {2, 0, 150}, 4: {3, 100, 0}, 5: {4, 70, 0},
	6: {5, 40, 0}, 7: {6, 20, 0}, 8: {8, 8, 0}, 9: {12, 0, 0}, 10: {0, 0, 0},
}

// levelRating is each level's approximate strength in Elo, fitted to the
// level ladder's matches (ai/README.md has them, and ai/testdata/ladder
// the commands: each level against the level above it, two levels against
// gnushogi, level 10 against fairy-stockfish, 0.2 s a move). The scale's
// zero is arbitrary: it is set so that gnushogi at depth 4 reads 1650
// (where the first fit, with level 1 at 400, put it), and it is not a
// human rating. Level 10 plays the learned evaluation (Engine.Net), which
// the ladder did not have: its 3020 is the fit's 2860 for the hand-made
// one plus the learned one's +160 against it over 400 games at 0.2 s,
// measured with the network C2; L1 is +108 above C2 and the shipped G1
// +108 above L1 (0.2 s, 200 games each), both left out until they are
// measured against the hand-made one at 0.2 s (ai/learn/README.md).
var levelRating = [11]int{1: 450, 2: 860, 3: 1140, 4: 1310, 5: 1530, 6: 1810, 7: 1980, 8: 2280, 9: 2780, 10: 3020}

// LevelRating returns level's approximate Elo on the ladder's scale (see
// levelRating); levels outside 1–10 are clamped, as Request does.
func LevelRating(level int) int {
	return levelRating[min(max(cmp.Or(level, 10), 1), 10)]
}

// Go starts a search on a copy of p in the background and returns a
// channel that receives the result. Ending ctx stops the search: the
// result, the best move found so far, follows within milliseconds.
func (e *Engine) Go(ctx context.Context, p *game.Position, r Request) <-chan Result {
	out := make(chan Result, 1)
	ev := e.Eval
	if ev == nil {
		ev = e.Params
	}
	start := r.Start
	if start.IsZero() {
		start = time.Now()
	}
	level := min(max(cmp.Or(r.Level, 10), 1), 10)
	var net *nnue.Net
	if level == 10 {
		net = e.Net
	}
	s := &search{e: e, params: searchParams(ev, net, e.Params), eval: ev, net: net, tt: e.tt, start: start, limits: r.Limits,
		level: level, multiPV: max(r.MultiPV, 1),
		side: p.Side(), contempt: e.Contempt, maxNodes: r.Nodes, info: r.Info, hit: make(chan struct{})}
	if r.Analysis {
		s.contempt = 0
	}
	s.ctx, s.cancel = context.WithCancel(ctx)
	// The search threads read one flag; the context sets it.
	release := context.AfterFunc(s.ctx, func() { s.stopFlag.Store(true) })
	s.pondering.Store(r.Ponder)
	s.setTime(r.Limits)
	e.cur.Store(s)
	pos := p.Clone()
	go func() {
		e.mu.Lock()
		defer e.mu.Unlock()
		res := s.run(pos)
		release()
		s.cancel()
		e.cur.CompareAndSwap(s, nil)
		out <- res
	}()
	return out
}

// searchParams are the piece values the search orders, exchanges and
// prunes by: the evaluation's own when it has them and no net replaces
// it (its margins compare them with its scores), else params.
func searchParams(ev Evaluator, net *nnue.Net, params *Params) *Params {
	if pv, ok := ev.(pieceValuer); ok && net == nil {
		return pv.pieceValues()
	}
	return params
}

// Think searches and waits for the result.
func (e *Engine) Think(ctx context.Context, p *game.Position, r Request) Result {
	return <-e.Go(ctx, p, r)
}

func (s *search) report(i Info) {
	if s.info != nil {
		s.info(i)
	}
}

func (s *search) run(p *game.Position) Result {
	e := s.e
	// Constructors refuse such positions; this guard keeps a position
	// built some other way (null moves, a test) from reaching the search.
	if pe := p.Impossible(); pe != nil {
		s.report(Info{String: "position refused: " + pe.Error()})
		return Result{Resign: true, Invalid: pe}
	}
	if k := p.King(p.Side()); k != game.NoSquare && game.Camp(p.Side()).Has(k) && p.CanDeclare() {
		s.report(Info{String: "entering-king declaration: the 27-point rule is met"})
		return Result{Declare: true, Score: MateScore}
	}
	var legal game.MoveList
	p.LegalMoves(&legal)
	if legal.Len() == 0 {
		return Result{Resign: true, Score: -MateScore}
	}
	level := s.level
	spec := levelSpec[level]
	if spec.noise > 0 {
		// A new blur for every move, the same for the whole search.
		s.noise, s.noiseSalt = spec.noise, e.rng.Uint64()
	}
	s.tt.NewSearch()
	e.noteEvaluation(s.eval, s.net)
	s.keySalt = s.noiseSalt ^ e.evalSalt

	// A short mate search first, when there is something to check with.
	if e.MateSearch && level >= 7 {
		var checks game.MoveList
		p.GenerateChecks(&checks)
		if checks.Len() > 0 {
			// The node budget bounds the probe when time does not; time
			// bounds it through the context, as Stop does.
			sv := e.solver
			ctx, cancel := s.ctx, context.CancelFunc(func() {})
			if s.hard > 0 {
				ctx, cancel = context.WithTimeout(s.ctx, s.hard/5)
			}
			res := sv.Solve(ctx, p)
			cancel()
			if res.Status == mate.Mate && len(res.Moves) > 0 && p.IsLegal(res.Moves[0]) {
				r := Result{Move: res.Moves[0], PV: res.Moves, Score: MateScore - res.Length, Depth: res.Length, Nodes: res.Nodes}
				s.report(Info{Depth: res.Length, Score: r.Score, Nodes: res.Nodes, Time: s.elapsed(), PV: res.Moves, MultiPV: 1, Bound: boundExact})
				return r
			}
		}
	}

	maxDepth := maxPly - 10
	if spec.depth > 0 {
		maxDepth = spec.depth
	}
	if s.limits.Depth > 0 {
		maxDepth = min(maxDepth, s.limits.Depth)
	}
	threads := max(1, e.Threads)
	if level < 10 {
		threads = 1
	}
	for len(e.workers) < threads {
		e.workers = append(e.workers, newWorker())
	}
	s.workers = e.workers[:threads]
	for i, w := range s.workers {
		w.reset(s, i, p)
		w.nn = nil
		if s.net != nil {
			w.nn = s.net.NewEvaluator()
			// The hand-made evaluation's placement, carried along every
			// move for it, would go unused: 4% of a learned search's
			// instructions.
			w.hand = nil
		}
		for _, m := range legal.Slice() {
			w.root = append(w.root, rootMove{move: m, score: -Infinite, prevScore: -Infinite})
		}
	}
	var wg sync.WaitGroup
	for _, w := range s.workers[1:] {
		wg.Add(1)
		go func(w *worker) {
			defer wg.Done()
			w.iterateLocked(maxDepth)
		}(w)
	}
	main := s.workers[0]
	main.iterateLocked(maxDepth)
	// A ponder search waits for its ponder hit or its end, an infinite
	// one for its end.
	if s.limits.Infinite {
		<-s.ctx.Done()
	} else if s.pondering.Load() {
		select {
		case <-s.hit:
		case <-s.ctx.Done():
		}
	}
	s.stopFlag.Store(true)
	wg.Wait()

	if e.stats != nil {
		*e.stats = main.stats
		e.stats.Nodes = main.nodes
	}
	res := Result{Move: main.rootBest, Score: main.rootBestScore, Depth: main.completed, Nodes: s.finalNodes()}
	if res.Move == game.NoMove {
		res.Move = main.root[0].move
	}
	for _, rm := range main.root {
		if rm.move == res.Move && len(rm.pv) > 1 {
			res.PV = rm.pv
			res.Ponder = rm.pv[1]
		}
	}
	if len(res.PV) == 0 {
		res.PV = []game.Move{res.Move}
	}
	if level < 10 && spec.margin > 0 {
		res.Move, res.Score = main.pickWeaker(spec.margin, max(1, main.completed-1), res.Move, res.Score)
		res.PV, res.Ponder = []game.Move{res.Move}, game.NoMove
	}
	if res.Score <= -MateInMaxPly && level >= 5 {
		res.Resign = true
	}
	return res
}

// pickWeaker scores the root moves at depth d and picks at random among
// those within margin of the best, the better ones more often — deliberate
// mistakes that are never blunders beyond the margin. Each move is searched
// with its window's floor at the best score so far less the margin: a move
// below it could never be picked, so an upper bound is all it needs.
// The search's best move is scored first; when the clock or the node budget
// stops the scoring, the moves it did not finish are left out, since a
// search cut short scores nothing real (and if none finished, the best
// move, with the search's score, is played).
func (w *worker) pickWeaker(margin, d int, best game.Move, score int) (game.Move, int) {
	p := w.pos
	w.stopped = false
	w.s.stopFlag.Store(false)
	type scored struct {
		m game.Move
		v int
	}
	var all []scored
	top := -Infinite
	order := []game.Move{best}
	for _, rm := range w.root {
		if rm.move != best {
			order = append(order, rm.move)
		}
	}
	for _, m := range order {
		// Only a move within margin of the best so far can be picked, so
		// the window starts there: the others fail low at once.
		floor := -Infinite
		if top > -Infinite {
			floor = max(-Infinite, top-margin-1)
		}
		p.DoMove(m)
		w.stack[0].move = m
		v := -w.search(-Infinite, -floor, d-1, 1, false)
		p.UndoMove()
		if w.stopped {
			break
		}
		if v > floor {
			all = append(all, scored{m, v})
			top = max(top, v)
		}
	}
	if len(all) == 0 {
		return best, score
	}
	total := 0
	for _, s := range all {
		if s.v >= top-margin {
			total += s.v - (top - margin) + 1
		}
	}
	r := w.s.e.rng.IntN(max(total, 1))
	for _, s := range all {
		if s.v >= top-margin {
			r -= s.v - (top - margin) + 1
			if r < 0 {
				return s.m, s.v
			}
		}
	}
	return all[0].m, all[0].v
}

// iterateLocked runs iterate on an operating-system thread of its own.
// The runtime preempts a goroutine that runs for more than 10 ms, and a
// preempted goroutine may resume on another thread and so another core,
// whose caches hold none of its tables: measured, a search on one thread
// lost 8% of its speed that way.
func (w *worker) iterateLocked(maxDepth int) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	w.iterate(maxDepth)
}

// iterate is iterative deepening with aspiration windows; helper threads
// (id > 0) run it too, starting at staggered depths, sharing the table.
func (w *worker) iterate(maxDepth int) {
	s := w.s
	multi := 1
	if w.id == 0 {
		multi = min(s.multiPV, len(w.root))
	}
	prev := 0
	for depth := 1 + w.id%2; depth <= maxDepth; depth++ {
		for w.pvIdx = 0; w.pvIdx < multi; w.pvIdx++ {
			alpha, beta := -Infinite, Infinite
			delta := 30
			if depth >= 4 && w.pvIdx == 0 {
				alpha, beta = max(prev-delta, -Infinite), min(prev+delta, Infinite)
			}
			for {
				w.seldepth = 0
				v := w.search(alpha, beta, depth, 0, false)
				sortRoot(w.root[w.pvIdx:])
				if w.stopped {
					break
				}
				if v <= alpha {
					beta = (alpha + beta) / 2
					alpha = max(v-delta, -Infinite)
					if w.id == 0 {
						w.reportLine(depth, v, boundUpper)
					}
				} else if v >= beta {
					beta = min(v+delta, Infinite)
					if w.id == 0 {
						w.reportLine(depth, v, boundLower)
					}
				} else {
					break
				}
				delta += delta/2 + 10
			}
			sortRoot(w.root[:w.pvIdx+1])
			if w.stopped {
				break
			}
			if w.id == 0 {
				w.reportLine(depth, w.root[w.pvIdx].score, boundExact)
			}
		}
		if w.stopped || s.stopFlag.Load() {
			break
		}
		w.completed = depth
		w.stats.IterNodes[depth] = w.nodes
		w.stats.IterBest[depth] = w.root[0].move
		prev = w.root[0].score
		w.rootBest, w.rootBestScore = w.root[0].move, w.root[0].score
		if w.id == 0 {
			if _, ok := IsMate(prev); ok && depth >= 8 && !s.pondering.Load() && !s.limits.Infinite {
				break // a mate found; no need to look deeper
			}
			if !s.pondering.Load() && s.soft > 0 && s.elapsed() >= s.soft {
				break
			}
			if len(w.root) == 1 && depth >= 4 && !s.pondering.Load() && !s.limits.Infinite && s.soft > 0 {
				break // the only legal move
			}
		}
	}
	if w.id == 0 {
		s.stopFlag.Store(true)
	}
}

func (w *worker) reportLine(depth, score int, b bound) {
	s := w.s
	el := s.elapsed()
	nodes := s.totalNodes(w)
	rm := w.root[w.pvIdx]
	s.report(Info{
		Depth: depth, SelDepth: max(rm.seldepth, w.seldepth), MultiPV: w.pvIdx + 1, Score: score, Bound: b,
		Nodes: nodes, NPS: uint64(float64(nodes) / max(el.Seconds(), 0.001)), Time: el,
		Hashfull: s.tt.Hashfull(), PV: append([]game.Move(nil), rm.pv...),
		Blurred: s.noise > 0,
	})
}
