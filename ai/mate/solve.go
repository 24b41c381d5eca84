package mate

import (
	"cmp"
	"context"
	"slices"
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
	HashMiB  int    // the most memory for the transposition table (it grows to it as needed); default 256
	MaxNodes uint64 // 0: no limit
	// Timeout bounds the whole Solve, the line's extraction included
	// (0: no limit). When the proof is done but the minimal line is not,
	// Solve returns the proven line walked from the table (FirstProofLine);
	// that walk may run on by a tenth of Timeout and MaxNodes
	// (walkGraceDiv), so a long line is rarely cut short: ミクロコスモス
	// asked for 600 s ended at 660 s.
	Timeout time.Duration
	// Start is when the Timeout's clock started (zero: when Solve is
	// called); a command sets its own start so that setting up counts.
	Start time.Time
	// Progress, if set, is called about every ProgressEvery during the
	// search (from the searching goroutine; during a race for the first
	// proof, see Threads, from the main searcher's, with its nodes only).
	Progress      func(Progress)
	ProgressEvery time.Duration
	// FirstProofOnly skips shortening the proof to the minimax length and
	// returns the first mating line found.
	FirstProofOnly bool
	// FirstMoveOnly returns only the first move of a mate (what an engine
	// playing a game needs) and so never spends time on the line.
	FirstMoveOnly bool
	// SearchBook finds the tsume-book length by a search of its own (see
	// booksearch.go) once the minimal line is out, within what the limits
	// leave and no more than twice the nodes the solve took; without it, with
	// FirstProofOnly, or when the limits come first, the book length is
	// counted along the line.
	SearchBook bool
	// Threads 2 (or more: the solver uses two) races a second searcher of
	// another flavour against the first in the first proof, each with half
	// of HashMiB and MaxNodes (portfolio.go); 0 or 1: one searcher.
	Threads int
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
	// BookLength is the length a tsume book prints: futile interpositions
	// and their captures not counted. Searched (BookSearched) it is the
	// shortest mate in those terms, every drop's futility decided;
	// otherwise it is Length less the futile interpositions of Moves (see
	// BookLength).
	BookLength   int
	BookSearched bool
	// BookMoves is, when the searched book length is shorter than Length,
	// a line of that length in the book's terms: futile drops are no
	// defences there, so the checks that leave only them mate (nil when
	// the limits came first).
	BookMoves []game.Move
	// Minimal tells whether Length is proven to be the shortest forced mate
	// (false when the search ran out of time while shortening it).
	Minimal bool
	// FirstProofLine tells that Moves is the proven line walked along the
	// stored proof (shortest stored mate for the attacker, longest for the
	// defender), not checked to be the minimax line: FirstProofOnly asked
	// for it, or the limit came before the minimal line was extracted.
	FirstProofLine bool
	// Partial tells that the limit came before even that line could be
	// walked to the end: Moves is a proven mate's beginning only.
	Partial bool
	// Invalid is why the position was not searched: it cannot arise in
	// play (the side not to move is in check). Status is then Unknown.
	Invalid *game.PositionError
	Nodes   uint64
	Elapsed time.Duration
	// ProofElapsed is the time the first proof took; LineElapsed and
	// LineNodes what bringing out the line took (its exact steps' probes,
	// or the walk along the stored proofs and its re-searches).
	ProofElapsed time.Duration
	LineElapsed  time.Duration
	LineNodes    uint64
}

// Solver solves mate problems; it keeps its table between searches.
type Solver struct {
	opts Options
	tt   *table
	// probeNodes bounds a futility probe of the book search (0:
	// futileProbeNodes); a test sets it low to make probes run out.
	probeNodes uint64
	// inits is the memo of children's first numbers (inits.go); a test
	// sets noInits to search without it.
	inits   *initCache
	noInits bool
	// partnerOnly stops the main searcher of a race at once, so that the
	// partner's proof and table must carry the solve (a test's hook).
	partnerOnly bool
	// plainFirst makes a first proof that is all the caller wants plain,
	// not bounded (portfolio.go; a test's hook).
	plainFirst bool
	// eagerLike keeps the bounded flavour's like children from waiting
	// behind each other (lateLike; a test's hook).
	eagerLike bool
	// noDCE keeps the bounded flavour from counting double counts once
	// (dce.go; a test's hook).
	noDCE bool
	// noInferior keeps the bounded flavour searching children where the
	// attacker holds less than on the path above (loops.go; a test's hook).
	noInferior bool
	// spare is the table of a race's partner (portfolio.go), kept between
	// races (nil: none yet).
	spare *table
}

