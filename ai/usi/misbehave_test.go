package usi

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"kiki/ai"
	"kiki/ai/usi/fakeengine"
	"kiki/game"
)

// The engines of kiki/ai/usi/fakeengine, each misbehaving in one way,
// against the client: each failure comes back as an EngineError saying
// what the engine did, within the time allowed and no later, and the
// process is gone afterwards with no goroutine of the client left behind.

// fakeTimes are the limits the tests give engines: a short grace, and
// time enough to start under the race detector.
var fakeTimes = ClientConfig{StartTimeout: 5 * time.Second, Grace: 300 * time.Millisecond}

// startMisbehaving starts the fake engine in mode with fakeTimes,
// checking afterwards that nothing of it is left.
func startMisbehaving(t *testing.T, mode string) *Client {
	t.Helper()
	return startMisbehavingWith(t, fakeTimes, mode)
}

// startMisbehavingWith is startMisbehaving with the limits of cfg.
func startMisbehavingWith(t *testing.T, cfg ClientConfig, mode string) *Client {
	t.Helper()
	before := runtime.NumGoroutine()
	cfg.Path = fakeengine.Path(t, mode)
	c, err := StartEngine(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = c.Close()
		assertGone(t, c)
		// The reader, the waiter and any search are over.
		deadline := time.Now().Add(3 * time.Second)
		for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if n := runtime.NumGoroutine(); n > before {
			buf := make([]byte, 1<<16)
			t.Errorf("%d goroutines left (%d before):\n%s", n, before, buf[:runtime.Stack(buf, true)])
		}
	})
	return c
}

// assertGone checks that the engine's process has ended and been reaped.
func assertGone(t *testing.T, c *Client) {
	t.Helper()
	select {
	case <-c.Gone():
	case <-time.After(3 * time.Second):
		t.Fatal("the engine's process is still there")
	}
	// Reaped: the id names no process, not even a zombie.
	if err := syscall.Kill(c.cmd.Process.Pid, 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("process %d: kill 0 gives %v, want ESRCH", c.cmd.Process.Pid, err)
	}
}

// engineError is err as an EngineError of kind k, whose message holds
// every one of want.
func engineError(t *testing.T, err error, k Failure, want ...string) *EngineError {
	t.Helper()
	var ee *EngineError
	if !errors.As(err, &ee) {
		t.Fatalf("got %v (%T), want an EngineError", err, err)
	}
	if ee.Kind != k {
		t.Errorf("kind %d, want %d: %v", ee.Kind, k, err)
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("%q does not say %q", err, w)
		}
	}
	return ee
}

// goWithin runs a search and returns its result, failing the test when
// it takes longer than limit.
func goWithin(t *testing.T, c *Client, ctx context.Context, p *game.Position, r ai.Request, limit time.Duration) (ai.Result, time.Duration) {
	t.Helper()
	start := time.Now()
	select {
	case res := <-c.Go(ctx, p, r):
		return res, time.Since(start)
	case <-time.After(limit):
		t.Fatalf("no answer within %v", limit)
	}
	return ai.Result{}, 0
}

func TestFakeGoodPlays(t *testing.T) {
	c := startMisbehaving(t, fakeengine.Good)
	if err := c.NewGame(); err != nil {
		t.Fatal(err)
	}
	p := game.NewStartPosition()
	for i := 0; i < 4; i++ {
		r, _ := goWithin(t, c, context.Background(), p, ai.Request{Limits: ai.Limits{MoveTime: 100 * time.Millisecond}}, 5*time.Second)
		if r.Err != nil || r.Move.USI() != fakeengine.First(p) {
			t.Fatalf("move %d: %+v, want %s", i+1, r, fakeengine.First(p))
		}
		p.DoMove(r.Move)
	}
}

