package ui

import (
	"context"
	"errors"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
	"kiki/ai/mate"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/enginepanel"
	"kiki/ui/match"
)

// The AI runs off the UI goroutine: Engine.Go searches in the background
// and its progress and answer come back as messages on a channel that a
// command waits on. Every search has a generation number; a message from a
// search that was cancelled (undo, new game) is dropped.
//
// The engine's searches and the mate solver share one background slot:
// starting either cancels what the slot held, through its one cancel.

type aiState struct {
	engine   *ai.Engine
	gen      int
	thinking bool // an engine search is running
	mating   bool // a mate search is running
	purpose  searchPurpose
	info     ai.Info
	events   chan tea.Msg
	infos    *infoThrottle      // the running search's reports on their way
	cancel   context.CancelFunc // ends what the slot holds
}

// stop ends what the slot holds; its answer still comes, as a message.
func (a *aiState) stop() {
	if a.cancel != nil {
		a.cancel()
	}
}

// occupy cancels what the slot held and gives it a new context and
// generation.
func (a *aiState) occupy() (context.Context, int) {
	if a.cancel != nil {
		a.cancel()
	}
	a.gen++
	ctx, cancel := context.WithCancel(context.Background())
	a.cancel = cancel
	return ctx, a.gen
}

// aiInfoMsg brings a search's latest reports (see infoThrottle); ch is
// its channel, read on after a stale message until the search's end.
type aiInfoMsg struct {
	gen   int
	infos []ai.Info
	ch    chan tea.Msg
}

// aiDoneMsg is a search's result; by is what searched (an external
// engine whose search failed after it was cancelled is still reported).
type aiDoneMsg struct {
	gen     int
	purpose searchPurpose
	res     ai.Result
	by      ai.Searcher
}

type tickMsg time.Time

type mateDoneMsg struct {
	gen int
	res mate.Result
}

func waitEvent(ch chan tea.Msg) tea.Cmd {
	return func() tea.Msg { return <-ch }
}

func (m *Model) engine() *ai.Engine {
	if m.ai.engine == nil {
		m.ai.engine = m.opts.NewEngine()
	}
	return m.ai.engine
}

// startSearch runs the engine on the current position for a purpose.
func (m *Model) startSearch(purpose searchPurpose, level int, l ai.Limits) tea.Cmd {
	e := m.searcher(purpose)
	if e == nil {
		// Its external engine is starting: the search begins when it is ready.
		return m.loadEngines()
	}
	m.cancelAI()
	ctx, gen := m.ai.occupy()
	events := make(chan tea.Msg, 256)
	m.cands.start(m.s.pos.Key())
	infos := newInfoThrottle(events, gen)
	res := e.Go(ctx, m.s.pos, ai.Request{Limits: l, Level: level, MultiPV: m.multiPV(purpose), Analysis: purpose != purposeMove, Info: infos.add})
	go func() {
		r := <-res
		infos.finish()
		select {
		case events <- aiDoneMsg{gen, purpose, r, e}:
		case <-time.After(time.Minute):
		}
	}()
	m.ai.thinking, m.ai.purpose, m.ai.events, m.ai.info, m.ai.infos = true, purpose, events, ai.Info{}, infos
	return waitEvent(events)
}

// cancelAI stops any search; its result will be ignored.
func (m *Model) cancelAI() {
	if m.ai.cancel != nil {
		m.ai.cancel()
		m.ai.cancel = nil
	}
	if m.ai.mating {
		m.ai.mating = false
		m.mateLine = ""
	}
	m.ai.gen++
	m.ai.thinking = false
}

// aiLimits is how long the AI thinks for a move: the clocks when the game
// has them, else a few seconds (the level limits the depth).
func (m *Model) aiLimits() ai.Limits {
	if m.opts.AILimits != nil {
		return *m.opts.AILimits
	}
	c := &m.s.match.Clock
	if !c.On() {
		return ai.Limits{MoveTime: 3 * time.Second}
	}
	l := ai.Limits{BTime: c.Main(game.Black), WTime: c.Main(game.White)}
	switch c.TC.Kind {
	case match.Byoyomi:
		l.Byoyomi = c.TC.Byoyomi
	case match.Fischer:
		l.BInc, l.WInc = c.TC.Inc, c.TC.Inc
	}
	// The clock has been running since the turn began.
	el := m.opts.Now().Sub(c.TurnAt)
	if m.s.pos.Side() == game.Black {
		l.BTime = max(0, l.BTime-el)
	} else {
		l.WTime = max(0, l.WTime-el)
	}
	return l
}

