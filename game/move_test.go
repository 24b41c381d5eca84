package game

import "testing"

// TestJoinUSI checks the spacing of a USI move list: none, one, and a
// list with a drop and a promotion.
func TestJoinUSI(t *testing.T) {
	p := NewStartPosition()
	var moves []Move
	for _, u := range []string{"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"} {
		m, err := p.ParseUSIMove(u)
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		p.DoMove(m)
		moves = append(moves, m)
	}
	for _, c := range []struct {
		moves []Move
		want  string
	}{
		{nil, ""},
		{moves[:1], "7g7f"},
		{moves, "7g7f 3c3d 8h2b+ 3a2b B*4e"},
	} {
		if got := JoinUSI(c.moves); got != c.want {
			t.Errorf("JoinUSI = %q, want %q", got, c.want)
		}
	}
}
