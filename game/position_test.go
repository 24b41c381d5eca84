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
