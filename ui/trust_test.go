package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/kif"
)

// Undo, then resign: the record says what happened in every format — the
// moves up to the resignation, then 投了, and a 結果 header that agrees.
func TestUndoThenResignRecordsWhatHappened(t *testing.T) {
	for _, ext := range []string{"kif", "kifu", "ki2", "ki2u", "csa"} {
		dir := t.TempDir()
		o := testOptions()
		o.Dir = dir
		m := newTestModel(o)
		press(m, ":", "7g7f", "enter", ":", "3c3d", "enter", ":", "2g2f", "enter", ":", "8c8d", "enter", "u")
		if m.s.node.Ply != 3 {
			t.Fatalf("%s: undo left ply %d, want 3", ext, m.s.node.Ply)
		}
		press(m, "x", "y")
		if !m.s.end.over || m.s.end.winner.String() != "先手" {
			t.Fatalf("%s: resign: %+v", ext, m.s.end)
		}
		press(m, "S")
		path := filepath.Join(dir, "g."+ext)
		typePath(t, m, path)
		press(m, "enter")
		if m.dialog != nil {
			// A format that loses the taken-back moves asks; save anyway.
			press(m, "y")
		}
		r, err := kif.ReadFile(path)
		if err != nil {
			t.Fatalf("%s: %v (message %q)", ext, err, m.message)
		}
		if got := len(r.MainMoves()); got != 3 {
			t.Errorf("%s: main line has %d moves, want 3", ext, got)
		}
		if e := r.Ending(); e == nil || e.Special != kif.Resign || e.Ply != 4 {
			t.Errorf("%s: ending %+v, want 投了 after move 3", ext, e)
		}
		if ext != "csa" {
			if v, _ := r.Get("結果"); !strings.Contains(v, "先手の勝ち") {
				t.Errorf("%s: 結果 %q", ext, v)
			}
		}
	}
}

// The quit prompt names the file it would write; on a file kiki opened
// where only moves were tried, Enter cancels instead of writing over it,
// and an edit of the record itself (a comment) makes Enter save.
func TestQuitPromptNamesFileAndKeepsOpenedFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "opened.kifu")
	orig := "# --- a line kiki does not model\n手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n"
	if err := os.WriteFile(path, []byte(orig), 0o644); err != nil {
		t.Fatal(err)
	}
	o := testOptions()
	o.Dir = dir
	o.Record, _ = kif.ReadFile(path)
	o.RecordPath = path
	m := newTestModel(o)
	// A move tried on the board: a new variation, unsaved.
	press(m, ":", "2g2f", "enter", "q")
	d, ok := m.dialog.(*choiceDialog)
	if !ok {
		t.Fatalf("q after a tried move: dialog %T", m.dialog)
	}
	if v := stripANSI(d.view(&m.theme, 80)); !strings.Contains(v, "save to opened.kifu and quit") {
		t.Fatalf("the prompt does not name the file: %q", v)
	}
	press(m, "enter")
	if m.quitting {
		t.Fatal("Enter quit")
	}
	if b, _ := os.ReadFile(path); string(b) != orig {
		t.Fatalf("Enter wrote over the opened file:\n%s", b)
	}
	// A comment is an edit: Enter now saves to the file and quits.
	press(m, "C", "a", "ctrl+s", "q", "enter")
	if !m.quitting {
		t.Fatalf("Enter after an edit did not save and quit (dialog %T, message %q)", m.dialog, m.message)
	}
	r, err := kif.ReadFile(path)
	if err != nil || len(r.MainMoves()) != 2 {
		t.Fatalf("saved file: %v", err)
	}
}

// A paste is one event: on the board it goes into the move prompt, never
// to the key map ("od" must not open the discard question and answer it).
func TestPasteGoesToMovePrompt(t *testing.T) {
	m := newTestModel(testOptions())
	press(m, ":", "7g7f", "enter")
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("od"), Paste: true})
	d, ok := m.dialog.(*moveLine)
	if !ok {
		t.Fatalf("paste of od: dialog %T, want the move prompt", m.dialog)
	}
	if d.in.Value() != "od" || m.s.node.Ply != 1 {
		t.Fatalf("prompt %q, ply %d", d.in.Value(), m.s.node.Ply)
	}
	press(m, "esc")
	// A pasted move is played with Enter, not before.
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("34歩"), Paste: true})
	if m.s.node.Ply != 1 {
		t.Fatal("the paste played the move")
	}
	press(m, "enter")
	if m.s.node.Ply != 2 || m.dialog != nil {
		t.Fatalf("Enter after the paste: ply %d, dialog %T", m.s.node.Ply, m.dialog)
	}
	// Several lines (a record) are refused with a message, not run.
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("n\ny\n"), Paste: true})
	if m.dialog != nil || m.s.node.Ply != 2 || m.message == "" {
		t.Fatalf("multi-line paste: dialog %T, ply %d, message %q", m.dialog, m.s.node.Ply, m.message)
	}
	// In the editor a paste does nothing but say so.
	m2 := newTestModel(testOptions())
	press(m2, "b")
	if !m2.editing {
		t.Fatal("b did not open the editor")
	}
	m2.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("qy"), Paste: true})
	if !m2.editing || m2.quitting || m2.message == "" {
		t.Fatalf("paste in the editor: editing %v quitting %v message %q", m2.editing, m2.quitting, m2.message)
	}
}
