package game

import "testing"

// TestCountLegalInCheck holds CountLegal to the generator in the positions
// the mate search counts most: every check of many random positions, made,
// so that contact checks (counted by who attacks the checker) and distant
// ones (counted piece by piece, with drops between) both come up often.
func TestCountLegalInCheck(t *testing.T) {
	contact, distant := 0, 0
	for _, p := range randomPositions(t, 4000) {
		var checks MoveList
		p.GenerateChecks(&checks)
		for _, m := range checks.Slice() {
			p.DoMove(m)
			var ml MoveList
			p.LegalMoves(&ml)
			if got := p.CountLegal(); got != ml.Len() {
				t.Fatalf("%s: CountLegal %d, generated %d", p.SFEN(), got, ml.Len())
			}
			if !p.Checkers().MoreThanOne() {
				if Between(p.Checkers().First(), p.King(p.Side())).IsZero() {
					contact++
				} else {
					distant++
				}
			}
			p.UndoMove()
		}
	}
	if contact < 5000 || distant < 1000 {
		t.Fatalf("too few checks seen: %d contact, %d distant", contact, distant)
	}
}

// BenchmarkCountLegalInCheck counts the evasions of every check of a set
// of random positions (what the mate search does at each new node).
func BenchmarkCountLegalInCheck(b *testing.B) {
	var ps []*Position
	for _, p := range randomPositions(b, 2000) {
		var checks MoveList
		p.GenerateChecks(&checks)
		for _, m := range checks.Slice() {
			q := p.Clone()
			q.DoMove(m)
			ps = append(ps, q)
		}
	}
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		for _, p := range ps {
			n += p.CountLegal()
		}
	}
	if n < 0 {
		b.Fatal(n)
	}
}