// maybeStartAI starts the AI's move when it is its turn.
func (m *Model) maybeStartAI() tea.Cmd {
	if !m.s.aiToMove() || m.ai.thinking && m.ai.purpose == purposeMove {
		return nil
	}
	if m.opts.Opponent != nil {
		_, gen := m.ai.occupy()
		m.ai.thinking, m.ai.purpose = true, purposeMove
		mv := m.opts.Opponent(m.s.pos.Clone())
		return func() tea.Msg { return aiDoneMsg{gen: gen, purpose: purposeMove, res: ai.Result{Move: mv}} }
	}
	pl := m.s.match.Players[m.s.pos.Side()]
	return m.startSearch(purposeMove, pl.Level, m.aiLimits())
}

func (m *Model) onAIInfo(msg aiInfoMsg) tea.Cmd {
	if msg.gen != m.ai.gen {
		// A cancelled search: its end is still read, for an engine that
		// fails on its way out (deaf to stop, dead).
		if msg.ch == nil {
			return nil
		}
		return waitEvent(msg.ch)
	}
	for _, i := range msg.infos {
		if m.ai.purpose == purposeAnalysis {
			m.cands.note(i)
		}
		if i.String == "" && i.MultiPV <= 1 {
			m.ai.info = i
		}
		m.noteLine(i)
	}
	return waitEvent(m.ai.events)
}

func (m *Model) onAIDone(msg aiDoneMsg) tea.Cmd {
	if msg.gen != m.ai.gen {
		if msg.res.Err != nil {
			m.cancelledSearchFailed(msg.by, msg.res.Err)
		}
		return nil
	}
	m.ai.thinking = false
	r := msg.res
	if r.Err != nil {
		switch e, _ := msg.by.(*engineProc); {
		case errors.Is(r.Err, errEngineClosed):
			// Closed on purpose while the search waited its turn.
		case msg.purpose == purposeMove && m.s.aiToMove():
			m.engineFailed(m.s.pos.Side(), r.Err)
		case e != nil && e == m.ext.analyser:
			m.analyserFailed(r.Err)
		default:
			m.setMessage(m.tr("engine.error")+engineFailWords(m.lang, r.Err), true)
		}
		return nil
	}
	switch msg.purpose {
	case purposeHint:
		if r.Move != game.NoMove {
			m.hint = hintState{mv: r.Move, key: m.s.pos.Key()}
			m.setMessage(m.tr("ai.hint")+kif.MoveLabel(r.Move, m.s.pos.LastMove())+"  "+enginepanel.ScoreText(m.lang, r.Score, m.s.pos.Side()), false)
		}
		return nil
	case purposeAnalysis:
		return nil
	}
	if !m.s.aiToMove() {
		return nil
	}
	side := m.s.pos.Side()
	if m.judgeAnswer(side, r) {
		return nil
	}
	switch {
	case r.Declare:
		m.s.finish(side, false, "入玉宣言", kif.EnteringKing)
		return nil
	case r.Resign:
		m.spendClock()
		m.s.finish(side.Opp(), false, "投了", kif.Resign)
		return nil
	}
	if !m.s.pos.IsLegal(r.Move) {
		// Cannot happen: the engine only returns legal moves. Say so rather than play it.
		m.setMessage(fmt.Sprintf(m.tr("ai.illegal"), r.Move), true)
		return nil
	}
	// The cursor stays where the player left it: keyboard players would
	// otherwise walk it back every turn.
	cursor := m.board.cursor
	cmd := m.playMove(r.Move)
	m.board.cursor = cursor
	return cmd
}

// askHint asks the AI what it would play for the person to move.
func (m *Model) askHint() tea.Cmd {
	if !m.humanToMove() || m.s.end.over && m.s.playing {
		return nil
	}
	m.setMessage(m.tr("ai.thinkingHint"), false)
	if m.searcher(purposeHint) == nil {
		m.hint = hintState{pending: true, key: m.s.pos.Key()}
	}
	return m.startSearch(purposeHint, 10, ai.Limits{MoveTime: 1500 * time.Millisecond})
}

// pendingHint asks again for the hint asked for while its engine was
// starting, if the position is still the one it was asked in.
func (m *Model) pendingHint() tea.Cmd {
	if !m.hint.pending {
		return nil
	}
	m.hint.pending = false
	if m.hint.key != m.s.pos.Key() || m.searcher(purposeHint) == nil {
		return nil
	}
	return m.askHint()
}

