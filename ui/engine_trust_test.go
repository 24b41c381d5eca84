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
	"kiki/ui/engines"
	"kiki/ui/widget"
)

// keyCmd sends keys as press does (named keys, or text rune by rune)
// and returns the commands the model answered with, for drive to run.
func keyCmd(m *Model, ks ...string) tea.Cmd {
	var cmds []tea.Cmd
	for _, k := range ks {
		if t, ok := namedKeys[k]; ok {
			_, cmd := m.Update(tea.KeyMsg{Type: t})
			cmds = append(cmds, cmd)
			continue
		}
		for _, r := range k {
			_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
			cmds = append(cmds, cmd)
		}
	}
	return tea.Batch(cmds...)
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
	if strings.Contains(view, "先手 +0") || strings.Contains(view, " 0 nodes") {
		t.Errorf("the headline says +0 or 0 nodes:\n%s", view)
	}
}

// writeConfig puts a config.json with text into a new config folder.
func writeConfig(t *testing.T, text string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, engines.ConfigName), []byte(text), 0o600); err != nil {
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
	view := stripANSI(d.View(&m.theme, 100))
	if !strings.Contains(view, "last used: gpsusi") {
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
	if err := engines.SaveUserConfig(o.ConfigDir, engines.UserConfig{Engine: EngineConfig{Path: "/opt/other"}}); err != nil {
		t.Fatal(err)
	}
	c, err := engines.LoadUserConfig(o.ConfigDir)
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

// leaveEngineGame plays a game against the fake engine (後手) with a
// recovery file, as `kiki --engine PATH` would: 7g7f, the engine's reply,
// then 2g2f; the program then ends without quitting (a crash, a closed
// terminal) while the engine is to move. It returns the options of a
// plain next start (no --engine) with the same recovery file and config.
func leaveEngineGame(t *testing.T, engine EngineConfig) Options {
	t.Helper()
	dir := t.TempDir()
	o := testOptions()
	o.RecoveryFile = filepath.Join(dir, "data", "recovered-game.kifu")
	o.ConfigDir = filepath.Join(dir, "config")
	first := o
	first.Engine = engine
	first.Players = [2]bool{false, true}
	m := New(first)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	drive(t, m, nil, func() bool { return m.ext.side[game.White] != nil }, 15*time.Second)
	drive(t, m, keyCmd(m, ":", "7g7f", "enter"), func() bool { return m.s.node.Ply == 2 }, 15*time.Second)
	press(m, ":", "2g2f", "enter") // the engine's search is never run: the program is gone
	settleRecovery(m)
	m.ext.closeEngines()
	if m.s.node.Ply != 3 {
		t.Fatalf("left at ply %d", m.s.node.Ply)
	}
	return o
}

// resume answers the recovery offer of a new start with r.
func resume(t *testing.T, o Options) (*Model, tea.Cmd) {
	t.Helper()
	m := newTestModel(o)
	if d, ok := m.dialog.(*widget.Choice); !ok || !strings.Contains(d.Question, "unsaved game") {
		t.Fatalf("no recovery offer at start: %T", m.dialog)
	}
	return m, keyCmd(m, "r")
}

// A resumed game against an external engine is the game that was left:
// the engine (its path and options) plays its side again, replying to
// the move it owed and to the person's next one.
func TestResumeKeepsEngine(t *testing.T) {
	engine := EngineConfig{Path: fakeEnginePath(t, "normal"), Options: []OptionSetting{{Name: "Depth", Value: "3"}}}
	o := leaveEngineGame(t, engine)
	m, cmd := resume(t, o)
	defer m.ext.closeEngines()
	if pl := m.s.match.Players; pl[game.Black].AI || !pl[game.White].AI || pl[game.White].Engine != engine.Path {
		t.Fatalf("resumed players %+v, want a person against the engine", pl)
	}
	if len(m.ext.cfg.Options) != 1 || m.ext.cfg.Options[0] != engine.Options[0] || !m.ext.analyse {
		t.Errorf("resumed engine settings %+v analyse %v", m.ext.cfg, m.ext.analyse)
	}
	if !m.s.playing || m.s.pos.Side() != game.White || m.humanToMove() {
		t.Fatalf("resumed: playing %v, %v to move, person may move %v", m.s.playing, m.s.pos.Side(), m.humanToMove())
	}
	// The engine plays the move it owed...
	drive(t, m, cmd, func() bool { return m.s.node.Ply == 4 }, 15*time.Second)
	p := m.s.rec.Position(m.s.node.Parent)
	if got := m.s.node.Move.USI(); got != firstUSI(p) {
		t.Errorf("ply 4: %s, want the engine's %s", got, firstUSI(p))
	}
	// ... and answers the person's next move.
	drive(t, m, keyCmd(m, ":", "6g6f", "enter"), func() bool { return m.s.node.Ply == 6 }, 15*time.Second)
	if got, _ := m.s.rec.Get("後手"); got != "Fakenormal" {
		t.Errorf("後手 header %q", got)
	}
	if view := stripANSI(m.View()); strings.Contains(view, "後手 人間") {
		t.Errorf("the panel calls the engine's side a person:\n%s", view)
	}
}

// A resumed game whose engine cannot be started again says so and
// offers to go on as human against human (Enter or y), or to choose the
// players again (p: play from here).
func TestResumeEngineGone(t *testing.T) {
	engine := EngineConfig{Path: fakeEnginePath(t, "normal")}
	o := leaveEngineGame(t, engine)
	if err := os.Remove(engine.Path); err != nil {
		t.Fatal(err)
	}
	// (Kept, to be left again for the second answer.)
	kept := map[string][]byte{}
	for _, f := range []string{o.RecoveryFile, recoveryMetaPath(o.RecoveryFile)} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		kept[f] = data
	}
	m, cmd := resume(t, o)
	defer m.ext.closeEngines()
	drive(t, m, cmd, func() bool { _, ok := m.dialog.(*widget.Choice); return ok }, 15*time.Second)
	d := m.dialog.(*widget.Choice)
	view := stripANSI(d.View(&m.theme, 100))
	for _, want := range []string{"did not start again", engine.Path, "y continue as human vs human", "p choose the players"} {
		if !strings.Contains(view, want) {
			t.Errorf("the offer lacks %q:\n%s", want, view)
		}
	}
	press(m, "enter")
	if m.dialog != nil || !m.s.playing || m.s.match.Players[game.White].AI || !m.humanToMove() {
		t.Fatalf("after continuing: dialog %T playing %v 後手 %+v", m.dialog, m.s.playing, m.s.match.Players[game.White])
	}
	press(m, ":", "3c3d", "enter")
	if m.s.node.Ply != 4 || m.s.node.Move.USI() != "3c3d" {
		t.Fatalf("the person's move for 後手: ply %d %v (%q)", m.s.node.Ply, m.s.node.Move, m.message)
	}
	// The other answer: choose the players again, from this position.
	// The first model's recovery writes, still on their way from its
	// commands, must not land on the files put back.
	stopRecovery(m)
	for f, data := range kept {
		if err := os.WriteFile(f, data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	m2, cmd := resume(t, o)
	drive(t, m2, cmd, func() bool { _, ok := m2.dialog.(*widget.Choice); return ok }, 15*time.Second)
	press(m2, "p")
	if gd, ok := m2.dialog.(*gameDialog); !ok || !gd.fromHere {
		t.Fatalf("p: dialog %T", m2.dialog)
	}
}

// A recovery file from an older kiki has no note of the players beside
// it: a side its header does not show as a person or kiki's AI was an
// engine kiki cannot name, so the resume says so and offers the same
// choice instead of putting the person on that side unasked.
func TestResumeUnknownEngine(t *testing.T) {
	o := leaveEngineGame(t, EngineConfig{Path: fakeEnginePath(t, "normal")})
	meta := recoveryMetaPath(o.RecoveryFile)
	if _, err := os.Stat(meta); err != nil {
		t.Fatalf("no players' note beside the recovery file: %v", err)
	}
	os.Remove(meta)
	m, _ := resume(t, o)
	d, ok := m.dialog.(*widget.Choice)
	if !ok || !strings.Contains(d.Question, "後手") || !strings.Contains(d.Question, "Fakenormal") {
		t.Fatalf("no offer naming the unknown side: %T %+v", m.dialog, m.dialog)
	}
}
