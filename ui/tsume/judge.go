package tsume

import (
	"context"
	"slices"
	"sync"
	"time"

	"kiki/ai/mate"
	"kiki/game"
)

// The practice's searches run off the UI goroutine, as Bubble Tea
// commands, each under a context the practice cancels when the player
// takes the move back or leaves; their answers come back as messages
// with the generation they were asked for, and an older one is dropped.
// They share one df-pn solver (its table serves the next question too),
// one search at a time.

// Solver is the df-pn solver the practice's searches share.
type Solver struct {
	mu sync.Mutex
	sv *mate.Solver
}

// NewSolver makes the practice's solver, with a small table.
func NewSolver() *Solver {
	return &Solver{sv: mate.New(mate.Options{HashMiB: 32})}
}

// Solve runs the solver on p (the attacker to move) within ctx.
func (s *Solver) Solve(ctx context.Context, p *game.Position) mate.Result {
	return s.solveNodes(ctx, p, 0)
}

// solveNodes runs the solver on p within ctx and at most nodes (0: no
// limit).
func (s *Solver) solveNodes(ctx context.Context, p *game.Position, nodes uint64) mate.Result {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sv.SetMaxNodes(nodes)
	return s.sv.Solve(ctx, p)
}

// VerdictKind is what the judge found of the player's check.
type VerdictKind int

const (
	// Reply: the check keeps the mate within the problem's length;
	// reply is the defence that lasts longest.
	Reply VerdictKind = iota
	// Escape: after reply the attacker has no mate at all.
	Escape
	// TooLong: every defence is mated, the longest (reply, then
	// line) not within the problem's length.
	TooLong
)

// Verdict is the judge's answer for the position after the
// player's check (the defender to move).
type Verdict struct {
	Kind  VerdictKind
	Reply game.Move
	// MateIn is the attacker's mate after Reply, in plies (Reply,
	// TooLong); -1 when the solver could not tell in time.
	MateIn int
	// Line is Reply and, for TooLong, the mate that follows it.
	Line []game.Move
}

// judgeNodes bounds one judgement in the solver's nodes (about 15 s on
// the 2-core machine kiki is developed on, 200,000 nodes a second with
// the practice's small table): a problem of up to 11 plies needs a
// few thousand; a long one off its main line may not finish, and then the
// defences not decided count as lasting (never as escapes). Nodes rather
// than seconds, so that the verdict is the same on a busy or a slow
// machine, only later; judgeTime is the outer bound, for a machine so
// slow that the nodes would keep the player waiting.
const (
	judgeNodes = 3_000_000
	judgeTime  = 60 * time.Second
)

// judgeSlice is the nodes each evasion is first given (about 250 ms).
// The evasions not decided in it are searched again, with four times as
// many, once every other has had its turn (the solver's table keeps what
// was done), so that an escape the solver finds at once is not left
// unsearched behind a defence it cannot decide, which would take the
// whole judgeNodes. The moves of pieces on the board (the king's first)
// have the first half of judgeNodes to themselves: the drops between
// (合駒) are many, and those the solver cannot decide would otherwise
// share out the nodes an escape of the king needs.
const judgeSlice = 100_000

// Judge decides the defender's answer to the player's check in p
// (the defender to move, not mated): every evasion is solved, the one
// after which the attacker has no mate is an escape; otherwise the
// evasion with the longest mate is the reply, preferring main (the main
// line's move, NoMove for none) among equals, and a move that is not a
// drop (a futile interposition) next. left is the plies the attacker may
// take after the reply; strict false accepts a mate of any length. When
// strict, a defence proven to be mated only after more than left plies
// refutes the check without waiting for the drops still undecided.
func Judge(ctx context.Context, sv *Solver, p *game.Position, left int, main game.Move, strict bool) Verdict {
	ctx, cancel := context.WithTimeout(ctx, judgeTime)
	defer cancel()
	j := newJudgement(sv, p, left, strict)
	// The moves on the board are all searched: an escape among them is
	// the clearer refutation, and they are few. Of the drops, once a
	// defence is proven mated too late, each has its first round only.
	j.budget = judgeNodes / 2
	esc := j.decide(ctx, j.onBoard(), false)
	if esc < 0 {
		j.budget = judgeNodes
		esc = j.decide(ctx, len(j.evasions), true)
	}
	if esc >= 0 {
		return Verdict{Kind: Escape, Reply: j.evasions[esc], Line: []game.Move{j.evasions[esc]}}
	}
	return j.longestDefence(main)
}

// judgement is one Judge under way: the defender's evasions, the
// likely escapes first, and what the solver has found after each.
type judgement struct {
	sv       *Solver
	p        *game.Position
	left     int
	strict   bool
	evasions []game.Move
	mates    []mateAfter // by evasion
	// used is the nodes searched so far; budget, the most the current
	// phase may reach.
	used, budget uint64
}

