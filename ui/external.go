package ui

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
	"kiki/ai/usi"
	"kiki/game"
	"kiki/ui/engines"
)

// External USI engines (YaneuraOu, gpsusi, fairy-stockfish…) play a side
// or analyse instead of the built-in AI. Each side played by an engine
// has its own process (engine against the same engine is two of them),
// and the analyser a third, so that no two searches share one. Engines
// start off the UI goroutine; until they are ready the game waits. An
// engine that fails (dies, goes silent, plays an illegal move) is
// reported with what it did and ended, and its side passes to the person
// at the keyboard, who is asked whether to go on alone, save or stop
// (enginefail.go); a failed analyser stops the analysis.

// applyUserConfig sets the engine a run starts with: the one given on
// the command line (which analyses), else the config's only when the user
// made it the default.
func (x *extState) applyUserConfig(flag EngineConfig, c engines.UserConfig) {
	switch {
	case flag.Path != "":
		x.cfg, x.analyse, x.fixed = flag, true, true
	case c.Default && c.Engine.Path != "":
		x.cfg, x.analyse, x.fixed = c.Engine, c.Analyser, true
	}
}

// rememberedEngine is the engine config.json remembers, for the new-game
// dialog to suggest (nothing when the file cannot be read: the error was
// reported at start).
func (m *Model) rememberedEngine() EngineConfig {
	c, err := engines.LoadUserConfig(m.opts.ConfigDir)
	if err != nil {
		return EngineConfig{}
	}
	return c.Engine
}

// engineProc is one running external engine. Its searches run one after
// another: a new search (the next analysis position, a hint after a
// cancelled analysis) waits until the engine has answered the last one,
// since a USI engine reads one go at a time.
type engineProc struct {
	mu  sync.Mutex
	c   *usi.Client
	cfg EngineConfig // how it was started (to start it again)
	// refused are the forms of go it does not take (engineforms.go);
	// learnt holds them, as a usi.Forms, once one is learnt, until taken.
	refused usi.Forms
	learnt  atomic.Uint32
	times   engineTimes // its limits (to start it again)
	// closed ends, when the engine is closed, the search it runs and any
	// waiting for their turn (an analysis runs until stopped).
	closed context.Context
	stop   context.CancelFunc
	// multiPV: the engine declares MultiPV (read at start, so that the
	// screen never reads c, which a restart replaces).
	multiPV bool
}

var _ ai.Searcher = (*engineProc)(nil)

func newEngineProc(c *usi.Client, cfg EngineConfig, times engineTimes) *engineProc {
	ctx, stop := context.WithCancel(context.Background())
	_, multiPV := c.Option("MultiPV")
	return &engineProc{c: c, cfg: cfg, refused: cfg.Refused, times: times, closed: ctx, stop: stop, multiPV: multiPV}
}

// Go starts a search once the previous one has answered.
func (e *engineProc) Go(ctx context.Context, p *game.Position, r ai.Request) <-chan ai.Result {
	out := make(chan ai.Result, 1)
	p = p.Clone()
	go func() {
		e.mu.Lock()
		defer e.mu.Unlock()
		if e.closed.Err() != nil {
			out <- ai.Result{Resign: true, Err: errEngineClosed}
			return
		}
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		defer context.AfterFunc(e.closed, cancel)()
		out <- e.search(ctx, p, r)
	}()
	return out
}

// errEngineClosed answers a search asked of an engine already closed.
var errEngineClosed = errors.New("the engine was closed")

// close ends the engine in the background (it may take a second to quit),
// stopping its search first.
func (e *engineProc) close() {
	if e == nil {
		return
	}
	e.stop()
	go func() {
		e.mu.Lock()
		defer e.mu.Unlock()
		_ = e.c.Close()
	}()
}

// name is the engine's id name, else its file name.
func (e *engineProc) name(path string) string {
	if e != nil && e.c.Name != "" {
		return e.c.Name
	}
	return filepath.Base(path)
}

