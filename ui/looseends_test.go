package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
	"kiki/ai/mate"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/match"
)

// The cursor stays where the player left it when the AI replies.
func TestCursorStaysAfterAIMove(t *testing.T) {
	o := testOptions()
	o.Players = [2]bool{false, true}
	o.Opponent = func(p *game.Position) game.Move {
		mv, _ := p.ParseUSIMove("3c3d")
		return mv
	}
	m := runUntil(t, o, 100, 30, "move 2", ":", "7g7f", "enter")
	if m.s.node.Ply != 2 {
		t.Fatalf("ply %d", m.s.node.Ply)
	}
	if want := game.NewSquare(7, 6); m.board.cursor != want {
		t.Fatalf("cursor on %s after the AI's move, want %s (the player's own last move)", m.board.cursor.Japanese(), want.Japanese())
	}
}

// The AI's evaluation can be hidden while it thinks (E, or HideEval).
func TestHideEvaluation(t *testing.T) {
	for _, hide := range []bool{false, true} {
		o := testOptions()
		o.HideEval = hide
		m := newTestModel(o)
		m.ai.thinking, m.ai.purpose = true, purposeMove
		m.ai.info = ai.Info{Depth: 4, Score: 123, PV: nil}
		if got := strings.Contains(m.View(), "score(先手)"); got == hide {
			t.Errorf("HideEval %v: evaluation shown %v", hide, got)
		}
		press(m, "E")
		if got := strings.Contains(m.View(), "score(先手)"); got != hide {
			t.Errorf("HideEval %v then E: evaluation shown %v", hide, got)
		}
	}
}

// After resigning the status says the game is over and both players'
// names stay by their hands.
func TestStatusAfterResign(t *testing.T) {
	m := newTestModel(testOptions())
	press(m, ":", "7g7f", "enter", "x", "y")
	if !m.s.end.over {
		t.Fatal("not resigned")
	}
	st := m.statusLine()
	if strings.Contains(st, " to move") || !strings.Contains(st, "ended") {
		t.Errorf("status after resigning: %q", st)
	}
	for _, c := range []game.Color{game.Black, game.White} {
		if hl := m.handLine(c); !strings.Contains(hl, "person") {
			t.Errorf("%v's hand line lost its player: %q", c, hl)
		}
	}
}

// A clock that ran out shows zero, not the time it had at its last move.
func TestLostOnTimeClockShowsZero(t *testing.T) {
	now := fixedNow()
	o := testOptions()
	o.Now = func() time.Time { return now }
	m := newTestModel(o)
	m.startGame(game.NewStartPosition(), [2]player{{}, {}}, timeControl{Kind: match.Sudden, Main: time.Minute})
	now = now.Add(61 * time.Second)
	m.Update(tickMsg(now))
	if !m.s.end.over || m.s.end.reason != "時間切れ" {
		t.Fatalf("ending %+v", m.s.end)
	}
	now = now.Add(10 * time.Second)
	if got := m.clockFor(game.Black); got != "0:00" {
		t.Fatalf("the loser's clock shows %q", got)
	}
}

// A record that could not be read leaves an empty board with the error,
// not a game that started on its own.
func TestLoadErrorStartsNoGame(t *testing.T) {
	o := testOptions()
	o.LoadError = "x.kif: not a record"
	m := newTestModel(o)
	if m.s.playing || m.s.game {
		t.Fatal("a game started after a load error")
	}
	if !strings.Contains(m.View(), "not a record") {
		t.Fatal("the error is not shown")
	}
}

// A record from standard input is named as such, not "sample".
func TestStdinRecordName(t *testing.T) {
	o := testOptions()
	o.Record, _ = kif.Read("stdin", []byte("手合割：平手\n   1 ７六歩(77)\n"))
	o.RecordName = "標準入力"
	m := newTestModel(o)
	if strings.Contains(m.message, "sample") || !strings.Contains(m.message, "標準入力") {
		t.Fatalf("message %q", m.message)
	}
}

// A mate search is stopped by undo and by a new game, and an old search
// that finishes late leaves a newer one alone.
func TestMateSearchCancelled(t *testing.T) {
	// A position where the solver takes a while: the even start.
	m := newTestModel(testOptions())
	press(m, ":", "7g7f", "enter", ":", "3c3d", "enter")
	m.startMateSearch()
	if !m.ai.mating {
		t.Fatal("no search")
	}
	press(m, "u")
	if m.ai.mating {
		t.Fatal("undo left the mate search running")
	}
	m.startMateSearch()
	old := m.ai.gen
	press(m, "n", "d", "enter")
	if m.ai.mating || m.s.node.Ply != 0 {
		t.Fatalf("new game left the mate search running (ply %d)", m.s.node.Ply)
	}
	// A newer search, then the old one's answer arrives.
	m.startMateSearch()
	m.Update(mateDoneMsg{gen: old, res: mate.Result{Status: mate.NoMate}})
	if !m.ai.mating {
		t.Fatal("an old search's answer cleared the newer search's handle")
	}
	m.cancelAI()
	_ = tea.Quit
}

// While a weak level thinks, the status bar shows its depth but not its
// blurred centipawns; a full-strength search's score is shown.
func TestStatusBlurredLevel(t *testing.T) {
	m := newTestModel(testOptions())
	m.ai.thinking, m.ai.purpose = true, purposeMove
	m.ai.info = ai.Info{Depth: 2, Score: 345, Blurred: true}
	if st := m.statusLine(); !strings.Contains(st, "no evaluation") || strings.Contains(st, "345") {
		t.Errorf("a weak level's status: %q", st)
	}
	m.ai.info.Blurred = false
	if st := m.statusLine(); !strings.Contains(st, "+345") && !strings.Contains(st, "-345") {
		t.Errorf("a full-strength status lacks its score: %q", st)
	}
}
