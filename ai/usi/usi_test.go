package usi

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"time"

	"kiki/ai/internal/stall"
	"kiki/game"
)

// engine drives a Session through pipes, as a GUI would.
type engine struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string // the engine's output, read by one goroutine
	done  chan error
}

func start(t *testing.T) *engine {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	e := &engine{t: t, in: inW, lines: make(chan string, 100000), done: make(chan error, 1)}
	go func() {
		e.done <- Run(inR, outW)
		outW.Close()
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	return e
}

func (e *engine) send(s string) {
	e.t.Helper()
	if _, err := io.WriteString(e.in, s+"\n"); err != nil {
		e.t.Fatal(err)
	}
}

// expect reads lines until one starts with prefix, within the timeout.
// The timeout guards against a hang, not a slow answer (time limits are
// tested where the machine's stalls are measured), so it is stretched
// tenfold: a loaded CI machine has run these tests ten times slower.
func (e *engine) expect(prefix string, timeout time.Duration) (string, []string) {
	e.t.Helper()
	var seen []string
	deadline := time.After(10 * timeout)
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				e.t.Fatalf("output ended while waiting for %q; saw %q", prefix, seen)
			}
			seen = append(seen, l)
			if strings.HasPrefix(l, prefix) {
				return l, seen
			}
		case <-deadline:
			e.t.Fatalf("no %q within %v; saw %q", prefix, 10*timeout, seen)
		}
	}
}

func TestProtocol(t *testing.T) {
	e := start(t)
	e.send("usi")
	_, lines := e.expect("usiok", 2*time.Second)
	text := strings.Join(lines, "\n")
	for _, want := range []string{"id name kiki", "option name USI_Hash type spin", "option name USI_Ponder type check", "option name Threads", "option name Level type spin default 10 min 1 max 10", "option name MultiPV"} {
		if !strings.Contains(text, want) {
			t.Errorf("usi answer lacks %q:\n%s", want, text)
		}
	}
	e.send("setoption name USI_Hash value 32")
	e.send("setoption name Threads value 2")
	e.send("isready")
	e.expect("readyok", 5*time.Second)
	e.send("usinewgame")

	// Malformed input is explained, never fatal.
	for _, bad := range []string{"frobnicate", "position startpos moves 7g7e", "setoption name Level value 11", "go depth x", "go byoyomi -5", "go btime", "go nodes 0", "go mate", "go mate soon", "position sfen garbage"} {
		e.send(bad)
		e.expect("info string", 2*time.Second)
	}

	e.send("position startpos moves 7g7f 3c3d")
	e.send("go depth 4")
	best, lines := e.expect("bestmove", 10*time.Second)
	checkBest(t, "startpos moves 7g7f 3c3d", best)
	var sawPV bool
	for _, l := range lines {
		if strings.HasPrefix(l, "info depth") {
			for _, f := range []string{" seldepth ", " score ", " nodes ", " nps ", " hashfull ", " time ", " pv "} {
				if !strings.Contains(l, f) {
					t.Errorf("info line without%s: %s", f, l)
				}
			}
			sawPV = true
		}
	}
	if !sawPV {
		t.Error("no info lines")
	}

	// Byoyomi: answered in time.
	e.send("position startpos")
	w := stall.Start()
	start := time.Now()
	e.send("go btime 0 wtime 0 byoyomi 1000")
	best, _ = e.expect("bestmove", 3*time.Second)
	el := time.Since(start)
	if lost := w.Stop(); el-lost > time.Second+50*time.Millisecond {
		t.Errorf("byoyomi 1000 answered after %v (the machine stalled %v)", el, lost)
	}
	checkBest(t, "startpos", best)

	// Fischer and nodes and movetime.
	for _, g := range []string{"go btime 30000 wtime 30000 binc 1000 winc 1000", "go nodes 20000", "go movetime 300"} {
		e.send("position startpos moves 2g2f")
		e.send(g)
		best, _ = e.expect("bestmove", 5*time.Second)
		checkBest(t, "startpos moves 2g2f", best)
	}

	// Infinite until stop; ponder until ponderhit then normal timing.
	e.send("go infinite")
	time.Sleep(200 * time.Millisecond)
	e.send("stop")
	e.expect("bestmove", time.Second)
	e.send("position startpos moves 7g7f")
	e.send("go ponder btime 0 wtime 0 byoyomi 500")
	time.Sleep(300 * time.Millisecond)
	e.send("ponderhit")
	e.expect("bestmove", 2*time.Second)

	// Mate search.
	e.send("position sfen k8/9/K8/9/9/9/9/9/9 b G2r2b3g4s4n4l18p 1")
	e.send("go mate 2000")
	if l, _ := e.expect("checkmate", 3*time.Second); l != "checkmate G*8b" && l != "checkmate G*9b" {
		t.Errorf("mate: %q", l)
	}
	e.send("position sfen 8k/9/9/9/9/9/9/9/9 b Rr2b4g4s4n4l18p 1")
	e.send("go mate infinite")
	if l, _ := e.expect("checkmate", 3*time.Second); l != "checkmate nomate" {
		t.Errorf("nomate: %q", l)
	}
	e.send("position sfen 1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1")
	e.send("go mate 100")
	if l, _ := e.expect("checkmate", 3*time.Second); l != "checkmate timeout" {
		t.Errorf("timeout: %q", l)
	}

	// Declaration.
	e.send("position sfen +L+NSG1GS+N+L/4K4/PPPPPPPPP/9/9/9/9/9/4k4 b RBP 1")
	e.send("go byoyomi 1000")
	if l, _ := e.expect("bestmove", 2*time.Second); l != "bestmove win" {
		t.Errorf("declaration: %q", l)
	}
	e.send("gameover win")
	e.send("quit")
	select {
	case <-e.done:
	case <-time.After(2 * time.Second):
		t.Fatal("quit did not end the session")
	}
}

func TestEndOfInputEndsSession(t *testing.T) {
	e := start(t)
	e.send("position startpos")
	e.send("go infinite")
	time.Sleep(100 * time.Millisecond)
	e.in.Close()
	// The search is stopped and its bestmove still written.
	e.expect("bestmove", 2*time.Second)
	select {
	case <-e.done:
	case <-time.After(2 * time.Second):
		t.Fatal("closing the input did not end the session")
	}
}

func checkBest(t *testing.T, pos, line string) {
	t.Helper()
	p, err := game.ParseUSIPosition("position " + pos)
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(line)
	if len(f) < 2 {
		t.Fatalf("bad bestmove %q", line)
	}
	m, err := p.ParseUSIMove(f[1])
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	if len(f) == 4 && f[2] == "ponder" {
		p.DoMove(m)
		if _, err := p.ParseUSIMove(f[3]); err != nil {
			t.Errorf("ponder move: %v", err)
		}
	}
}
