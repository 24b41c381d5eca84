package ui

import (
	"fmt"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
	"kiki/game"
	"kiki/kif"
)

// analysisState covers both analysis tools: the continuous evaluation of
// the position on screen, and the evaluation of every move of the line in
// the background (with a progress bar, the worst moves marked, and a
// small score graph).
type analysisState struct {
	on bool // continuous analysis of the current position

	running  bool
	stop     *atomic.Bool
	gen      int
	done     int
	total    int
	scores   map[*kif.Node]int // 先手's view, after the node's move
	worst    map[*kif.Node]int // the largest drops, by rank (1 = worst)
	line     []*kif.Node
	finished bool
}

func (a *analysisState) cancel() {
	if a.stop != nil {
		a.stop.Store(true)
	}
	a.running = false
	a.gen++
}

type analysisMsg struct {
	gen   int
	node  *kif.Node
	score int
	done  bool
	ch    chan tea.Msg
}

// toggleAnalysis turns continuous analysis on or off.
func (m *Model) toggleAnalysis() tea.Cmd {
	m.analysis.on = !m.analysis.on
	if !m.analysis.on {
		if m.ai.purpose == "analysis" {
			m.cancelAI()
		}
		return nil
	}
	return m.analysisFollow()
}

// analysisFollow restarts the continuous analysis on the position shown.
func (m *Model) analysisFollow() tea.Cmd {
	if !m.analysis.on || m.ai.thinking && m.ai.purpose == "move" || m.s.aiToMove() {
		return nil
	}
	var ml game.MoveList
	m.s.pos.LegalMoves(&ml)
	if ml.Len() == 0 {
		return nil
	}
	return m.startSearch("analysis", 10, ai.Limits{Infinite: true})
}

// analyzeGame evaluates every position of the line on screen in the
// background, with its own engine.
func (m *Model) analyzeGame() tea.Cmd {
	if m.analysis.running {
		m.analysis.cancel()
		m.setMessage("analysis stopped", false)
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
	a.scores, a.worst = map[*kif.Node]int{}, map[*kif.Node]int{}
	stop := &atomic.Bool{}
	a.stop = stop
	rec := m.s.rec
	line := a.line
	limits := ai.Limits{MoveTime: 400 * time.Millisecond}
	if m.opts.AILimits != nil {
		limits = *m.opts.AILimits
	}
	ch := make(chan tea.Msg, len(line)+1)
	newEngine := m.opts.NewEngine
	go func() {
		e := newEngine()
		e.Threads = 1
		p := rec.StartPosition()
		for i, n := range line {
			if i > 0 {
				p.DoMove(n.Move)
			}
			if stop.Load() {
				break
			}
			var score int
			var ml game.MoveList
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				score = -ai.MateScore
			} else {
				score = e.Think(p, limits, nil).Score
			}
			if p.Side() == game.White {
				score = -score
			}
			ch <- analysisMsg{gen: gen, node: n, score: score, ch: ch}
		}
		ch <- analysisMsg{gen: gen, done: true, ch: ch}
	}()
	return waitEvent(ch)
}

func (m *Model) onAnalysis(msg analysisMsg) tea.Cmd {
	a := &m.analysis
	if msg.gen != a.gen {
		return nil
	}
	if msg.done {
		a.running, a.finished = false, true
		a.markWorst()
		m.setMessage("analysis finished: the moves marked ? lost the most", false)
		return nil
	}
	a.scores[msg.node] = msg.score
	a.done++
	return waitEvent(msg.ch)
}

// markWorst ranks the three moves whose score fell most for their mover.
func (a *analysisState) markWorst() {
	type drop struct {
		n *kif.Node
		d int
	}
	var drops []drop
	for i := 1; i < len(a.line); i++ {
		prev, ok1 := a.scores[a.line[i-1]]
		cur, ok2 := a.scores[a.line[i]]
		if !ok1 || !ok2 {
			continue
		}
		d := prev - cur // 先手's loss
		if a.line[i].Move.Piece().Color() == game.White {
			d = -d
		}
		drops = append(drops, drop{a.line[i], clampScore(d)})
	}
	sort.SliceStable(drops, func(i, j int) bool { return drops[i].d > drops[j].d })
	for i := 0; i < len(drops) && i < 3; i++ {
		if drops[i].d >= 150 {
			a.worst[drops[i].n] = i + 1
		}
	}
}

func clampScore(v int) int { return max(-3000, min(3000, v)) }

// graph draws the scores as a small ASCII chart: one column per move,
// 先手 ahead above the middle line.
func (a *analysisState) graph(width, height int) []string {
	if len(a.scores) == 0 || width < 4 {
		return nil
	}
	n := len(a.line)
	cols := min(width, n)
	rows := make([][]byte, height)
	for r := range rows {
		rows[r] = []byte(strings.Repeat(" ", cols))
	}
	mid := height / 2
	for c := 0; c < cols; c++ {
		i := c * n / cols
		v, ok := a.scores[a.line[i]]
		if !ok {
			continue
		}
		v = clampScore(v)
		r := mid - v*mid/1500
		r = max(0, min(height-1, r))
		rows[r][c] = '*'
	}
	out := make([]string, height)
	for r := range rows {
		line := string(rows[r])
		if r == mid {
			line = strings.Map(func(c rune) rune {
				if c == ' ' {
					return '-'
				}
				return c
			}, line)
		}
		out[r] = line
	}
	return out
}

func (a *analysisState) progress(width int) string {
	if a.total == 0 {
		return ""
	}
	w := max(10, width-12)
	fill := a.done * w / a.total
	return fmt.Sprintf("[%s%s] %d/%d", strings.Repeat("#", fill), strings.Repeat(".", w-fill), a.done, a.total)
}
