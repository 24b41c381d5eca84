package enginepanel

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"kiki/ai"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/analysis"
	"kiki/ui/lang"
	"kiki/ui/theme"
)

// lineRecord is a record of n moves from the even start (the i-th legal
// move at ply i).
func lineRecord(n int) (*kif.Record, []*kif.Node) {
	r := kif.NewRecord(game.NewStartPosition())
	p := r.StartPosition()
	node := r.Root
	var nodes []*kif.Node
	for i := 0; i < n; i++ {
		var ml game.MoveList
		p.LegalMoves(&ml)
		mv := ml.At(i % ml.Len())
		node = node.AddChild(&kif.Node{Move: mv})
		nodes = append(nodes, node)
		p.DoMove(mv)
	}
	return r, nodes
}

var th = theme.New(true, true)

func TestEnginePanel(t *testing.T) {
	r, nodes := lineRecord(3)
	p := r.Position(nodes[2])
	a := &analysis.State{}
	e := Panel{Lang: lang.Japanese, Thinking: true, Purpose: "hint", Info: ai.Info{Depth: 7, Score: 50, Nodes: 12345, NPS: 20000},
		Pos: p, Analysis: a, Rec: r, Node: nodes[2], MateLine: "3手詰: ▲２二金"}
	v := strings.Join(e.View(&th, 30), "\n")
	for _, want := range []string{"ヒント 深さ7", "12345局面", "読み筋", "3手詰"} {
		if !strings.Contains(v, want) {
			t.Errorf("panel lacks %q:\n%s", want, v)
		}
	}
	e.Hidden = true
	if v := strings.Join(e.View(&th, 30), "\n"); strings.Contains(v, "深さ") {
		t.Errorf("hidden evaluation shown:\n%s", v)
	}
	// A weak level's blurred judgement is neither a score nor a line to
	// show; a mate it finds is.
	e.Hidden, e.Purpose = false, "move"
	e.Info.Blurred, e.Info.PV = true, []game.Move{game.NewMove(game.NewSquare(7, 7), game.NewSquare(7, 6), game.NewPiece(game.Black, game.Pawn), game.NoPiece, false)}
	v = strings.Join(e.View(&th, 40), "\n")
	if !strings.Contains(v, "深さ7") || !strings.Contains(v, "評価なし") || strings.Contains(v, "評価値") || strings.Contains(v, "読み筋") {
		t.Errorf("blurred report shown as a score or line:\n%s", v)
	}
	e.Info.Score = ai.MateScore - 5
	if v := strings.Join(e.View(&th, 40), "\n"); !strings.Contains(v, "5手詰") {
		t.Errorf("a weak level's mate not shown:\n%s", v)
	}
	// A move the analysis marks ?? shows the better move.
	a.Line = append([]*kif.Node{r.Root}, nodes...)
	a.Results = map[*kif.Node]analysis.Eval{nodes[1]: {Score: 0, Best: game.NoMove}, nodes[2]: {Score: -900}} // 先手 moved and lost 900
	e = Panel{Lang: lang.Japanese, Pos: p, Analysis: a, Rec: r, Node: nodes[2]}
	v = strings.Join(e.View(&th, 30), "\n")
	if !strings.Contains(v, "?? 900点損") || !strings.Contains(v, "最善") {
		t.Errorf("no loss shown:\n%s", v)
	}
	for _, l := range e.View(&th, 12) {
		if w := len([]rune(ansi.Strip(l))); w > 12 {
			t.Errorf("line wider than 12: %q", l)
		}
	}
}
