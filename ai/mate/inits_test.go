package mate

import (
	"context"
	"slices"
	"testing"

	"kiki/game"
)

// TestInitCacheChangesOnlyTime solves problems with and without the memo
// of children's first numbers: the memo only spares counting again, so
// the search must visit the same nodes and find the same line. A memo
// that answered for another position (keyed by the board alone, say)
// would change the numbers and so the search.
func TestInitCacheChangesOnlyTime(t *testing.T) {
	probs := loadProblems(t, "medium.tsv")
	filled := 0
	for _, pr := range probs[:8] {
		var nodes [2]uint64
		var lines [2][]game.Move
		for i, off := range []bool{false, true} {
			p, err := game.ParseSFEN(pr.sfen)
			if err != nil {
				t.Fatal(err)
			}
			sv := New(Options{HashMiB: 16})
			sv.noInits = off
			r := sv.Solve(context.Background(), p)
			if r.Status != Mate {
				t.Fatalf("line %d: %v", pr.line, r.Status)
			}
			nodes[i], lines[i] = r.Nodes, r.Moves
			if !off {
				for _, sl := range sv.inits.slots {
					if sl.key != 0 {
						filled++
					}
				}
			}
			sv.Close()
		}
		if nodes[0] != nodes[1] || !slices.Equal(lines[0], lines[1]) {
			t.Errorf("line %d: %d nodes and %d moves with the memo, %d and %d without", pr.line, nodes[0], len(lines[0]), nodes[1], len(lines[1]))
		}
	}
	if filled == 0 {
		t.Fatal("the memo was never filled")
	}
}
