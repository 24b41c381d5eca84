// Package fakeengine is a USI engine that misbehaves on purpose, for the
// tests of kiki's USI client and of the board that runs engines: each
// way an engine can go wrong (never ready, a flood of reports, garbage,
// a move that is illegal or unreadable, deaf to stop, dead in the middle
// of a game) is one mode, and "good" is the control that behaves.
//
// A test binary plays the engine itself: its TestMain calls Main first,
// and Path writes a script that starts the test binary again as the
// engine in a mode. Nothing outside tests imports this package.
package fakeengine

import (
	"bufio"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"kiki/game"
)

// The modes, given as the engine's first argument.
const (
	// Good plays the legal move that sorts first in USI at once (a go
	// infinite waits for stop), with one report before it.
	Good = "good"
	// SilentIsready answers usi, then never answers isready.
	SilentIsready = "silent-isready"
	// Flood sends reports as fast as the pipe takes them while it thinks
	// (tens of thousands a second), three candidates in turn, then a legal
	// move at stop or when its time is up.
	Flood = "flood"
	// Garbage mixes random bytes, invalid UTF-8, terminal escapes, unknown
	// commands and a line over 1 MiB into every answer, and otherwise
	// plays as Good.
	Garbage = "garbage"
	// IllegalBestmove answers go with a well-formed move that is not legal.
	IllegalBestmove = "illegal-bestmove"
	// MalformedBestmove answers go with "bestmove zz99".
	MalformedBestmove = "malformed-bestmove"
	// EmptyBestmove answers go with "bestmove" alone.
	EmptyBestmove = "empty-bestmove"
	// IgnoreStop reports once when asked to think, then never answers —
	// neither stop nor quit; it leaves only when killed (or a minute after
	// its input closes, so that a broken test leaves nothing behind).
	IgnoreStop = "ignore-stop"
	// DieMidgame plays as Good for a few searches (the second argument,
	// 2 when absent), then writes on stderr and exits with status 3 when
	// asked for the next.
	DieMidgame = "die-midgame"
)

// Modes is every mode, for tests that walk them all.
var Modes = []string{Good, SilentIsready, Flood, Garbage, IllegalBestmove, MalformedBestmove, EmptyBestmove, IgnoreStop, DieMidgame}

// DieStatus is the exit status of DieMidgame.
const DieStatus = 3

// DieWords is the last line DieMidgame writes on stderr.
const DieWords = "fake engine: out of memory (on purpose)"

const envVar = "KIKI_FAKE_ENGINE"

