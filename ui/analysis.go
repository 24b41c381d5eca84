package ui

import (
	"context"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/analysis"
)

type analysisMsg struct {
	gen  int
	node *kif.Node
	res  analysis.Eval
	done bool
	err  error // the external analyser failed
	ch   chan tea.Msg
}

// toggleAnalysis turns continuous analysis on or off.
func (m *Model) toggleAnalysis() tea.Cmd {
	m.analysis.On = !m.analysis.On
	if !m.analysis.On {
		if m.ai.purpose == purposeAnalysis {
			m.cancelAI()
		}
		return nil
	}
	return m.analysisFollow()
}

// analysisFollow restarts the continuous analysis on the position shown.
func (m *Model) analysisFollow() tea.Cmd {
	if !m.analysis.On || m.ai.thinking && m.ai.purpose == purposeMove || m.s.aiToMove() {
		return nil
	}
	var ml game.MoveList
	m.s.pos.LegalMoves(&ml)
	if ml.Len() == 0 {
		return nil
	}
	return m.startSearch(purposeAnalysis, 10, ai.Limits{Infinite: true})
}

// analyzeGame evaluates every position of the line on screen in the
// background, with its own engine.
func (m *Model) analyzeGame() tea.Cmd {
	if m.analysis.Running {
		m.analysis.Cancel()
		m.setMessage(m.tr("an.stopped"), false)
		return nil
	}
	line := append([]*kif.Node{m.s.rec.Root}, m.s.line()...)
	for len(line) > 0 && line[len(line)-1].IsSpecial() {
		line = line[:len(line)-1]
	}
	gen, ctx, stop := m.analysis.Begin(line)
	return m.runAnalysis(gen, ctx, stop, nil)
}

// resumeAnalysis goes on with a whole-game analysis a room stopped,
// evaluating only the positions not evaluated yet.
func (m *Model) resumeAnalysis() tea.Cmd {
	done := map[*kif.Node]bool{}
	for n := range m.analysis.Results {
		done[n] = true
	}
	gen, ctx, stop := m.analysis.Resume()
	return m.runAnalysis(gen, ctx, stop, done)
}

// runAnalysis evaluates the positions of the analysis's line, but those
// in done, in the background with its own engine (or the external
// analyser), each sent back as an analysisMsg of run gen.
func (m *Model) runAnalysis(gen int, ctx context.Context, stop context.CancelFunc, done map[*kif.Node]bool) tea.Cmd {
	rec, line := m.s.rec, m.analysis.Line
	limits := ai.Limits{MoveTime: 400 * time.Millisecond}
	if m.opts.AILimits != nil {
		limits = *m.opts.AILimits
	}
	ch := make(chan tea.Msg, len(line)+1)
	newEngine := m.opts.NewEngine
	var ext ai.Searcher
	if m.ext.analyse && m.ext.analyser != nil {
		ext = m.ext.analyser
	}
	go func() {
		defer stop()
		think := func(ctx context.Context, p *game.Position, r ai.Request) ai.Result { return <-ext.Go(ctx, p, r) }
		if ext == nil {
			e := newEngine()
			e.Threads = 1
			think = e.Think
		}
		p := rec.StartPosition()
		for i, n := range line {
			if i > 0 {
				p.DoMove(n.Move)
			}
			if ctx.Err() != nil {
				break
			}
			if done[n] {
				continue
			}
			var r analysis.Eval
			var ml game.MoveList
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				r.Score = -ai.MateScore
			} else {
				res := think(ctx, p, ai.Request{Limits: limits, Analysis: true})
				if res.Err != nil {
					ch <- analysisMsg{gen: gen, done: true, err: res.Err, ch: ch}
					return
				}
				r.Score, r.Best, r.Depth = res.Score, res.Move, res.Depth
				r.PV = append([]game.Move(nil), res.PV...)
				if len(r.PV) == 0 && r.Best != game.NoMove {
					r.PV = []game.Move{r.Best}
				}
			}
			if p.Side() == game.White {
				r.Score = -r.Score
			}
			ch <- analysisMsg{gen: gen, node: n, res: r, ch: ch}
		}
		ch <- analysisMsg{gen: gen, done: true, ch: ch}
	}()
	return waitEvent(ch)
}

func (m *Model) onAnalysis(msg analysisMsg) tea.Cmd {
	a := &m.analysis
	if msg.gen != a.Gen || a.Results == nil {
		return nil
	}
	if msg.err != nil {
		a.Running = false
		m.analyserFailed(msg.err)
		return nil
	}
	if msg.done {
		a.Running, a.Finished = false, true
		var dubious, blunders int
		for _, n := range a.Line {
			switch _, mk := a.Loss(n); mk {
			case "?":
				dubious++
			case "??":
				blunders++
			}
		}
		m.setMessage(fmt.Sprintf(m.tr("an.done"),
			dubious, blunders, analysis.DubiousLoss, analysis.BlunderLoss), false)
		return nil
	}
	a.Results[msg.node] = msg.res
	a.Done++
	return waitEvent(msg.ch)
}
