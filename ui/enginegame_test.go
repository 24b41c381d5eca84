package ui

import (
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
	"kiki/ai/usi"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/engines"
	"kiki/ui/match"
	"kiki/ui/widget"
)

// The new-game dialog offers, for each side, a person, kiki, each
// registered engine by its name (in the registry's order) and the typed
// path's engine once a path is typed; the analyser kiki, the registered
// engines and the typed one. Each side's player carries its engine's
// own command and options.
func TestGameDialogSidesFromRegistry(t *testing.T) {
	entries := []EngineEntry{
		{Name: "fsf weak", Path: "/usr/games/fairy-stockfish", Values: []OptionSetting{{Name: "Skill Level", Value: "0"}}},
		{Name: "gps", Path: "/usr/games/gpsusi", Args: []string{"-x"}, Values: []OptionSetting{{Name: "Thread", Value: "1"}}, Play: true},
	}
	d := newGameDialog(5, [2]player{}, evenNames, false).withEngine(EngineConfig{}, false, English).withRegistry(entries)
	// 後手 (the AI when both were people) opens on the default for play.
	if d.sideText(0) != "person" || d.sideText(1) != "gps" {
		t.Fatalf("opens on %q vs %q, want person vs gps (the default for play)", d.sideText(0), d.sideText(1))
	}
	d.field = fieldSente
	var seen []string
	for i := 0; i < 5; i++ {
		answer(d, "l")
		seen = append(seen, d.sideText(0))
	}
	if want := "AI (kiki)|fsf weak|gps|person|AI (kiki)"; strings.Join(seen, "|") != want {
		t.Errorf("先手 cycles %q, want %q (no typed path: no typed engine)", strings.Join(seen, "|"), want)
	}
	answer(d, "h", "h") // back to person, then the last choice: gps
	if d.sideText(0) != "gps" {
		t.Errorf("left from person: %q, want the last choice", d.sideText(0))
	}
	d.path = "/opt/yane/YaneuraOu"
	answer(d, "l")
	if got := d.sideText(0); got != "engine (YaneuraOu)" {
		t.Errorf("after gps with a typed path: %q, want the typed engine", got)
	}
	d.field = fieldAnalyser
	seen = nil
	for i := 0; i < 4; i++ {
		answer(d, "l")
		seen = append(seen, d.analyserText())
	}
	if want := "fsf weak|gps|engine (YaneuraOu)|kiki"; strings.Join(seen, "|") != want {
		t.Errorf("the analyser cycles %q, want %q", strings.Join(seen, "|"), want)
	}
	answer(d, "l") // fsf weak analyses
	msg, why := d.start()
	if why != "" {
		t.Fatal(why)
	}
	want := [2]player{
		{AI: true, Level: 5, Engine: "/opt/yane/YaneuraOu"},
		{AI: true, Level: 5, Engine: "/usr/games/gpsusi", Args: []string{"-x"}, Options: []string{"Thread=1"}},
	}
	if !reflect.DeepEqual(msg.players, want) {
		t.Errorf("players %+v, want %+v", msg.players, want)
	}
	if !msg.analyse || msg.analyser.Path != entries[0].Path || engines.OptionsText(msg.analyser.Options) != "Skill Level=0" {
		t.Errorf("analyser %+v (analyse %v), want fsf weak with its options", msg.analyser, msg.analyse)
	}
	// One engine on both sides: the same command twice (two processes).
	d.field = fieldSente
	answer(d, "h")
	if d.sideText(0) != "gps" {
		t.Fatalf("先手 %q", d.sideText(0))
	}
	msg, _ = d.start()
	if !reflect.DeepEqual(msg.players[0], msg.players[1]) {
		t.Errorf("gps on both sides: %+v and %+v", msg.players[0], msg.players[1])
	}
	// kiki against kiki stays so, the default for play notwithstanding.
	d = newGameDialog(5, [2]player{{AI: true, Level: 5}, {AI: true, Level: 5}}, evenNames, false).withRegistry(entries)
	if d.sideText(0) != "AI (kiki)" || d.sideText(1) != "AI (kiki)" {
		t.Errorf("kiki vs kiki reopened as %q vs %q", d.sideText(0), d.sideText(1))
	}
	// The dialog opens on the game on screen: a registered engine's
	// side on that engine, kiki's side on kiki (no default), the typed
	// path left empty when it only names a registered engine.
	entries[1].Play = false
	was := [2]player{{AI: true, Level: 3}, enginePlayer(entries[0].Config(), 3)}
	d = newGameDialog(5, was, evenNames, false).withEngine(entries[0].Config(), true, English).withRegistry(entries)
	if d.sideText(0) != "AI (kiki)" || d.sideText(1) != "fsf weak" || d.analyserText() != "fsf weak" || d.path != "" {
		t.Errorf("reopened: %q vs %q, analyser %q, path %q", d.sideText(0), d.sideText(1), d.analyserText(), d.path)
	}
}

