package match

import (
	"testing"
	"time"

	"kiki/game"
	"kiki/kif"
)

var t0 = time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC)

func TestTimeControlNames(t *testing.T) {
	for tc, want := range map[TimeControl]string{
		{}: "時間制限なし",
		{Kind: Byoyomi, Main: 10 * time.Minute, Byoyomi: 30 * time.Second}: "持ち時間10分 秒読み30秒",
		{Kind: Fischer, Main: 90 * time.Second, Inc: 5 * time.Second}:      "持ち時間1分30秒 加算5秒",
		{Kind: Sudden, Main: time.Hour}:                                    "持ち時間60分 切れ負け",
	} {
		if got := tc.String(); got != want {
			t.Errorf("%+v: %q, want %q", tc, got, want)
		}
	}
	var names []string
	for _, k := range ClockKinds {
		names = append(names, k.String())
	}
	if got := names; len(got) != 4 || got[0] != "なし" || got[3] != "切れ負け" {
		t.Errorf("kinds %q", got)
	}
}

func TestByoyomiClock(t *testing.T) {
	c := NewClock(TimeControl{Kind: Byoyomi, Main: time.Minute, Byoyomi: 10 * time.Second}, t0)
	if got := c.Text(game.Black, true, t0); got != "1:00" {
		t.Errorf("at start %q", got)
	}
	if got := c.Text(game.Black, true, t0.Add(65*time.Second)); got != "秒読み5" {
		t.Errorf("in byoyomi %q", got)
	}
	if got := c.Text(game.White, false, t0.Add(65*time.Second)); got != "1:00" {
		t.Errorf("the waiting side's clock ran: %q", got)
	}
	// A move in byoyomi uses none of it up: the next move has it whole.
	if spent := c.Spend(game.Black, t0.Add(68*time.Second)); spent != 68*time.Second {
		t.Errorf("spent %v", spent)
	}
	if c.Main(game.Black) != 0 || c.Remaining(game.Black, false, t0) != 10*time.Second {
		t.Errorf("after the move: main %v, left %v", c.Main(game.Black), c.Remaining(game.Black, false, t0))
	}
	later := t0.Add(68*time.Second + 11*time.Second)
	if c.Remaining(game.White, true, later) != 59*time.Second {
		t.Errorf("white's clock: %v", c.Remaining(game.White, true, later))
	}
	c.Flag(game.White, later)
	if got := c.Text(game.White, false, later); got != "秒読み0" {
		t.Errorf("flagged: %q", got)
	}
}

func TestFischerAndSuddenClocks(t *testing.T) {
	c := NewClock(TimeControl{Kind: Fischer, Main: time.Minute, Inc: 10 * time.Second}, t0)
	c.Spend(game.Black, t0.Add(5*time.Second))
	if c.Main(game.Black) != 65*time.Second {
		t.Errorf("fischer: %v, want 1:05", c.Main(game.Black))
	}
	s := NewClock(TimeControl{Kind: Sudden, Main: time.Minute}, t0)
	s.Spend(game.Black, t0.Add(70*time.Second))
	if s.Remaining(game.Black, false, t0) >= 0 || s.Text(game.Black, false, t0) != "0:00" {
		t.Errorf("sudden: %v %q", s.Remaining(game.Black, false, t0), s.Text(game.Black, false, t0))
	}
	var none Clock
	if none.On() || !c.On() {
		t.Error("On")
	}
}

func play(t *testing.T, sfen string, moves ...string) *game.Position {
	t.Helper()
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range moves {
		mv, err := p.ParseUSIMove(u)
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		p.DoMove(mv)
	}
	return p
}

