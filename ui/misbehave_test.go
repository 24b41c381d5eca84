package ui

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
	"kiki/ai/usi"
	"kiki/ai/usi/fakeengine"
	"kiki/game"
	"kiki/kif"
)

// Misbehaving engines never hang the board (issue 43 item 5): a game or
// an analysis against each fake engine of kiki/ai/usi/fakeengine, driven
// to the failure while keys are pressed; the screen says what happened,
// the game or the analysis ends cleanly, and no engine process is left.

// loop runs a model as Bubble Tea does: every command in a goroutine of
// its own, and every message — the commands' and the keys typed — through
// one queue into Update (and View), in the order they come.
type loop struct {
	t    *testing.T
	m    *Model
	msgs chan tea.Msg
}

func newLoop(t *testing.T, o Options, times engineTimes) *loop {
	t.Helper()
	m := New(o)
	m.ext.times = times
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	l := &loop{t: t, m: m, msgs: make(chan tea.Msg, 1024)}
	before := childProcesses(t)
	t.Cleanup(func() {
		stopWork(m)
		waitChildren(t, before)
	})
	l.run(m.Init())
	return l
}

func (l *loop) run(c tea.Cmd) {
	if c == nil {
		return
	}
	go func() {
		msg := c()
		if b, ok := msg.(tea.BatchMsg); ok {
			for _, c := range b {
				l.run(c)
			}
			return
		}
		if msg != nil {
			l.msgs <- msg
		}
	}()
}

// until handles messages until done holds.
func (l *loop) until(what string, done func() bool) {
	l.t.Helper()
	deadline := time.After(15 * time.Second)
	for !done() {
		select {
		case msg := <-l.msgs:
			l.update(msg)
		case <-deadline:
			l.t.Fatalf("waiting for %s: timed out at ply %d, message %q\n%s", what, l.m.s.node.Ply, l.m.message, stripANSI(l.m.View()))
		}
	}
}

func (l *loop) update(msg tea.Msg) {
	if _, ok := msg.(tea.QuitMsg); ok {
		return
	}
	_, cmd := l.m.Update(msg)
	_ = l.m.View() // drawn after every message, as the renderer does
	l.run(cmd)
}

// typ queues keys behind the messages already waiting, as a terminal's
// keys are; each key is one press (a multi-rune string is typed).
func (l *loop) typ(keys ...string) {
	for _, k := range keys {
		if t, ok := namedKeys[k]; ok {
			l.msgs <- tea.KeyMsg{Type: t}
			continue
		}
		for _, r := range k {
			l.msgs <- tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}
		}
	}
}

// play types a move on the move line.
func (l *loop) play(usi string) { l.typ(":", usi, "enter") }

// screen is the view as text.
func (l *loop) screen() string { return stripANSI(l.m.View()) }

// shows waits until the screen holds every one of texts.
func (l *loop) shows(texts ...string) {
	l.t.Helper()
	l.until(strings.Join(texts, " and "), func() bool {
		s := l.screen()
		for _, t := range texts {
			if !strings.Contains(s, t) {
				return false
			}
		}
		return true
	})
}

// versusEngine is a game of the person (先手) against the fake engine in
// mode (後手), which also analyses, as with --engine.
func versusEngine(t *testing.T, mode string, limits ai.Limits, times engineTimes) *loop {
	t.Helper()
	o := testOptions()
	o.Players = [2]bool{false, true}
	o.AILimits = &limits
	o.Dir = t.TempDir()
	o.Engine = EngineConfig{Path: fakeengine.Path(t, mode)}
	return newLoop(t, o, times)
}

// shortTimes are the engines' limits in these tests: a short grace, and
// time enough to start under the race detector.
var shortTimes = engineTimes{start: 5 * time.Second, grace: 300 * time.Millisecond}

// childProcesses is this process's children (state by process id),
// zombies included; nil where there is no /proc.
func childProcesses(t *testing.T) map[int]string {
	t.Helper()
	if runtime.GOOS != "linux" {
		return nil
	}
	dirs, _ := filepath.Glob("/proc/[0-9]*/stat")
	kids := map[int]string{}
	self := os.Getpid()
	for _, d := range dirs {
		b, err := os.ReadFile(d)
		if err != nil {
			continue
		}
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]) // state, ppid, …
		if len(f) < 2 {
			continue
		}
		if ppid, _ := strconv.Atoi(f[1]); ppid == self {
			pid, _ := strconv.Atoi(strings.Fields(s)[0])
			kids[pid] = f[0]
		}
	}
	return kids
}

