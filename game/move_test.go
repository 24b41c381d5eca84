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

// MoveFromKey16 gives back every legal move from its 16 bits, and for any
// 16 bits at all gives either NoMove or a move with those bits that is
// legal exactly when the generator has it.
func TestMoveFromKey16(t *testing.T) {
	positions := []*Position{NewStartPosition()}
	for _, u := range []string{
		"startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e",
		"sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"sfen 8k/9/9/9/9/9/9/9/K8 b RBGSNLPrbgsnlp 1",
		"sfen 4k4/4P4/9/9/9/9/9/9/4K4 w 2P 1",
	} {
		p, err := ParseUSIPosition(u)
		if err != nil {
			t.Fatal(err)
		}
		positions = append(positions, p)
	}
	for _, p := range positions {
		var ml MoveList
		p.LegalMoves(&ml)
		legal := make(map[Move]bool, ml.Len())
		for _, m := range ml.Slice() {
			legal[m] = true
			if got := p.MoveFromKey16(m.Key16()); got != m {
				t.Fatalf("%s: MoveFromKey16(%#x) = %s %#x, want %s %#x", p.SFEN(), m.Key16(), got, uint32(got), m, uint32(m))
			}
		}
		found := 0
		for k := 0; k < 1<<16; k++ {
			m := p.MoveFromKey16(uint16(k))
			if m == NoMove {
				continue
			}
			if m.Key16() != uint16(k) {
				t.Fatalf("%s: MoveFromKey16(%#x) = %s, whose key is %#x", p.SFEN(), k, m, m.Key16())
			}
			if p.IsLegalFast(m) != legal[m] {
				t.Fatalf("%s: %s from key %#x: IsLegalFast %v, generator %v", p.SFEN(), m, k, p.IsLegalFast(m), legal[m])
			}
			if legal[m] {
				found++
			}
		}
		if found != ml.Len() {
			t.Fatalf("%s: %d of %d legal moves found among all keys", p.SFEN(), found, ml.Len())
		}
	}
}
