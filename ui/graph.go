package ui

import (
	"fmt"
	"strings"

	"kiki/kif"
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

// graph draws the whole-game scores as a chart of width × (height+2)
// cells: a title naming whose view it is and the move on screen, a y axis
// labelled with its range (+1000 / 0 / -1000, 先手 ahead above the zero
// line), one column per move (or per few moves in a long game) where a
// score sits a third of a row high (') or low (.) or on the row (*), the
// move on screen marked by a column of '|', and the move numbers of the
// ends below.
func (a *analysisState) graph(l Lang, width, height int, cur *kif.Node) []string {
	if len(a.results) == 0 || len(a.line) == 0 || width < 16 || height < 3 {
		return nil
	}
	const axisW = 6 // "+2000|"
	n := len(a.line)
	cols := min(width-axisW, n)
	mid := height / 2
	height = 2*mid + 1 // odd, so that 0 has a row of its own
	rng := a.graphRange()
	rows := make([][]rune, height)
	for r := range rows {
		fill := ' '
		if r == mid {
			fill = '-'
		}
		rows[r] = []rune(strings.Repeat(string(fill), cols))
	}
	curIdx := -1
	for i, nd := range a.line {
		if nd == cur {
			curIdx = i
		}
	}
	curCol := -1
	if curIdx >= 0 {
		curCol = curIdx * cols / n
		for r := range rows {
			rows[r][curCol] = '|'
		}
	}
	for c := 0; c < cols; c++ {
		i := c * n / cols
		if c == curCol {
			i = curIdx
		}
		r, ok := a.results[a.line[i]]
		if !ok {
			continue
		}
		v := max(-rng, min(rng, r.score))
		y := float64(rng-v) / float64(2*rng) * float64(height-1)
		row := int(y + 0.5)
		ch := '*'
		switch d := y - float64(row); {
		case d < -1.0/6:
			ch = '\''
		case d > 1.0/6:
			ch = '.'
		}
		rows[max(0, min(height-1, row))][c] = ch
	}
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
	for r := range rows {
		label := "     "
		switch r {
		case 0:
			label = fmt.Sprintf("%+5d", rng)
		case mid:
			label = "    0"
		case height - 1:
			label = fmt.Sprintf("%+5d", -rng)
		}
		out = append(out, label+"|"+string(rows[r]))
	}
	last := fmt.Sprint(a.line[n-1].Ply)
	out = append(out, fmt.Sprintf("%*s0%*s", axisW, "", max(1, cols-1), last))
	return out
}
