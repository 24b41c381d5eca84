package usi

import (
	"errors"
	"testing"
	"time"

	"kiki/ai"
	"kiki/game"
)

func TestFormOf(t *testing.T) {
	cases := []struct {
		l    ai.Limits
		want Form
	}{
		{ai.Limits{Infinite: true}, FormInfinite},
		{ai.Limits{}, FormInfinite},
		{ai.Limits{Nodes: 5}, FormNodes},
		{ai.Limits{Depth: 5}, FormDepth},
		{ai.Limits{MoveTime: time.Second}, 0},
		{ai.Limits{Byoyomi: time.Second}, 0},
		{ai.Limits{BTime: time.Second, Nodes: 5}, 0},
		{ai.Limits{Ponder: true, BTime: time.Second}, 0},
	}
	for _, c := range cases {
		if got := FormOf(c.l); got != c.want {
			t.Errorf("%+v: form %v, want %v", c.l, got, c.want)
		}
	}
}

func TestFallback(t *testing.T) {
	all := Forms(0).With(FormNodes).With(FormDepth).With(FormInfinite)
	if l := Fallback(ai.Limits{Nodes: 3_000_000}, all); l.MoveTime != 3*time.Second || l.Nodes != 0 {
		t.Errorf("3M nodes refused → %+v", l)
	}
	if l := Fallback(ai.Limits{Nodes: 10}, all); l.MoveTime != fallbackMinTime {
		t.Errorf("10 nodes refused → %+v", l)
	}
	if l := Fallback(ai.Limits{Depth: 1000}, all); l.MoveTime != fallbackMaxTime {
		t.Errorf("depth 1000 refused → %+v", l)
	}
	if l := Fallback(ai.Limits{Nodes: 10}, Forms(0).With(FormDepth)); l.Nodes != 10 || l.MoveTime != 0 {
		t.Errorf("nodes taken, but rewritten: %+v", l)
	}
	if l := Fallback(ai.Limits{Infinite: true}, all); !l.Infinite {
		t.Errorf("infinite is the caller's to run as a series: %+v", l)
	}
	for _, l := range []ai.Limits{{Nodes: 1}, {Depth: 3}, {Nodes: 1 << 40}} {
		if f := FormOf(Fallback(l, all)); f != 0 {
			t.Errorf("%+v falls back to form %v, not a clock", l, f)
		}
	}
	if RollingTimes(0) != time.Second || RollingTimes(2) != 4*time.Second || RollingTimes(50) != fallbackMaxTime {
		t.Error("rolling times", RollingTimes(0), RollingTimes(2), RollingTimes(50))
	}
}

func TestFormsNames(t *testing.T) {
	s := Forms(0).With(FormDepth).With(FormInfinite)
	if got := s.String(); got != "infinite, depth" {
		t.Errorf("%q", got)
	}
	if ParseForms(append(s.Names(), "teleport")) != s {
		t.Error("names do not read back")
	}
	if Forms(0).Has(0) || s.Has(0) {
		t.Error("a clock is in no set")
	}
}

func TestRefused(t *testing.T) {
	died := ai.Result{Resign: true, Err: &EngineError{Status: "exit status 134"}}
	silent := ai.Result{Resign: true, Err: &EngineError{Timeout: time.Second}}
	searched := ai.Result{Depth: 4, Nodes: 100}
	cases := []struct {
		f    Form
		r    ai.Result
		want bool
	}{
		{FormNodes, died, true},
		{FormNodes, silent, false}, // still running: not a refusal but a hang
		{0, died, false},           // a crash on a clock is a crash
		{FormDepth, ai.Result{Resign: true, Err: errors.New("illegal move")}, false},
		{FormInfinite, ai.Result{Resign: true}, true},
		{FormInfinite, died, false}, // a crash, not a refusal
		{FormInfinite, ai.Result{Resign: true, Depth: 2}, false},
		{FormNodes, ai.Result{Resign: true}, false}, // a resignation, searched or not
		{FormNodes, searched, false},
	}
	for i, c := range cases {
		if got := Refused(c.f, c.r); got != c.want {
			t.Errorf("case %d: %v", i, got)
		}
	}
}

// Fairy-Stockfish reads btime and wtime the other way round: it is told
// the mover's time on both clocks; other engines get them as they are.
func TestFairyStockfishClocks(t *testing.T) {
	l := ai.Limits{BTime: 16 * time.Second, WTime: 60 * time.Second, Byoyomi: 10 * time.Second, BInc: 0}
	fsf := &Client{Name: "Fairy-Stockfish 11.1 LB 64"}
	if got := goCommandLine(fsf.clocksFor(game.Black, l)); got != "go btime 16000 wtime 16000 byoyomi 10000" {
		t.Errorf("fairy-stockfish, 先手 to move: %q", got)
	}
	if got := goCommandLine(fsf.clocksFor(game.White, l)); got != "go btime 60000 wtime 60000 byoyomi 10000" {
		t.Errorf("fairy-stockfish, 後手 to move: %q", got)
	}
	other := &Client{Name: "gpsshogi"}
	if got := goCommandLine(other.clocksFor(game.Black, l)); got != "go btime 16000 wtime 60000 byoyomi 10000" {
		t.Errorf("another engine: %q", got)
	}
}