// An engine that never answers isready: NewGame says so after
// StartTimeout, and the engine is killed at once.
func TestFakeSilentIsready(t *testing.T) {
	cfg := fakeTimes
	cfg.StartTimeout = 400 * time.Millisecond
	c := startMisbehavingWith(t, cfg, fakeengine.SilentIsready)
	start := time.Now()
	err := c.NewGame()
	el := time.Since(start)
	ee := engineError(t, err, Silent, "no readyok after isready within 400ms", "Fake silent-isready")
	if ee.Timeout != cfg.StartTimeout || ee.Waiting != WaitingReady {
		t.Errorf("%+v", ee)
	}
	if el < cfg.StartTimeout || el > cfg.StartTimeout+2*time.Second {
		t.Errorf("gave up after %v, want %v", el, cfg.StartTimeout)
	}
	// Killed without a Close.
	assertGone(t, c)
	if err := c.Ready(); err == nil {
		t.Error("a second isready to the failed engine got no error")
	}
}

// A flood of reports (thousands a second) is read as fast as it comes,
// and the move still comes at the time, or at stop.
func TestFakeFlood(t *testing.T) {
	c := startMisbehaving(t, fakeengine.Flood)
	if err := c.NewGame(); err != nil {
		t.Fatal(err)
	}
	p := game.NewStartPosition()
	infos := 0
	count := func(ai.Info) { infos++ }
	r, el := goWithin(t, c, context.Background(), p, ai.Request{Limits: ai.Limits{MoveTime: 500 * time.Millisecond}, Info: count}, 5*time.Second)
	if r.Err != nil || !p.IsLegal(r.Move) {
		t.Fatalf("%+v", r)
	}
	rate := float64(infos) / el.Seconds()
	t.Logf("%d reports in %v: %.0f a second", infos, el, rate)
	if rate < 2000 {
		t.Errorf("%.0f reports a second: not a flood", rate)
	}
	// go infinite, then stop: the move comes (within the grace, or it
	// would be an error).
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	infos = 0
	r, _ = goWithin(t, c, ctx, p, ai.Request{Limits: ai.Limits{Infinite: true}, Info: count}, 5*time.Second)
	if r.Err != nil || !p.IsLegal(r.Move) || infos == 0 {
		t.Fatalf("after stop: %+v (%d reports)", r, infos)
	}
}

// Garbage (random bytes, escapes, invalid UTF-8, lines over 1 MiB) in
// every answer is read past: the engine plays, and nothing it sent
// reaches kiki with a control character or invalid UTF-8.
func TestFakeGarbage(t *testing.T) {
	c := startMisbehaving(t, fakeengine.Garbage)
	if !strings.HasPrefix(c.Name, "Fake garbage") || !printable(c.Name) {
		t.Errorf("name %q", c.Name)
	}
	if err := c.NewGame(); err != nil {
		t.Fatal(err)
	}
	p := game.NewStartPosition()
	var strs []string
	for i := 0; i < 2; i++ {
		r, _ := goWithin(t, c, context.Background(), p, ai.Request{Limits: ai.Limits{MoveTime: 100 * time.Millisecond}, Info: func(i ai.Info) {
			if i.String != "" {
				strs = append(strs, i.String)
			}
		}}, 5*time.Second)
		if r.Err != nil || r.Move.USI() != fakeengine.First(p) {
			t.Fatalf("move %d: %+v", i+1, r)
		}
		p.DoMove(r.Move)
	}
	if len(strs) == 0 {
		t.Fatal("the info string did not come")
	}
	for _, s := range strs {
		if !printable(s) || !strings.Contains(s, "cleared") {
			t.Errorf("info string %q", s)
		}
	}
}

func printable(s string) bool {
	return utf8.ValidString(s) && strings.IndexFunc(s, unicode.IsControl) < 0
}

// A well-formed move that is not legal is refused, named.
func TestFakeIllegalBestmove(t *testing.T) {
	c := startMisbehaving(t, fakeengine.IllegalBestmove)
	if err := c.NewGame(); err != nil {
		t.Fatal(err)
	}
	p := game.NewStartPosition()
	r, _ := goWithin(t, c, context.Background(), p, ai.Request{Limits: ai.Limits{MoveTime: 100 * time.Millisecond}}, 5*time.Second)
	if !r.Resign || r.Move != game.NoMove {
		t.Errorf("%+v", r)
	}
	ee := engineError(t, r.Err, Illegal, "illegal move", `"3c3d"`, "Fake illegal-bestmove")
	if ee.Sent != "3c3d" {
		t.Errorf("sent %q", ee.Sent)
	}
}

