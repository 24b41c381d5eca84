package analysis

import (
	"strings"
	"testing"

	"kiki/ai"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/lang"
)

// The graph is an area of braille dots from the zero line: 先手 ahead
// fills above it, 後手 ahead below; ^ marks the move on screen and ! a
// blunder, on the line under the graph.
func TestGraphBraille(t *testing.T) {
	root := &kif.Node{}
	line := []*kif.Node{root}
	for i := 1; i <= 20; i++ {
		line = append(line, line[len(line)-1].AddChild(&kif.Node{Ply: i}))
	}
	a := &State{Line: line, Results: map[*kif.Node]Eval{}}
	for i, n := range line {
		score := 400
		if i >= 10 {
			score = -1500 // 先手's move 9 threw the game away
		}
		// Some other move was best: the move played is judged.
		a.Results[n] = Eval{Score: score, Best: game.NewDrop(game.NewPiece(game.Black, game.Pawn), game.NewSquare(5, 5))}
	}
	g := a.Graph(lang.English, 60, 7, line[5])
	// The move on screen at the end: its ^ hides no number.
	if e := a.Graph(lang.English, 60, 7, line[20]); !strings.HasSuffix(e[8], "^ 20") {
		t.Errorf("the last move on screen: %q", e[8])
	}
	if len(g) != 9 {
		t.Fatalf("%d lines:\n%s", len(g), strings.Join(g, "\n"))
	}
	rows := g[1:8]
	cells := func(r int) []rune { _, c, _ := strings.Cut(rows[r], "|"); return []rune(c) }
	blank := rune(0x2800)
	if c := cells(1); c[0] != blank || c[len(c)-1] != blank {
		t.Errorf("a score of +400 in ±2000 reaches the second row:\n%s", strings.Join(g, "\n"))
	}
	if c := cells(2); c[0] == blank || c[len(c)-1] != blank {
		t.Errorf("+400 fills above the zero line, -1500 not:\n%s", strings.Join(g, "\n"))
	}
	if c := cells(5); c[0] != blank || c[len(c)-1] == blank {
		t.Errorf("-1500 fills below the zero line, +400 not:\n%s", strings.Join(g, "\n"))
	}
	if !strings.HasSuffix(g[8], " 20") {
		t.Errorf("the last move's number: %q", g[8])
	}
	if i := strings.IndexRune(g[8], '^'); i < 0 || strings.Count(g[8], "^") != 1 {
		t.Errorf("the move on screen is not marked: %q", g[8])
	}
	if !strings.Contains(g[8], "!") {
		t.Errorf("the blunder is not marked: %q", g[8])
	}
}

// A move is marked by what it cost its mover against the engine's
// choice: ? from DubiousLoss, ?? from BlunderLoss, nothing for the
// engine's own move or where a score is missing; mates read in the
// screen's language.
func TestLossMarks(t *testing.T) {
	r := &kif.Node{}
	black := game.NewPiece(game.Black, game.Pawn)
	other := game.NewDrop(black, game.NewSquare(1, 1))
	mv := func(to int) game.Move { return game.NewDrop(black, game.NewSquare(5, to)) }
	n1 := r.AddChild(&kif.Node{Ply: 1, Move: mv(5)})
	a := &State{Results: map[*kif.Node]Eval{r: {Score: 100, Best: other}, n1: {Score: 100 - BlunderLoss}}}
	if d, mk := a.Loss(n1); d != BlunderLoss || mk != "??" {
		t.Errorf("a blunder: %d %q", d, mk)
	}
	a.Results[n1] = Eval{Score: 100 - DubiousLoss}
	if _, mk := a.Loss(n1); mk != "?" {
		t.Errorf("a dubious move: %q", mk)
	}
	a.Results[r] = Eval{Score: 100, Best: n1.Move}
	if _, mk := a.Loss(n1); mk != "" || a.BestBefore(n1) != n1.Move {
		t.Errorf("the engine's own move is marked %q", mk)
	}
	delete(a.Results, r)
	if _, mk := a.Loss(n1); mk != "" {
		t.Errorf("a missing score marks %q", mk)
	}
	a.Results[n1] = Eval{Score: ai.MateScore - 5}
	if en, ja := a.EvalText(lang.English, n1), a.EvalText(lang.Japanese, n1); en != "+M5" || ja != "先詰5" {
		t.Errorf("a mate reads %q / %q", en, ja)
	}
}
