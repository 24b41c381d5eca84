package mate

import (
	"context"
	"slices"
	"sync/atomic"
	"time"

	"kiki/game"
)

// Status is the outcome of a mate search.
type Status int

const (
	// Unknown means the search stopped (time, nodes, cancelled) before an answer.
	Unknown Status = iota
	// Mate means the side to move mates by force.
	Mate
	// NoMate means there is no forced mate at all.
	NoMate
)

func (s Status) String() string {
	switch s {
	case Mate:
		return "mate"
	case NoMate:
		return "nomate"
	}
	return "unknown"
}

// Options bound a search.
type Options struct {
	HashMiB  int           // transposition table size; default 256
	MaxNodes uint64        // 0: no limit
	Timeout  time.Duration // 0: no limit
	// Progress, if set, is called about every ProgressEvery during the
	// search (from the searching goroutine).
	Progress      func(Progress)
	ProgressEvery time.Duration
	// FirstProofOnly skips shortening the proof to the minimax length and
	// returns the first mating line found.
	FirstProofOnly bool
}

// Progress reports a running search.
type Progress struct {
	Nodes          uint64
	NodesPerSecond float64
	RootPN, RootDN uint32
	Elapsed        time.Duration
	HashFull       int // permille
}

// Result is a search's answer.
type Result struct {
	Status Status
	// Moves is the solution line: the attacker mates as fast as possible,
	// the defender resists as long as possible, every legal defence
	// (futile interpositions too) counted.
	Moves []game.Move
	// Length is the minimax mate length in plies (len(Moves)).
	Length int
	// Minimal tells whether Length is proven to be the shortest forced mate
	// (false when the search ran out of time while shortening it).
	Minimal bool
	Nodes   uint64
	Elapsed time.Duration
}

// Solver solves mate problems; it keeps its table between searches.
type Solver struct {
	opts Options
	tt   *table
	stop atomic.Bool
}

// New returns a solver.
func New(opts Options) *Solver {
	if opts.HashMiB <= 0 {
		opts.HashMiB = 256
	}
	if opts.ProgressEvery <= 0 {
		opts.ProgressEvery = 500 * time.Millisecond
	}
	return &Solver{opts: opts, tt: newTable(opts.HashMiB)}
}

// Stop asks a running Solve to return as soon as it can (with Unknown).
func (sv *Solver) Stop() { sv.stop.Store(true) }

func (sv *Solver) newSearcher(ctx context.Context, p *game.Position) *searcher {
	s := &searcher{
		tt:       sv.tt,
		pos:      p,
		attacker: p.Side(),
		maxNodes: sv.opts.MaxNodes,
		stop:     &sv.stop,
		path:     map[uint64]int{},
	}
	start := time.Now()
	if sv.opts.Timeout > 0 {
		s.deadline = start.Add(sv.opts.Timeout)
	}
	lastReport := start
	s.onCheck = func() {
		if ctx.Err() != nil {
			s.aborted = true
		}
		if sv.opts.Progress != nil && time.Since(lastReport) >= sv.opts.ProgressEvery {
			lastReport = time.Now()
			el := time.Since(start)
			sv.opts.Progress(Progress{Nodes: s.nodes, NodesPerSecond: float64(s.nodes) / el.Seconds(), RootPN: s.rootPN, RootDN: s.rootDN, Elapsed: el, HashFull: s.tt.hashfull()})
		}
	}
	return s
}

// prove searches the current position of s with r plies to go.
func (s *searcher) prove(r int) result {
	key := s.pos.Key()
	s.path[key]++
	defer s.leave(key)
	s.ply = 0
	return s.mid(inf, inf, r)
}

// Solve looks for a forced mate by the side to move in p (which is not
// changed). The attacker checks on every move; positions without the
// attacker's king are fine.
func (sv *Solver) Solve(ctx context.Context, p *game.Position) (out Result) {
	sv.stop.Store(false)
	start := time.Now()
	pos := p.Clone()
	s := sv.newSearcher(ctx, pos)
	defer func() {
		out.Nodes = s.nodes
		out.Elapsed = time.Since(start)
	}()
	if pos.King(pos.Side().Opp()) == game.NoSquare {
		out.Status = NoMate
		return out
	}
	res := s.prove(infDepth)
	switch {
	case res.dn == 0: // on the root's own path a repetition is a real failure to mate
		out.Status = NoMate
		return out
	case res.pn != 0:
		return out
	}
	length := int(res.dist)
	out.Minimal = true
	if !sv.opts.FirstProofOnly {
		// Shorten: is there a mate within length-2? Repeat until not.
		for length >= 3 {
			r := s.prove(length - 2)
			if r.pn == 0 {
				length = int(r.dist)
				continue
			}
			if s.aborted {
				out.Minimal = false
				s.aborted = false
				s.maxNodes, s.deadline = 0, time.Time{}
			}
			break
		}
	}
	s.aborted = false
	s.maxNodes, s.deadline = 0, time.Time{} // the line must be completed
	out.Moves = s.line(length)
	out.Length = len(out.Moves)
	out.Status = Mate
	return out
}

