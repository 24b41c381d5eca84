package ui

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"kiki/ai"
	"kiki/ai/usi/fakeengine"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/analysis"
	"kiki/ui/enginepanel"
	"kiki/ui/engines"
	"kiki/ui/match"
)

// The test binary doubles as a fake USI engine: run again with
// KIKI_UI_FAKE_USI set, it speaks USI instead of running the tests.
func TestMain(m *testing.M) {
	fakeengine.Main()
	if mode := os.Getenv("KIKI_UI_FAKE_USI"); mode != "" {
		os.Exit(fakeUSI(mode))
	}
	code := m.Run()
	if code == 0 && !wroteNoRecordHere() {
		code = 1
	}
	os.Exit(code)
}

// wroteNoRecordHere fails the run when a test left a record in the
// package's folder (a save whose Options.Dir was left empty writes to the
// working directory; one such file was once committed).
func wroteNoRecordHere() bool {
	left, _ := filepath.Glob("kiki-*.kif*")
	for _, f := range left {
		fmt.Fprintf(os.Stderr, "a test wrote %s into the package's folder: give its Options a Dir (t.TempDir())\n", f)
	}
	return len(left) == 0
}

// fakeHandshake answers usi: the fake's name and options ("multipv"
// declares MultiPV, as fairy-stockfish does), then usiok.
func fakeHandshake(mode string) {
	fmt.Println("id name Fake" + mode)
	fmt.Println("id author kiki tests")
	fmt.Println("option name Depth type spin default 1 min 1 max 9")
	if mode == "multipv" {
		fmt.Println("option name MultiPV type spin default 1 min 1 max 500")
	}
	fmt.Println("usiok")
}

// fakeUSI is a minimal engine: "normal" plays the legal move that sorts
// first in USI; "material" does too, scoring the material from the side
// to move's view; "crash" exits when asked to think; "multipv" sends
// fakeMultiPVLines (and answers go infinite at stop).
func fakeUSI(mode string) int {
	sc := bufio.NewScanner(os.Stdin)
	var pos *game.Position
	pending := false // a go infinite waits for stop
	for sc.Scan() {
		line := sc.Text()
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "usi":
			fakeHandshake(mode)
		case "isready":
			fmt.Println("readyok")
		case "position":
			p, err := game.ParseUSIPosition(line)
			if err != nil {
				fmt.Fprintln(os.Stderr, "fake: bad position:", err)
				return 3
			}
			pos = p
		case "go":
			switch mode {
			case "crash":
				fmt.Fprintln(os.Stderr, "fake engine: segmentation fault (on purpose)")
				return 7
			case "picky":
				if code := pickyGo(f, pos, &pending); code != 0 {
					return code
				}
				continue
			case "multipv":
				// As fairy-stockfish reports with MultiPV 3: scored
				// lines, then lines without a score.
				for _, l := range fakeMultiPVLines {
					fmt.Println(l)
				}
				if len(f) > 1 && f[1] == "infinite" {
					pending = true
					continue
				}
				fmt.Println("bestmove 7g7f")
				continue
			}
			var ml game.MoveList
			pos.LegalMoves(&ml)
			if ml.Len() == 0 {
				fmt.Println("bestmove resign")
				continue
			}
			best := ml.At(0).USI()
			for _, mv := range ml.Slice() {
				if mv.USI() < best {
					best = mv.USI()
				}
			}
			score := 12
			if mode == "material" {
				score = material(pos)
			}
			fmt.Printf("info depth 1 score cp %d pv %s\n", score, best)
			fmt.Println("bestmove " + best)
		case "stop":
			if pending && mode == "picky" {
				pending = false
				fmt.Println("bestmove resign") // as gpsusi answers a go infinite
			} else if pending {
				pending = false
				fmt.Println("bestmove 7g7f")
			}
		case "quit":
			return 0
		}
	}
	return 0
}

