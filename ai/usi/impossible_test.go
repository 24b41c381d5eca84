package usi

import (
	"strings"
	"testing"
	"time"
)

// TestImpossiblePositionIgnored: a position in which the side not to move
// is in check is answered with an info string and ignored; go then
// searches the last good position, and nothing panics.
func TestImpossiblePositionIgnored(t *testing.T) {
	e := start(t)
	e.send("isready")
	e.expect("readyok", 5*time.Second)
	for _, sfen := range []string{"4k4/9/9/9/9/9/9/4R4/4K4 b - 1", "9/9/9/9/4k4/4K4/9/9/9 b - 1", "9/9/4k4/4P4/9/9/9/9/4K4 b - 1"} {
		e.send("position startpos moves 7g7f")
		e.send("position sfen " + sfen)
		l, _ := e.expect("info string", 2*time.Second)
		if !strings.Contains(l, "ignored") || !strings.Contains(l, "in check") {
			t.Errorf("%s: %q", sfen, l)
		}
		e.send("go depth 2")
		best, _ := e.expect("bestmove", 10*time.Second)
		checkBest(t, "startpos moves 7g7f", best)
		e.send("go mate 1000")
		e.expect("checkmate", 5*time.Second)
	}
	e.send("quit")
	if err := <-e.done; err != nil {
		t.Fatal(err)
	}
}
