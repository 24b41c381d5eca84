package ai

import (
	"context"
	"testing"
	"time"

	"kiki/game"
)

// TestRequestStartIsTheClock checks that a search counts its time from
// Request.Start (a USI go command's arrival, before a wait for the table
// to be cleared), not from the call: the time it reports includes what
// passed before, and a move time already used up gives the shortest
// search (one iteration) instead of a full one.
func TestRequestStartIsTheClock(t *testing.T) {
	e := NewEngine(16)
	var first time.Duration
	r := <-e.Go(context.Background(), game.NewStartPosition(), Request{
		Limits: Limits{Depth: 1},
		Start:  time.Now().Add(-10 * time.Second),
		Info: func(i Info) {
			if first == 0 && i.String == "" {
				first = i.Time
			}
		},
	})
	if r.Move == game.NoMove {
		t.Fatal("no move")
	}
	if first < 10*time.Second {
		t.Errorf("the search reported %v, want at least the 10 s since its Start", first)
	}
	var depth int
	r = <-e.Go(context.Background(), game.NewStartPosition(), Request{
		Limits: Limits{MoveTime: 5 * time.Second},
		Start:  time.Now().Add(-time.Minute),
		Info: func(i Info) {
			if i.String == "" {
				depth = max(depth, i.Depth)
			}
		},
	})
	if r.Move == game.NoMove || depth > 1 {
		t.Errorf("with its move time used up before the call the search went to depth %d (move %v), want one iteration", depth, r.Move)
	}
}