// initCache returns the solver's memo of children's first numbers, made
// on first use.
func (sv *Solver) initCache() *initCache {
	if sv.inits == nil && !sv.noInits {
		sv.inits = newInitCache(initCacheBits)
	}
	return sv.inits
}

// New returns a solver.
func New(opts Options) *Solver {
	if opts.HashMiB <= 0 {
		opts.HashMiB = 256
	}
	if opts.ProgressEvery <= 0 {
		opts.ProgressEvery = 500 * time.Millisecond
	}
	sv := &Solver{opts: opts}
	sv.tt = newTable(sv.tableMiB())
	return sv
}

// Close hands the solver's table memory back at once; the solver must not
// be used after. A big table's memory is mapped from the operating system,
// and without Close it goes back only when the garbage collector finds the
// solver unreachable, which it may do late, as it does not count that
// memory: a file of big problems solved one solver after another would
// hold the dead tables meanwhile.
func (sv *Solver) Close() {
	sv.tt.free()
	if sv.spare != nil {
		sv.spare.free()
	}
}

// SetMaxNodes changes the node limit of the Solve calls that follow (0:
// none), so that a caller reusing one solver's table can give each search
// a budget of its own.
func (sv *Solver) SetMaxNodes(n uint64) { sv.opts.MaxNodes = n }

