package ui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
	"kiki/ai/usi"
	"kiki/game"
	"kiki/ui/engines"
)

// pickyGo answers go as gpsusi does: a clock is searched (one info line,
// then the first legal move); nodes, depth and movetime end the program
// with an exception's words on stderr; infinite is silence, answered
// with "bestmove resign" on stop. It returns the exit code, 0 to go on.
func pickyGo(f []string, pos *game.Position, pending *bool) int {
	switch f[1] {
	case "nodes", "depth", "movetime":
		fmt.Fprintf(os.Stderr, "terminate called after throwing an instance of 'std::runtime_error'\n  what():  unknown option in go %s\n", f[1])
		return 134
	case "infinite":
		*pending = true
		return 0
	}
	best := firstUSI(pos)
	fmt.Printf("info depth 3 score cp 42 nodes 1000 pv %s\n", best)
	fmt.Println("bestmove " + best)
	return 0
}

// An engine that dies on "go nodes" is started again and asked for a
// fixed time instead; one silent under "go infinite" is stopped after
// the probe and asked in growing fixed times, whose lines show. What was
// learnt is kept in the registry and used from the first search of the
// next session.
func TestGoFormsLearnt(t *testing.T) {
	dir := t.TempDir()
	path := fakeEnginePath(t, "picky")
	reg := engines.Registry{Engines: []EngineEntry{{Name: "picky", Path: path}}, Migrated: true}
	if err := engines.SaveRegistry(dir, reg); err != nil {
		t.Fatal(err)
	}
	e, err := startEngineWith(reg.Engines[0].Config(), engineTimes{probe: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer e.close()
	p := game.NewStartPosition()
	res := <-e.Go(context.Background(), p, ai.Request{Limits: ai.Limits{Nodes: 10_000}})
	if res.Err != nil || res.Move == game.NoMove || res.Depth != 3 {
		t.Fatalf("go nodes to an engine that dies on it: %+v", res)
	}
	if f, ok := e.takeLearnt(); !ok || !f.Has(usi.FormNodes) {
		t.Fatalf("nodes not learnt as refused: %v %v", f, ok)
	}

	ctx, stop := context.WithCancel(context.Background())
	infos := make(chan ai.Info, 16)
	ch := e.Go(ctx, p, ai.Request{Limits: ai.Limits{Infinite: true}, Info: func(i ai.Info) {
		select {
		case infos <- i:
		default:
		}
	}})
	select {
	case i := <-infos:
		if i.Depth != 3 || len(i.PV) == 0 {
			t.Errorf("the rolling analysis reported %+v", i)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("an infinite analysis of an engine silent under go infinite shows nothing")
	}
	stop()
	if res := <-ch; res.Err != nil || res.Move == game.NoMove {
		t.Fatalf("the stopped analysis answered %+v", res)
	}

	m := New(Options{ConfigDir: dir})
	m.ext.analyser = e
	e.learnt.Store(uint32(e.refused))
	if msg := m.learnGoForms(); msg == nil {
		t.Fatal("nothing to keep")
	} else {
		msg()
	}
	data, _ := os.ReadFile(filepath.Join(dir, engines.RegistryName))
	if !strings.Contains(string(data), `"infinite"`) || !strings.Contains(string(data), `"nodes"`) {
		t.Fatalf("engines.json does not keep the refused forms:\n%s", data)
	}
	reg, err = engines.LoadRegistry(dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg := reg.Engines[0].Config()
	if !cfg.Refused.Has(usi.FormInfinite) || !cfg.Refused.Has(usi.FormNodes) || cfg.Refused.Has(usi.FormDepth) {
		t.Fatalf("read back: %v", cfg.Refused)
	}
	// The next session's engine is asked by depth: it dies once more and
	// learns it; by nodes, it is never asked in that form again.
	e2, err := startEngine(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer e2.close()
	if res := <-e2.Go(context.Background(), p, ai.Request{Limits: ai.Limits{Nodes: 5000}}); res.Err != nil {
		t.Fatal(res.Err)
	}
	if _, ok := e2.takeLearnt(); ok {
		t.Error("a form known refused was tried again")
	}
}

// gpsusi itself: a node budget (on which it dies) and an infinite
// analysis (to which it says nothing) both come back searched.
func TestGpsusiGoForms(t *testing.T) {
	const gps = "/usr/games/gpsusi"
	if _, err := os.Stat(gps); err != nil {
		t.Skip("gpsusi is not installed (apt-get install gpsshogi)")
	}
	e, err := startEngineWith(EngineConfig{Path: gps}, engineTimes{probe: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer e.close()
	// Out of its opening book, where it searches.
	p, err := game.ParseUSIPosition("position startpos moves 1g1f 9c9d 1f1e 9d9e 2h1h 1c1d")
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	res := <-e.Go(context.Background(), p, ai.Request{Limits: ai.Limits{Nodes: 20_000}})
	t.Logf("nodes %v", time.Since(t0))
	if res.Err != nil || !p.IsLegal(res.Move) {
		t.Fatalf("go nodes: %+v", res)
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	infos := make(chan ai.Info, 64)
	ch := e.Go(ctx, p, ai.Request{Limits: ai.Limits{Infinite: true}, Info: func(i ai.Info) {
		if len(i.PV) > 0 {
			select {
			case infos <- i:
			default:
			}
		}
	}})
	select {
	case i := <-infos:
		if i.Depth == 0 || !p.IsLegal(i.PV[0]) {
			t.Errorf("analysis line %+v", i)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("gpsusi's analysis shows no line")
	}
	stop()
	if res := <-ch; res.Err != nil || !p.IsLegal(res.Move) {
		t.Fatalf("stopped analysis: %+v", res)
	}
	// Whether it takes go infinite depends on what it did before (from a
	// fresh start it answers with silence): either way its lines show.
	if f, _ := e.takeLearnt(); !f.Has(usi.FormNodes) {
		t.Errorf("learnt %v", f)
	}
}

// A hint asked for while the engine is still starting comes once it is
// ready (it was lost: the key seemed to do nothing).
func TestHintWhileEngineStarts(t *testing.T) {
	o := testOptions()
	o.Engine = EngineConfig{Path: fakeEnginePath(t, "normal")}
	m := New(o)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	defer m.ext.closeEngines()
	if m.searcher(purposeHint) != nil {
		t.Fatal("the engine is ready before it was started")
	}
	drive(t, m, keyCmd(m, "i"), func() bool { return m.hint.mv != game.NoMove }, 15*time.Second)
	if !m.s.pos.IsLegal(m.hint.mv) || !strings.Contains(m.message, "hint") {
		t.Errorf("hint %v, message %q", m.hint.mv, m.message)
	}
}

// An analysing engine that declares no MultiPV (gpsusi) gives one line:
// + says so rather than counting candidates that never come.
func TestMoreCandidatesNeedMultiPV(t *testing.T) {
	for _, c := range []struct {
		mode string
		want int
	}{{"normal", 1}, {"multipv", 2}} {
		o := testOptions()
		o.Engine = EngineConfig{Path: fakeEnginePath(t, c.mode)}
		m := New(o)
		m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		drive(t, m, nil, func() bool { return m.ext.analyser != nil }, 15*time.Second)
		drive(t, m, keyCmd(m, "a"), func() bool { return m.ai.thinking }, 15*time.Second)
		keyCmd(m, "+")
		if got := m.cands.count(); got != c.want {
			t.Errorf("%s: %d candidates after +, want %d (%q)", c.mode, got, c.want, m.message)
		}
		if c.want == 1 && !strings.Contains(m.message, "one line only") {
			t.Errorf("%s: + says %q", c.mode, m.message)
		}
		m.cancelAI()
		m.ext.closeEngines()
	}
}