// line extracts the solution from the proven current position with the
// given length: at the attacker's turn a check that mates within the
// remaining plies, at the defender's turn the evasion that lasts longest.
func (s *searcher) line(length int) []game.Move {
	var moves []game.Move
	var keys []uint64
	defer func() {
		for range moves {
			s.pos.UndoMove()
		}
		_ = keys
	}()
	s.path = map[uint64]int{}
	s.path[s.pos.Key()]++
	for rem := length; rem > 0; rem-- {
		p := s.pos
		or := p.Side() == s.attacker
		var ml game.MoveList
		if or {
			p.GenerateChecks(&ml)
		} else {
			p.LegalMoves(&ml)
		}
		if ml.Len() == 0 {
			break
		}
		type cand struct {
			m    game.Move
			dist int
		}
		var cands []cand
		for _, m := range ml.Slice() {
			bk, _ := p.KeyAfter(m)
			lr := s.tt.lookup(bk, p.HandAfter(m, s.attacker), rem-1)
			d := infDepth
			if lr.found && lr.pn == 0 {
				d = int(lr.dist)
			}
			cands = append(cands, cand{m, d})
		}
		slices.SortStableFunc(cands, func(a, b cand) int {
			if or {
				return a.dist - b.dist
			}
			return b.dist - a.dist
		})
		// The shortening search left what we need in the table: a check
		// proven within rem-1, and an evasion disproven within rem-3 (the
		// disproof of "mate within length-2" passes through it). Search
		// only when the table has lost it.
		chosen := game.NoMove
		for _, c := range cands {
			bk, _ := p.KeyAfter(c.m)
			h := p.HandAfter(c.m, s.attacker)
			if or {
				if lr := s.tt.lookup(bk, h, rem-1); lr.found && lr.pn == 0 {
					chosen = c.m
					break
				}
			} else if rem-3 < 0 {
				chosen = c.m
				break
			} else if lr := s.tt.lookup(bk, h, rem-3); lr.found && lr.dn == 0 {
				chosen = c.m
				break
			}
		}
		for _, c := range cands {
			if chosen != game.NoMove {
				break
			}
			p.DoMove(c.m)
			var ok bool
			if or {
				ok = s.proveChild(rem-1).pn == 0
			} else {
				ok = s.proveChild(rem-3).pn != 0
			}
			p.UndoMove()
			if ok {
				chosen = c.m
			}
		}
		if chosen == game.NoMove {
			if or {
				break // cannot happen for a proven position
			}
			chosen = cands[0].m
		}
		p.DoMove(chosen)
		s.path[p.Key()]++
		moves = append(moves, chosen)
	}
	return slices.Clone(moves)
}

func (s *searcher) proveChild(r int) result {
	key := s.pos.Key()
	if s.path[key] > 0 {
		return result{pn: inf, dn: 0, rep: true}
	}
	s.path[key]++
	defer s.leave(key)
	s.ply = 0
	return s.mid(inf, inf, r)
}

// MatingMoves returns every check of the side to move that leads to a
// forced mate (to spot alternative mates, 余詰), each with the minimax
// length of the mate it starts, and whether the search finished.
func (sv *Solver) MatingMoves(ctx context.Context, p *game.Position) ([]game.Move, []int, bool) {
	sv.stop.Store(false)
	pos := p.Clone()
	s := sv.newSearcher(ctx, pos)
	var ml game.MoveList
	pos.GenerateChecks(&ml)
	var moves []game.Move
	var lengths []int
	s.path[pos.Key()]++
	for _, m := range ml.Slice() {
		pos.DoMove(m)
		res := s.proveChild(infDepth)
		if res.pn == 0 {
			l := int(res.dist)
			for l >= 2 {
				r := s.proveChild(l - 2)
				if r.pn != 0 {
					break
				}
				l = int(r.dist)
			}
			moves = append(moves, m)
			lengths = append(lengths, l+1)
		}
		pos.UndoMove()
		if s.aborted {
			return moves, lengths, false
		}
	}
	return moves, lengths, true
}