// fakeMultiPVLines are the "multipv" fake's reports of the start
// position: three candidates, then a currmove line and a line of
// statistics alone, neither with a score.
var fakeMultiPVLines = []string{
	"info depth 12 seldepth 18 multipv 1 score cp 191 nodes 100000 nps 50000 time 2000 pv 7g7f 3c3d 2g2f",
	"info depth 12 seldepth 18 multipv 2 score cp 180 nodes 100500 nps 50100 time 2005 pv 2g2f 8c8d",
	"info depth 12 seldepth 17 multipv 3 score cp 161 nodes 101000 nps 50200 time 2010 pv 5g5f",
	"info depth 13 currmove 7g7f currmovenumber 1",
	"info nodes 150000 nps 60000 hashfull 30",
}

// material is 100 points a piece, board and hand, from the side to
// move's view, as a USI engine reports its score.
func material(p *game.Position) int {
	var n [2]int
	for c := game.Black; c <= game.White; c++ {
		for t := game.Pawn; t < game.NumPieceTypes; t++ {
			n[c] += p.PiecesOf(c, t).Count()
			if t <= game.Gold {
				n[c] += p.Hand(c).Count(t)
			}
		}
	}
	v := 100 * (n[game.Black] - n[game.White])
	if p.Side() == game.White {
		v = -v
	}
	return v
}

// fakeEnginePath writes a script that runs this test binary as the fake
// engine in mode.
func fakeEnginePath(t *testing.T, mode string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "fake-"+mode)
	script := fmt.Sprintf("#!/bin/sh\nKIKI_UI_FAKE_USI=%s exec %q \"$@\"\n", mode, exe)
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// firstUSI is the legal move that sorts first in USI (the fake's choice).
func firstUSI(p *game.Position) string {
	var ml game.MoveList
	p.LegalMoves(&ml)
	best := ml.At(0).USI()
	for _, mv := range ml.Slice() {
		if mv.USI() < best {
			best = mv.USI()
		}
	}
	return best
}

func waitText(t *testing.T, tm *teatest.TestModel, text string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(text)) },
		teatest.WithDuration(15*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
}

// A game against an external engine: it starts, its name goes into the
// record's header, and its reply is played on the board.
func TestExternalEngineGame(t *testing.T) {
	o := testOptions()
	o.Players = [2]bool{false, true}
	o.Engine = EngineConfig{Path: fakeEnginePath(t, "normal"), Options: []OptionSetting{{Name: "Depth", Value: "3"}}}
	tm := teatest.NewTestModel(t, New(o), teatest.WithInitialTermSize(100, 30))
	waitText(t, tm, "Fakenormal")
	keys(tm, ":", "7g7f", "enter")
	waitText(t, tm, "move 2")
	tm.Send(tea.QuitMsg{})
	m := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
	p := game.NewStartPosition()
	p.DoMove(mustUSI(t, p, "7g7f"))
	want := firstUSI(p)
	if m.s.node.Ply != 2 || m.s.node.Move.USI() != want {
		t.Fatalf("after 7g7f: ply %d, last move %v, want the fake's %s", m.s.node.Ply, m.s.node.Move, want)
	}
	if got, _ := m.s.rec.Get("後手"); got != "Fakenormal" {
		t.Errorf("後手 header %q, want the engine's id name", got)
	}
	if pl := m.s.match.Players[game.White]; !pl.AI || pl.Engine != o.Engine.Path {
		t.Errorf("後手 player %+v", pl)
	}
	m.ext.closeEngines()
}

// An engine that dies while thinking is reported with what happened, its
// side passes to the person (who chooses to go on alone), and the game
// (with its moves) survives.
func TestExternalEngineCrash(t *testing.T) {
	o := testOptions()
	o.Players = [2]bool{false, true}
	o.Engine = EngineConfig{Path: fakeEnginePath(t, "crash")}
	tm := teatest.NewTestModel(t, New(o), teatest.WithInitialTermSize(120, 30))
	waitText(t, tm, "engine ready")
	keys(tm, ":", "7g7f", "enter")
	// The offer says what happened (one frame: each wait reads on).
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("segmentation fault")) && bytes.Contains(b, []byte("go on alone"))
	}, teatest.WithDuration(15*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
	keys(tm, "c")
	waitText(t, tm, "you play its side now")
	// The person plays 後手's move now.
	keys(tm, ":", "3c3d", "enter")
	waitText(t, tm, "last ☖３四歩")
	tm.Send(tea.QuitMsg{})
	m := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
	if m.s.node.Ply != 2 || !m.s.playing || m.s.end.over {
		t.Fatalf("after the crash: ply %d playing %v over %v", m.s.node.Ply, m.s.playing, m.s.end.over)
	}
	if m.s.match.Players[game.White].AI {
		t.Error("後手 is still the crashed engine")
	}
}

