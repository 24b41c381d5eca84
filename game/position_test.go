package game

import "testing"

// TestBack checks that Back gives each earlier move with the key of the
// position it was made from, null moves included.
func TestBack(t *testing.T) {
	p := NewStartPosition()
	var keys []uint64
	var moves []Move
	for _, u := range []string{"7g7f", "3c3d", "", "2b8h+", "7i8h"} {
		keys = append(keys, p.Key())
		if u == "" {
			p.DoNullMove()
			moves = append(moves, NoMove)
			continue
		}
		m, err := p.ParseUSIMove(u)
		if err != nil {
			t.Fatal(err)
		}
		p.DoMove(m)
		moves = append(moves, m)
	}
	for back := 1; back <= p.Plies(); back++ {
		m, k := p.Back(back)
		i := len(moves) - back
		if m != moves[i] || k != keys[i] {
			t.Errorf("Back(%d) = %v %x, want %v %x", back, m, k, moves[i], keys[i])
		}
	}
}

// TestOrigin checks that Origin gives back the position a history was set
// up from, with its moves in order, and leaves the position itself alone.
func TestOrigin(t *testing.T) {
	const start = "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
	p, err := ParseSFEN(start)
	if err != nil {
		t.Fatal(err)
	}
	played := []string{"3c3d", "7g7f", "2b7g+", "8h7g"}
	for _, u := range played {
		m, err := p.ParseUSIMove(u)
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		p.DoMove(m)
	}
	after := p.SFEN()
	q, moves := p.Origin()
	if got := q.SFEN(); got != start {
		t.Errorf("Origin SFEN = %q, want %q", got, start)
	}
	if q.Plies() != 0 {
		t.Errorf("Origin has %d plies of history, want 0", q.Plies())
	}
	if len(moves) != len(played) {
		t.Fatalf("Origin gave %d moves, want %d", len(moves), len(played))
	}
	for i, m := range moves {
		if m.USI() != played[i] {
			t.Errorf("move %d = %s, want %s", i+1, m.USI(), played[i])
		}
	}
	if p.SFEN() != after || p.Plies() != len(played) {
		t.Errorf("Origin changed the position: %s with %d plies", p.SFEN(), p.Plies())
	}
}
