package ui

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/kif/library"
)

// The library's review (A on the list): the games listed — after the
// player filter and the search, so that filtering by a player and then
// A reviews that player's games — are reviewed one after another in the
// background (reviewer.go), with a progress bar under the list. A again
// pauses: the game half done keeps what was searched, and the next A (in
// this run of kiki or a later one) finds the games done in the cache and
// goes on from the last position saved. The list shows each reviewed
// game's worst moment, and the cursor's game its three worst.

// revStatus is where one game of the review stands.
type revStatus uint8

const (
	revPending  revStatus = iota
	revSearched           // reviewed now
	revCached             // found reviewed in the cache
	revFailed             // unreadable, or the review failed
)

// libReview is the library's review: its queue and how far it went.
type libReview struct {
	run      *libRun // the run going on; nil when none
	stopping bool    // it was asked to pause
	queue    []int   // the entries, in the list's order when it started
	status   []revStatus
	// cur is the queue's game being searched (-1: none), plies of its
	// moves reviewed so far.
	cur, plies, moves int
	lastErr           string // why the last game that failed did
}

// count is how many games of the queue stand at s.
func (rv *libReview) count(s revStatus) int {
	n := 0
	for _, x := range rv.status {
		if x == s {
			n++
		}
	}
	return n
}

// libRun is one run of the review's goroutine. Its events (a game done,
// the end) have room for all, so the goroutine never waits on the screen;
// progress keeps only the latest news of the game being searched.
type libRun struct {
	cancel   context.CancelFunc
	events   chan tea.Msg
	progress chan tea.Msg
}

// Messages of a run.
type (
	libRevProgressMsg struct {
		run          *libRun
		qi           int // the game's place in the queue
		plies, moves int
	}
	libRevGameMsg struct {
		run      *libRun
		qi       int
		rev      *rowReview // nil: nothing reviewed (unreadable)
		searched bool       // false: the cache held it done
		err      error
	}
	libRevEndMsg struct {
		run *libRun
		err error // nil: every game was reviewed; context.Canceled: paused
	}
)

// wait waits for the run's next news, a game's end before any progress.
func (r *libRun) wait() tea.Cmd {
	return func() tea.Msg {
		select {
		case msg := <-r.events:
			return msg
		default:
		}
		select {
		case msg := <-r.events:
			return msg
		case msg := <-r.progress:
			return msg
		}
	}
}

// libraryReview is A on the list: it pauses the review running, else
// reviews the games listed.
func (m *Model) libraryReview() tea.Cmd {
	st := m.library
	if m.dataDir() == "" {
		m.setMessage(m.tr("dr.noData"), true)
		return nil
	}
	if rv := st.review; rv != nil && rv.run != nil {
		if !rv.stopping {
			rv.stopping = true
			rv.run.cancel()
		}
		m.setMessage(m.tr("lrv.pausing"), false)
		return nil
	}
	if len(st.shown) == 0 {
		return nil
	}
	rv := &libReview{queue: slices.Clone(st.shown), cur: -1}
	rv.status = make([]revStatus, len(rv.queue))
	entries := make([]library.Entry, len(rv.queue))
	for i, e := range rv.queue {
		entries[i] = st.lib.Entries[e]
	}
	rv.run = startLibRun(m.reviewSetup(), st.root, entries)
	st.review = rv
	m.setMessage(fmt.Sprintf(m.tr("lrv.started"), len(rv.queue)), false)
	return rv.run.wait()
}

// stopLibraryReview stops the library's review, if it runs (the game
// half done keeps what was searched).
func (m *Model) stopLibraryReview() {
	if st := m.library; st != nil && st.review != nil && st.review.run != nil {
		st.review.run.cancel()
	}
}

// startLibRun reviews the entries of the library at root in a goroutine.
func startLibRun(setup reviewSetup, root string, entries []library.Entry) *libRun {
	ctx, cancel := context.WithCancel(context.Background())
	r := &libRun{cancel: cancel, events: make(chan tea.Msg, len(entries)+1), progress: make(chan tea.Msg, 1)}
	go func() {
		defer cancel()
		r.events <- r.all(ctx, setup, root, entries)
	}()
	return r
}

// all reviews the entries one after another, until done or cancelled.
func (r *libRun) all(ctx context.Context, setup reviewSetup, root string, entries []library.Entry) tea.Msg {
	rv, err := setup.start()
	if err != nil {
		return libRevEndMsg{run: r, err: err}
	}
	defer rv.close()
	idx := loadReviewIndex(setup.cache.Dir)
	for qi, e := range entries {
		if ctx.Err() != nil {
			break
		}
		r.events <- r.one(ctx, rv, idx, filepath.Join(root, e.File), e, qi)
	}
	return libRevEndMsg{run: r, err: ctx.Err()}
}