func TestJudge(t *testing.T) {
	if _, over := Judge(game.NewStartPosition()); over {
		t.Error("the start position is an ending")
	}
	// 頭金: 後手 is mated.
	p := play(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "G*5b")
	e, over := Judge(p)
	if !over || e.Winner != game.Black || e.Reason != "詰み" || e.Special != kif.Mate || e.Draw {
		t.Errorf("mate: %+v %v", e, over)
	}
	// Four times the same position by knight moves, no checks: 千日手.
	var moves []string
	for i := 0; i < 4; i++ {
		moves = append(moves, "2h3h", "8b7b", "3h2h", "7b8b")
	}
	p = play(t, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", moves...)
	e, over = Judge(p)
	if !over || !e.Draw || e.Reason != "千日手" || e.Special != kif.Repetition {
		t.Errorf("repetition: %+v %v", e, over)
	}
}

func TestUndoPlies(t *testing.T) {
	people := [2]Player{}
	vsAI := [2]Player{{}, {AI: true, Level: 3}}
	aiFirst := [2]Player{{AI: true, Level: 3}, {}}
	for _, c := range []struct {
		players [2]Player
		side    game.Color
		ply     int
		own     bool
		want    int
	}{
		{people, game.Black, 4, true, 1},
		{vsAI, game.Black, 4, true, 2},  // past the AI's reply, back to 先手's turn
		{vsAI, game.White, 3, true, 1},  // the AI to move: back to 先手's own move
		{vsAI, game.Black, 4, false, 1}, // a record being read: one move
		{aiFirst, game.White, 1, true, 1},
		{aiFirst, game.Black, 2, true, 1}, // the AI to move: the person takes back their own move
		{aiFirst, game.White, 3, true, 2},
		{vsAI, game.Black, 0, true, 0},
		{aiFirst, game.White, 1, true, 1}, // only the AI's first move: back to the start
	} {
		if got := UndoPlies(c.players, c.side, c.ply, c.own); got != c.want {
			t.Errorf("%+v: %d, want %d", c, got, c.want)
		}
	}
	if (Player{AI: true, Level: 7}).String() != "AI Lv7" || (Player{}).String() != "人間" || HumanVsAI(people) || !HumanVsAI(vsAI) {
		t.Error("players")
	}
}

func TestMatchHeaders(t *testing.T) {
	m := New([2]Player{{}, {AI: true, Level: 4}}, TimeControl{Kind: Sudden, Main: 5 * time.Minute}, t0)
	want := [][2]string{{"開始日時", "2026/01/02 10:00:00"}, {"持ち時間", "持ち時間5分 切れ負け"}, {"先手", "人間"}, {"後手", "AI Lv4"}}
	got := m.Headers([2]string{"先手", "後手"})
	if len(got) != len(want) {
		t.Fatalf("%q", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("header %d: %q, want %q", i, got[i], want[i])
		}
	}
	free := New([2]Player{}, TimeControl{}, t0)
	if h := free.Headers([2]string{"下手", "上手"}); len(h) != 3 || h[1][0] != "下手" || !m.HumanVsAI() || free.HumanVsAI() {
		t.Errorf("no clock: %q", h)
	}
}

// NoPerson: engines (kiki's or external ones) on both sides.
func TestNoPerson(t *testing.T) {
	kiki, engine, person := Player{AI: true, Level: 5}, Player{AI: true, Engine: "/usr/games/gpsusi"}, Player{}
	for _, c := range []struct {
		players [2]Player
		want    bool
	}{{[2]Player{kiki, engine}, true}, {[2]Player{engine, engine}, true}, {[2]Player{kiki, kiki}, true},
		{[2]Player{person, engine}, false}, {[2]Player{kiki, person}, false}, {[2]Player{}, false}} {
		if got := NoPerson(c.players); got != c.want {
			t.Errorf("%+v: %v", c.players, got)
		}
	}
}

// Charge (a pause) takes the turn's time from the main time without an
// increment and begins the turn again: under byoyomi the byoyomi is whole
// again, what the main time paid stays paid.
func TestChargeOnPause(t *testing.T) {
	c := NewClock(TimeControl{Kind: Byoyomi, Main: time.Minute, Byoyomi: 10 * time.Second}, t0)
	c.Charge(game.Black, t0.Add(65*time.Second))
	if c.Main(game.Black) != 0 || c.Remaining(game.Black, false, t0) != 10*time.Second || !c.TurnAt.Equal(t0.Add(65*time.Second)) {
		t.Errorf("byoyomi after 65 s of a 1 min main time: main %v, left %v", c.Main(game.Black), c.Remaining(game.Black, false, t0))
	}
	f := NewClock(TimeControl{Kind: Fischer, Main: time.Minute, Inc: 5 * time.Second}, t0)
	f.Charge(game.White, t0.Add(20*time.Second))
	if f.Main(game.White) != 40*time.Second {
		t.Errorf("Fischer after 20 s: %v, want 40 s (no increment)", f.Main(game.White))
	}
}
