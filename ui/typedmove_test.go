package ui

import (
	"testing"

	"kiki/game"
)

// A typed move that may promote asks, as the cursor does; 成, 不成 and 生
// written out are taken as said; the prompt is empty after an error.
func TestTypedMoveAsksPromotion(t *testing.T) {
	o := testOptions()
	o.Start, _ = game.ParseSFEN("4k4/9/9/7P1/9/9/9/9/4K4 b - 1")
	m := newTestModel(o)
	press(m, ":", "23歩", "enter")
	if _, ok := m.dialog.(*promoDialog); !ok {
		t.Fatalf(":23歩 with a pawn on ２四: dialog %T, ply %d", m.dialog, m.s.node.Ply)
	}
	press(m, "n")
	if m.s.node.Ply != 1 || m.s.pos.PieceAt(game.NewSquare(2, 3)).Type() != game.Pawn {
		t.Fatalf("不成 at the prompt: %s", m.s.pos.SFEN())
	}
	for text, want := range map[string]game.PieceType{"23歩成": game.ProPawn, "23歩不成": game.Pawn, "23歩生": game.Pawn, "2d2c": game.Pawn, "2d2c+": game.ProPawn} {
		m := newTestModel(o)
		press(m, ":", text, "enter")
		if m.dialog != nil {
			t.Fatalf("%s: dialog %T", text, m.dialog)
		}
		if got := m.s.pos.PieceAt(game.NewSquare(2, 3)).Type(); got != want {
			t.Errorf("%s: %v on ２三, want %v", text, got, want)
		}
	}
	// An error leaves the prompt open, showing the error, and empty.
	m = newTestModel(o)
	press(m, ":", "11角成", "enter")
	d, ok := m.dialog.(*moveLine)
	if !ok || d.err == "" || d.in.Value() != "" {
		t.Fatalf("after an error: dialog %T", m.dialog)
	}
	press(m, "23歩成", "enter")
	if m.dialog != nil || m.s.node.Ply != 1 {
		t.Fatalf("move after an error: dialog %T ply %d", m.dialog, m.s.node.Ply)
	}
}
