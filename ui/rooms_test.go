package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/kif"
	"kiki/ui/widget"
)

// drillModel is a model whose data folder keeps one problem, made from
// handGame's missed mate, with handGame's record on screen.
func drillModel(t *testing.T) *Model {
	t.Helper()
	o := testOptions()
	o.DataDir = t.TempDir()
	m := New(o)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.s = handGame(t)
	press(m, "T")
	drive(t, m, keyCmd(m, "b"), func() bool { return !m.review.running && strings.Contains(m.message, "new problems") }, 60*time.Second)
	return m
}

// q in the drill asks about the record under it when that has unsaved
// moves, as it does in the practice and the lesson; saving leaves the
// drill first, so the record saved is that one.
func TestQuitFromDrillAsksForTheRecordUnder(t *testing.T) {
	m := drillModel(t)
	m.s.dirty = true
	under := m.s
	press(m, "T")
	drive(t, m, keyCmd(m, "p"), func() bool { return m.drill() != nil }, 5*time.Second)
	press(m, "q")
	d, ok := m.dialog.(*widget.Choice)
	if m.quitting || !ok || !strings.Contains(d.Question, "unsaved") {
		t.Fatalf("q in the drill over an unsaved record: quitting %v, dialog %T %+v", m.quitting, m.dialog, m.dialog)
	}
	press(m, "n")
	if m.drill() == nil || m.quitting {
		t.Fatal("cancelling the question left the drill")
	}
	path := filepath.Join(t.TempDir(), "under.kif")
	under.path = path
	press(m, "q", "s")
	if m.drill() != nil || m.s != under || !m.quitting {
		t.Fatalf("save and quit: drill open %v, record on screen %v, quitting %v", m.drill() != nil, m.s == under, m.quitting)
	}
	if r, err := kif.ReadFile(path); err != nil || len(r.MainMoves()) != 2 {
		t.Fatalf("the record under the drill was not saved: %v", err)
	}
}

// The drill is not opened over a game being played, as the practice and
// the lesson are not: the game and its clock would go on unseen.
func TestDrillRefusedDuringGame(t *testing.T) {
	m := drillModel(t)
	game := m.s
	game.playing = true
	press(m, "T")
	if d, ok := m.dialog.(*widget.Choice); ok {
		if a, _ := d.Update(key1("p")); a != nil {
			m.dialog = nil
			m.Update(a)
		}
	}
	if m.drill() != nil || m.s != game || !strings.Contains(m.message, "during a game") {
		t.Fatalf("T p during a game: drill %v, message %q", m.drill() != nil, m.message)
	}
}

// A finished game not yet saved stays in the recovery file while a room
// (here the practice) shows other positions over it.
func TestRecoveryKeepsTheGameUnderARoom(t *testing.T) {
	o := testOptions()
	o.RecoveryFile = filepath.Join(t.TempDir(), "data", "recovered.kifu")
	m := newTestModel(o)
	press(m, ":", "7g7f", "enter")
	settleRecovery(m)
	if _, err := os.Stat(o.RecoveryFile); err != nil {
		t.Fatalf("no recovery file after a move: %v", err)
	}
	press(m, "x", "y")
	settleRecovery(m)
	g := m.s
	drive(t, m, keyCmd(m, "t"), func() bool { return m.practice() != nil && m.practice().loaded }, 30*time.Second)
	settleRecovery(m)
	if m.practice() == nil || m.s == g {
		t.Fatalf("t over a finished game: no practice (%q)", m.message)
	}
	if r, err := kif.ReadFile(o.RecoveryFile); err != nil || len(r.MainMoves()) < 1 {
		t.Fatalf("the practice dropped the finished game's recovery file: %v", err)
	}
	stopWork(m)
}

// The same under the position editor, which shows the position being set
// up as a session of its own.
func TestRecoveryKeepsTheGameUnderTheEditor(t *testing.T) {
	o := testOptions()
	o.RecoveryFile = filepath.Join(t.TempDir(), "data", "recovered.kifu")
	m := newTestModel(o)
	press(m, ":", "7g7f", "enter", "x", "y")
	settleRecovery(m)
	press(m, "b", "1", "right", "1")
	settleRecovery(m)
	if !m.editing() {
		t.Fatalf("no editor (%q)", m.message)
	}
	if r, err := kif.ReadFile(o.RecoveryFile); err != nil || len(r.MainMoves()) < 1 {
		t.Fatalf("the editor dropped the finished game's recovery file: %v", err)
	}
}