// The byoyomi goes by the second below 10 s (engines play at 1 s).
func TestGameDialogSecondsBelowTen(t *testing.T) {
	d := newGameDialog(5, [2]player{}, evenNames, false)
	d.field = fieldSeconds
	var got []int
	for i := 0; i < 6; i++ {
		answer(d, "h")
		got = append(got, d.second)
	}
	if !reflect.DeepEqual(got, []int{25, 20, 15, 10, 9, 8}) {
		t.Errorf("down from 30: %v", got)
	}
	for d.second > 1 {
		answer(d, "h")
	}
	answer(d, "l", "l")
	if d.second != 3 {
		t.Errorf("up from 1 twice: %d", d.second)
	}
}

// engineGameModel is a game no person plays, kiki against kiki, whose
// moves the test gives (the Opponent hook only starts each turn), with
// the clock at *now.
func engineGameModel(t *testing.T, now *time.Time, tc timeControl) *Model {
	t.Helper()
	o := testOptions()
	o.Now = func() time.Time { return *now }
	o.Opponent = func(*game.Position) game.Move { return game.NoMove }
	m := newTestModel(o)
	m.beginGame(startGameMsg{start: game.NewStartPosition(), players: [2]player{{AI: true, Level: 5}, {AI: true, Level: 5}}, tc: tc})
	if !m.engineGame() || !m.ai.thinking {
		t.Fatalf("not an engine game on: playing %v players %+v thinking %v", m.s.playing, m.s.match.Players, m.ai.thinking)
	}
	t.Cleanup(func() { stopWork(m) })
	return m
}

// answerWith is the side to move's engine answering r.
func answerWith(m *Model, r ai.Result) {
	m.Update(aiDoneMsg{gen: m.ai.gen, purpose: purposeMove, res: r})
}

// endingOf is the record's ending and its comment, through KIF and back.
func endingOf(t *testing.T, m *Model) (kif.Special, string) {
	t.Helper()
	back, err := kif.Read("x.kif", []byte(kif.WriteKIF(m.s.rec, "UTF-8")))
	if err != nil {
		t.Fatal(err)
	}
	e := back.Ending()
	if e == nil {
		t.Fatalf("the record has no ending:\n%s", kif.WriteKIF(m.s.rec, "UTF-8"))
	}
	return e.Special, strings.Join(e.Comments, "\n")
}

