package ui

import (
	"os"
	"path/filepath"
	"slices"
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
	if m.quitting || !ok || !strings.Contains(d.Question, "the record under this screen: unsaved") {
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
// the lesson are not: the game and its clock would go on unseen. T does
// not offer it then, and the drill itself refuses.
func TestDrillRefusedDuringGame(t *testing.T) {
	m := drillModel(t)
	game := m.s
	game.playing = true
	press(m, "T")
	if d, ok := m.dialog.(*widget.Choice); !ok || strings.Contains(d.View(&th, 5), "practise") {
		t.Fatalf("T during a game offers to practise: %T", m.dialog)
	}
	m.dialog = nil
	m.startDrill()
	if m.drill() != nil || m.s != game || !strings.Contains(m.message, "during a game") {
		t.Fatalf("the drill during a game: drill %v, message %q", m.drill() != nil, m.message)
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

// What was at work on the board when a room opened goes on when it
// closes: the whole-game analysis from where it was (the positions
// already evaluated kept), and the continuous analysis.
func TestRoomResumesTheWorkUnder(t *testing.T) {
	o := testOptions()
	o.Record = record60(t)
	m := newTestModel(o)
	drive(t, m, keyCmd(m, "A"), func() bool { return m.analysis.Done >= 5 }, 30*time.Second)
	first := m.analysis.Results[m.analysis.Line[0]]
	press(m, "b")
	if m.edit() == nil || m.analysis.Running {
		t.Fatalf("b: editor %v, analysis running %v", m.edit() != nil, m.analysis.Running)
	}
	drive(t, m, keyCmd(m, "esc"), func() bool { return m.analysis.Finished }, 60*time.Second)
	if n := len(m.analysis.Results); n != 61 || m.analysis.Running {
		t.Fatalf("after the editor: %d of 61 positions evaluated, running %v", n, m.analysis.Running)
	}
	if got := m.analysis.Results[m.analysis.Line[0]]; got.Score != first.Score || got.Best != first.Best {
		t.Errorf("the first position was evaluated again: %+v, was %+v", got, first)
	}
	stopWork(m)

	m = newTestModel(testOptions())
	press(m, "a")
	if !m.analysis.On || !m.ai.thinking {
		t.Fatalf("a: analysis %v, thinking %v", m.analysis.On, m.ai.thinking)
	}
	press(m, "b")
	cmd := keyCmd(m, "esc")
	if m.edit() != nil || !m.analysis.On || !m.ai.thinking || m.ai.purpose != purposeAnalysis || cmd == nil {
		t.Fatalf("after the editor: analysis %v, thinking %v (%v)", m.analysis.On, m.ai.thinking, m.ai.purpose)
	}
	stopWork(m)
}

// A game against the AI is being played from its first move: the AI to
// move (or a clock running) refuses a room as a move played does, and
// the AI is not left waiting.
func TestRoomRefusedBeforeTheFirstMoveOfAGame(t *testing.T) {
	o := testOptions()
	o.Players = [2]bool{true, false}
	m := newTestModel(o)
	if !m.s.playing || !m.s.aiToMove() {
		t.Fatal("the test options did not start a game with the AI to move")
	}
	for _, k := range []string{"t", "L", "b"} {
		press(m, k)
		if m.room != nil || !strings.Contains(m.message, "during a game") {
			t.Errorf("%s with the AI to move at move 0: room %T, message %q", k, m.room, m.message)
		}
	}
	stopWork(m)
}

// The drill keeps its question in view: a cursor key clears the message
// that asked it, not the status line.
func TestDrillKeepsItsQuestion(t *testing.T) {
	m := drillModel(t)
	press(m, "T")
	drive(t, m, keyCmd(m, "p"), func() bool { return m.drill() != nil }, 5*time.Second)
	press(m, "left", "up")
	if v := stripANSI(m.View()); !strings.Contains(v, "problem 1/1: a mate was there: find it") {
		t.Errorf("the question left the screen after a key:\n%s", v)
	}
}

// At 80×24 the editor's panel says where the numbers put pieces whole,
// wrapped rather than cut; and a file the library cannot read says why
// whole under the list.
func TestRoomTextsWrapNotCut(t *testing.T) {
	m := newTestModel(testOptions())
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	press(m, "b")
	v := stripANSI(m.View())
	if !strings.Contains(strings.Join(strings.Fields(v), " "), "pieces") {
		t.Errorf("the editor's target line is cut at 80 columns:\n%s", v)
	}
	checkFits(t, m, 80, 24)

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "broken.kif"), []byte("nothing a record holds\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	o := testOptions()
	o.LibraryDir = dir
	m = New(o)
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	drive(t, m, m.startLibrary(), func() bool { return m.library.lib != nil && len(m.library.rows) == 1 }, 10*time.Second)
	why := m.library.rows[0].why
	flat := strings.Join(strings.Fields(stripANSI(m.View())), " ")
	if why == "" || !strings.Contains(flat, strings.Join(strings.Fields(why), " ")) {
		t.Errorf("why %q is not whole on the screen:\n%s", why, stripANSI(m.View()))
	}
}

// T names a side's player as the board does: a record's 人間 is "person"
// on an English screen, and a side with no name is the side alone.
func TestMistakesMenuNamesPlayersAsTheBoard(t *testing.T) {
	o := testOptions()
	o.DataDir = t.TempDir()
	m := New(o)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.s = handGame(t)
	m.s.rec.Set("先手", "人間")
	m.s.rec.Set("後手", " ")
	press(m, "T")
	d, ok := m.dialog.(*widget.Choice)
	if !ok {
		t.Fatalf("T opens %T", m.dialog)
	}
	var labels []string
	for _, o := range d.Options {
		labels = append(labels, o.Label)
	}
	want := []string{"add the mistakes of 先手 person", "add the mistakes of 後手"}
	for _, w := range want {
		if !slices.Contains(labels, w) {
			t.Errorf("T offers %q, want %q among them", labels, w)
		}
	}
}
