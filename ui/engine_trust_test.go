package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
	"kiki/game"
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

// writeConfig puts a config.json with text into a new config folder.
func writeConfig(t *testing.T, text string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, configName), []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return dir
}

// An engine used once is remembered, not applied: a plain start with the
// config an older kiki wrote after using gpsusi analyses and gives hints
// with the built-in AI, and the new-game dialog offers the engine as a
// suggestion that Enter on the engine field takes.
func TestRememberedEngineNotApplied(t *testing.T) {
	o := testOptions()
	o.ConfigDir = writeConfig(t, `{"engine":{"path":"/usr/games/gpsusi","options":[{"name":"Hash","value":"64"}]},"analyser":true}`)
	m := newTestModel(o)
	if m.ext.cfg.Path != "" || m.ext.analyse {
		t.Fatalf("the remembered engine took over: cfg %+v analyse %v", m.ext.cfg, m.ext.analyse)
	}
	for _, p := range []searchPurpose{purposeHint, purposeAnalysis} {
		if _, ok := m.searcher(p).(*ai.Engine); !ok {
			t.Errorf("%v: searcher %T, want the built-in AI", p, m.searcher(p))
		}
	}
	if cmd := m.loadEngines(); cmd != nil {
		t.Error("a plain start loads an engine")
	}
	press(m, "n")
	d, ok := m.dialog.(*gameDialog)
	if !ok {
		t.Fatalf("n: dialog %T", m.dialog)
	}
	if d.path != "" || d.options != "" || d.analyse {
		t.Fatalf("the dialog applied the remembered engine: path %q options %q analyse %v", d.path, d.options, d.analyse)
	}
	view := stripANSI(d.view(&m.theme, 100))
	if !strings.Contains(view, "last used: /usr/games/gpsusi") {
		t.Errorf("the dialog does not show the remembered engine:\n%s", view)
	}
	// Down to the engine's path; Enter takes the suggestion to edit.
	press(m, "j", "j", "j", "j", "j", "j", "j", "enter")
	if d.field != fieldEnginePath || !d.editing || d.path != "/usr/games/gpsusi" || d.options != "Hash=64" {
		t.Errorf("Enter on the engine field: field %d editing %v path %q options %q", d.field, d.editing, d.path, d.options)
	}
	// The same text in Japanese.
	if got := tr(Japanese, "game.lastUsed"); !strings.Contains(got, "%s") || got == tr(English, "game.lastUsed") {
		t.Errorf("game.lastUsed in Japanese: %q", got)
	}
}

// An engine the user made the default ("default": true in config.json)
// analyses from the start, and choosing an engine in the dialog keeps
// that choice in the file.
func TestDefaultEngineApplied(t *testing.T) {
	o := testOptions()
	o.ConfigDir = writeConfig(t, `{"engine":{"path":"/opt/engine"},"analyser":true,"default":true}`)
	m := newTestModel(o)
	if m.ext.cfg.Path != "/opt/engine" || !m.ext.analyse {
		t.Fatalf("the default engine is not used: cfg %+v analyse %v", m.ext.cfg, m.ext.analyse)
	}
	if err := saveUserConfig(o.ConfigDir, userConfig{Engine: EngineConfig{Path: "/opt/other"}}); err != nil {
		t.Fatal(err)
	}
	c, err := loadUserConfig(o.ConfigDir)
	if err != nil || !c.Default || c.Engine.Path != "/opt/other" {
		t.Fatalf("after remembering another engine: %+v %v", c, err)
	}
}

// Hints with gpsusi as the analyser: it is asked in a form it takes
// (it died on "go movetime" and the hint with it).
func TestGpsusiHint(t *testing.T) {
	const gps = "/usr/games/gpsusi"
	if _, err := os.Stat(gps); err != nil {
		t.Skip("gpsusi is not installed (" + gps + "; apt-get install gpsshogi); ai/usi's go command line test covers the form sent")
	}
	o := testOptions()
	o.Engine = EngineConfig{Path: gps}
	m := New(o)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	drive(t, m, nil, func() bool { return m.ext.analyser != nil || m.msgErr }, 30*time.Second)
	defer m.ext.closeEngines()
	drive(t, m, keyCmd(m, "i"), func() bool { return m.hint.mv != game.NoMove || m.msgErr }, 30*time.Second)
	if m.msgErr || !m.s.pos.IsLegal(m.hint.mv) || m.ext.analyser == nil {
		t.Fatalf("hint %v, message %q, analyser %v", m.hint.mv, m.message, m.ext.analyser)
	}
}
