package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
	"kiki/kif"
	"kiki/ui/match"
)

// settleRecovery runs the last recovery write the model asked for, as the
// program runs its commands (press drops them).
func settleRecovery(m *Model) {
	if j := m.recovery.last; j != nil {
		m.recovery.writer.run(*j)
	}
}

// stopRecovery waits for a recovery write in progress and drops those
// still to run (their commands may run after a test that drove them).
func stopRecovery(m *Model) {
	if w := m.recovery.writer; w != nil {
		w.mu.Lock()
		w.done = ^uint64(0)
		w.mu.Unlock()
	}
}

// The recovery file is written by a command, not inside Update: after the
// move's message, nothing is on disk until the command runs.
func TestRecoveryWrittenOffUpdate(t *testing.T) {
	o := testOptions()
	o.RecoveryFile = filepath.Join(t.TempDir(), "data", "recovered.kifu")
	m := newTestModel(o)
	press(m, ":", "7g7f", "enter")
	if _, err := os.Stat(o.RecoveryFile); !os.IsNotExist(err) {
		t.Fatalf("written inside Update: %v", err)
	}
	settleRecovery(m)
	if r, err := kif.ReadFile(o.RecoveryFile); err != nil || len(r.MainMoves()) != 1 {
		t.Fatalf("after the command: %v", err)
	}
}

// The writer keeps the newest state: an older write that runs late is
// dropped, and nothing brings back a file that was removed.
func TestRecoveryWriterNewestWins(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.kifu")
	w := &recoveryWriter{}
	if err := w.run(recoveryJob{seq: 2, path: path, data: []byte("two"), note: []byte("{}")}); err != nil {
		t.Fatal(err)
	}
	w.run(recoveryJob{seq: 1, path: path, data: []byte("one"), note: []byte("{}")})
	if b, _ := os.ReadFile(path); string(b) != "two" {
		t.Fatalf("file %q after a late older write, want two", b)
	}
	w.run(recoveryJob{seq: 3, path: path}) // removed
	w.run(recoveryJob{seq: 2, path: path, data: []byte("two"), note: []byte("{}")})
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("a late write brought the removed file back: %v", err)
	}
	if _, err := os.Stat(recoveryMetaPath(path)); !os.IsNotExist(err) {
		t.Fatalf("the note stayed: %v", err)
	}
}

// A change that keeps the node and its counts (a comment rewritten to as
// many lines) still reaches the recovery file: the change is judged by
// what would be written.
func TestRecoveryFollowsEditsThatKeepTheNode(t *testing.T) {
	o := testOptions()
	o.RecoveryFile = filepath.Join(t.TempDir(), "recovered.kifu")
	m := newTestModel(o)
	press(m, ":", "7g7f", "enter")
	m.s.node.Comments = []string{"first thought"}
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m.s.node.Comments = []string{"second thought"}
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	settleRecovery(m)
	b, err := os.ReadFile(o.RecoveryFile)
	if err != nil || !strings.Contains(string(b), "second thought") {
		t.Fatalf("recovery file %q (%v), want the rewritten comment", b, err)
	}
}

// A recovered game gets its clocks back: the time control from the
// header, and what each side had spent.
func TestRecoveryRestoresClock(t *testing.T) {
	dir := t.TempDir()
	now := fixedNow()
	o := testOptions()
	o.Now = func() time.Time { return now }
	o.RecoveryFile = filepath.Join(dir, "recovered.kifu")
	m := newTestModel(o)
	tc := timeControl{Kind: match.Byoyomi, Main: 10 * time.Minute, Byoyomi: 30 * time.Second}
	m.beginGame(startGameMsg{start: game.NewStartPosition(), players: [2]player{{}, {}}, tc: tc})
	for _, mv := range []struct {
		usi   string
		think time.Duration
	}{{"7g7f", 65 * time.Second}, {"3c3d", 12 * time.Second}, {"2g2f", 3 * time.Second}} {
		now = now.Add(mv.think)
		press(m, ":", mv.usi, "enter")
	}
	want := [2]time.Duration{m.s.match.Clock.Main(game.Black), m.s.match.Clock.Main(game.White)}
	if want[game.Black] != 10*time.Minute-68*time.Second || want[game.White] != 10*time.Minute-12*time.Second {
		t.Fatalf("clocks before recovery %v", want)
	}
	now = now.Add(time.Hour) // the next run starts later
	settleRecovery(m)
	m2 := newTestModel(o)
	press(m2, "r")
	if !m2.s.playing || m2.s.node.Ply != 3 {
		t.Fatalf("resumed: playing %v ply %d", m2.s.playing, m2.s.node.Ply)
	}
	c := &m2.s.match.Clock
	if c.TC != tc || c.Main(game.Black) != want[game.Black] || c.Main(game.White) != want[game.White] || !c.TurnAt.Equal(now) {
		t.Fatalf("restored clock %+v: 先手 %v 後手 %v, want %v", c.TC, c.Main(game.Black), c.Main(game.White), want)
	}
}

func TestParseTimeControl(t *testing.T) {
	for _, tc := range []timeControl{
		{Kind: match.Byoyomi, Main: 10 * time.Minute, Byoyomi: 30 * time.Second},
		{Kind: match.Fischer, Main: 90 * time.Second, Inc: 5 * time.Second},
		{Kind: match.Sudden, Main: time.Hour},
		{Kind: match.Byoyomi, Byoyomi: 10 * time.Second},
	} {
		if got, ok := parseTimeControl(tc.String()); !ok || got != tc {
			t.Errorf("%q: %+v %v", tc.String(), got, ok)
		}
	}
	for _, bad := range []string{"", "時間制限なし", "持ち時間x分 秒読み30秒", "持ち時間10分 秒読みx", "持ち時間10分 何か"} {
		if _, ok := parseTimeControl(bad); ok {
			t.Errorf("%q read as a time control", bad)
		}
	}
}
