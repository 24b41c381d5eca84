package mate

import (
	"context"
)

// The first proof comes in two flavours. The bounded one gives a new
// child numbers no smaller than those of the open entries of its board
// at hands that bound it (domBounds): a smaller hand proves no sooner,
// a larger one disproves no sooner, so a board met again with another
// hand does not look fresh. It finds first proofs sooner — the eight
// long famous problems solved 42.02M nodes to 37.53M, FAIRWAY in 51.1M
// where the plain flavour does not within 300M (the table doubling at a
// quarter full), medium.tsv's 3.76M to 3.02M (at half) — but longer ones
// (medium.tsv's line 34: 45 plies where the plain flavour's first proof
// is 37), and the shortening that follows pays for the length:
// medium.tsv's full solves 28.64M nodes plain, 39.81M bounded. So a
// first proof that is all the caller wants (FirstProofOnly) is bounded,
// and one that will be shortened is plain. The bounded flavour also
// makes like children wait behind each other (lateLike), counts
// double counts found where paths meet once (dce) and cuts inferior
// loops (inferior, loops.go).
//
// On two cores (Options.Threads 2) a partner searcher of the other
// flavour races the main one, each on a table of its own (half the
// memory each), and whichever proves or disproves the position first
// goes on alone with its table to the shortening and the line. Two
// searches at once on this machine's two cores run nearly as fast as one
// alone (イオニゼーション: 20.3 s alone and as a pair; with two big tables
// up to 17% slower, the memory's bandwidth shared), so the race takes
// about the shorter of the two in time, at twice the processor time.

// setBounded makes s a searcher of the bounded flavour or the plain one.
func (sv *Solver) setBounded(s *searcher, b bool) {
	s.domBounds, s.lateLike, s.dce, s.inferior = b, b && !sv.eagerLike, b && !sv.noDCE, b && !sv.noInferior
}

// decided tells whether a search's result proves or disproves its node.
func decided(r result) bool { return r.pn == 0 || r.dn == 0 }

// tableMiB is the memory of each of the solver's tables: the whole of
// HashMiB for one searcher, half for each of two.
func (sv *Solver) tableMiB() int {
	if sv.opts.Threads >= 2 {
		return max(1, sv.opts.HashMiB/2)
	}
	return sv.opts.HashMiB
}

// firstProof searches the position of s with no depth limit: s alone, or
// with Threads 2 raced by a partner. It returns the result and the
// searcher that found it, whose table is then the solver's (the other one
// kept for the next race's partner); its node count includes the loser's,
// and a node limit bounds the two together.
func (sv *Solver) firstProof(s *searcher) (result, *searcher) {
	bounded := sv.opts.FirstProofOnly && !sv.plainFirst
	if sv.opts.Threads < 2 {
		sv.setBounded(s, bounded)
		res := s.prove(infDepth)
		sv.setBounded(s, false)
		return res, s
	}
	outer, maxNodes := s.ctx, s.maxNodes
	// The partner's table is kept between races, cleared: a small one is
	// touched page by page when made (2 ms a MiB), which a solver used for
	// problem after problem would pay at every one.
	if sv.spare == nil {
		sv.spare = newTable(sv.tableMiB())
	} else {
		sv.spare.clear()
	}
	mt, pt := s.tt, sv.spare
	// A stopped searcher also begins no more doublings of its table (one
	// cannot be cut short, and the winner waits for the loser).
	mainCtx, cancelMain := context.WithCancel(outer)
	partnerCtx, cancelPartner := context.WithCancel(outer)
	stopMain := func() { mt.halt.Store(true); cancelMain() }
	stopPartner := func() { pt.halt.Store(true); cancelPartner() }
	defer cancelMain()
	defer cancelPartner()
	if sv.partnerOnly {
		stopMain() // (a test's hook: the partner must carry the solve)
	}

	p := sv.newSearcher(partnerCtx, s.pos.Clone())
	// Its own table, memo and path, the main searcher's deadline (the
	// clock started before the partner's table was made); no progress
	// reports, which the caller takes from one goroutine (the main
	// searcher's) until the race is over.
	p.tt, p.inits, p.deadline = pt, newInitCache(initCacheBits), s.deadline
	sv.setBounded(s, bounded)
	sv.setBounded(p, !bounded)
	pt.setDeadline(p.deadline)
	partnerReport := p.onCheck
	p.onCheck = nil
	s.ctx = mainCtx
	if maxNodes > 0 {
		s.maxNodes = max(1, maxNodes/2)
		p.maxNodes = max(1, maxNodes-s.maxNodes)
	}

	var pres result
	done := make(chan struct{})
	go func() {
		defer close(done)
		pres = p.prove(infDepth)
		if decided(pres) {
			stopMain()
		}
	}()
	mres := s.prove(infDepth)
	if decided(mres) {
		stopPartner()
	}
	<-done

	winner, res, loser := s, mres, p
	if !decided(mres) && decided(pres) {
		winner, res, loser = p, pres, s
		p.onCheck = partnerReport
		sv.tt, sv.spare = pt, sv.tt
	}
	// The race's own stop is no reason for the winner to stop; the
	// caller's context and limits are looked at again from here.
	winner.ctx, winner.maxNodes, winner.aborted = outer, maxNodes, false
	sv.setBounded(winner, false)
	winner.nodes += loser.nodes
	winner.nextCheck = winner.nodes
	winner.tt.halt.Store(false)
	return res, winner
}
