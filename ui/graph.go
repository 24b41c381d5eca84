package ui

import (
	"fmt"
	"slices"
	"strings"

	"kiki/kif"
	"kiki/ui/chart"
)

// graphRanges are the scales the graph chooses from: the smallest that
// holds every score (clamped at the largest), so a quiet game is not a
// flat line.
var graphRanges = []int{500, 1000, 2000, 3000}

// graphRange is the score at the top (and, negated, the bottom) of the graph.
func (a *analysisState) graphRange() int {
	top := 0
	for _, r := range a.results {
		top = max(top, min(abs(r.score), graphRanges[len(graphRanges)-1]))
	}
	for _, g := range graphRanges {
		if top <= g {
			return g
		}
	}
	return graphRanges[len(graphRanges)-1]
}

func abs(v int) int { return max(v, -v) }

// graph draws the whole-game scores as an area chart of width ×
// (height+2) cells: a title naming whose view it is and the move on
// screen, a y axis labelled with its range (+1000 / 0 / -1000, 先手 ahead
// above the zero line), the scores as braille dots (two columns and four
// rows of dots a cell) filled from the zero line, so that who leads reads
// at a glance, and under it a line with ^ under the move on screen, ?
// under each mistake (?? marked !) and the last move's number.
func (a *analysisState) graph(l Lang, width, height int, cur *kif.Node) []string {
	if len(a.results) == 0 || len(a.line) == 0 || width < 16 || height < 3 {
		return nil
	}
	const axisW = 6 // "+2000|"
	n := len(a.line)
	// The chart leaves room after it for the last move's number.
	cols := min(width-axisW-1-len(fmt.Sprint(a.line[n-1].Ply)), (n+1)/2)
	mid := height / 2
	height = 2*mid + 1 // odd, so that 0 has a row of its own
	rng := a.graphRange()
	scores := make([]int, 2*cols)
	known := make([]bool, 2*cols)
	for x := range scores {
		r, ok := a.results[a.line[x*n/len(scores)]]
		scores[x], known[x] = r.score, ok
	}
	rows := chart.Area(scores, known, rng, cols, height)
	curIdx := slices.Index(a.line, cur)
	title := tr(l, "graph.title")
	if curIdx >= 0 {
		nd := a.line[curIdx]
		title += fmt.Sprintf(" "+tr(l, "st.ply"), nd.Ply)
		if t := a.evalText(l, nd); t != "" {
			title += " " + t
		}
		if _, mk := a.loss(nd); mk != "" {
			title += " " + mk
		}
	}
	out := []string{title}
	for r, row := range rows {
		label := "     "
		switch r {
		case 0:
			label = fmt.Sprintf("%+5d", rng)
		case mid:
			label = "    0"
		case height - 1:
			label = fmt.Sprintf("%+5d", -rng)
		}
		out = append(out, label+"|"+row)
	}
	return append(out, strings.Repeat(" ", axisW)+string(a.graphMarks(cols, curIdx)))
}

// graphMarks is the line under the graph: ? under each dubious move, !
// under each blunder and ^ under the move on screen, each at its column,
// then the last move's number.
func (a *analysisState) graphMarks(cols, curIdx int) []rune {
	n := len(a.line)
	marks := []rune(strings.Repeat(" ", cols))
	col := func(i int) int { return min(cols-1, i*cols/n) }
	for i, nd := range a.line {
		switch _, mk := a.loss(nd); mk {
		case "?":
			if marks[col(i)] != '!' {
				marks[col(i)] = '?'
			}
		case "??":
			marks[col(i)] = '!'
		}
	}
	if curIdx >= 0 {
		marks[col(curIdx)] = '^'
	}
	// The last move's number after the chart, where no mark hides it.
	return append(marks, []rune(" "+fmt.Sprint(a.line[n-1].Ply))...)
}