// one reviews the entry e, game qi of the queue, from its file at path.
func (r *libRun) one(ctx context.Context, rv *reviewer, idx *reviewIndex, path string, e library.Entry, qi int) libRevGameMsg {
	out := libRevGameMsg{run: r, qi: qi}
	if e.Err != "" {
		out.err = errors.New(e.Err)
		return out
	}
	rec, err := libraryGame(path, e.Game)
	if err != nil {
		out.err = err
		return out
	}
	g := gameOf(rec)
	if idx.put(path, e.Game, g.Key()) {
		_ = idx.save() // only a shortcut for the list: the review goes on without it
	}
	res, searched, err := rv.game(ctx, g, func(plies int) {
		select {
		case r.progress <- libRevProgressMsg{r, qi, plies, len(g.Moves)}:
		default: // the screen has not taken the last one yet
		}
	})
	out.searched, out.err = searched, err
	if res.Game != "" {
		out.rev = newRowReview(res, len(g.Moves))
	}
	return out
}

// onLibReview takes the news of the library's review (and the problems
// made from it).
func (m *Model) onLibReview(msg tea.Msg) tea.Cmd {
	st := m.library
	switch msg := msg.(type) {
	case libRevSummariesMsg:
		if st == msg.st {
			for i, r := range msg.revs {
				if st.rows[i].rev == nil { // a review run may have been quicker
					st.setReview(i, m.lang, r)
				}
			}
		}
	case libProblemsMsg:
		return m.makeLibProblems(msg.player)
	case libProblemsMadeMsg:
		m.libProblemsMade(msg)
	}
	rv := m.libReviewOf(msg)
	if rv == nil {
		return nil
	}
	switch msg := msg.(type) {
	case libRevProgressMsg:
		if rv.status[msg.qi] == revPending {
			rv.cur, rv.plies, rv.moves = msg.qi, msg.plies, msg.moves
		}
		return msg.run.wait()
	case libRevGameMsg:
		m.libReviewGame(rv, msg)
		return msg.run.wait()
	case libRevEndMsg:
		m.libReviewEnd(rv, msg)
	}
	return nil
}

// libReviewOf is the review whose run sent msg; nil when the run is no
// longer the library's (closed, or another opened).
func (m *Model) libReviewOf(msg tea.Msg) *libReview {
	var run *libRun
	switch msg := msg.(type) {
	case libRevProgressMsg:
		run = msg.run
	case libRevGameMsg:
		run = msg.run
	case libRevEndMsg:
		run = msg.run
	default:
		return nil
	}
	if st := m.library; st != nil && st.review != nil && st.review.run == run {
		return st.review
	}
	return nil
}

// libReviewGame takes a game's end: its row shows the review, and a
// failure is counted and said.
func (m *Model) libReviewGame(rv *libReview, msg libRevGameMsg) {
	st := m.library
	if msg.rev != nil {
		st.setReview(rv.queue[msg.qi], m.lang, msg.rev)
	}
	switch {
	case errors.Is(msg.err, context.Canceled):
		return // paused: it goes on at the next A
	case msg.err != nil:
		rv.status[msg.qi] = revFailed
		rv.lastErr = st.rows[rv.queue[msg.qi]].file + ": " + fileErrWords(m.lang, msg.err)
		if e := st.lib.Entries[rv.queue[msg.qi]]; e.Err != "" {
			rv.lastErr = st.rows[rv.queue[msg.qi]].why
		}
	case msg.searched:
		rv.status[msg.qi] = revSearched
	default:
		rv.status[msg.qi] = revCached
	}
	if rv.cur == msg.qi {
		rv.cur = -1
	}
}

// libReviewEnd takes the run's end: done, paused, or the engine could
// not start.
func (m *Model) libReviewEnd(rv *libReview, msg libRevEndMsg) {
	rv.run, rv.stopping, rv.cur = nil, false, -1
	failed := rv.count(revFailed)
	switch {
	case errors.Is(msg.err, context.Canceled):
		m.setMessage(fmt.Sprintf(m.tr("lrv.paused"), len(rv.queue)-rv.count(revPending), len(rv.queue)), false)
	case msg.err != nil:
		m.setMessage(m.tr("dr.failed")+engineErrWords(m.lang, m.reviewSetup().engine.Path, msg.err), true)
	case failed > 0:
		m.setMessage(fmt.Sprintf(m.tr("lrv.doneFailed"), len(rv.queue)-failed, failed, rv.lastErr), true)
	default:
		m.setMessage(fmt.Sprintf(m.tr("lrv.done"), len(rv.queue), rv.count(revSearched), rv.count(revCached)), false)
	}
}