// An engine that does not start is reported, and its side is the
// person's.
func TestExternalEngineMissing(t *testing.T) {
	o := testOptions()
	o.Players = [2]bool{false, true}
	o.Engine = EngineConfig{Path: filepath.Join(t.TempDir(), "no-such-engine")}
	m := runUntil(t, o, 120, 30, "did not start")
	if m.s.match.Players[game.White].AI || !m.s.playing {
		t.Fatalf("後手 %+v playing %v", m.s.match.Players[game.White], m.s.playing)
	}
	if !strings.Contains(m.message, "no-such-engine") {
		t.Errorf("message %q does not name the engine", m.message)
	}
}

// The new-game dialog chooses the external engine for a side, takes its
// path and options, and the choice is remembered in the config folder.
func TestNewGameDialogEngine(t *testing.T) {
	dir := t.TempDir()
	o := testOptions()
	o.ConfigDir = dir
	m := newTestModel(o)
	press(m, "n")
	if _, ok := m.dialog.(*gameDialog); !ok {
		t.Fatalf("n: dialog %T", m.dialog)
	}
	path := fakeEnginePath(t, "normal")
	// Down to the engine's path, typed with its options; the analyser
	// then offers it; and 後手 (the AI when both were people): AI → the
	// typed path's engine (offered once a path is typed).
	press(m, "j", "j", "j", "j", "j", "j", "j", "enter")
	press(m, path, "enter", "j", "enter", "Depth=2", "enter", "j", "l")
	press(m, "k", "k", "k", "k", "k", "k", "k", "l")
	d := m.dialog.(*gameDialog)
	if !d.external[1] || d.path != path || d.options != "Depth=2" || !d.analyse {
		t.Fatalf("dialog: external %v path %q options %q analyse %v", d.external, d.path, d.options, d.analyse)
	}
	msg, errText := d.start()
	if errText != "" || msg.players[1].Engine != path || msg.engine.Options[0] != (OptionSetting{Name: "Depth", Value: "2"}) ||
		len(msg.players[1].Options) != 1 || msg.players[1].Options[0] != "Depth=2" {
		t.Fatalf("start: %+v %q", msg, errText)
	}
	m.beginGame(msg)
	c, err := engines.LoadUserConfig(dir)
	if err != nil || c.Engine.Path != path || len(c.Engine.Options) != 1 || !c.Analyser {
		t.Fatalf("remembered %+v", c)
	}
	m.ext.closeEngines()
	// The next run's dialog suggests it (not applied: an engine used
	// once does not take over later sessions); Enter on the field takes it.
	m2 := newTestModel(o)
	press(m2, "n")
	if d := m2.dialog.(*gameDialog); d.path != "" || d.last.Path != path {
		t.Errorf("next run: path %q, suggestion %q", d.path, d.last.Path)
	}
	press(m2, "j", "j", "j", "j", "j", "j", "j", "enter")
	if d := m2.dialog.(*gameDialog); d.path != path || d.options != "Depth=2" {
		t.Errorf("next run, the suggestion taken: path %q options %q", d.path, d.options)
	}
	// An engine chosen without a path is refused with the reason.
	d2 := newGameDialog(5, [2]player{{}, {AI: true, Engine: "x"}}, evenNames, false)
	if _, why := d2.start(); why == "" {
		t.Error("an engine side without a path starts")
	}
}

func mustUSI(t *testing.T, p *game.Position, s string) game.Move {
	t.Helper()
	mv, err := p.ParseUSIMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return mv
}

