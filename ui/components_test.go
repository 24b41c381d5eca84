package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"kiki/ai"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/analysis"
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

func TestEnginePanel(t *testing.T) {
	r, nodes := lineRecord(3)
	p := r.Position(nodes[2])
	a := &analysis.State{}
	e := enginePanel{lang: Japanese, thinking: true, purpose: purposeHint, info: ai.Info{Depth: 7, Score: 50, Nodes: 12345, NPS: 20000},
		pos: p, analysis: a, rec: r, node: nodes[2], mateLine: "3手詰: ▲２二金"}
	v := strings.Join(e.View(&th, 30), "\n")
	for _, want := range []string{"ヒント 深さ7", "12345局面", "読み筋", "3手詰"} {
		if !strings.Contains(v, want) {
			t.Errorf("panel lacks %q:\n%s", want, v)
		}
	}
	e.hidden = true
	if v := strings.Join(e.View(&th, 30), "\n"); strings.Contains(v, "深さ") {
		t.Errorf("hidden evaluation shown:\n%s", v)
	}
	// A weak level's blurred judgement is neither a score nor a line to
	// show; a mate it finds is.
	e.hidden, e.purpose = false, purposeMove
	e.info.Blurred, e.info.PV = true, []game.Move{game.NewMove(game.NewSquare(7, 7), game.NewSquare(7, 6), game.NewPiece(game.Black, game.Pawn), game.NoPiece, false)}
	v = strings.Join(e.View(&th, 40), "\n")
	if !strings.Contains(v, "深さ7") || !strings.Contains(v, "評価なし") || strings.Contains(v, "評価値") || strings.Contains(v, "読み筋") {
		t.Errorf("blurred report shown as a score or line:\n%s", v)
	}
	e.info.Score = ai.MateScore - 5
	if v := strings.Join(e.View(&th, 40), "\n"); !strings.Contains(v, "5手詰") {
		t.Errorf("a weak level's mate not shown:\n%s", v)
	}
	// A move the analysis marks ?? shows the better move.
	a.Line = append([]*kif.Node{r.Root}, nodes...)
	a.Results = map[*kif.Node]analysis.Eval{nodes[1]: {Score: 0, Best: game.NoMove}, nodes[2]: {Score: -900}} // 先手 moved and lost 900
	e = enginePanel{lang: Japanese, pos: p, analysis: a, rec: r, node: nodes[2]}
	v = strings.Join(e.View(&th, 30), "\n")
	if !strings.Contains(v, "?? 900点損") || !strings.Contains(v, "最善") {
		t.Errorf("no loss shown:\n%s", v)
	}
	for _, l := range e.View(&th, 12) {
		if w := len([]rune(stripANSI(l))); w > 12 {
			t.Errorf("line wider than 12: %q", l)
		}
	}
}
