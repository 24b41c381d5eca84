package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
	"kiki/kif"
	"kiki/ui/widget"
)

// press sends keys straight to the model, one message per named key or
// rune (no program: for tests without the AI).
func press(m *Model, ks ...string) {
	for _, k := range ks {
		if t, ok := namedKeys[k]; ok {
			m.Update(tea.KeyMsg{Type: t})
			continue
		}
		for _, r := range k {
			m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		}
	}
}

func newTestModel(o Options) *Model {
	m := New(o)
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	return m
}

// typePath puts a path into the open file-name dialog.
func typePath(t *testing.T, m *Model, path string) {
	t.Helper()
	d, ok := m.dialog.(*widget.Path)
	if !ok {
		t.Fatalf("no file-name dialog, got %T (message %q)", m.dialog, m.message)
	}
	d.SetValue(path)
}

// Every action that replaces the game asks while a game is on, and the
// game stays on screen until the player answers.
func TestReplacingActionsAskDuringGame(t *testing.T) {
	for _, k := range []string{"n", "o", "p"} {
		m := newTestModel(testOptions())
		press(m, ":", "7g7f", "enter", k)
		if _, ok := m.dialog.(*widget.Choice); !ok {
			t.Fatalf("%s during a game: dialog %T, want a question", k, m.dialog)
		}
		press(m, "esc")
		if m.dialog != nil || m.s.node.Ply != 1 || !m.s.playing {
			t.Fatalf("%s, esc: dialog %T, ply %d, playing %v", k, m.dialog, m.s.node.Ply, m.s.playing)
		}
		// Discard goes on with the action.
		press(m, k, "d")
		switch k {
		case "n":
			if _, ok := m.dialog.(*gameDialog); !ok {
				t.Fatalf("n, d: dialog %T, want the new-game dialog", m.dialog)
			}
		case "o":
			if _, ok := m.dialog.(*openDialog); !ok {
				t.Fatalf("o, d: dialog %T, want the open dialog", m.dialog)
			}
		}
	}
}

// "Save first" saves (asking for a name) and then starts the new game.
func TestNewGameSaveFirst(t *testing.T) {
	dir := t.TempDir()
	o := testOptions()
	o.Dir = dir
	m := newTestModel(o)
	press(m, ":", "7g7f", "enter", "n", "s")
	path := filepath.Join(dir, "first.kif")
	typePath(t, m, path)
	press(m, "enter")
	if _, ok := m.dialog.(*gameDialog); !ok {
		t.Fatalf("after saving: dialog %T, message %q", m.dialog, m.message)
	}
	r, err := kif.ReadFile(path)
	if err != nil || len(r.MainMoves()) != 1 {
		t.Fatalf("saved record: %v, %v", r, err)
	}
	press(m, "enter")
	if m.s.node.Ply != 0 || !m.s.playing {
		t.Fatalf("new game not started: ply %d", m.s.node.Ply)
	}
}

// A record with an edited comment asks before being replaced too.
func TestEditedRecordAsksBeforeOpen(t *testing.T) {
	o := testOptions()
	o.Record, _ = kif.Read("x.kifu", []byte("手合割：平手\n   1 ７六歩(77)\n"))
	m := newTestModel(o)
	press(m, "o")
	if _, ok := m.dialog.(*openDialog); !ok {
		t.Fatalf("clean record: dialog %T, want the open dialog at once", m.dialog)
	}
	press(m, "esc", "C", "a", "ctrl+s")
	if !m.s.dirty {
		t.Fatal("comment did not make the record unsaved")
	}
	press(m, "o")
	if _, ok := m.dialog.(*widget.Choice); !ok {
		t.Fatalf("edited record: dialog %T, want a question", m.dialog)
	}
}

// q offers to save and quit; the saved file holds the game.
func TestQuitOffersSave(t *testing.T) {
	dir := t.TempDir()
	o := testOptions()
	o.Dir = dir
	m := newTestModel(o)
	press(m, ":", "7g7f", "enter", "q")
	d, ok := m.dialog.(*widget.Choice)
	if !ok || !strings.Contains(d.View(&m.theme, 10), "save and quit") {
		t.Fatalf("q during a game: dialog %T", m.dialog)
	}
	press(m, "s")
	path := filepath.Join(dir, "quit.kifu")
	typePath(t, m, path)
	press(m, "enter")
	if !m.quitting {
		t.Fatalf("not quitting after save and quit (message %q)", m.message)
	}
	if r, err := kif.ReadFile(path); err != nil || len(r.MainMoves()) != 1 {
		t.Fatalf("saved: %v", err)
	}
}

// Save as onto another existing file asks, and only y overwrites.
func TestSaveAsAsksBeforeOverwriting(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "old.kifu")
	old := "手合割：平手\n   1 ２六歩(27)\n"
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	m := newTestModel(testOptions())
	press(m, ":", "7g7f", "enter", "S")
	typePath(t, m, path)
	press(m, "enter")
	if _, ok := m.dialog.(*widget.Choice); !ok {
		t.Fatalf("save as onto an existing file: dialog %T", m.dialog)
	}
	press(m, "esc")
	if b, _ := os.ReadFile(path); string(b) != old {
		t.Fatal("file overwritten without a yes")
	}
	press(m, "S")
	typePath(t, m, path)
	press(m, "enter", "y")
	if r, err := kif.ReadFile(path); err != nil || r.MainMoves()[0].USI() != "7g7f" {
		t.Fatalf("not overwritten after yes: %v", err)
	}
	if m.s.dirty {
		t.Fatal("still unsaved after saving")
	}
	// Saving to its own file again does not ask.
	press(m, ":", "3c3d", "enter", "S", "enter")
	if m.dialog != nil || m.s.dirty {
		t.Fatalf("save as onto its own file: dialog %T, dirty %v", m.dialog, m.s.dirty)
	}
}

