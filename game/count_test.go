package game

import "testing"

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