// The built-in AI against fairy-stockfish, on the board with clocks,
// played to the end, saved as KIF and read back equal.
func TestBuiltinAgainstFairyStockfish(t *testing.T) {
	const fsf = "/usr/games/fairy-stockfish"
	if _, err := exec.LookPath(fsf); err != nil {
		t.Skip("fairy-stockfish is not installed (" + fsf + "); apt-get install fairy-stockfish runs this test")
	}
	if testing.Short() {
		t.Skip("a whole game: not in -short")
	}
	o := testOptions()
	o.Now = time.Now
	o.AILimits = &ai.Limits{MoveTime: 30 * time.Millisecond}
	o.Players = [2]bool{true, true}
	m := New(o)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	cmd := m.beginGame(startGameMsg{start: game.NewStartPosition(),
		players: [2]player{{AI: true, Level: 3}, {AI: true, Level: 3, Engine: fsf}},
		tc:      timeControl{Kind: match.Fischer, Main: 10 * time.Minute, Inc: time.Second},
		engine:  EngineConfig{Path: fsf, Options: []OptionSetting{{Name: "Threads", Value: "1"}}}})
	drive(t, m, cmd, func() bool { return m.s.end.over }, 4*time.Minute)
	defer m.ext.closeEngines()
	if !m.s.end.over || m.s.node.Ply < 10 {
		t.Fatalf("game not over (%d plies, %q)", m.s.node.Ply, m.message)
	}
	if got, _ := m.s.rec.Get("後手"); !strings.HasPrefix(got, "Fairy-Stockfish") {
		t.Errorf("後手 header %q, want fairy-stockfish's id name", got)
	}
	path := filepath.Join(t.TempDir(), "match.kif")
	if err := m.writeRecord(path); err != nil {
		t.Fatal(err)
	}
	back, err := kif.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	gotName, _ := back.Get("後手")
	wantName, _ := m.s.rec.Get("後手")
	if !sameMoves(back.MainMoves(), m.s.rec.MainMoves()) || gotName != wantName {
		t.Fatalf("reopened: %d moves, 後手 %q; played %d", len(back.MainMoves()), gotName, len(m.s.rec.MainMoves()))
	}
	t.Logf("%d plies, %s, winner %v (%s)", m.s.node.Ply, m.s.end.reason, m.s.end.winner, m.message)
}

