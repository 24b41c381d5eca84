package game

import "testing"

// TestRelRank checks that each side counts ranks from the enemy's back
// rank: 先手's 1一 is 後手's ninth rank, and a square and its point
// reflection through 5五 have the same rank for their own sides.
func TestRelRank(t *testing.T) {
	if r := NewSquare(1, 1).RelRank(Black); r != 1 {
		t.Errorf("1一 for 先手: %d, want 1", r)
	}
	if r := NewSquare(1, 1).RelRank(White); r != 9 {
		t.Errorf("1一 for 後手: %d, want 9", r)
	}
	for s := Square(0); s < NumSquares; s++ {
		mirror := NewSquare(10-s.File(), 10-s.Rank())
		if s.RelRank(Black) != mirror.RelRank(White) {
			t.Errorf("%s for 先手 is rank %d, %s for 後手 is rank %d", s, s.RelRank(Black), mirror, mirror.RelRank(White))
		}
		for _, c := range []Color{Black, White} {
			if InCamp(c, s) != (s.RelRank(c) <= 3) {
				t.Errorf("InCamp(%s, %s) disagrees with rank %d", c, s, s.RelRank(c))
			}
		}
	}
}