// CSA cannot hold comments or variations: saving says so and the record
// stays unsaved.
func TestCSASaveSaysWhatIsLost(t *testing.T) {
	dir := t.TempDir()
	o := testOptions()
	o.Record, _ = kif.Read("x.kifu", []byte("手合割：平手\n   1 ７六歩(77)\n*いい手\n   2 ３四歩(33)\n\n変化：2手\n   2 ８四歩(83)\n"))
	m := newTestModel(o)
	press(m, "S")
	path := filepath.Join(dir, "x.csa")
	typePath(t, m, path)
	press(m, "enter")
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("not written: %v", err)
	}
	if !m.s.dirty || !m.msgErr || !strings.Contains(m.message, "variations (1)") || !strings.Contains(m.message, "comments (1 lines)") {
		t.Fatalf("dirty %v, message %q", m.s.dirty, m.message)
	}
	press(m, "q")
	if m.quitting {
		t.Fatal("quit without asking after a lossy save")
	}
}

// A record holding a character Shift_JIS cannot (☗ in a comment) is
// offered as .kifu, and saving it as .kif anyway says which character on
// which line in the screen's language, writing nothing.
func TestSaveOffersUTF8ForWhatShiftJISCannotHold(t *testing.T) {
	for _, l := range []Lang{English, Japanese} {
		dir := t.TempDir()
		o := testOptions()
		o.Lang, o.Dir = l, dir
		o.Record, _ = kif.Read("x.kifu", []byte("手合割：平手\n   1 ７六歩(77)\n*☗２六歩なら\n"))
		m := newTestModel(o)
		press(m, "s")
		d, ok := m.dialog.(*widget.Path)
		if !ok || !strings.HasSuffix(d.Value(), ".kifu") {
			t.Fatalf("%s: save offers %T %v, want a .kifu name", l, m.dialog, m.dialog)
		}
		path := filepath.Join(dir, "x.kif")
		typePath(t, m, path)
		press(m, "enter")
		if _, err := os.Stat(path); err == nil {
			t.Fatalf("%s: a file was written that cannot hold the record", l)
		}
		want := map[Lang]string{English: `line 3: "☗" cannot be written in Shift_JIS`, Japanese: "3 行目の「☗」は Shift_JIS/CP932 で書けません"}[l]
		if !m.msgErr || !strings.Contains(m.message, want) || !strings.Contains(m.message, "x.kif") {
			t.Fatalf("%s: message %q, want %q and the file's name", l, m.message, want)
		}
	}
}

// Undo after a result asks; the result stays in the record until a new
// move replaces it.
func TestUndoAfterResultAsksAndKeepsResult(t *testing.T) {
	m := newTestModel(testOptions())
	press(m, ":", "7g7f", "enter", ":", "3c3d", "enter", "x", "y")
	if !m.s.end.over {
		t.Fatal("did not resign")
	}
	press(m, "u")
	if _, ok := m.dialog.(*widget.Choice); !ok {
		t.Fatalf("u after the result: dialog %T", m.dialog)
	}
	press(m, "n")
	if !m.s.end.over || m.s.node.Ply != 2 {
		t.Fatalf("cancelled undo changed the game: %+v ply %d", m.s.end, m.s.node.Ply)
	}
	press(m, "u", "y")
	if m.s.end.over || !m.s.playing || m.s.node.Ply != 1 {
		t.Fatalf("undo did not resume: %+v ply %d", m.s.end, m.s.node.Ply)
	}
	if e := m.s.rec.Ending(); e == nil || e.Special != kif.Resign {
		t.Fatal("the result left the record before a move replaced it")
	}
	press(m, ":", "8c8d", "enter")
	if e := m.s.rec.Ending(); e != nil {
		t.Fatalf("the old result is still the ending: %v", e.Text())
	}
	if m.s.node.Ply != 2 || m.s.pos.Side() != game.Black {
		t.Fatalf("ply %d", m.s.node.Ply)
	}
}

// A game in progress is written to the recovery file after each move and
// offered back at the next start; saving removes it.
func TestRecoveryFile(t *testing.T) {
	dir := t.TempDir()
	o := testOptions()
	o.Dir = dir
	o.RecoveryFile = filepath.Join(dir, "data", "recovered.kifu")
	m := newTestModel(o)
	press(m, ":", "7g7f", "enter", ":", "3c3d", "enter")
	settleRecovery(m)
	r, err := kif.ReadFile(o.RecoveryFile)
	if err != nil || len(r.MainMoves()) != 2 {
		t.Fatalf("recovery file: %v", err)
	}
	// A second start (the first one never quit) offers the game back.
	m2 := newTestModel(o)
	if _, ok := m2.dialog.(*widget.Choice); !ok {
		t.Fatalf("no offer at start: dialog %T", m2.dialog)
	}
	press(m2, "r")
	if !m2.s.playing || m2.s.node.Ply != 2 || m2.s.pos.Side() != game.Black {
		t.Fatalf("resumed: playing %v ply %d", m2.s.playing, m2.s.node.Ply)
	}
	press(m2, ":", "2g2f", "enter", "S")
	typePath(t, m2, filepath.Join(dir, "g.kif"))
	press(m2, "enter")
	if _, err := os.Stat(o.RecoveryFile); !os.IsNotExist(err) {
		t.Fatalf("recovery file still there after saving: %v", err)
	}
	if m3 := newTestModel(o); m3.dialog != nil {
		t.Fatalf("offer after saving: %T", m3.dialog)
	}
}