// mateAfter is the attacker's mate after one evasion: its length (-1
// while unknown) and line; done once the length is proven the shortest.
type mateAfter struct {
	n    int
	line []game.Move
	done bool
}

func newJudgement(sv *Solver, p *game.Position, left int, strict bool) *judgement {
	var ml game.MoveList
	p.LegalMoves(&ml)
	evasions := append([]game.Move(nil), ml.Slice()...)
	slices.SortStableFunc(evasions, func(a, b game.Move) int { return escapeOrder(a) - escapeOrder(b) })
	mates := make([]mateAfter, len(evasions))
	for i := range mates {
		mates[i].n = -1
	}
	return &judgement{sv: sv, p: p, left: left, strict: strict, evasions: evasions, mates: mates}
}

// escapeOrder ranks an evasion by how likely it is to escape: king moves
// and captures first, the drops (interpositions) last.
func escapeOrder(m game.Move) int {
	switch {
	case !m.IsDrop() && m.Piece().Type() == game.King:
		return 0
	case m.IsCapture():
		return 1
	case !m.IsDrop():
		return 2
	}
	return 3
}

// onBoard is how many evasions move a piece on the board (they come
// before the drops).
func (j *judgement) onBoard() int {
	n := len(j.evasions)
	for n > 0 && j.evasions[n-1].IsDrop() {
		n--
	}
	return n
}

// tooLong says whether a defence is proven mated only after more than
// the plies left, which refutes a strict check.
func (j *judgement) tooLong() bool {
	for _, a := range j.mates {
		if j.strict && a.done && a.n > j.left {
			return true
		}
	}
	return false
}

// decide searches the first k evasions in rounds (slices of 0.1M, 0.4M,
// 1.6M … nodes each) until every one is decided, the budget is spent or
// ctx ends, or, when early, one refutes the check (after the first round,
// which gives each its chance to be the longest); it returns the index of
// an escape, or -1.
func (j *judgement) decide(ctx context.Context, k int, early bool) int {
	for slice := uint64(judgeSlice); slice < 2*judgeNodes && j.nodesLeft() > 0 && ctx.Err() == nil; slice *= 4 {
		undecided := false
		for i := range j.evasions[:k] {
			if j.mates[i].done || ctx.Err() != nil || j.nodesLeft() == 0 {
				continue
			}
			if j.solveAfter(ctx, i, slice) {
				return i
			}
			undecided = undecided || !j.mates[i].done
		}
		if !undecided || early && j.tooLong() {
			break
		}
	}
	return -1
}

// nodesLeft is the nodes the current phase may still search.
func (j *judgement) nodesLeft() uint64 {
	if j.used >= j.budget {
		return 0
	}
	return j.budget - j.used
}

// solveAfter gives evasion i one search of at most slice nodes (and no
// more than the budget left), records the mate it finds, and says whether
// the attacker has none at all.
func (j *judgement) solveAfter(ctx context.Context, i int, slice uint64) (escape bool) {
	q := j.p.Clone()
	q.DoMove(j.evasions[i])
	r := j.sv.solveNodes(ctx, q, min(slice, j.nodesLeft()))
	j.used += r.Nodes
	switch {
	case r.Status == mate.NoMate:
		return true
	case r.Status == mate.Mate && !r.Partial:
		// A partial line is a proof's beginning: its length says
		// nothing of the mate's.
		j.mates[i] = mateAfter{r.Length, r.Moves, r.Minimal}
	}
	return false
}

// longestDefence is the verdict when no evasion escapes: the evasion
// with the longest mate, preferring main among equals, then a move that
// is not a drop (a futile interposition); "too long" when, strict, that
// mate needs more than the plies left.
func (j *judgement) longestDefence(main game.Move) Verdict {
	best := Verdict{Kind: Reply, Reply: game.NoMove, MateIn: -2}
	refuted := j.tooLong()
	better := func(m game.Move, a mateAfter) bool {
		n := a.n
		switch {
		case refuted && !a.done:
			return false // the refutation is a proven one
		case best.Reply == game.NoMove:
			return true
		case n == -1 || best.MateIn == -1:
			return n == -1 && best.MateIn != -1
		case n != best.MateIn:
			return n > best.MateIn
		case m == main:
			return true
		case best.Reply == main:
			return false
		}
		return best.Reply.IsDrop() && !m.IsDrop()
	}
	var bestLine []game.Move
	for i, e := range j.evasions {
		if better(e, j.mates[i]) {
			best.Reply, best.MateIn, bestLine = e, j.mates[i].n, j.mates[i].line
		}
	}
	best.Line = []game.Move{best.Reply}
	if j.strict && best.MateIn > j.left {
		best.Kind = TooLong
		best.Line = append(best.Line, bestLine...)
	}
	return best
}