// The arbiter on each kind of answer in a game no person plays: the
// game ends with the right winner and record ending, a comment says why,
// and the failing side never passes to a person.
func TestArbiterJudgesAnswers(t *testing.T) {
	p := game.NewStartPosition()
	pawn2 := game.NewMove(game.NewSquare(7, 7), game.NewSquare(7, 5), game.NewPiece(game.Black, game.Pawn), game.NoPiece, false)
	for _, c := range []struct {
		name    string
		res     ai.Result
		reason  string
		sp      kif.Special
		comment string
	}{
		{"crash", ai.Result{Resign: true, Err: &usi.EngineError{Engine: "black-engine", Status: "exit status 7"}}, "異常終了", kif.Interrupt, "先手 AI Lv5 stopped working"},
		{"illegal (client)", ai.Result{Resign: true, Err: errors.New(`engine black-engine played an illegal move: move "7g7e": not legal`)}, "反則", kif.FoulLose, `7g7e`},
		{"no move named", ai.Result{Resign: true, Err: errors.New(`engine black-engine: "bestmove" names no move`)}, "反則", kif.FoulLose, `names no move`},
		{"resign", ai.Result{Resign: true}, "投了", kif.Resign, "先手 AI Lv5 resigned"},
		{"false declaration", ai.Result{Declare: true}, "反則", kif.FoulLose, "without the right to it (0 points, 0 pieces"},
		{"illegal (kiki)", ai.Result{Move: pawn2}, "反則", kif.FoulLose, "played 7g7e, an illegal move"},
	} {
		now := fixedNow()
		m := engineGameModel(t, &now, timeControl{})
		answerWith(m, c.res)
		e := m.s.end
		if !e.over || e.reason != c.reason || e.winner != game.White || e.draw {
			t.Errorf("%s: ending %+v, want 後手 wins by %s", c.name, e, c.reason)
			continue
		}
		if !m.s.match.Players[game.Black].AI || m.ai.thinking {
			t.Errorf("%s: 先手 %+v after the fault (thinking %v): passed to a person", c.name, m.s.match.Players[game.Black], m.ai.thinking)
		}
		sp, comment := endingOf(t, m)
		if sp != c.sp || !strings.Contains(comment, c.comment) || !strings.Contains(m.message, c.comment) {
			t.Errorf("%s: record ends %v with %q (message %q), want %v saying %q", c.name, sp, comment, m.message, c.sp, c.comment)
		}
		if m.s.node.Ply != 0 || m.s.pos.SFEN() != p.SFEN() {
			t.Errorf("%s: a move was played (ply %d)", c.name, m.s.node.Ply)
		}
	}
}

// Time in a game no person plays: a move may come up to match.TimeMargin
// after the side's time (main + byoyomi); later, whether the tick sees it
// or the answer arrives first, the side loses on time, with a comment.
func TestArbiterTimeMargin(t *testing.T) {
	tc := timeControl{Kind: match.Byoyomi, Byoyomi: time.Second}
	now := fixedNow()
	m := engineGameModel(t, &now, tc)
	now = now.Add(1900 * time.Millisecond)
	m.Update(tickMsg(now))
	if m.s.end.over {
		t.Fatalf("over at 1.9 s of a 1 s byoyomi (margin %v): %+v", match.TimeMargin, m.s.end)
	}
	mv := mustUSI(t, m.s.pos, "7g7f")
	answerWith(m, ai.Result{Move: mv}) // within the margin: played
	if m.s.node.Ply != 1 || m.s.end.over {
		t.Fatalf("the move at 1.9 s was not played: ply %d %+v", m.s.node.Ply, m.s.end)
	}
	now = now.Add(2100 * time.Millisecond)
	m.Update(tickMsg(now))
	if e := m.s.end; !e.over || e.reason != "時間切れ" || e.winner != game.Black {
		t.Fatalf("2.1 s for 後手: ending %+v, want 先手 wins on time", e)
	}
	if sp, comment := endingOf(t, m); sp != kif.Timeout || !strings.Contains(comment, "lost on time: 2.1 s on its move, 1.0 s allowed") {
		t.Errorf("record ends %v with %q", sp, comment)
	}

	// The answer arriving late ends the game before any tick.
	now = fixedNow()
	m = engineGameModel(t, &now, tc)
	now = now.Add(2050 * time.Millisecond)
	answerWith(m, ai.Result{Move: mv})
	if e := m.s.end; !e.over || e.reason != "時間切れ" || m.s.node.Ply != 0 {
		t.Errorf("a move at 2.05 s: ending %+v, ply %d", e, m.s.node.Ply)
	}
}