// Main plays the engine instead of running the tests when the test binary
// was started by a script of Path's; call it first in TestMain.
func Main() {
	if os.Getenv(envVar) == "" {
		return
	}
	os.Exit(Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Path writes a script in t.TempDir() that starts this test binary as the
// engine in mode (with args after it) and returns the script's path.
func Path(t testing.TB, mode string, args ...string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	words := []string{strconv.Quote(exe), mode}
	for _, a := range args {
		words = append(words, strconv.Quote(a))
	}
	path := filepath.Join(t.TempDir(), "fake-"+mode)
	script := fmt.Sprintf("#!/bin/sh\n%s=1 exec %s \"$@\"\n", envVar, strings.Join(words, " "))
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// Run plays the engine in the mode args[0] on in and out, and returns its
// exit status.
func Run(args []string, in io.Reader, out, errOut io.Writer) int {
	if len(args) == 0 || !slices.Contains(Modes, args[0]) {
		fmt.Fprintf(errOut, "fake engine: want one of %s\n", strings.Join(Modes, ", "))
		return 2
	}
	e := &engine{mode: args[0], dieAfter: 2, out: bufio.NewWriterSize(out, 64<<10), errOut: errOut,
		cmds: make(chan string, 64), rnd: rand.New(rand.NewSource(43)), pos: game.NewStartPosition()}
	if len(args) > 1 {
		if n, err := strconv.Atoi(args[1]); err == nil {
			e.dieAfter = n
		}
	}
	go func() {
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			e.cmds <- sc.Text()
		}
		close(e.cmds)
	}()
	return e.loop()
}

type engine struct {
	mode     string
	dieAfter int // DieMidgame: searches answered before dying
	searches int // go commands answered
	out      *bufio.Writer
	errOut   io.Writer
	cmds     chan string // the lines read, closed at the end of the input
	rnd      *rand.Rand
	pos      *game.Position
}

func (e *engine) say(lines ...string) {
	for _, l := range lines {
		e.out.WriteString(l)
		e.out.WriteByte('\n')
	}
	e.out.Flush()
}

// loop answers commands until quit or the end of the input.
func (e *engine) loop() int {
	for line := range e.cmds {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "usi":
			e.garbage()
			name := "Fake " + e.mode
			if e.mode == Garbage {
				name += "\x1b[2J\xff" // a name that would clear the screen
			}
			e.say("id name "+name, "id author kiki tests",
				"option name MultiPV type spin default 1 min 1 max 5", "usiok")
		case "isready":
			if e.mode == SilentIsready {
				continue
			}
			e.garbage()
			e.say("readyok")
		case "position":
			p, err := game.ParseUSIPosition(line)
			if err != nil {
				fmt.Fprintln(e.errOut, "fake engine: bad position:", err)
				return 2
			}
			e.pos = p
		case "go":
			if st, done := e.think(f[1:]); done {
				return st
			}
		case "quit":
			return 0
		}
	}
	return 0
}

// think answers a go command; done says the engine ends with status st.
func (e *engine) think(args []string) (st int, done bool) {
	e.searches++
	infinite := slices.Contains(args, "infinite") || slices.Contains(args, "ponder")
	switch e.mode {
	case IgnoreStop:
		e.say("info depth 1 score cp 0 pv " + e.best())
		e.deaf()
		return 0, true
	case DieMidgame:
		if e.searches > e.dieAfter {
			fmt.Fprintln(e.errOut, "fake engine: allocating the hash table")
			fmt.Fprintln(e.errOut, DieWords)
			return DieStatus, true
		}
	case Flood:
		return e.flood(infinite, thinkTime(args))
	case IllegalBestmove:
		e.say("info depth 1 score cp 0 pv "+e.best(), "bestmove "+e.illegal())
		return 0, false
	case MalformedBestmove:
		e.say("info depth 1 score cp 0 pv "+e.best(), "bestmove zz99")
		return 0, false
	case EmptyBestmove:
		e.say("info depth 1 score cp 0 pv "+e.best(), "bestmove")
		return 0, false
	case Garbage:
		e.garbage()
	}
	e.say(fmt.Sprintf("info depth 1 score cp %d pv %s", 12, e.best()))
	if infinite && !e.waitStop() {
		return 0, true
	}
	e.say("bestmove " + e.best())
	return 0, false
}

// waitStop waits for stop; false when quit or the end of the input came
// first.
func (e *engine) waitStop() bool {
	for line := range e.cmds {
		switch strings.TrimSpace(line) {
		case "stop":
			return true
		case "quit":
			return false
		}
	}
	return false
}

// flood reports without a pause until stop or the end of its time, then
// moves.
func (e *engine) flood(infinite bool, limit time.Duration) (int, bool) {
	var ml game.MoveList
	e.pos.LegalMoves(&ml)
	if ml.Len() == 0 {
		e.say("bestmove resign")
		return 0, false
	}
	var deadline <-chan time.Time
	if !infinite {
		deadline = time.After(max(limit-50*time.Millisecond, 10*time.Millisecond))
	}
	start := time.Now()
	for n := 0; ; n++ {
		k := n%3 + 1
		mv := ml.At((n + k) % ml.Len()).USI()
		fmt.Fprintf(e.out, "info depth %d seldepth %d multipv %d score cp %d nodes %d nps 1000000 time %d pv %s\n",
			1+n/3000, 2+n/3000, k, 50-10*k+n%7, n*100, time.Since(start).Milliseconds(), mv)
		if n%64 != 0 {
			continue
		}
		select {
		case line, ok := <-e.cmds:
			if !ok || strings.TrimSpace(line) == "quit" {
				e.out.Flush()
				return 0, true
			}
			if strings.TrimSpace(line) == "stop" {
				e.say("bestmove " + e.best())
				return 0, false
			}
		case <-deadline:
			e.say("bestmove " + e.best())
			return 0, false
		default:
		}
	}
}

// deaf reads and ignores everything; it leaves a minute after the input
// ends.
func (e *engine) deaf() {
	for range e.cmds {
	}
	time.Sleep(time.Minute)
}

// thinkTime is what a go command allows: its byoyomi or its main time
// (the fake's own side's is not worked out: the larger), else a second.
func thinkTime(args []string) time.Duration {
	var t time.Duration
	for i := 0; i+1 < len(args); i++ {
		switch args[i] {
		case "byoyomi", "movetime", "btime", "wtime":
			if ms, err := strconv.Atoi(args[i+1]); err == nil {
				t = max(t, time.Duration(ms)*time.Millisecond)
			}
		}
	}
	if t == 0 {
		return time.Second
	}
	return t
}

// best is the legal move that sorts first in USI, or resign.
func (e *engine) best() string {
	return First(e.pos)
}

// First is the legal move of p that sorts first in USI ("resign" when
// there is none): the move Good plays.
func First(p *game.Position) string {
	var ml game.MoveList
	p.LegalMoves(&ml)
	best := ""
	for _, mv := range ml.Slice() {
		if s := mv.USI(); best == "" || s < best {
			best = s
		}
	}
	if best == "" {
		return "resign"
	}
	return best
}

// illegal is a well-formed move that is not legal in the position.
func (e *engine) illegal() string {
	for _, s := range []string{"7g7f", "3c3d", "5e5d", "1a1b", "9i9h"} {
		if _, err := e.pos.ParseUSIMove(s); err != nil {
			return s
		}
	}
	return "5e5d"
}

// garbage writes, in Garbage mode, what no engine should: random bytes,
// invalid UTF-8, escapes that would clear a terminal or write its
// clipboard, commands nobody knows, half an info line, and one line over
// 1 MiB.
func (e *engine) garbage() {
	if e.mode != Garbage {
		return
	}
	b := make([]byte, 200)
	for i := range b {
		b[i] = byte(e.rnd.Intn(256))
		if b[i] == '\n' {
			b[i] = 0
		}
	}
	e.say(string(b), "\xff\xfe\xfd not utf-8 \xc3\x28", "\x1b[2J\x1b[31mred\x1b]52;c;aGVsbG8=\x07", "hello engine", "info score cp",
		"info string \x1b[2Jcleared \xff", "bestmovefoo", "readyokay", "usiokay", "option name", "id name")
	e.say(strings.Repeat("x", 1<<20+512*1024))
}
