package ui

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

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

// An idle board (start position, no clock, no search) answers what the
// terminal sends with no tick: nothing wakes it until the next key. Once
// a game with clocks starts, the tick it schedules arrives as a tickMsg.
func TestIdleBoardSchedulesNoTick(t *testing.T) {
	m := newTestModel(testOptions())
	if yieldsTick(m.Init()) {
		t.Fatal("an idle board starts a tick")
	}
	idle := []tea.Msg{
		tea.WindowSizeMsg{Width: 120, Height: 40},
		stormKey("l"), stormKey("k"), stormKey("h"), stormKey("j"),
		stormKey("?"), stormKey("?"), stormKey("esc"),
		tea.FocusMsg{}, tea.BlurMsg{},
	}
	for _, msg := range idle {
		_, cmd := m.Update(msg)
		if m.ticking || yieldsTick(cmd) {
			t.Fatalf("after %#v an idle board schedules a tick", msg)
		}
	}
	tc := timeControl{Kind: match.Byoyomi, Main: time.Minute, Byoyomi: 10 * time.Second}
	if _, cmd := m.Update(startGameMsg{start: game.NewStartPosition(), tc: tc}); !yieldsTick(cmd) {
		t.Fatal("a running clock schedules no tick")
	}
}

// yieldsTick runs cmd (and the commands of a batch) as Bubble Tea would
// and says whether one answers with a tickMsg. A command still running
// after twice the tick's period is waiting on something else (a search,
// the disk) and is not a tick.
func yieldsTick(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	got := make(chan tea.Msg, 1)
	go func() { got <- cmd() }()
	select {
	case msg := <-got:
		switch msg := msg.(type) {
		case tickMsg:
			return true
		case tea.BatchMsg:
			for _, c := range msg {
				if yieldsTick(c) {
					return true
				}
			}
		}
	case <-time.After(400 * time.Millisecond):
	}
	return false
}

// tea0 is a message nothing answers.
func tea0() any { return struct{}{} }
