package ui

import (
	"context"
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
	"kiki/game"
	"kiki/kif"
)

// analysisState covers both analysis tools: the continuous evaluation of
// the position on screen, and the evaluation of every position of the line
// in the background (with a progress bar, the moves that lost much marked
// ? or ??, the better move and its line, and a score graph).
type analysisState struct {
	on bool // continuous analysis of the current position

	running  bool
	stop     context.CancelFunc // ends the whole-game analysis
	gen      int
	done     int
	total    int
	results  map[*kif.Node]evalResult // the position after the node's move
	line     []*kif.Node              // the root, then the analysed moves
	finished bool
}

// evalResult is the engine's view of one position: the score from 先手's
// side, and the best move with its line for the side to move there.
type evalResult struct {
	score int
	best  game.Move
	pv    []game.Move
	depth int
}

// The loss, from the mover's view, at which a move is marked: ? at 300
// (about a pawn and a half lost), ?? at 800 (a major piece). Fixed
// thresholds, as in ShogiHome, rather than a ranking within the game, so
// a quiet game has no marks.
const (
	dubiousLoss = 300
	blunderLoss = 800
)

func (a *analysisState) cancel() {
	if a.stop != nil {
		a.stop()
	}
	a.running = false
	a.gen++
}

// reset cancels and forgets the analysis. The generation keeps counting
// up: a message from a run before the reset must never match a later
// run's generation (set back to 0, a stale message once wrote into a
// results map that no longer existed).
func (a *analysisState) reset() {
	a.cancel()
	*a = analysisState{gen: a.gen}
}

// restore brings back an analysis saved earlier (leaving the editor),
// under a generation newer than any run so far.
func (a *analysisState) restore(saved analysisState) {
	gen := max(a.gen, saved.gen) + 1
	a.cancel()
	*a = saved
	a.gen = gen
}

type analysisMsg struct {
	gen  int
	node *kif.Node
	res  evalResult
	done bool
	err  error // the external analyser failed
	ch   chan tea.Msg
}

// toggleAnalysis turns continuous analysis on or off.
func (m *Model) toggleAnalysis() tea.Cmd {
	m.analysis.on = !m.analysis.on
	if !m.analysis.on {
		if m.ai.purpose == purposeAnalysis {
			m.cancelAI()
		}
		return nil
	}
	return m.analysisFollow()
}

// analysisFollow restarts the continuous analysis on the position shown.
func (m *Model) analysisFollow() tea.Cmd {
	if !m.analysis.on || m.ai.thinking && m.ai.purpose == purposeMove || m.s.aiToMove() {
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
	if m.analysis.running {
		m.analysis.cancel()
		m.setMessage(m.tr("an.stopped"), false)
		return nil
	}
	a := &m.analysis
	a.gen++
	gen := a.gen
	a.line = append([]*kif.Node{m.s.rec.Root}, m.s.line()...)
	for len(a.line) > 0 && a.line[len(a.line)-1].IsSpecial() {
		a.line = a.line[:len(a.line)-1]
	}
	a.running, a.done, a.total, a.finished = true, 0, len(a.line), false
	a.results = map[*kif.Node]evalResult{}
	ctx, stop := context.WithCancel(context.Background())
	a.stop = stop
	rec := m.s.rec
	line := a.line
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
			var r evalResult
			var ml game.MoveList
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				r.score = -ai.MateScore
			} else {
				res := think(ctx, p, ai.Request{Limits: limits, Analysis: true})
				if res.Err != nil {
					ch <- analysisMsg{gen: gen, done: true, err: res.Err, ch: ch}
					return
				}
				r.score, r.best, r.depth = res.Score, res.Move, res.Depth
				r.pv = append([]game.Move(nil), res.PV...)
				if len(r.pv) == 0 && r.best != game.NoMove {
					r.pv = []game.Move{r.best}
				}
			}
			if p.Side() == game.White {
				r.score = -r.score
			}
			ch <- analysisMsg{gen: gen, node: n, res: r, ch: ch}
		}
		ch <- analysisMsg{gen: gen, done: true, ch: ch}
	}()
	return waitEvent(ch)
}

func (m *Model) onAnalysis(msg analysisMsg) tea.Cmd {
	a := &m.analysis
	if msg.gen != a.gen || a.results == nil {
		return nil
	}
	if msg.err != nil {
		a.running = false
		m.analyserFailed(msg.err)
		return nil
	}
	if msg.done {
		a.running, a.finished = false, true
		var dubious, blunders int
		for _, n := range a.line {
			switch _, mk := a.loss(n); mk {
			case "?":
				dubious++
			case "??":
				blunders++
			}
		}
		m.setMessage(fmt.Sprintf(m.tr("an.done"),
			dubious, blunders, dubiousLoss, blunderLoss), false)
		return nil
	}
	a.results[msg.node] = msg.res
	a.done++
	return waitEvent(msg.ch)
}

// loss is what the move of n cost its mover, by the engine's scores before
// and after it, and its mark: "?", "??" or "" (also "" for the move the
// engine itself chose, or when a score is missing).
func (a *analysisState) loss(n *kif.Node) (int, string) {
	if n.Parent == nil || n.IsSpecial() {
		return 0, ""
	}
	prev, ok1 := a.results[n.Parent]
	cur, ok2 := a.results[n]
	if !ok1 || !ok2 {
		return 0, ""
	}
	d := clampScore(prev.score) - clampScore(cur.score) // 先手's loss
	if n.Move.Piece().Color() == game.White {
		d = -d
	}
	switch {
	case prev.best == n.Move:
		return d, ""
	case d >= blunderLoss:
		return d, "??"
	case d >= dubiousLoss:
		return d, "?"
	}
	return d, ""
}

// bestBefore is the engine's choice in the position n's move was played from.
func (a *analysisState) bestBefore(n *kif.Node) game.Move {
	if n.Parent == nil {
		return game.NoMove
	}
	return a.results[n.Parent].best
}

// evalText is n's evaluation for the move list, from 先手's view: +120,
// or a mate with the side that mates and in how many plies (先詰5 / 後詰5,
// +M5 / -M5 on the English screen).
func (a *analysisState) evalText(l Lang, n *kif.Node) string {
	r, ok := a.results[n]
	if !ok {
		return ""
	}
	if plies, ok := ai.IsMate(r.score); ok {
		if plies >= 0 {
			return fmt.Sprintf(tr(l, "eval.blackMates"), plies)
		}
		return fmt.Sprintf(tr(l, "eval.whiteMates"), -plies)
	}
	return fmt.Sprintf("%+d", r.score)
}

func clampScore(v int) int { return max(-3000, min(3000, v)) }

func (a *analysisState) progress(width int) string {
	if a.total == 0 {
		return ""
	}
	w := max(10, width-12)
	fill := a.done * w / a.total
	return fmt.Sprintf("[%s%s] %d/%d", strings.Repeat("#", fill), strings.Repeat(".", w-fill), a.done, a.total)
}