// Repetition in a game no person plays is a draw (千日手), and the game
// stops at match.MaxPlies plies as a draw (持将棋).
func TestArbiterRepetitionAndMaxPlies(t *testing.T) {
	now := fixedNow()
	m := engineGameModel(t, &now, timeControl{})
	shuffle := []string{"5i4h", "5a6b", "4h5i", "6b5a"}
	for i := 0; i < 12 && !m.s.end.over; i++ {
		answerWith(m, ai.Result{Move: mustUSI(t, m.s.pos, shuffle[i%4])})
	}
	if e := m.s.end; !e.over || !e.draw || e.reason != "千日手" || m.s.node.Ply != 12 {
		t.Fatalf("after the start position four times: %+v at ply %d", e, m.s.node.Ply)
	}
	if sp, _ := endingOf(t, m); sp != kif.Repetition {
		t.Errorf("record ends %v", sp)
	}

	m = engineGameModel(t, &now, timeControl{})
	answerWith(m, ai.Result{Move: mustUSI(t, m.s.pos, "7g7f")})
	// (The node's ply stands for a long game: MaxPlies real plies would
	// need a game that neither repeats nor ends.)
	m.s.node.Ply = match.MaxPlies - 1
	answerWith(m, ai.Result{Move: mustUSI(t, m.s.pos, "3c3d")})
	if e := m.s.end; !e.over || !e.draw || e.reason != "持将棋" {
		t.Fatalf("at %d plies: %+v", match.MaxPlies, e)
	}
	if sp, comment := endingOf(t, m); sp != kif.Impasse || !strings.Contains(comment, "320 plies played: a draw") {
		t.Errorf("record ends %v with %q", sp, comment)
	}
}

// z pauses a game no person plays (the search stops, the clocks stand
// still, nothing moves), z resumes it; Z and y stop it as 中断 with no
// result, the record kept. In a game a person plays z only says why not.
func TestPauseResumeStop(t *testing.T) {
	tc := timeControl{Kind: match.Byoyomi, Main: time.Minute, Byoyomi: 10 * time.Second}
	now := fixedNow()
	m := engineGameModel(t, &now, tc)
	now = now.Add(20 * time.Second)
	press(m, "z")
	if !m.s.paused || m.ai.thinking || !strings.Contains(m.message, "paused") {
		t.Fatalf("z: paused %v thinking %v message %q", m.s.paused, m.ai.thinking, m.message)
	}
	if got := m.clockFor(game.Black); got != "0:40" {
		t.Errorf("paused at 20 s: 先手's clock %q, want 0:40", got)
	}
	answerWith(m, ai.Result{Move: mustUSI(t, m.s.pos, "7g7f")}) // the stopped search's answer
	now = now.Add(10 * time.Minute)
	m.Update(tickMsg(now))
	if m.s.end.over || m.s.node.Ply != 0 || m.clockFor(game.Black) != "0:40" {
		t.Fatalf("while paused: over %v ply %d clock %q", m.s.end.over, m.s.node.Ply, m.clockFor(game.Black))
	}
	press(m, "z")
	if m.s.paused || !m.ai.thinking {
		t.Fatalf("z again: paused %v thinking %v", m.s.paused, m.ai.thinking)
	}
	now = now.Add(45 * time.Second) // 40 s of main time, then the byoyomi afresh
	m.Update(tickMsg(now))
	if m.s.end.over || m.clockFor(game.Black) != "秒読み5" {
		t.Fatalf("45 s after resuming: over %v clock %q", m.s.end.over, m.clockFor(game.Black))
	}
	answerWith(m, ai.Result{Move: mustUSI(t, m.s.pos, "7g7f")})
	// Z asks, and the game stands still meanwhile; n goes on, y stops.
	press(m, "Z")
	if _, ok := m.dialog.(*widget.Choice); !ok || !m.s.paused || m.ai.thinking {
		t.Fatalf("Z: dialog %T, paused %v, thinking %v", m.dialog, m.s.paused, m.ai.thinking)
	}
	press(m, "n")
	if m.dialog != nil || m.s.paused || m.s.end.over {
		t.Fatalf("Z n: dialog %T, paused %v, over %v", m.dialog, m.s.paused, m.s.end.over)
	}
	press(m, "Z")
	press(m, "y")
	if e := m.s.end; !e.over || !e.noResult || e.draw || m.ai.thinking {
		t.Fatalf("stopped: %+v thinking %v", e, m.ai.thinking)
	}
	if sp, comment := endingOf(t, m); sp != kif.Interrupt || comment != "stopped by the user" || len(m.s.rec.MainMoves()) != 1 {
		t.Errorf("record ends %v with %q, %d moves", sp, comment, len(m.s.rec.MainMoves()))
	}
	if v := stripANSI(m.View()); !strings.Contains(v, "game over: game interrupted") {
		t.Errorf("no banner:\n%s", v)
	}
	path := filepath.Join(t.TempDir(), "stopped.kif")
	if err := m.writeRecord(path); err != nil {
		t.Fatal(err)
	}

	h := newTestModel(testOptions())
	press(h, "z")
	if h.s.paused || !strings.Contains(h.message, "no person plays") {
		t.Errorf("z in a person's game: paused %v message %q", h.s.paused, h.message)
	}
}

