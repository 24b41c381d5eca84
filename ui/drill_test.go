package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai/review"
	"kiki/game"
	"kiki/ui/widget"
)

// handGame is a session of a game written by hand: 先手 has 頭金 (G*5b
// mate) and walks the king instead.
func handGame(t *testing.T) *session {
	t.Helper()
	p, err := game.ParseSFEN("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(p)
	for _, u := range []string{"5i4h", "5a4a"} {
		mv, err := s.pos.ParseUSIMove(u)
		if err != nil {
			t.Fatal(err)
		}
		s.play(mv, 0)
	}
	s.rec.Set("先手", "me")
	s.rec.Set("後手", "friend")
	s.path = "hand.kif"
	return s
}

// T on a game: its 先手's missed mate becomes a problem kept in the data
// folder; the drill asks it, a wrong answer brings it back soon, a right
// one later, and the record on screen comes back when the drill is left.
func TestMistakesDrill(t *testing.T) {
	o := testOptions()
	dir := t.TempDir()
	o.DataDir = dir
	m := New(o)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.s = handGame(t)
	orig := m.s
	press(m, "T")
	d, ok := m.dialog.(*widget.Choice)
	if !ok || !strings.Contains(d.Question, "0 kept") {
		t.Fatalf("T opens %T %+v", m.dialog, m.dialog)
	}
	drive(t, m, keyCmd(m, "b"), func() bool { return !m.review.running && strings.Contains(m.message, "new problems") }, 60*time.Second)
	if !strings.Contains(m.message, "1 new problems") {
		t.Fatalf("message %q", m.message)
	}
	set, err := review.LoadSet(dir)
	if err != nil || len(set.Problems) != 1 || set.Problems[0].Player != "me" || set.Problems[0].Kind != review.MissedMate {
		t.Fatalf("kept %v %+v", err, set.Problems)
	}

	start := func() {
		press(m, "T")
		drive(t, m, keyCmd(m, "p"), func() bool { return m.drill() != nil }, 5*time.Second)
		if !strings.Contains(m.message, "problem 1/1") || m.s == orig || m.s.pos.SFEN() != set.Problems[0].SFEN {
			t.Fatalf("the drill shows %q on %s", m.message, m.s.pos.SFEN())
		}
	}
	start()
	card := func() review.Card {
		set, _ := review.LoadSet(dir)
		return set.Cards[set.Problems[0].ID]
	}
	drive(t, m, keyCmd(m, ":", "5i5h", "enter"), func() bool { return card().Wrong == 1 }, 5*time.Second)
	if !strings.Contains(m.message, "wrong; the answer") || !strings.Contains(m.message, "５二金") {
		t.Errorf("a wrong answer says %q", m.message)
	}
	press(m, "n")
	if m.drill() != nil || m.s != orig {
		t.Fatal("the last problem answered, n does not leave the drill for the record")
	}
	if c := card(); c.Wrong != 1 || c.Box != 0 {
		t.Errorf("after a wrong answer: %+v", c)
	}
	start()
	drive(t, m, keyCmd(m, ":", "G*5b", "enter"), func() bool { return card().Right == 1 }, 5*time.Second)
	if !strings.HasPrefix(m.message, "right") {
		t.Errorf("the mate played says %q", m.message)
	}
	press(m, "esc")
	if m.drill() != nil || m.s != orig {
		t.Fatal("esc does not leave the drill")
	}
	if c := card(); c.Right != 1 || c.Box != 1 {
		t.Errorf("after a right answer: %+v", c)
	}
	// The review was kept: a second T, b finds nothing new and searches
	// nothing again.
	entries, _ := os.ReadDir(filepath.Join(dir, "review"))
	if len(entries) != 1 {
		t.Errorf("the review cache holds %d settings", len(entries))
	}
}

// The practice's picker offers the problems from the player's own games
// (自分の対局から) beside the tsume sets: T there opens them.
func TestPickerOpensOwnProblems(t *testing.T) {
	o := testOptions()
	dir := t.TempDir()
	o.DataDir = dir
	var set review.Set
	set.Add(fixedNow(), review.Problem{ID: "g/1", Kind: review.MissedMate, SFEN: "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", Answers: []string{"G*5b"}, Line: []string{"G*5b"}, Played: "5i4h", Ply: 1})
	if err := set.Save(dir); err != nil {
		t.Fatal(err)
	}
	m := New(o)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	drive(t, m, keyCmd(m, "t"), func() bool { return m.practice() != nil && m.practice().loaded }, 10*time.Second)
	if v := stripANSI(m.View()); !strings.Contains(v, "T my mistakes") {
		t.Errorf("the picker does not offer them:\n%s", v)
	}
	press(m, "T")
	if m.practice() != nil || m.drill() == nil || !strings.Contains(m.message, "problem 1/1") {
		t.Fatalf("T in the picker: practice %v, drill %v, %q", m.practice() != nil, m.drill() != nil, m.message)
	}
}
