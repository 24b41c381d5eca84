package ui

import (
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
)

// infoEvery is the least time between two reports of a search's progress
// to the screen: at most 20 a second, whatever the engine sends. An
// external engine may send tens of thousands of info lines a second; one
// message each would keep the event loop drawing reports, and the keys
// would wait behind them.
const infoEvery = 50 * time.Millisecond

// infoThrottle gathers a search's progress reports between two messages
// to the screen, keeping only the latest of each kind: the headline
// (MultiPV 0 or 1), each other candidate line, and an info string.
type infoThrottle struct {
	mu      sync.Mutex
	events  chan tea.Msg
	gen     int
	pending []ai.Info // the latest of each kind, oldest first
	timer   *time.Timer
	last    time.Time // when the last message went
	closed  bool
	got     int // reports received (tests)
	sent    int // messages sent (tests)
}

func newInfoThrottle(events chan tea.Msg, gen int) *infoThrottle {
	return &infoThrottle{events: events, gen: gen}
}

// infoSlot is the kind of a report: its MultiPV, or -1 for a string.
func infoSlot(i ai.Info) int {
	if i.String != "" {
		return -1
	}
	return i.MultiPV
}

// add takes a report of the search (from its goroutine).
func (t *infoThrottle) add(i ai.Info) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return
	}
	t.got++
	for k, p := range t.pending {
		if infoSlot(p) == infoSlot(i) {
			t.pending = append(t.pending[:k], t.pending[k+1:]...)
			break
		}
	}
	t.pending = append(t.pending, i) // the latest last: the headline shown is the newest
	if t.timer != nil {
		return // a message is due
	}
	if wait := infoEvery - time.Since(t.last); wait > 0 {
		t.timer = time.AfterFunc(wait, t.flush)
		return
	}
	t.sendLocked()
}

func (t *infoThrottle) flush() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.timer = nil
	if !t.closed {
		t.sendLocked()
	}
}

// sendLocked passes the pending reports on, unless the screen has not
// taken the earlier ones yet: then they wait for the next turn.
func (t *infoThrottle) sendLocked() {
	if len(t.pending) == 0 {
		return
	}
	select {
	case t.events <- aiInfoMsg{gen: t.gen, infos: t.pending, ch: t.events}:
		t.pending, t.last = nil, time.Now()
		t.sent++
	default:
		t.timer = time.AfterFunc(infoEvery, t.flush)
	}
}

// finish sends what is pending, before the search's result: the screen
// shows the search's last report. Nothing is taken afterwards.
func (t *infoThrottle) finish() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.closed = true
	if t.timer != nil {
		t.timer.Stop()
		t.timer = nil
	}
	if len(t.pending) > 0 {
		select {
		case t.events <- aiInfoMsg{gen: t.gen, infos: t.pending, ch: t.events}:
			t.sent++
		case <-time.After(time.Minute):
		}
		t.pending = nil
	}
}

// counts is the reports received and the messages sent so far.
func (t *infoThrottle) counts() (got, sent int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.got, t.sent
}
