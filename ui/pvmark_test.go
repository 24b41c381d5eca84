package ui

import (
	"testing"

	"kiki/game"
)

// lineLayer, which the analysis's line and the practice's refutation
// share: '^' on the first move's origin, the destinations numbered, and
// nothing from the first move that is not legal on.
func TestLineLayer(t *testing.T) {
	p := game.NewStartPosition()
	var line []game.Move
	q := p.Clone()
	for _, u := range []string{"7g7f", "3c3d", "8h2b+"} {
		mv, err := q.ParseUSIMove(u)
		if err != nil {
			t.Fatal(err)
		}
		line = append(line, mv)
		q.DoMove(mv)
	}
	line = append(line, line[0]) // 7g7f again: not legal there
	l := lineLayer(p, line)
	want := map[game.Square]byte{game.NewSquare(7, 7): '^', game.NewSquare(7, 6): '1', game.NewSquare(3, 4): '2', game.NewSquare(2, 2): '3'}
	for s := range game.Square(game.NumSquares) {
		if l[s] != want[s] {
			t.Errorf("%v: %q, want %q", s, l[s], want[s])
		}
	}
}