// The engine panel of a game no person plays shows both sides' latest
// lines, each under its side and player, the one thinking marked * as
// the hand line marks the side to move; the key line names pause, stop
// and save.
func TestBothEnginesLinesShown(t *testing.T) {
	now := fixedNow()
	m := engineGameModel(t, &now, timeControl{})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.Update(aiInfoMsg{gen: m.ai.gen, infos: []ai.Info{{Depth: 7, Score: 35, NPS: 2000, PV: []game.Move{mustUSI(t, m.s.pos, "7g7f")}}}})
	answerWith(m, ai.Result{Move: mustUSI(t, m.s.pos, "7g7f")})
	m.Update(aiInfoMsg{gen: m.ai.gen, infos: []ai.Info{{Depth: 9, Score: -80, NPS: 3000, PV: []game.Move{mustUSI(t, m.s.pos, "3c3d")}}}})
	v := stripANSI(m.View())
	for _, want := range []string{"☗先手 AI Lv5", "depth 7  score(先手) +35", "☗７六歩", "☖後手* AI Lv5", "depth 9  score(先手) +80", "☖３四歩", "z pause/resume", "Z stop", "s save"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q on\n%s", want, v)
		}
	}
	if strings.Index(v, "☗先手 AI Lv5") > strings.Index(v, "☖後手* AI Lv5") {
		t.Error("先手's line is not first")
	}
}

// A recovered game gives each side its own engine back: the note keeps
// each player's command and options.
func TestRecoveryKeepsEachSidesEngine(t *testing.T) {
	o := testOptions()
	o.RecoveryFile = filepath.Join(t.TempDir(), "recovered.kifu")
	o.Opponent = func(*game.Position) game.Move { return game.NoMove }
	m := newTestModel(o)
	gps := EngineConfig{Path: "/usr/games/gpsusi", Args: []string{"-v"}, Options: []OptionSetting{{Name: "Thread", Value: "1"}}}
	players := [2]player{{AI: true, Level: 4}, enginePlayer(gps, 4)}
	m.beginGame(startGameMsg{start: game.NewStartPosition(), players: players})
	answerWith(m, ai.Result{Move: mustUSI(t, m.s.pos, "7g7f")})
	stopWork(m)
	settleRecovery(m)
	m2 := newTestModel(o)
	press(m2, "r")
	defer stopWork(m2)
	if got := m2.s.match.Players; !reflect.DeepEqual(got, players) || !reflect.DeepEqual(playerEngine(got[1]), gps) {
		t.Errorf("resumed players %+v, want %+v", got, players)
	}
}

// Each side runs its own engine with its own options: 後手's engine is
// given an option it does not declare, so it alone does not start, and
// the arbiter ends the game (後手 loses; no person takes its side).
func TestEngineGameSidesOwnOptions(t *testing.T) {
	m := newTestModel(testOptions())
	path := fakeEnginePath(t, "normal")
	good := EngineConfig{Path: path, Options: []OptionSetting{{Name: "Depth", Value: "2"}}}
	bad := EngineConfig{Path: path, Options: []OptionSetting{{Name: "Nope", Value: "1"}}}
	cmd := m.beginGame(startGameMsg{start: game.NewStartPosition(), players: [2]player{enginePlayer(good, 5), enginePlayer(bad, 5)},
		tc: timeControl{Kind: match.Byoyomi, Byoyomi: 5 * time.Second}})
	drive(t, m, cmd, func() bool { return m.s.end.over }, 30*time.Second)
	defer stopWork(m)
	e := m.s.end
	if e.reason != "異常終了" || e.winner != game.Black || !m.s.match.Players[game.White].AI {
		t.Fatalf("ending %+v, 後手 %+v", e, m.s.match.Players[game.White])
	}
	if sp, comment := endingOf(t, m); sp != kif.Interrupt || !strings.Contains(comment, "後手") || !strings.Contains(comment, "Nope") {
		t.Errorf("record ends %v with %q", sp, comment)
	}
}

