package ui

import (
	"context"
	"path/filepath"

	"kiki/ai"
	"kiki/ai/mate"
	"kiki/ai/nnue"
	"kiki/ai/review"
	"kiki/ui/engines"
)

// The review that the board's T (one game, for problems) and the
// library's A (every game listed) both run: the registry's engine for
// analysis, else the built-in AI, searches each position at settings
// named for it, and each game's result is kept in the data folder's
// review cache, every few positions, so that a review stopped, or killed
// with the program, goes on where it stopped and a game reviewed once is
// never searched again at the same settings.

// reviewSaveEvery is how many positions a review searches between two
// saves of its result.
const reviewSaveEvery = 4

// reviewSetup is how a review searches, taken from the model on the
// UI's goroutine; start readies it in the background.
type reviewSetup struct {
	set review.Settings
	// engine is the registry's engine for analysis; its Path is "" when
	// the built-in AI reviews.
	engine    EngineConfig
	newEngine func() *ai.Engine
	cache     review.Cache
}

// builtinReviewName names the built-in AI's reviews in their cache, so
// that reviews by the hand-made evaluation, or by other weights (another
// release's), stay apart.
func builtinReviewName(net *nnue.Net) string {
	if net == nil {
		return "kiki"
	}
	return "kiki learned " + net.Fingerprint()
}

// reviewSetup is the review's setup now: the budget of the options (or
// review.DefaultSettings), searched by the engine that analyses.
func (m *Model) reviewSetup() reviewSetup {
	set := review.DefaultSettings()
	if m.opts.Review != nil {
		set = *m.opts.Review
	}
	set.Name = m.reviewName
	s := reviewSetup{set: set, newEngine: m.opts.NewEngine, cache: review.Cache{Dir: filepath.Join(m.dataDir(), "review")}}
	if x := m.ext; x.analyse && x.cfg.Path != "" {
		// The name holds the command line and the options, so that the
		// cache never gives one engine's results for another's.
		s.engine = x.cfg
		s.set.Name = "usi " + EngineEntry{Path: x.cfg.Path, Args: x.cfg.Args}.CommandLine() + " " + engines.OptionsText(x.cfg.Options)
	}
	return s
}

// reviewer is a review's searchers, ready.
type reviewer struct {
	reviewSetup
	search  ai.Searcher
	ext     *engineProc // the external engine, to close; nil for the built-in AI
	builtin *ai.Engine
	solver  *mate.Solver
}

// start readies the searchers: it starts the external engine, which may
// take seconds (off the UI's goroutine).
func (s reviewSetup) start() (*reviewer, error) {
	r := &reviewer{reviewSetup: s}
	if s.engine.Path != "" {
		e, err := startEngine(s.engine)
		if err != nil {
			return nil, err
		}
		r.ext, r.search = e, e
	} else {
		r.builtin = s.newEngine()
		r.builtin.Threads = 1 // a review runs beside the board and its AI
		r.search = r.builtin
	}
	r.solver = mate.New(mate.Options{HashMiB: 64, MaxNodes: s.set.MateNodes})
	return r, nil
}

// close ends the searchers.
func (r *reviewer) close() {
	r.ext.close()
	r.solver.Close()
}

// game reviews g, going on from what the cache keeps of it; a review the
// cache holds whole is returned as it is, with searched false. A cached
// result that cannot be read is searched again.
func (r *reviewer) game(ctx context.Context, g review.Game, progress func(plies int)) (res review.Result, searched bool, err error) {
	done, _, err := r.cache.Load(g.Key(), r.set.Key())
	if err != nil {
		done = review.Result{}
	}
	if done.Done {
		return done, false, nil
	}
	if r.builtin != nil {
		r.builtin.NewGame() // each game searched alike, whatever came before
	}
	res, err = review.Analyse(ctx, g, r.search, r.solver, r.set, done, func(x review.Result) {
		if progress != nil {
			progress(len(x.Plies))
		}
		if len(x.Plies)%reviewSaveEvery == 0 {
			_ = r.cache.Save(x)
		}
	})
	if res.Game != "" {
		if serr := r.cache.Save(res); serr != nil && err == nil {
			err = serr
		}
	}
	return res, true, err
}
