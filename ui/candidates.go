package ui

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
	"kiki/game"
)

// maxCandidates is the most lines (MultiPV) the analysis asks for.
const maxCandidates = 5

// candidateState is the continuous analysis's candidate moves: how many
// lines the engine is asked for (MultiPV 1–5), the latest report of each,
// and the one drawn on the board.
type candidateState struct {
	n     int       // lines asked for; 0 means 1
	pos   uint64    // the position the lines are for
	lines []ai.Info // by MultiPV-1
	pick  int       // the line drawn on the board, 0-based
}

// count is the number of lines to ask for.
func (c *candidateState) count() int { return min(max(c.n, 1), maxCandidates) }

// start forgets the lines of the previous search, which was of pos.
func (c *candidateState) start(pos uint64) {
	if pos != c.pos {
		c.pick = 0
	}
	c.pos, c.lines = pos, c.lines[:0]
}

// note keeps a report of the engine: the latest of its line.
func (c *candidateState) note(i ai.Info) {
	if i.MultiPV < 1 || i.MultiPV > c.count() || len(i.PV) == 0 || i.String != "" {
		return
	}
	for len(c.lines) < i.MultiPV {
		c.lines = append(c.lines, ai.Info{})
	}
	c.lines[i.MultiPV-1] = i
}

// shown is the lines reported so far for position key, and the one drawn
// on the board (kept within them).
func (c *candidateState) shown(key uint64) (lines []ai.Info, pick int) {
	if key != c.pos {
		return nil, 0
	}
	for _, l := range c.lines {
		if len(l.PV) == 0 {
			break
		}
		lines = append(lines, l)
	}
	return lines, min(c.pick, max(len(lines)-1, 0))
}

// candidateKey: while the analysis is on, + and - ask for one more or one
// fewer line (restarting it), 1–5 draw that line on the board.
func (m *Model) candidateKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	if !m.analysis.On {
		return nil, false
	}
	c := &m.cands
	k := &m.keys
	switch {
	case key.Matches(msg, k.MoreCands, k.FewerCands):
		n := c.count() + 1
		if key.Matches(msg, k.FewerCands) {
			n = c.count() - 1
		}
		if n < 1 || n > maxCandidates {
			return nil, true
		}
		if n > 1 && !m.analyserHasMultiPV() {
			// gpsusi declares no MultiPV: asking would change nothing.
			m.setMessage(m.tr("cand.single"), true)
			return nil, true
		}
		c.n = n
		c.pick = min(c.pick, n-1)
		m.setMessage(fmt.Sprintf(m.tr("cand.count"), n), false)
		return m.analysisFollow(), true
	case key.Matches(msg, k.PickCand):
		return m.pickCandidate(int(msg.Runes[0] - '1')), true
	}
	return nil, false
}

// pickCandidate draws candidate i (0-based) on the board.
func (m *Model) pickCandidate(i int) tea.Cmd {
	lines, _ := m.cands.shown(m.s.pos.Key())
	if i < 0 || i >= len(lines) {
		m.setMessage(fmt.Sprintf(m.tr("cand.none"), i+1), true)
		return nil
	}
	m.cands.pick = i
	return nil
}

// multiPV is the number of lines a search asks for: the candidates' count
// for the analysis, one for anything else.
func (m *Model) multiPV(p searchPurpose) int {
	if p == purposeAnalysis {
		return m.cands.count()
	}
	return 1
}

// pvLineMoves is how many moves of the line are numbered on the board.
const pvLineMoves = 5

// pvLayer is the engine line drawn on the board while the analysis runs:
// the chosen candidate's first move from '^' to '1', then the
// destinations of its next moves numbered in order; nil when there is
// none.
func (m *Model) pvLayer() *[game.NumSquares]byte {
	if l := m.practiceLayer(); l != nil {
		return l
	}
	if !m.ai.thinking || m.ai.purpose != purposeAnalysis || m.editing() {
		return nil
	}
	lines, pick := m.cands.shown(m.s.pos.Key())
	if len(lines) == 0 {
		return nil
	}
	return lineLayer(m.s.pos, lines[pick].PV)
}

// lineLayer is a line of moves from p drawn on the board: the first
// move from '^' to '1', then the destinations of the next ones numbered
// in order, up to pvLineMoves or the first move that is not legal.
func lineLayer(p *game.Position, line []game.Move) *[game.NumSquares]byte {
	var layer [game.NumSquares]byte
	q := p.Clone()
	for i, mv := range line {
		if i == pvLineMoves || !q.IsLegal(mv) {
			break
		}
		if i == 0 && !mv.IsDrop() {
			layer[mv.From()] = '^'
		}
		if layer[mv.To()] == 0 || layer[mv.To()] == '^' {
			layer[mv.To()] = byte('1' + i)
		}
		q.DoMove(mv)
	}
	return &layer
}

// analyserHasMultiPV reports whether the analysis's searcher can give
// several lines: the built-in AI can, an external engine when it declares
// MultiPV (one not started yet is given the benefit of the doubt).
func (m *Model) analyserHasMultiPV() bool {
	e, ok := m.searcher(purposeAnalysis).(*engineProc)
	if !ok || e == nil {
		return true
	}
	return e.multiPV
}