func sameMoves(a, b []game.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// drive runs the model's commands as a program would (each in its own
// goroutine, their messages back through Update) until done or the
// timeout.
func drive(t *testing.T, m *Model, first tea.Cmd, done func() bool, timeout time.Duration) {
	t.Helper()
	msgs := make(chan tea.Msg, 1024)
	var run func(tea.Cmd)
	run = func(c tea.Cmd) {
		if c == nil {
			return
		}
		go func() {
			msg := c()
			if b, ok := msg.(tea.BatchMsg); ok {
				for _, c := range b {
					run(c)
				}
				return
			}
			if msg != nil {
				msgs <- msg
			}
		}()
	}
	run(first)
	run(m.Init())
	// A recovery write still on its way when the test ends must not touch
	// the test's folder as it is removed.
	t.Cleanup(func() { stopRecovery(m) })
	deadline := time.After(timeout)
	for !done() {
		select {
		case msg := <-msgs:
			_, cmd := m.Update(msg)
			run(cmd)
		case <-deadline:
			t.Fatalf("timed out after %v at ply %d: %q", timeout, m.s.node.Ply, m.message)
		}
	}
}

// Engine against engine: each side has its own process, both names go
// into the header, and the moves alternate between them.
func TestEngineAgainstEngine(t *testing.T) {
	o := testOptions()
	m := New(o)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	path := fakeEnginePath(t, "normal")
	cmd := m.beginGame(startGameMsg{start: game.NewStartPosition(),
		players: [2]player{{AI: true, Engine: path}, {AI: true, Engine: path}},
		tc:      timeControl{Kind: match.Byoyomi, Main: time.Minute, Byoyomi: 10 * time.Second},
		engine:  EngineConfig{Path: path}})
	drive(t, m, cmd, func() bool { return m.s.node.Ply >= 6 }, 30*time.Second)
	defer m.ext.closeEngines()
	if m.ext.side[0] == nil || m.ext.side[1] == nil || m.ext.side[0] == m.ext.side[1] {
		t.Fatal("the sides do not have an engine each")
	}
	for _, side := range []string{"先手", "後手"} {
		if got, _ := m.s.rec.Get(side); got != "Fakenormal" {
			t.Errorf("%s header %q", side, got)
		}
	}
	p := game.NewStartPosition()
	for i, mv := range m.s.rec.MainMoves()[:6] {
		if want := firstUSI(p); mv.USI() != want {
			t.Fatalf("ply %d: %s, want the fake's %s", i+1, mv.USI(), want)
		}
		p.DoMove(mv)
	}
}

// The analysis turns the engine's scores (from the side to move's view,
// as USI and the built-in AI give them) into 先手's view exactly once: an
// engine whose score depends only on the material shows the material
// balance in 先手's favour, with no zigzag between moves.
func TestAnalysisScoresFromSenteView(t *testing.T) {
	o := testOptions()
	o.Engine = EngineConfig{Path: fakeEnginePath(t, "material")}
	m := New(o)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	// 7g7f 3c3d 8h2b+ (takes the bishop) 3a2b (takes back).
	press(m, ":", "7g7f", "enter", ":", "3c3d", "enter", ":", "8h2b+", "enter", ":", "3a2b", "enter")
	if m.s.node.Ply != 4 {
		t.Fatalf("ply %d", m.s.node.Ply)
	}
	drive(t, m, nil, func() bool { return m.ext.analyser != nil }, 15*time.Second)
	defer m.ext.closeEngines()
	m.opts.AILimits = &ai.Limits{MoveTime: 50 * time.Millisecond}
	drive(t, m, m.analyzeGame(), func() bool { return m.analysis.Finished }, 30*time.Second)
	want := []int{0, 0, 0, 200, 0}
	for i, n := range m.analysis.Line {
		if got := m.analysis.Results[n].Score; got != want[i] {
			t.Errorf("ply %d: 先手's score %d, want %d", i, got, want[i])
		}
	}
	// The continuous analysis's line says the same, labelled as 先手's.
	if got := enginepanel.ScoreText(Japanese, -100, game.White); got != "評価値(先手) +100" {
		t.Errorf("enginepanel.ScoreText(-100 for 後手) = %q", got)
	}
}

// The board's highlight: the hint for this position, gone once the
// position changes; the whole-game analysis's best move of the position
// on screen.
func TestHighlightMove(t *testing.T) {
	m := newTestModel(testOptions())
	if m.highlightMove() != game.NoMove {
		t.Fatal("a highlight before anything was asked")
	}
	p := m.s.pos
	hint := mustUSI(t, p, "2g2f")
	m.ai.gen = 7
	m.ai.thinking, m.ai.purpose = true, purposeHint
	m.Update(aiDoneMsg{gen: 7, purpose: purposeHint, res: ai.Result{Move: hint}})
	if got := m.highlightMove(); got != hint {
		t.Fatalf("after the hint: %v, want %v", got, hint)
	}
	press(m, ":", "7g7f", "enter")
	if got := m.highlightMove(); got != game.NoMove {
		t.Fatalf("after a move the old hint still shows: %v", got)
	}
	best := mustUSI(t, m.s.pos, "3c3d")
	m.analysis.Results = map[*kif.Node]analysis.Eval{m.s.node: {Best: best}}
	if got := m.highlightMove(); got != best {
		t.Fatalf("analysis best %v, want %v", got, best)
	}
}

// TestCorruptConfigKept: a config file kiki cannot read is reported at
// start and when the dialog would save, and never overwritten.
func TestCorruptConfigKept(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, engines.ConfigName)
	if err := os.WriteFile(path, []byte("{engine: oops"), 0o600); err != nil {
		t.Fatal(err)
	}
	o := testOptions()
	o.ConfigDir = dir
	m := newTestModel(o)
	if !strings.Contains(m.message, engines.ConfigName) {
		t.Errorf("no report at start: %q", m.message)
	}
	if err := engines.SaveUserConfig(dir, engines.UserConfig{Engine: EngineConfig{Path: "/x"}}); err == nil || !strings.Contains(err.Error(), "left as it is") {
		t.Errorf("save over a corrupt file: %v", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "{engine: oops" {
		t.Errorf("the file was changed: %q", data)
	}
}
