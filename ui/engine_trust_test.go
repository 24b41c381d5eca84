package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// keyCmd sends one key (a named key or one rune) and returns the command
// the model answered with, for drive to run.
func keyCmd(m *Model, k string) tea.Cmd {
	msg := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
	if t, ok := namedKeys[k]; ok {
		msg = tea.KeyMsg{Type: t}
	}
	_, cmd := m.Update(msg)
	return cmd
}

// The analysis's headline with an external engine is the best line's
// score with the latest statistics: fairy-stockfish's currmove lines and
// a line of statistics alone (no score) once reset it to +0 and 0 nodes
// while the candidates below said +191, +180, +161.
func TestExternalAnalysisHeadline(t *testing.T) {
	o := testOptions()
	o.Engine = EngineConfig{Path: fakeEnginePath(t, "multipv")}
	m := New(o)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	drive(t, m, nil, func() bool { return m.ext.analyser != nil }, 15*time.Second)
	defer m.ext.closeEngines()
	keyCmd(m, "+") // (no analysis yet: nothing happens)
	drive(t, m, keyCmd(m, "a"), func() bool { return m.ai.info.Nodes > 0 }, 15*time.Second)
	keyCmd(m, "+")
	drive(t, m, keyCmd(m, "+"), func() bool { return m.ai.info.Nodes == 150000 && len(m.cands.lines) == 3 }, 15*time.Second)
	if i := m.ai.info; i.Score != 191 || i.Depth != 13 || i.NPS != 60000 || len(i.PV) != 3 {
		t.Errorf("headline info %+v; want score 191, depth 13, 60000 nps, the best line", i)
	}
	view := stripANSI(m.View())
	for _, want := range []string{"+191", "+180", "+161", "150000 nodes 60k nps"} {
		if !strings.Contains(view, want) {
			t.Errorf("the screen lacks %q:\n%s", want, view)
		}
	}
	if strings.Contains(view, "評価値(先手) +0") || strings.Contains(view, " 0 nodes") {
		t.Errorf("the headline says +0 or 0 nodes:\n%s", view)
	}
}