// Two engine processes play a whole game by themselves, and its record
// replays legally with an ending the final position bears out.
func TestEngineGamePlaysToTheEnd(t *testing.T) {
	m := newTestModel(testOptions())
	path := fakeEnginePath(t, "normal")
	cfg := EngineConfig{Path: path}
	cmd := m.beginGame(startGameMsg{start: game.NewStartPosition(), players: [2]player{enginePlayer(cfg, 5), enginePlayer(cfg, 5)},
		tc: timeControl{Kind: match.Byoyomi, Byoyomi: 5 * time.Second}})
	drive(t, m, cmd, func() bool { return m.s.end.over }, 2*time.Minute)
	defer stopWork(m)
	if m.ext.side[0] == nil || m.ext.side[1] == nil || m.ext.side[0] == m.ext.side[1] {
		t.Error("the sides do not have an engine each")
	}
	checkPlayedRecord(t, []byte(kif.WriteKIF(m.s.rec, "UTF-8")))
	t.Logf("%d plies, %s", m.s.node.Ply, m.s.end.reason)
}

// checkPlayedRecord reads a record a game no person plays left, replays
// its moves through the rules core, and checks its ending against the
// final position: mate when the side to move has no move, 千日手 or
// perpetual check when the position says so, 持将棋 at match.MaxPlies;
// the arbiter's other endings carry a comment; 結果 names a winner (or a
// draw) agreeing with the ending. It returns the record.
func checkPlayedRecord(t *testing.T, data []byte) *kif.Record {
	t.Helper()
	r, err := kif.Read("played.kif", data)
	if err != nil {
		t.Fatal(err)
	}
	p := r.StartPosition()
	for i, mv := range r.MainMoves() {
		if !p.IsLegal(mv) {
			t.Fatalf("move %d %s is illegal in %s", i+1, mv.USI(), p.SFEN())
		}
		p.DoMove(mv)
	}
	e := r.Ending()
	if e == nil {
		t.Fatalf("no ending:\n%s", data)
	}
	outcome, loser := p.Status()
	toMove := r.SideNames()[p.Side()]
	other := r.SideNames()[p.Side().Opp()]
	result, _ := r.Get("結果")
	wantResult := ""
	switch e.Special {
	case kif.Mate:
		if outcome != game.Checkmated && outcome != game.NoLegalMoves {
			t.Errorf("詰み but %v in %s", outcome, p.SFEN())
		}
		wantResult = other + "の勝ち"
	case kif.Repetition:
		if outcome != game.RepetitionDraw {
			t.Errorf("千日手 but %v", outcome)
		}
		wantResult = "引き分け"
	case kif.Impasse:
		if len(r.MainMoves()) != match.MaxPlies {
			t.Errorf("持将棋 after %d plies", len(r.MainMoves()))
		}
		wantResult = "引き分け"
	case kif.Resign, kif.Timeout, kif.FoulLose:
		if outcome == game.PerpetualCheck && loser != p.Side() {
			t.Errorf("perpetual check by %v, but %s loses", loser, toMove)
		}
		if outcome != game.PerpetualCheck && len(e.Comments) == 0 {
			t.Errorf("%v with no comment saying why", e.Special)
		}
		wantResult = other + "の勝ち"
	case kif.FoulWin:
		if outcome != game.PerpetualCheck || loser != p.Side().Opp() {
			t.Errorf("反則勝ち but %v (loser %v)", outcome, loser)
		}
		wantResult = toMove + "の勝ち"
	case kif.EnteringKing:
		if !p.CanDeclare() {
			t.Error("入玉勝ち without the right to declare")
		}
		wantResult = toMove + "の勝ち"
	case kif.Interrupt:
		if len(e.Comments) == 0 {
			t.Error("中断 with no comment saying why")
		}
	default:
		t.Errorf("ending %v", e.Special)
	}
	if result != "" && !strings.Contains(result, wantResult) {
		t.Errorf("結果 %q, want %q (ending %v)", result, wantResult, e.Special)
	}
	return r
}