func (sv *Solver) newSearcher(ctx context.Context, p *game.Position) *searcher {
	s := &searcher{
		tt:         sv.tt,
		pos:        p,
		attacker:   p.Side(),
		maxNodes:   sv.opts.MaxNodes,
		ctx:        ctx,
		path:       newPathSet(),
		bookTrack:  sv.opts.SearchBook,
		probeNodes: cmp.Or(sv.probeNodes, futileProbeNodes),
		inits:      sv.initCache(),
	}
	start := sv.opts.Start
	if start.IsZero() {
		start = time.Now()
	}
	if sv.opts.Timeout > 0 {
		s.deadline = start.Add(sv.opts.Timeout)
	}
	sv.tt.setDeadline(s.deadline)
	lastReport := time.Now()
	s.onCheck = func() {
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
	s.path.set(key, 0)
	defer s.path.del(key)
	s.ply = 0
	return s.mid(inf, inf, r)
}

// Solve looks for a forced mate by the side to move in p (which is not
// changed). The attacker checks on every move; positions without the
// attacker's king are fine. An impossible position (the side not to move
// in check) is not searched: the answer is Unknown with Invalid set.
//
// Limits (Timeout, MaxNodes) bound the whole call: the proof, then the
// shortening to the minimax length (up to shortenShare of what is left),
// then the line's extraction; what the limit leaves undone is reported
// (Minimal false, FirstProofLine, Partial), never run on.
func (sv *Solver) Solve(ctx context.Context, p *game.Position) (out Result) {
	start := time.Now()
	pos := p.Clone()
	s := sv.newSearcher(ctx, pos)
	defer func() {
		out.Nodes = s.nodes
		out.Elapsed = time.Since(start)
	}()
	if e := pos.Impossible(); e != nil {
		out.Invalid = e
		return out
	}
	if pos.King(pos.Side().Opp()) == game.NoSquare {
		out.Status = NoMate
		return out
	}
	res, s := sv.firstProof(s)
	out.ProofElapsed = time.Since(start)
	switch {
	case res.dn == 0: // on the root's own path a repetition is a real failure to mate
		out.Status = NoMate
		return out
	case res.pn != 0:
		return out
	}
	hardDeadline, hardNodes := s.deadline, s.maxNodes
	length := int(res.dist)
	out.Minimal = !sv.opts.FirstProofOnly
	if !sv.opts.FirstProofOnly {
		// Shorten: is there a mate within length-2? Repeat until not. The
		// shortening leaves part of what the limits allow to the line.
		s.deadline, s.maxNodes = shareOf(hardDeadline, hardNodes, s.nodes)
		for length >= 3 {
			r := s.prove(length - 2)
			if r.pn == 0 {
				length = int(r.dist)
				continue
			}
			if s.aborted {
				out.Minimal = false
				s.aborted = false
			}
			break
		}
	}
	if sv.opts.FirstMoveOnly {
		if m := s.firstMove(); m != game.NoMove {
			out.Moves, out.Length, out.BookLength, out.Status = []game.Move{m}, length, length, Mate
			out.Minimal = out.Minimal && !sv.opts.FirstProofOnly
			return out
		}
	}
	s.aborted = false
	// The line: exact steps within the limits; once they run out (or
	// when only the first proof was asked for) the walk along stored
	// proofs, which needs a search only where the table lost an entry.
	s.deadline, s.maxNodes = hardDeadline, hardNodes
	s.graceTime, s.graceNodes = sv.opts.Timeout/walkGraceDiv, sv.opts.MaxNodes/walkGraceDiv
	s.walkOnly = sv.opts.FirstProofOnly
	lineStart, lineNodes := time.Now(), s.nodes
	moves, exact, complete := s.line(length)
	out.LineElapsed, out.LineNodes = time.Since(lineStart), s.nodes-lineNodes
	out.Moves = moves
	out.Length = len(moves)
	out.BookLength = BookLength(p, moves)
	switch {
	case !sv.opts.SearchBook || s.walkOnly:
		// (a first proof's line is asked for speed: counted along it)
	case !s.tt.interposed && out.Minimal:
		// No futile drop anywhere, and the length proven minimal: the
		// minimax length is the book's.
		out.BookLength, out.BookSearched = length, true
	case !s.overLimits():
		if n, line, ok := s.searchBook(length); ok {
			out.BookLength, out.BookSearched, out.BookMoves = n, true, line
		}
	}
	out.FirstProofLine = s.walkOnly || s.walked
	out.Partial = !complete
	out.Minimal = out.Minimal && exact && complete && !out.FirstProofLine && len(moves) == length
	out.Status = Mate
	return out
}

// walkGraceDiv: the walk along stored proofs, when the limits are spent,
// may run on by a tenth of them (it rarely needs to search at all).
const walkGraceDiv = 10

// shortenShare is the part of what is left of the limits that shortening
// the first proof may use; the rest is the line's.
const shortenShare = 0.6

// shareOf returns the shortening's limits: shortenShare of the time and
// nodes left before the hard limits (zero: none).
func shareOf(deadline time.Time, maxNodes, nodes uint64) (time.Time, uint64) {
	if !deadline.IsZero() {
		left := time.Until(deadline)
		deadline = time.Now().Add(time.Duration(float64(max(left, 0)) * shortenShare))
	}
	if maxNodes > 0 {
		left := uint64(0)
		if maxNodes > nodes {
			left = maxNodes - nodes
		}
		maxNodes = nodes + uint64(float64(left)*shortenShare) + 1
	}
	return deadline, maxNodes
}

// overLimits reports whether the hard limits are spent (checked between
// steps of the line, where no search is running).
func (s *searcher) overLimits() bool {
	return s.maxNodes > 0 && s.nodes >= s.maxNodes || !s.deadline.IsZero() && time.Now().After(s.deadline) || s.ctx.Err() != nil
}

// line extracts the solution from the proven current position, expected
// to be of the given length: at the attacker's turn a check that mates
// within the remaining plies, at the defender's turn the evasion that lasts
// longest. The shortening search leaves what this needs in the table (a
// check proven within rem-1; an evasion disproven within rem-3, since the
// disproof of "mate within length-2" passed through it). Where the table
// has lost it, or the length was not proven minimal, it falls back to the
// stored mate lengths and, last, to new searches; exact reports whether
// every step was certain.
func (s *searcher) line(length int) (moves []game.Move, exact, complete bool) {
	defer func() {
		for range moves {
			s.pos.UndoMove()
		}
		s.tieMemo = nil
	}()
	exact = true
	// The line so far is history above every search made here: ply -1.
	s.path = newPathSet()
	s.path.set(s.pos.Key(), -1)
	s.walkMemo = map[walkKey]walkEntry{}
	s.tieMemo, s.tieLimit = map[uint64]int{}, s.nodes+tieBudget
	var ts tieState // the rule's view of the line so far
	for rem := length; len(moves) < 4*length+100; rem-- {
		if !s.walkOnly && !s.walked && s.overLimits() {
			// The limits are spent: walk the rest along the stored proofs,
			// searching only where an entry is lost, within the grace.
			s.walked = true
		}
		if (s.walkOnly || s.walked) && s.startWalk() {
			break
		}
		p := s.pos
		var ml game.MoveList
		or := s.turnMoves(&ml, rem)
		if ml.Len() == 0 {
			if or {
				exact = false // cannot happen for a proven position
			} else {
				complete = true
			}
			break
		}
		chosen := game.NoMove
		if s.walkOnly || s.walked {
			// The walk along the stored proofs (walk.go).
			exact = false
			var next int
			if chosen, next = s.walkStep(rem); chosen == game.NoMove {
				break
			}
			p.DoMove(chosen)
			s.path.set(p.Key(), -1)
			moves = append(moves, chosen)
			rem = next + 1 // the loop takes one off
			continue
		}
		// Exact step: of the moves that keep to the proven length, the
		// one that leaves the attacker the fewest pieces (tiebreak.go);
		// past the rule's budget the first the table knows, else a probe.
		if rem >= 1 && !s.tieSpent() {
			chosen, _ = s.fewestLeft(&ml, or, rem, ts)
		}
		for _, m := range ml.Slice() {
			if chosen != game.NoMove || rem < 1 {
				break
			}
			bk, key := p.KeyAfter(m)
			if s.path.has(key) {
				continue
			}
			h := p.HandAfter(m, s.attacker)
			if or {
				if lr := s.tt.lookup(bk, h, rem-1); lr.found && lr.pn == 0 {
					chosen = m
				}
			} else if rem-3 < 0 {
				chosen = m
			} else if lr := s.tt.lookup(bk, h, rem-3); lr.found && lr.dn == 0 {
				chosen = m
			}
		}
		if chosen == game.NoMove && rem >= 1 {
			chosen = s.probeChoice(&ml, or, rem)
		}
		if chosen == game.NoMove {
			exact = false
			// Within the plies left first: the stored lengths of a long
			// proof need not fall along the walk once the table has lost
			// entries (a walk by them could go round in circles).
			chosen = game.NoMove
			if rem >= 1 {
				chosen = s.fallbackChoice(&ml, or, rem-1)
			}
			if chosen == game.NoMove {
				chosen = s.fallbackChoice(&ml, or, infDepth-1)
			}
			if chosen == game.NoMove {
				break
			}
		}
		p.DoMove(chosen)
		s.path.set(p.Key(), -1)
		ts = ts.after(chosen, or)
		moves = append(moves, chosen)
	}
	return slices.Clone(moves), exact, complete
}

// turnMoves fills ml with the moves of the side to move that a line may
// take (the attacker's checks, the defender's legal moves) and reports
// whether the attacker is to move.
func (s *searcher) turnMoves(ml *game.MoveList, rem int) bool {
	if s.pos.Side() == s.attacker {
		s.pos.GenerateChecks(ml)
		return true
	}
	s.pos.LegalMoves(ml)
	if s.book != nil {
		s.cutFutile(ml, rem)
	}
	return false
}

// startWalk sets the walk's limits — the hard ones plus walkGrace of
// them — the first time it is called, and reports whether those are spent.
func (s *searcher) startWalk() bool {
	if !s.walkLimits {
		s.walkLimits = true
		if !s.deadline.IsZero() {
			s.deadline = s.deadline.Add(s.graceTime)
		}
		if s.maxNodes > 0 {
			s.maxNodes += s.graceNodes
		}
	}
	return s.overLimits()
}

// probeChoice finds the exact step by bounded searches: a check that
// mates within rem-1, or an evasion that is not mated within rem-3 (tried
// longest stored mate first).
func (s *searcher) probeChoice(ml *game.MoveList, or bool, rem int) game.Move {
	p := s.pos
	type cand struct {
		m game.Move
		d int
	}
	var cands []cand
	for _, m := range ml.Slice() {
		bk, key := p.KeyAfter(m)
		if s.path.has(key) {
			continue
		}
		d := infDepth
		if lr := s.tt.lookup(bk, p.HandAfter(m, s.attacker), infDepth-1); lr.found && lr.pn == 0 {
			d = int(lr.dist)
		}
		cands = append(cands, cand{m, d})
	}
	slices.SortStableFunc(cands, func(a, b cand) int {
		if or {
			return a.d - b.d
		}
		return b.d - a.d
	})
	for _, c := range cands {
		p.DoMove(c.m)
		var res result
		if or {
			res = s.proveChild(rem - 1)
		} else if rem-3 >= 0 {
			res = s.proveChild(rem - 3)
		}
		p.UndoMove()
		if or && res.pn == 0 || !or && res.dn == 0 {
			return c.m
		}
	}
	return game.NoMove
}

// fallbackChoice picks a move by the stored mate lengths within bound
// plies — the shortest check, the longest evasion — where the exact step
// found nothing. With bound the plies left of a proven length, lengths fall
// strictly along the line, so it ends in mate without cycling, and an
// evasion with nothing stored within bound needs no search: the position's
// proof says it is mated within bound. A check with nothing stored is
// searched (without the line as history: a proof does not depend on the
// path that reaches it).
func (s *searcher) fallbackChoice(ml *game.MoveList, or bool, bound int) game.Move {
	p := s.pos
	best, bestLen := game.NoMove, 0
	for _, m := range ml.Slice() {
		bk, key := p.KeyAfter(m)
		lr := s.tt.lookup(bk, p.HandAfter(m, s.attacker), bound)
		if !(lr.found && lr.pn == 0) {
			if !or && bound < infDepth-1 {
				lr = lookupResult{pn: 0, dist: uint16(bound), found: true}
			} else {
				saved := s.path
				s.path = pathOf(key)
				p.DoMove(m)
				res := s.probe(bound)
				p.UndoMove()
				s.path = saved
				if res.pn != 0 {
					continue
				}
				lr = lookupResult{pn: 0, dist: res.dist, found: true}
			}
		}
		d := int(lr.dist)
		if !or && d > 1 {
			// A stored length is only an upper bound (and an evasion
			// with nothing stored counts as bound): one that a single
			// check mates lasts 1 ply, whatever the table says.
			p.DoMove(m)
			if p.Mate1Ply() != game.NoMove {
				d = 1
			}
			p.UndoMove()
		}
		if best == game.NoMove || or && d < bestLen || !or && d > bestLen {
			best, bestLen = m, d
		}
	}
	return best
}

// firstMove returns the proven check at the root with the shortest stored mate.
func (s *searcher) firstMove() game.Move {
	p := s.pos
	var ml game.MoveList
	p.GenerateChecks(&ml)
	best, bestLen := game.NoMove, infDepth
	for _, m := range ml.Slice() {
		bk, _ := p.KeyAfter(m)
		if lr := s.tt.lookup(bk, p.HandAfter(m, s.attacker), infDepth-1); lr.found && lr.pn == 0 && int(lr.dist) < bestLen {
			best, bestLen = m, int(lr.dist)
		}
	}
	return best
}

// probeBudget bounds each search the line extraction makes.
const probeBudget = 2_000_000

// probe searches the current position with r plies to go within
// probeBudget nodes; an unfinished probe reports neither proof nor disproof.
func (s *searcher) probe(r int) result {
	if s.overLimits() {
		return result{pn: 1, dn: 1, repPly: noRep}
	}
	s.ply = 0
	limit := s.nodes + probeBudget
	saved := s.maxNodes
	if saved > 0 && saved < limit {
		limit = saved // within the search's own node limit too
	}
	s.maxNodes = limit
	res := s.mid(inf, inf, r)
	s.maxNodes = saved
	if s.aborted {
		s.aborted = false
		return result{pn: 1, dn: 1, repPly: noRep}
	}
	return res
}

// proveChild searches the current position (the child of a position on
// the path) with r plies to go, within probeBudget.
func (s *searcher) proveChild(r int) result { return s.childSearch(r, true) }

// searchChild is proveChild within the searcher's own limits.
func (s *searcher) searchChild(r int) result { return s.childSearch(r, false) }

func (s *searcher) childSearch(r int, bounded bool) result {
	key := s.pos.Key()
	if s.path.has(key) {
		return result{pn: inf, dn: 0, repPly: -1}
	}
	s.path.set(key, 0)
	defer s.path.del(key)
	if bounded {
		return s.probe(r)
	}
	s.ply = 0
	return s.mid(inf, inf, r)
}

// MatingMoves returns every check of the side to move that leads to a
// forced mate (to spot alternative mates, 余詰), each with the minimax
// length of the mate it starts, and whether the search finished.
func (sv *Solver) MatingMoves(ctx context.Context, p *game.Position) ([]game.Move, []int, bool) {
	pos := p.Clone()
	if pos.Impossible() != nil {
		return nil, nil, true // no search on a position that cannot arise: no mate
	}
	s := sv.newSearcher(ctx, pos)
	var ml game.MoveList
	pos.GenerateChecks(&ml)
	var moves []game.Move
	var lengths []int
	s.path.set(pos.Key(), -1)
	for _, m := range ml.Slice() {
		pos.DoMove(m)
		res := s.searchChild(infDepth - 1)
		if res.pn == 0 {
			l := int(res.dist)
			for l >= 2 {
				r := s.searchChild(l - 2)
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