// tick drives the clocks while one runs: the screen is drawn again every
// 200 ms then, and not at all otherwise.
func (m *Model) tick() tea.Cmd {
	if m.ticking || !m.s.clockRunning() {
		return nil
	}
	m.ticking = true
	return tea.Tick(200*time.Millisecond, func(t time.Time) tea.Msg { return tickMsg(t) })
}

// onTick ends the game when the side to move has run out of time.
func (m *Model) onTick(tickMsg) tea.Cmd {
	m.ticking = false
	if m.s.clockRunning() {
		side := m.s.pos.Side()
		if m.remaining(side) < -m.timeMargin(side) && !m.waitingForEngine(side) {
			m.loseOnTime(side)
		}
	}
	return m.tick()
}

// remaining is what side has left on its clock now (main time + byoyomi).
func (m *Model) remaining(side game.Color) time.Duration {
	return m.s.match.Clock.Remaining(side, m.s.turnRunning(side), m.opts.Now())
}

// spendClock charges the time of the move just made to its mover and
// returns it.
func (m *Model) spendClock() time.Duration {
	return m.s.match.Clock.Spend(m.s.pos.Side(), m.opts.Now())
}

// startMateSearch runs the mate solver on the current position.
func (m *Model) startMateSearch() tea.Cmd {
	m.cancelAI()
	ctx, gen := m.ai.occupy()
	m.mateLine = m.tr("mate.searching")
	events := make(chan tea.Msg, 64)
	sv := mate.New(mate.Options{HashMiB: 512, Timeout: 20 * time.Second, ProgressEvery: 300 * time.Millisecond, SearchBook: true,
		Progress: func(pr mate.Progress) {
			select {
			case events <- mateProgressMsg{gen, pr}:
			default:
			}
		}})
	m.ai.mating = true
	p := m.s.pos.Clone()
	go func() {
		res := sv.Solve(ctx, p)
		sv.Close() // (its table's memory goes back now, not at the collector's leisure)
		events <- mateDoneMsg{gen, res}
	}()
	m.mateEvents = events
	return waitEvent(events)
}

type mateProgressMsg struct {
	gen int
	pr  mate.Progress
}

func (m *Model) onMateProgress(msg mateProgressMsg) tea.Cmd {
	if msg.gen != m.ai.gen {
		return nil
	}
	m.mateLine = fmt.Sprintf(m.tr("mate.progress"), msg.pr.Nodes, msg.pr.NodesPerSecond/1000, msg.pr.RootPN, msg.pr.RootDN)
	return waitEvent(m.mateEvents)
}

func (m *Model) onMateDone(msg mateDoneMsg) {
	// An old search's answer must not clear a newer search's handle.
	if msg.gen != m.ai.gen {
		return
	}
	m.ai.mating = false
	switch msg.res.Status {
	case mate.Mate:
		length := fmt.Sprintf("%d手詰", msg.res.Length)
		if msg.res.BookLength != msg.res.Length {
			length += fmt.Sprintf(m.tr("mate.book"), msg.res.BookLength)
		}
		m.mateLine = length + ": " + kif.LineText(m.s.pos, msg.res.Moves, 40)
	case mate.NoMate:
		m.mateLine = m.tr("mate.none")
	default:
		m.mateLine = m.tr("mate.unknown")
	}
}

// hintState is the last hint's move and the position it was for.
type hintState struct {
	mv  game.Move
	key uint64
	// pending: a hint was asked for while its engine was starting, in
	// the position of key; it is asked again once the engine is ready.
	pending bool
}

// highlightMove is the move the board highlights (origin and
// destination) for the engine: the hint asked for in this position, else
// the best move of the analysis running on it, else the best move the
// whole-game analysis found for it. NoMove when there is none. The board
// component draws it.
func (m *Model) highlightMove() game.Move {
	if m.hint.mv != game.NoMove && m.hint.key == m.s.pos.Key() && m.s.pos.IsLegal(m.hint.mv) {
		return m.hint.mv
	}
	if m.ai.thinking && m.ai.purpose == purposeAnalysis && len(m.ai.info.PV) > 0 && m.s.pos.IsLegal(m.ai.info.PV[0]) {
		return m.ai.info.PV[0]
	}
	if r, ok := m.analysis.Results[m.s.node]; ok && r.Best != game.NoMove && m.s.pos.IsLegal(r.Best) {
		return r.Best
	}
	return game.NoMove
}
