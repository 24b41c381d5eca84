package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"kiki/game"
	"kiki/kif"
)

// The move list, the hands and the engine panel are tested alone.

// lineRecord is a record of n moves, with a variation at move 2 and a
// time on every move.
func lineRecord(n int) (*kif.Record, []*kif.Node) {
	r := kif.NewRecord(game.NewStartPosition())
	p := r.StartPosition()
	node := r.Root
	var nodes []*kif.Node
	for i := 0; i < n; i++ {
		var ml game.MoveList
		p.LegalMoves(&ml)
		mv := ml.At(i % ml.Len())
		if i == 1 {
			node.AddChild(&kif.Node{Move: ml.At(ml.Len() - 1)})
		}
		node = node.AddChild(&kif.Node{Move: mv, Time: time.Duration(i) * time.Second, HasTime: true})
		kif.Promote(node)
		nodes = append(nodes, node)
		p.DoMove(mv)
	}
	return r, nodes
}

func TestMoveListScrollsAndMapsRows(t *testing.T) {
	r, nodes := lineRecord(40)
	for _, at := range []int{-1, 0, 1, 10, 25, 39} {
		cur := r.Root
		if at >= 0 {
			cur = nodes[at]
		}
		l := moveList{theme: &th, root: r.Root, cur: cur}
		l.SetSize(30, 9)
		rows, shown := l.View()
		if len(rows) != 9 || len(shown) != 9 {
			t.Fatalf("at %d: %d rows, %d nodes in 9 lines", at, len(rows), len(shown))
		}
		found := false
		for i, row := range rows {
			n := shown[i]
			if want := fmt.Sprintf("%3d ", n.Ply); n != r.Root && !strings.Contains(row, want) {
				t.Errorf("at %d: row %d %q does not show move %d", at, i, row, n.Ply)
			}
			if strings.HasPrefix(row, ">") != (n == cur) {
				t.Errorf("at %d: row %q, cursor mark wrong", at, row)
			}
			found = found || n == cur
		}
		if !found {
			t.Errorf("at %d: the current move is not shown", at)
		}
	}
	l := moveList{theme: &th, root: r.Root, cur: nodes[3], notes: func(n *kif.Node) (string, string) {
		if n == nodes[2] {
			return "??", "+500"
		}
		return "", ""
	}}
	l.SetSize(40, 50)
	rows, _ := l.View()
	if !strings.Contains(rows[2], "+") || !strings.Contains(rows[3], "??") || !strings.Contains(rows[3], "+500") || !strings.Contains(rows[3], "0:02") {
		t.Errorf("marks: %q / %q", rows[2], rows[3])
	}
	if len(rows) != 41 || !strings.Contains(rows[0], "start") {
		t.Errorf("%d rows, first %q", len(rows), rows[0])
	}
}
