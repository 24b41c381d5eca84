package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
	"kiki/kif"
)

// burst is several runes arriving in one key message, as a terminal
// delivers keys typed quickly or held down.
func burst(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

// Keys that arrive together are each taken: the cursor, g and its digits,
// and the keys of a dialog.
func TestMultiRuneKeysEachTaken(t *testing.T) {
	m := newTestModel(testOptions())
	start := m.board.cursor
	m.Update(burst("kk"))
	if want := game.NewSquare(5, 5); m.board.cursor != want {
		t.Fatalf("kk moved the cursor from %s to %s, want %s", start.Japanese(), m.board.cursor.Japanese(), want.Japanese())
	}
	m.Update(burst("jjjh"))
	if want := game.NewSquare(6, 8); m.board.cursor != want {
		t.Fatalf("jjjh: cursor %s, want %s", m.board.cursor.Japanese(), want.Japanese())
	}

	o := testOptions()
	o.Record, _ = kif.Read("x.kifu", []byte("手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ８四歩(83)\n"))
	m = newTestModel(o)
	m.Update(burst("g3"))
	press(m, "enter")
	if m.s.node.Ply != 3 {
		t.Fatalf("g3 + enter: at move %d", m.s.node.Ply)
	}
	if m.message != "" {
		t.Errorf("the go-to prompt stays after the jump: %q", m.message)
	}

	// In a dialog: "jj" moves two fields down.
	m = newTestModel(testOptions())
	press(m, "n")
	m.Update(burst("jj"))
	d, ok := m.dialog.(*gameDialog)
	if !ok || d.field != 2 {
		t.Fatalf("jj in the new-game dialog: %T field %d", m.dialog, d.field)
	}
	// A typed move arriving in one piece.
	m = newTestModel(testOptions())
	m.Update(burst(":7g7f"))
	press(m, "enter")
	if m.s.node.Ply != 1 {
		t.Fatalf(":7g7f in one message: ply %d, dialog %T", m.s.node.Ply, m.dialog)
	}
}