// waitChildren waits until the engines started since before have ended
// and been reaped (no zombie either).
func waitChildren(t *testing.T, before map[int]string) {
	t.Helper()
	if runtime.GOOS != "linux" {
		return
	}
	var left []string
	for i := 0; i < 300; i++ {
		left = left[:0]
		for pid, st := range childProcesses(t) {
			if _, ok := before[pid]; !ok {
				left = append(left, strconv.Itoa(pid)+" "+st)
			}
		}
		if len(left) == 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("engine processes left (pid state): %v", left)
}

// The engine is ready when its side has it.
func (l *loop) engineReady() {
	l.t.Helper()
	l.until("the engine", func() bool { return l.m.ext.side[game.White] != nil && l.m.ext.analyser != nil })
}

// A control: the good fake plays its move.
func TestMisbehaveGoodControl(t *testing.T) {
	l := versusEngine(t, fakeengine.Good, ai.Limits{MoveTime: 100 * time.Millisecond}, shortTimes)
	l.engineReady()
	l.play("7g7f")
	l.until("its move", func() bool { return l.m.s.node.Ply == 2 })
	p := game.NewStartPosition()
	p.DoMove(l.m.s.rec.MainMoves()[0])
	if got := l.m.s.node.Move.USI(); got != fakeengine.First(p) {
		t.Errorf("engine played %s, want %s", got, fakeengine.First(p))
	}
}

// An engine that never answers isready: the board answers keys while it
// waits; then the screen says so, the engine's side is the person's and
// the process is gone.
func TestMisbehaveSilentIsready(t *testing.T) {
	l := versusEngine(t, fakeengine.SilentIsready, ai.Limits{MoveTime: 100 * time.Millisecond}, engineTimes{start: time.Second, grace: 300 * time.Millisecond})
	l.until("the engines to start", func() bool { return l.m.ext.loading })
	cur := l.m.board.cursor
	l.typ("h", "?")
	l.until("the keys", func() bool { return l.m.board.cursor != cur && l.m.showHelp })
	if !l.m.ext.loading {
		t.Error("the keys were handled only after the engine gave up")
	}
	l.typ("?") // the help closes
	l.shows("Fake silent-isready did not get ready within 1s")
	if pl := l.m.s.match.Players[game.White]; pl.AI || !l.m.s.playing {
		t.Errorf("後手 %+v, playing %v", pl, l.m.s.playing)
	}
	l.play("7g7f")
	l.play("3c3d")
	l.until("the person's moves", func() bool { return l.m.s.node.Ply == 2 })
}

// A flood of reports: keys typed while it runs are handled while it runs
// (the reports reach the screen at most about 20 times a second, however
// many the engine sends), and the engine's move comes at its time.
func TestMisbehaveFlood(t *testing.T) {
	l := versusEngine(t, fakeengine.Flood, ai.Limits{MoveTime: 1500 * time.Millisecond}, engineTimes{start: 5 * time.Second, grace: 2 * time.Second})
	l.engineReady()
	l.play("7g7f")
	l.until("the flood's reports", func() bool { return l.m.ai.thinking && l.m.ai.info.Nodes > 0 })
	start := time.Now()
	cur := l.m.board.cursor
	before := l.screen()
	l.typ("h", "h", "k", "?")
	l.until("the keys", func() bool {
		return l.m.board.cursor == game.NewSquare(cur.File()+2, cur.Rank()-1) && l.m.showHelp
	})
	_ = before
	if !l.m.ai.thinking {
		t.Error("the keys were handled only after the flood")
	}
	if l.screen() == before {
		t.Error("the screen did not change")
	}
	th := l.m.ai.infos
	l.typ("?")
	l.until("the engine's move", func() bool { return l.m.s.node.Ply == 2 })
	got, sent := th.counts()
	el := time.Since(start) + 200*time.Millisecond
	t.Logf("%d reports, %d messages to the screen", got, sent)
	if got < 5000 {
		t.Errorf("only %d reports: not a flood", got)
	}
	if max := int(el/infoEvery) + 3; sent > max {
		t.Errorf("%d messages to the screen for %d reports, want at most %d", sent, got, max)
	}
	if !l.m.s.pos.IsLegal(l.m.s.node.Move) && l.m.s.node.Move == game.NoMove {
		t.Error("no move")
	}
}

// Garbage is read past: the engine plays, and nothing it sent reaches
// the terminal as an escape.
func TestMisbehaveGarbage(t *testing.T) {
	l := versusEngine(t, fakeengine.Garbage, ai.Limits{MoveTime: 100 * time.Millisecond}, shortTimes)
	l.engineReady()
	l.play("7g7f")
	l.until("its move", func() bool { return l.m.s.node.Ply == 2 })
	if name, _ := l.m.s.rec.Get("後手"); !strings.HasPrefix(name, "Fake garbage") || strings.Contains(name, "\x1b") || !utf8.ValidString(name) {
		t.Errorf("後手 %q", name)
	}
	raw := l.m.View()
	for _, bad := range []string{"\x1b[2J", "\x1b]52", "\x07"} {
		if strings.Contains(raw, bad) {
			t.Errorf("the screen holds %q", bad)
		}
	}
	if !strings.Contains(l.screen(), "Fake garbage") {
		t.Error("the engine's name is not on the screen")
	}
}

// offer waits for the offer after the engine failed, saying why.
func (l *loop) offer(why ...string) {
	l.t.Helper()
	l.shows(append(why, "go on alone", "save the record", "stop the game")...)
	if l.m.s.match.Players[game.White].AI {
		l.t.Error("後手 is still the engine")
	}
}

// An illegal move is refused, named; the person goes on alone.
func TestMisbehaveIllegalBestmove(t *testing.T) {
	l := versusEngine(t, fakeengine.IllegalBestmove, ai.Limits{MoveTime: 100 * time.Millisecond}, shortTimes)
	l.engineReady()
	l.play("7g7f")
	l.offer("Fake illegal-bestmove played an illegal move: 7g7f")
	l.typ("c")
	l.until("the message", func() bool { return strings.Contains(l.m.message, "you play its side now") && l.m.dialog == nil })
	l.play("3c3d")
	l.until("the person's move for 後手", func() bool { return l.m.s.node.Ply == 2 })
	if !l.m.s.playing || l.m.s.end.over {
		t.Error("the game is not on")
	}
}

// An unreadable move ("bestmove zz99", "bestmove" alone); the person
// stops the game, which ends as interrupted.
func TestMisbehaveMalformedBestmove(t *testing.T) {
	for mode, why := range map[string]string{fakeengine.MalformedBestmove: `sent a move that cannot be read: "zz99"`,
		fakeengine.EmptyBestmove: "sent its answer without a move"} {
		t.Run(mode, func(t *testing.T) {
			l := versusEngine(t, mode, ai.Limits{MoveTime: 100 * time.Millisecond}, shortTimes)
			l.engineReady()
			l.play("7g7f")
			l.offer(why)
			l.typ("e")
			l.shows("game interrupted")
			if !l.m.s.end.over || l.m.s.playing || l.m.s.end.reason != "中断" {
				t.Errorf("ending %+v, playing %v", l.m.s.end, l.m.s.playing)
			}
			if n := l.m.s.node.Children; len(n) != 1 || n[0].Special != kif.Interrupt {
				t.Errorf("the record does not end 中断: %v", n)
			}
		})
	}
}

// An engine deaf to stop: in a game, it lets its time pass and is given
// up Grace later; in an analysis, the stop that a new position sends is
// ignored, and the analysis stops with the report — the board answering
// keys while it waits.
func TestMisbehaveIgnoreStop(t *testing.T) {
	t.Run("game", func(t *testing.T) {
		l := versusEngine(t, fakeengine.IgnoreStop, ai.Limits{MoveTime: 200 * time.Millisecond}, shortTimes)
		l.engineReady()
		l.play("7g7f")
		l.offer("sent no move within its time and 300ms more")
	})
	t.Run("analysis", func(t *testing.T) {
		o := testOptions()
		o.Engine = EngineConfig{Path: fakeengine.Path(t, fakeengine.IgnoreStop)}
		l := newLoop(t, o, engineTimes{start: time.Second, grace: time.Second})
		l.until("the analyser", func() bool { return l.m.ext.analyser != nil })
		l.typ("a")
		l.until("the analysis", func() bool { return l.m.ai.thinking && l.m.ai.purpose == purposeAnalysis && l.m.ai.info.Depth > 0 })
		l.play("7g7f") // a new position: stop, which the engine ignores
		cur := l.m.board.cursor
		l.typ("h")
		l.until("the key", func() bool { return l.m.board.cursor != cur })
		if l.m.ext.analyser == nil {
			t.Error("the key waited for the engine's grace")
		}
		l.shows("sent no move within 1s after being told to stop", "the analysis stopped")
		if l.m.analysis.On || l.m.ext.analyse || l.m.ext.analyser != nil {
			t.Errorf("analysis on %v, external %v", l.m.analysis.On, l.m.ext.analyse)
		}
		// a analyses again, with the built-in AI.
		l.typ("a")
		l.until("the built-in analysis", func() bool { return l.m.ai.thinking && l.m.searcher(purposeAnalysis) == ai.Searcher(l.m.engine()) })
	})
}

// An engine that dies in the middle of a game: the offer says how, with
// its last words; the person saves the record, which ends 中断.
func TestMisbehaveDieMidgame(t *testing.T) {
	l := versusEngine(t, fakeengine.DieMidgame, ai.Limits{MoveTime: 100 * time.Millisecond}, shortTimes)
	l.engineReady()
	for i, mv := range []string{"7g7f", "2g2f"} {
		l.play(mv)
		l.until("the engine's reply", func() bool { return l.m.s.node.Ply == 2*(i+1) })
	}
	l.play("6g6f")
	l.offer("Fake die-midgame ended (exit code 3)", fakeengine.DieWords)
	l.typ("s")
	l.shows("save as (")
	l.typ("enter")
	l.until("the save", func() bool { return l.m.s.path != "" && !l.m.s.dirty })
	data, err := os.ReadFile(l.m.s.path)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := kif.Read(l.m.s.path, data)
	if err != nil {
		t.Fatal(err)
	}
	if moves := rec.MainMoves(); len(moves) != 5 {
		t.Errorf("saved %d moves, want 5", len(moves))
	}
	if e := rec.Ending(); e == nil || e.Special != kif.Interrupt || !l.m.s.end.over {
		t.Errorf("the record saved does not end 中断: %v", e)
	}
}

// The analyser dies in the whole-game analysis (A): the analysis stops
// with the report, what it found so far kept.
func TestMisbehaveAnalyserDies(t *testing.T) {
	o := testOptions()
	o.Engine = EngineConfig{Path: fakeengine.Path(t, fakeengine.DieMidgame)}
	o.AILimits = &ai.Limits{MoveTime: 50 * time.Millisecond}
	l := newLoop(t, o, shortTimes)
	l.until("the analyser", func() bool { return l.m.ext.analyser != nil })
	for _, mv := range []string{"7g7f", "3c3d", "2g2f", "8c8d"} {
		l.play(mv)
	}
	l.until("the moves", func() bool { return l.m.s.node.Ply == 4 })
	l.typ("A")
	l.shows("Fake die-midgame ended (exit code 3)", "the analysis stopped")
	if l.m.analysis.Running || l.m.ext.analyse || len(l.m.analysis.Results) != 2 {
		t.Errorf("running %v, external %v, %d results", l.m.analysis.Running, l.m.ext.analyse, len(l.m.analysis.Results))
	}
}

// Each failure is said in one language, the screen's (the engine's name,
// moves and durations aside).
func TestEngineFailWordsOneLanguage(t *testing.T) {
	errs := []*usi.EngineError{
		{Kind: usi.Exited, Engine: "kiki", Status: "exit status 3"},
		{Kind: usi.Exited, Engine: "kiki"},
		{Kind: usi.Silent, Engine: "kiki", Waiting: usi.WaitingReady, Timeout: time.Second},
		{Kind: usi.Silent, Engine: "kiki", Waiting: usi.WaitingHandshake, Timeout: time.Second},
		{Kind: usi.Silent, Engine: "kiki", Waiting: usi.WaitingAfterStop, Timeout: time.Second},
		{Kind: usi.Silent, Engine: "kiki", Waiting: usi.WaitingInTime, Timeout: time.Second},
		{Kind: usi.Illegal, Engine: "kiki", Sent: "7g7f"},
		{Kind: usi.Malformed, Engine: "kiki", Sent: "zz99"},
		{Kind: usi.Malformed, Engine: "kiki"},
	}
	for _, l := range []Lang{English, Japanese} {
		seen := map[string]bool{}
		for _, e := range errs {
			s := engineFailWords(l, e)
			if bad := mixed(l, s); bad != "" {
				t.Errorf("%v: %q has %q", l, s, bad)
			}
			if seen[s] {
				t.Errorf("%v: %q says two failures alike", l, s)
			}
			seen[s] = true
		}
	}
}
