package ui

import (
	"strings"
	"testing"

	"kiki/game"
	"kiki/kif"
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
	a := &analysisState{line: line, results: map[*kif.Node]evalResult{}}
	for i, n := range line {
		score := 400
		if i >= 10 {
			score = -1500 // 先手's move 9 threw the game away
		}
		// Some other move was best: the move played is judged.
		a.results[n] = evalResult{score: score, best: game.NewDrop(game.NewPiece(game.Black, game.Pawn), game.NewSquare(5, 5))}
	}
	g := a.graph(English, 60, 7, line[5])
	// The move on screen at the end: its ^ hides no number.
	if e := a.graph(English, 60, 7, line[20]); !strings.HasSuffix(e[8], "^ 20") {
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