// engineTimes bounds an external engine's answers (zero: the USI
// client's defaults, 30 s to get ready and 5 s of grace after its time or
// stop); tests shorten them.
type engineTimes struct {
	start, grace time.Duration
	probe        time.Duration // silenceProbe
}

// startEngine runs an engine, sets its options and readies it for a game.
func startEngine(cfg EngineConfig) (*engineProc, error) { return startEngineWith(cfg, engineTimes{}) }

// startEngineWith is startEngine within times.
func startEngineWith(cfg EngineConfig, times engineTimes) (*engineProc, error) {
	if cfg.Path == "" {
		return nil, errors.New("no engine path")
	}
	c, err := usi.StartEngine(usi.ClientConfig{Path: cfg.Path, Args: cfg.Args, StartTimeout: times.start, Grace: times.grace})
	if err != nil {
		return nil, err
	}
	for _, o := range engines.WithDefaultOptions(c.Options, cfg.Options) {
		if err := c.SetOption(o.Name, o.Value); err != nil {
			_ = c.Close()
			return nil, err
		}
	}
	if err := c.NewGame(); err != nil {
		_ = c.Close()
		return nil, err
	}
	return newEngineProc(c, cfg, times), nil
}

// extState holds the running external engines.
type extState struct {
	cfg     EngineConfig // the engine the new-game dialog and the analyser use
	analyse bool         // the external engine analyses (and gives hints)
	// fixed: the engine was given on the command line or made the
	// default in config.json; the registry's defaults do not change it.
	fixed bool
	// playCfg is the registry's default engine for play, which the
	// new-game dialog offers.
	playCfg  EngineConfig
	side     [2]*engineProc
	analyser *engineProc
	gen      int // bumped when the engines are replaced; a late start is dropped
	loading  bool
	// resumed: the engines being started are a recovered game's; one
	// that does not start again is offered to the person (resumeOffer).
	resumed bool
	times   engineTimes
}

// enginesReadyMsg brings the engines started for a game (and the
// analyser), or what went wrong.
type enginesReadyMsg struct {
	gen          int
	side         [2]*engineProc
	analyser     *engineProc
	wantAnalyser bool // the analyser was asked for (nil: it did not start)
	errs         []string
}

// closeEngines ends every running engine.
func (x *extState) closeEngines() {
	x.side[0].close()
	x.side[1].close()
	x.analyser.close()
	x.side, x.analyser = [2]*engineProc{}, nil
	x.gen++
	x.loading, x.resumed = false, false
}

// loadEngines starts, in the background, the external engines the game's
// players and the analyser need and do not have yet.
func (m *Model) loadEngines() tea.Cmd {
	x := &m.ext
	var want [2]EngineConfig
	any := false
	for c := game.Black; c <= game.White; c++ {
		if pl := m.s.match.Players[c]; pl.Engine != "" && x.side[c] == nil {
			want[c] = playerEngine(pl) // each side its own arguments and options
			any = true
		}
	}
	wantAnalyser := x.analyse && x.cfg.Path != "" && x.analyser == nil
	if !any && !wantAnalyser || x.loading {
		return nil
	}
	x.loading = true
	gen, cfg, lang, times := x.gen, x.cfg, m.lang, x.times
	m.setMessage(m.tr("engine.starting"), false)
	return func() tea.Msg {
		msg := enginesReadyMsg{gen: gen, wantAnalyser: wantAnalyser}
		var wg sync.WaitGroup
		var mu sync.Mutex
		start := func(cfg EngineConfig, into **engineProc) {
			defer wg.Done()
			e, err := startEngineWith(cfg, times)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				// A side's engine and the analyser are often the same
				// program: one report of each failure.
				if w := engineErrWords(lang, cfg.Path, err); !slices.Contains(msg.errs, w) {
					msg.errs = append(msg.errs, w)
				}
				return
			}
			*into = e
		}
		for c := range want {
			if want[c].Path != "" {
				wg.Add(1)
				go start(want[c], &msg.side[c])
			}
		}
		if wantAnalyser {
			wg.Add(1)
			go start(cfg, &msg.analyser)
		}
		wg.Wait()
		return msg
	}
}

