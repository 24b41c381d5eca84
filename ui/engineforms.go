package ui

import (
	"cmp"
	"context"
	"slices"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
	"kiki/ai/usi"
	"kiki/game"
	"kiki/ui/engines"
)

// An engine's searches go through search, which learns the forms of go
// the engine refuses (usi.Refused) and asks again in one it takes: a
// refused node budget or depth becomes a fixed time; a refused infinite
// analysis becomes a run of growing fixed-time searches, each shown as it
// reports. An engine that died on a form is started again first. What is
// learnt is kept with the engine's registry entry (learnGoForms), so the
// next session sends the right form from the first search.

// silenceProbe is how long an infinite search may stay silent before it
// is stopped to see whether the engine searches at all: an engine that
// answers then with no search reported does not take "go infinite"
// (engineTimes.probe, when set, instead).
const silenceProbe = 3 * time.Second

// search runs one search on the engine, in a form it takes. It holds
// e.mu: the engine reads one go at a time.
func (e *engineProc) search(ctx context.Context, p *game.Position, r ai.Request) ai.Result {
	for tries := 0; ; tries++ {
		f := usi.FormOf(r.Limits)
		if f == usi.FormInfinite && e.refused.Has(f) {
			return e.rolling(ctx, p, r)
		}
		limits := usi.Fallback(r.Limits, e.refused)
		res := e.once(ctx, p, r, limits, usi.FormOf(limits) == usi.FormInfinite)
		if tries > 0 || !usi.Refused(usi.FormOf(limits), res) || ctx.Err() != nil && res.Err == nil {
			return res
		}
		e.refused = e.refused.With(usi.FormOf(limits))
		e.learnt.Store(uint32(e.refused))
		if res.Err != nil {
			// It died on the form: start it again, as it was started.
			c, err := startEngineWith(e.cfg, e.times)
			if err != nil {
				return ai.Result{Resign: true, Err: err}
			}
			_ = e.c.Close()
			e.c = c.c
		}
	}
}

// once is one go of the engine under limits; probe stops an infinite
// search that reports nothing within silenceProbe.
func (e *engineProc) once(ctx context.Context, p *game.Position, r ai.Request, limits ai.Limits, probe bool) ai.Result {
	r.Limits = limits
	if !probe {
		return <-e.c.Go(ctx, p, r)
	}
	probeCtx, stop := context.WithCancel(ctx)
	defer stop()
	var heard atomic.Bool
	info := r.Info
	r.Info = func(i ai.Info) {
		heard.Store(true)
		if info != nil {
			info(i)
		}
	}
	t := time.AfterFunc(cmp.Or(e.times.probe, silenceProbe), func() {
		if !heard.Load() {
			stop()
		}
	})
	defer t.Stop()
	return <-e.c.Go(probeCtx, p, r)
}

// rolling is an infinite analysis as fixed-time searches of growing
// length, until ctx ends; the answer is the last search's.
func (e *engineProc) rolling(ctx context.Context, p *game.Position, r ai.Request) ai.Result {
	var last ai.Result
	for i := 0; ; i++ {
		r.Limits = ai.Limits{MoveTime: usi.RollingTimes(i)}
		res := <-e.c.Go(ctx, p, r)
		if res.Err != nil || ctx.Err() != nil {
			if res.Err == nil && res.Move == game.NoMove && last.Move != game.NoMove {
				return last // stopped before it had a move: the last search's
			}
			return res
		}
		last = res
	}
}

// takeLearnt reports the forms the engine refused when some were learnt
// since the last call. It does not wait for a search to end.
func (e *engineProc) takeLearnt() (usi.Forms, bool) {
	if e == nil {
		return 0, false
	}
	f := usi.Forms(e.learnt.Swap(0))
	return f, f != 0
}

// learnGoForms keeps, with the engines' registry entries, the forms of go
// a running engine was found to refuse since the last call, and gives
// them to the configurations later engines start from. The registry is
// written off the UI goroutine.
func (m *Model) learnGoForms() tea.Cmd {
	x := &m.ext
	type learnt struct {
		cfg EngineConfig
		f   usi.Forms
	}
	var found []learnt
	for _, e := range []*engineProc{x.side[0], x.side[1], x.analyser} {
		if f, ok := e.takeLearnt(); ok {
			found = append(found, learnt{e.cfg, f})
		}
	}
	if len(found) == 0 {
		return nil
	}
	for _, l := range found {
		for _, cfg := range []*EngineConfig{&x.cfg, &x.playCfg} {
			if engines.SameConfig(*cfg, l.cfg) {
				cfg.Refused |= l.f
			}
		}
	}
	dir := m.opts.ConfigDir
	return func() tea.Msg {
		reg, err := engines.LoadRegistry(dir)
		if err != nil {
			return nil // a registry kiki cannot read is reported elsewhere, never rewritten
		}
		changed := false
		for _, l := range found {
			for i := range reg.Engines {
				e := &reg.Engines[i]
				if e.Path == l.cfg.Path && slices.Equal(e.Args, l.cfg.Args) {
					if f := usi.ParseForms(e.RefusedGo) | l.f; f != usi.ParseForms(e.RefusedGo) {
						e.RefusedGo, changed = f.Names(), true
					}
				}
			}
		}
		if changed {
			_ = engines.SaveRegistry(dir, reg)
		}
		return nil
	}
}