// "bestmove zz99" and "bestmove" alone are refused as unreadable.
func TestFakeMalformedBestmove(t *testing.T) {
	for mode, want := range map[string]string{fakeengine.MalformedBestmove: `not USI: "zz99"`, fakeengine.EmptyBestmove: `"bestmove" names no move`} {
		t.Run(mode, func(t *testing.T) {
			c := startMisbehaving(t, mode)
			if err := c.NewGame(); err != nil {
				t.Fatal(err)
			}
			r, _ := goWithin(t, c, context.Background(), game.NewStartPosition(), ai.Request{Limits: ai.Limits{MoveTime: 100 * time.Millisecond}}, 5*time.Second)
			if !r.Resign || r.Move != game.NoMove {
				t.Errorf("%+v", r)
			}
			engineError(t, r.Err, Malformed, want)
		})
	}
}

// An engine deaf to stop is given up Grace after stop, and killed; one
// that lets its time pass, Grace after its time.
func TestFakeIgnoreStop(t *testing.T) {
	t.Run("stop", func(t *testing.T) {
		c := startMisbehaving(t, fakeengine.IgnoreStop)
		if err := c.NewGame(); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(100*time.Millisecond, cancel)
		r, el := goWithin(t, c, ctx, game.NewStartPosition(), ai.Request{Limits: ai.Limits{Infinite: true}}, 5*time.Second)
		ee := engineError(t, r.Err, Silent, "no bestmove within 300ms after stop")
		if ee.Waiting != WaitingAfterStop || el < 100*time.Millisecond+fakeTimes.Grace || el > 5*time.Second {
			t.Errorf("%+v after %v", ee, el)
		}
		assertGone(t, c) // killed, before any Close
	})
	t.Run("time", func(t *testing.T) {
		c := startMisbehaving(t, fakeengine.IgnoreStop)
		if err := c.NewGame(); err != nil {
			t.Fatal(err)
		}
		r, el := goWithin(t, c, context.Background(), game.NewStartPosition(), ai.Request{Limits: ai.Limits{MoveTime: 100 * time.Millisecond}}, 5*time.Second)
		ee := engineError(t, r.Err, Silent, "no bestmove within 300ms past its time (100ms)")
		if ee.Waiting != WaitingInTime || el < 100*time.Millisecond+fakeTimes.Grace || el > 5*time.Second {
			t.Errorf("%+v after %v", ee, el)
		}
		assertGone(t, c)
	})
}

// An engine that dies in the middle of a game: its exit status and its
// last words on stderr.
func TestFakeDieMidgame(t *testing.T) {
	c := startMisbehaving(t, fakeengine.DieMidgame)
	if err := c.NewGame(); err != nil {
		t.Fatal(err)
	}
	p := game.NewStartPosition()
	for i := 0; ; i++ {
		r, _ := goWithin(t, c, context.Background(), p, ai.Request{Limits: ai.Limits{MoveTime: 100 * time.Millisecond}}, 5*time.Second)
		if i < 2 {
			if r.Err != nil {
				t.Fatalf("move %d: %v", i+1, r.Err)
			}
			p.DoMove(r.Move)
			continue
		}
		ee := engineError(t, r.Err, Exited, "exit status 3", fakeengine.DieWords)
		if ee.Status != "exit status 3" || len(ee.StderrLines(2)) != 2 {
			t.Errorf("%+v", ee)
		}
		break
	}
	assertGone(t, c)
}

// Lines are made readable, and nothing is lost of a plain one.
func TestClean(t *testing.T) {
	for in, want := range map[string]string{
		"info depth 3 pv 7g7f\r\n":   "info depth 3 pv 7g7f",
		"id name 技巧\n":               "id name 技巧",
		"a\x1b[2Jb\tc\x07\n":         "a[2Jb c",
		"\xff\xfeok\xc3\x28":         "\uFFFDok\uFFFD(",
		"x\u0085y\u009bz":            "xyz",
		"info string  two  spaces\n": "info string  two  spaces",
	} {
		if got := clean([]byte(in)); got != want {
			t.Errorf("clean(%q) = %q, want %q", in, got, want)
		}
	}
}
