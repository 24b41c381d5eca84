package ui

import (
	"testing"
	"time"

	"kiki/game"
	"kiki/ui/match"
)

// The screen is redrawn every 200 ms only while a clock runs.
func TestTickOnlyWhileAClockRuns(t *testing.T) {
	m := newTestModel(testOptions())
	if m.Init() != nil {
		t.Fatal("a game without clocks starts a tick")
	}
	if _, cmd := m.Update(tickMsg(fixedNow())); cmd != nil || m.ticking {
		t.Fatal("a tick without clocks asks for another")
	}
	tc := timeControl{Kind: match.Byoyomi, Main: time.Minute, Byoyomi: 10 * time.Second}
	if _, cmd := m.Update(startGameMsg{start: game.NewStartPosition(), tc: tc}); cmd == nil || !m.ticking {
		t.Fatal("a game with clocks starts no tick")
	}
	// Only one tick is on its way at a time.
	if _, cmd := m.Update(tea0()); cmd != nil {
		t.Fatal("a second tick was started beside the first")
	}
	if _, cmd := m.Update(tickMsg(fixedNow())); cmd == nil || !m.ticking {
		t.Fatal("the tick stops while the clock runs")
	}
	m.Update(resignMsg{})
	if _, cmd := m.Update(tickMsg(fixedNow())); cmd != nil || m.ticking {
		t.Fatal("the tick goes on after the game ended")
	}
}

// tea0 is a message nothing answers.
func tea0() any { return struct{}{} }
