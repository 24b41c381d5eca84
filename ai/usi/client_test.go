package usi

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"kiki/ai"
	"kiki/ai/usi/fakeengine"
	"kiki/game"
)

// The client is tested against engines run as child processes: this test
// binary started again with KIKI_FAKE_USI set plays one of the engines
// below — kiki's own engine, or one that misbehaves in a chosen way.
func TestMain(m *testing.M) {
	fakeengine.Main()
	if mode := os.Getenv("KIKI_FAKE_USI"); mode != "" {
		os.Exit(fakeEngine(mode))
	}
	os.Exit(m.Run())
}

func fakeEngine(mode string) int {
	if mode == "kiki" {
		if err := Run(os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		return 0
	}
	sc := bufio.NewScanner(os.Stdin)
	say := func(s string) { fmt.Println(s) }
	for sc.Scan() {
		cmd := strings.Fields(sc.Text())
		if len(cmd) == 0 {
			continue
		}
		switch cmd[0] {
		case "usi":
			if mode == "no-usiok" {
				continue
			}
			say("id name Fake " + mode)
			say("id author kiki tests")
			say("option name Max Depth type spin default 5 min 1 max 10")
			say("option name Style type combo default Normal var Normal var Wild Things")
			say("usiok")
		case "isready":
			say("readyok")
		case "go":
			switch mode {
			case "crash":
				fmt.Fprintln(os.Stderr, "fatal: out of memory")
				return 3
			case "silent":
			case "illegal":
				say("info depth 1 score cp 10 pv 1a1b")
				say("bestmove 1a1b")
			case "win":
				say("bestmove win")
			case "currmove":
				for _, l := range multiPVLines {
					say(l)
				}
				say("bestmove 7g7f")
			}
		case "quit":
			return 0
		}
	}
	return 0
}

func startFake(t *testing.T, mode string, cfg ClientConfig) *Client {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cfg.Path = exe
	cfg.Env = append(cfg.Env, "KIKI_FAKE_USI="+mode)
	c, err := StartEngine(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// TestClientPlaysKiki drives kiki's own engine as an external one: the
// handshake, options, a new game and ten moves, each checked legal, with
// progress reports on the way.
func TestClientPlaysKiki(t *testing.T) {
	c := startFake(t, "kiki", ClientConfig{})
	if !strings.HasPrefix(c.Name, "kiki") {
		t.Errorf("name %q", c.Name)
	}
	if _, ok := c.Option("threads"); !ok {
		t.Fatalf("options %v lack Threads", c.Options)
	}
	if err := c.SetOption("Threads", "1"); err != nil {
		t.Fatal(err)
	}
	if err := c.NewGame(); err != nil {
		t.Fatal(err)
	}
	p := game.NewStartPosition()
	infos := 0
	for i := 0; i < 10; i++ {
		r := <-c.Go(context.Background(), p, ai.Request{Limits: ai.Limits{Nodes: 3000}, Info: func(in ai.Info) {
			if in.Depth > 0 {
				infos++
			}
		}})
		if r.Err != nil || r.Resign {
			t.Fatalf("move %d: %+v", i+1, r)
		}
		if !p.IsLegal(r.Move) {
			t.Fatalf("move %d: illegal %s", i+1, r.Move)
		}
		p.DoMove(r.Move)
	}
	if infos == 0 {
		t.Error("no progress reports")
	}
}

// TestClientStopsOnCancel: ending the context sends stop, and the move
// found so far comes back.
func TestClientStopsOnCancel(t *testing.T) {
	c := startFake(t, "kiki", ClientConfig{})
	if err := c.NewGame(); err != nil {
		t.Fatal(err)
	}
	p := game.NewStartPosition()
	ctx, cancel := context.WithCancel(context.Background())
	ch := c.Go(ctx, p, ai.Request{Limits: ai.Limits{Infinite: true}})
	time.Sleep(200 * time.Millisecond)
	cancel()
	select {
	case r := <-ch:
		if r.Err != nil || !p.IsLegal(r.Move) {
			t.Fatalf("after stop: %+v", r)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no answer to stop")
	}
}

// TestClientReportsMisbehaviour: every way an engine can fail comes back
// as an error that says what happened — never a hang, a panic or a move
// that is not legal.
func TestClientReportsMisbehaviour(t *testing.T) {
	for _, tc := range []struct {
		mode string
		want string
	}{
		{"crash", "out of memory"},
		{"silent", "no bestmove"},
		{"illegal", "illegal move"},
		{"win", "without the right"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			c := startFake(t, tc.mode, ClientConfig{Grace: 300 * time.Millisecond})
			if err := c.NewGame(); err != nil {
				t.Fatal(err)
			}
			p := game.NewStartPosition()
			var r ai.Result
			select {
			case r = <-c.Go(context.Background(), p, ai.Request{Limits: ai.Limits{MoveTime: 100 * time.Millisecond}}):
			case <-time.After(20 * time.Second):
				t.Fatal("no result")
			}
			if r.Err == nil || !strings.Contains(r.Err.Error(), tc.want) || !r.Resign || r.Move != game.NoMove {
				t.Fatalf("got %+v, want an error mentioning %q", r, tc.want)
			}
			if tc.mode == "crash" && !strings.Contains(r.Err.Error(), "exit status 3") {
				t.Errorf("no exit status in %q", r.Err)
			}
			// A failed engine says so at once afterwards.
			if tc.mode != "illegal" && tc.mode != "win" {
				if r2 := <-c.Go(context.Background(), p, ai.Request{Limits: ai.Limits{MoveTime: 100 * time.Millisecond}}); r2.Err == nil {
					t.Errorf("second go after failure: %+v", r2)
				}
			}
		})
	}
}

func TestClientNoUsiok(t *testing.T) {
	exe, _ := os.Executable()
	start := time.Now()
	_, err := StartEngine(ClientConfig{Path: exe, StartTimeout: 300 * time.Millisecond, Env: []string{"KIKI_FAKE_USI=no-usiok"}})
	if err == nil || !strings.Contains(err.Error(), "no usiok") {
		t.Fatalf("got %v", err)
	}
	if el := time.Since(start); el > 10*time.Second {
		t.Errorf("gave up after %v", el)
	}
}

func TestClientNotAProgram(t *testing.T) {
	_, err := StartEngine(ClientConfig{Path: "/nonexistent/engine"})
	if err == nil || !strings.Contains(err.Error(), "cannot start") {
		t.Fatalf("got %v", err)
	}
}

func TestClientOptions(t *testing.T) {
	c := startFake(t, "illegal", ClientConfig{})
	o, ok := c.Option("max depth")
	if !ok || o.Type != "spin" || o.Min != 1 || o.Max != 10 || o.Default != "5" {
		t.Fatalf("Max Depth: %+v %v", o, ok)
	}
	o, ok = c.Option("Style")
	if !ok || len(o.Vars) != 2 || o.Vars[1] != "Wild Things" {
		t.Fatalf("Style: %+v", o)
	}
	for _, bad := range [][2]string{{"Max Depth", "11"}, {"Max Depth", "x"}, {"Style", "Calm"}, {"Nope", "1"}, {"Style", "Normal\nquit"}} {
		if err := c.SetOption(bad[0], bad[1]); err == nil {
			t.Errorf("SetOption(%q, %q) accepted", bad[0], bad[1])
		}
	}
	if err := c.SetOption("Max Depth", "7"); err != nil {
		t.Error(err)
	}
}

func TestGoCommandLine(t *testing.T) {
	for _, tc := range []struct {
		l    ai.Limits
		want string
	}{
		{ai.Limits{}, "go infinite"},
		{ai.Limits{Infinite: true}, "go infinite"},
		// A fixed time is asked in the form every USI engine takes (gpsusi
		// dies on "go movetime").
		{ai.Limits{MoveTime: 1500 * time.Millisecond}, "go btime 0 wtime 0 byoyomi 1500"},
		{ai.Limits{BTime: 60 * time.Second, WTime: 30 * time.Second, Byoyomi: 10 * time.Second}, "go btime 60000 wtime 30000 byoyomi 10000"},
		{ai.Limits{Byoyomi: time.Second}, "go btime 0 wtime 0 byoyomi 1000"},
		{ai.Limits{BTime: time.Second, WTime: time.Second, BInc: 2 * time.Second, WInc: 2 * time.Second}, "go btime 1000 wtime 1000 binc 2000 winc 2000"},
		{ai.Limits{Depth: 8}, "go depth 8"},
		{ai.Limits{Nodes: 5000}, "go nodes 5000"},
		{ai.Limits{Ponder: true, Byoyomi: time.Second}, "go ponder btime 0 wtime 0 byoyomi 1000"},
	} {
		if got := goCommandLine(tc.l); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.l, got, tc.want)
		}
	}
}

func TestParseInfo(t *testing.T) {
	p := game.NewStartPosition()
	i := parseInfo(p, "info depth 12 seldepth 20 multipv 2 score cp -35 upperbound nodes 123456 nps 99000 time 1250 hashfull 17 pv 7g7f 3c3d 9z9z 2g2f", 0)
	if i.Depth != 12 || i.SelDepth != 20 || i.MultiPV != 2 || i.Score != -35 || !i.UpperBound() || i.Nodes != 123456 ||
		i.NPS != 99000 || i.Time != 1250*time.Millisecond || i.Hashfull != 17 || len(i.PV) != 2 {
		t.Errorf("%+v", i)
	}
	if i := parseInfo(p, "info string hello  world", 0); i.String != "hello world" {
		t.Errorf("string: %+v", i)
	}
	for _, tc := range []struct {
		kind, v string
		want    int
	}{
		{"mate", "5", ai.MateScore - 5}, {"mate", "-4", -(ai.MateScore - 4)}, {"mate", "+", ai.MateInMaxPly},
		{"mate", "-", -ai.MateInMaxPly}, {"cp", "99999999", ai.MateInMaxPly - 1}, {"cp", "x", 0}, {"lowerbound", "3", 0},
	} {
		if got := parseScore(tc.kind, tc.v); got != tc.want {
			t.Errorf("score %s %s: %d, want %d", tc.kind, tc.v, got, tc.want)
		}
	}
	// Nothing an engine sends may panic.
	for _, l := range []string{"info", "info depth", "info score", "info score cp", "info pv", "info multipv x nodes -5"} {
		_ = parseInfo(p, l, 0)
	}
}

// TestClientFairyStockfish plays a few moves against the real thing when
// it is installed (Debian: apt-get install fairy-stockfish).
func TestClientFairyStockfish(t *testing.T) {
	path, err := exec.LookPath("fairy-stockfish")
	if err != nil {
		if _, err2 := os.Stat("/usr/games/fairy-stockfish"); err2 != nil {
			t.Skip("fairy-stockfish is not installed (apt-get install fairy-stockfish); the fake engines above cover the client")
		}
		path = "/usr/games/fairy-stockfish"
	}
	c, err := StartEngine(ClientConfig{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, ok := c.Option("UCI_Variant"); ok {
		if err := c.SetOption("UCI_Variant", "shogi"); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.SetOption("Threads", "1"); err != nil {
		t.Fatal(err)
	}
	if err := c.NewGame(); err != nil {
		t.Fatal(err)
	}
	p := game.NewStartPosition()
	for i := 0; i < 6; i++ {
		r := <-c.Go(context.Background(), p, ai.Request{Limits: ai.Limits{MoveTime: 100 * time.Millisecond}})
		if r.Err != nil || !p.IsLegal(r.Move) {
			t.Fatalf("move %d: %+v", i+1, r)
		}
		p.DoMove(r.Move)
	}
	// With its own clock short and the other long, it keeps to its own
	// (it reads btime and wtime the other way round: clocksFor).
	start := time.Now()
	r := <-c.Go(context.Background(), p, ai.Request{Limits: ai.Limits{BTime: 1500 * time.Millisecond, WTime: 120 * time.Second, Byoyomi: 500 * time.Millisecond}})
	if took := time.Since(start); r.Err != nil || took > 2*time.Second {
		t.Errorf("先手 to move with 2 s of its own (1.5 s and a 0.5 s byoyomi) took %v (%v)", took, r.Err)
	}
}

// FuzzEngineLines: nothing an external engine writes — info, option or
// bestmove lines — makes the client panic or accept an illegal move.
func FuzzEngineLines(f *testing.F) {
	for _, s := range []string{"info depth 3 score cp 20 pv 7g7f 3c3d", "option name A B type spin default 1 min 0 max 9",
		"bestmove 7g7f ponder 3c3d", "bestmove P*5e", "bestmove win", "info score mate -", "option name type type"} {
		f.Add(s)
	}
	c := &Client{cfg: ClientConfig{Path: "fuzz"}}
	f.Fuzz(func(t *testing.T, l string) {
		p := game.NewStartPosition()
		_ = parseInfo(p, l, 0)
		_, _ = parseOptionLine(l)
		if strings.HasPrefix(l, "bestmove") {
			r := c.bestmove(p, l, ai.Info{})
			if r.Err == nil && !r.Resign && !p.IsLegal(r.Move) {
				t.Fatalf("%q: illegal %s accepted", l, r.Move)
			}
		}
	})
}