// onEnginesReady takes the started engines: their names go into the
// players and the record's headers; a side whose engine did not start
// passes to the person at the keyboard.
func (m *Model) onEnginesReady(msg enginesReadyMsg) tea.Cmd {
	x := &m.ext
	if msg.gen != x.gen {
		msg.side[0].close()
		msg.side[1].close()
		msg.analyser.close()
		return nil
	}
	x.loading = false
	resumed := x.resumed
	x.resumed = false
	switch {
	case msg.analyser != nil:
		x.analyser = msg.analyser
	case msg.wantAnalyser:
		// It did not start: the built-in AI analyses, rather than every
		// later analysis trying the engine again.
		x.analyse = false
	}
	if m.engineGameNotStarted(msg) {
		return nil // no person plays: the arbiter ended the game
	}
	names := m.s.sideNames()
	var gone []string
	for c := game.Black; c <= game.White; c++ {
		pl := &m.s.match.Players[c]
		switch {
		case msg.side[c] != nil:
			x.side[c] = msg.side[c]
			pl.Name = msg.side[c].name(pl.Engine)
			m.s.rec.Set(names[c], pl.String())
		case pl.Engine != "" && x.side[c] == nil:
			gone = append(gone, names[c]) // the reason names the program
			*pl = player{}                // the engine did not start: the person plays
			m.s.rec.Set(names[c], pl.String())
		}
	}
	switch {
	case resumed && len(gone) > 0:
		// The question says it all; the status line would say it twice.
		m.setMessage("", false)
		m.resumeOffer(fmt.Sprintf(m.tr("resume.gone"), strings.Join(gone, ", "), strings.Join(msg.errs, "; ")))
	case len(msg.errs) > 0:
		m.setMessage(m.tr("engine.failed")+strings.Join(msg.errs, "; "), true)
	default:
		m.setPassingMessage(m.tr("engine.ready"))
	}
	return tea.Batch(m.maybeStartAI(), m.analysisFollow(), m.pendingHint())
}

// searcher is what searches for purpose: the external engine of the side
// to move, the external analyser, or the built-in AI; nil while the
// engine it needs is starting.
func (m *Model) searcher(purpose searchPurpose) ai.Searcher {
	if purpose == purposeMove {
		if pl := m.s.match.Players[m.s.pos.Side()]; pl.Engine != "" {
			if e := m.ext.side[m.s.pos.Side()]; e != nil {
				return e
			}
			return nil
		}
		return m.engine()
	}
	if m.ext.analyse && m.ext.cfg.Path != "" {
		if m.ext.analyser != nil {
			return m.ext.analyser
		}
		return nil
	}
	return m.engine()
}

// engineFailed reports an external engine's failure on its side's move:
// the engine is ended and the side passes to the person, so the game (and
// its record) survives, and the person is asked what now.
func (m *Model) engineFailed(side game.Color, err error) {
	if m.arbiterFault(side, err) {
		return // no person plays: the arbiter ended the game
	}
	m.ext.side[side].close()
	m.ext.side[side] = nil
	m.s.match.Players[side] = player{}
	why := engineFailWords(m.lang, err)
	if m.dialog == nil && m.s.playing && !m.s.end.over {
		m.engineFailOffer(why)
		return
	}
	m.setMessage(m.tr("engine.error")+why+m.tr("engine.takeover"), true)
}

// engineErrWords says why an engine did not start in the screen's words
// where the reason is a common one (the program is not there, or may not
// be run), and the USI client's own words otherwise (a handshake that
// failed, with what the engine printed).
func engineErrWords(l Lang, path string, err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Sprintf(tr(l, "engine.notFound"), path)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Sprintf(tr(l, "engine.notRunnable"), path)
	}
	return engineFailWords(l, err)
}
