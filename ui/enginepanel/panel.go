// Package enginepanel draws the engine's part of the side panel: what
// the AI is thinking and its candidate lines, the game analysis's
// progress and graph, the better move for a move marked ? or ??, the
// mate search's line, and both sides' lines in a game no person plays.
package enginepanel

import (
	"fmt"
	"strings"

	"github.com/mattn/go-runewidth"

	"kiki/ai"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/analysis"
	"kiki/ui/board"
	"kiki/ui/lang"
	"kiki/ui/textfit"
	"kiki/ui/theme"
)

// Panel is the engine's part of the side panel: what the AI is
// thinking (unless its evaluation is hidden), the game analysis's
// progress, its graph and, for a move it marked ? or ??, the better move
// and its line; and the mate search's line. The root fills it in; it
// only draws.
type Panel struct {
	Lang     lang.Lang
	Thinking bool
	// Purpose is what the search is for: "move", "hint" or "analysis".
	Purpose  string
	Info     ai.Info
	Hidden   bool           // the AI's evaluation is hidden
	Pos      *game.Position // the position on screen
	Analysis *analysis.State
	Rec      *kif.Record
	Node     *kif.Node // the node on screen
	MateLine string
	// Cands are the analysis's candidate lines (MultiPV), Pick the one
	// drawn on the board, MultiPV how many were asked for.
	Cands   []ai.Info
	Pick    int
	MultiPV int
	// GraphH is the score graph's height (rows of its plot); 0 means 7.
	GraphH int
	// Sides are both sides' latest lines in a game no person plays (nil
	// otherwise): shown instead of the one search's.
	Sides *[2]Side
}

// GraphHeight is the score graph's height in a layout: the whole game
// reads better the more rows it has.
func GraphHeight(g board.Geom) int {
	switch g.Size {
	case board.Medium:
		return 9
	case board.Large:
		return 13
	}
	return 7
}

// View draws the panel's lines inside w columns.
func (e Panel) View(th *theme.Theme, w int) []string {
	out, _ := e.Rows(th, w)
	return out
}

// Rows is View, with where the candidates are among the lines.
func (e Panel) Rows(th *theme.Theme, w int) ([]string, CandRows) {
	var out []string
	var cr CandRows
	if e.Sides != nil {
		out = append(out, e.sideRows(th, w)...)
	} else if e.Thinking && e.Info.Depth > 0 && !e.Hidden {
		i := e.Info
		purpose := lang.Tr(e.Lang, "purpose.panel."+e.Purpose)
		if i.ScoreShown() {
			// Wrapped, not cut: the score is its last word.
			for _, l := range textfit.Wrap(fmt.Sprintf(lang.Tr(e.Lang, "ep.depth"), purpose, i.Depth, ScoreText(e.Lang, i.Score, e.Pos.Side())), w) {
				out = append(out, th.Good.Render(l))
			}
		} else {
			out = append(out, th.Good.Render(fmt.Sprintf(lang.Tr(e.Lang, "ep.depthBlurred"), purpose, i.Depth)))
		}
		out = append(out, th.Dim.Render(fmt.Sprintf(lang.Tr(e.Lang, "ep.nodes"), i.Nodes, i.NPS/1000)))
		switch {
		case !i.ScoreShown():
			// A weak level's line is what its blurred judgement
			// prefers: no reading of the position.
		case len(e.Cands) > 0:
			// Wrapped, not cut: the keys it names are how to use the list.
			for _, l := range textfit.Wrap(fmt.Sprintf(lang.Tr(e.Lang, "ep.cands"), e.MultiPV, len(e.Cands)), w) {
				out = append(out, th.Title.Render(l))
			}
			cr = CandRows{Top: len(out), N: len(e.Cands)}
			for j, r := range candidateRows(e.Lang, e.Pos, e.Cands, e.Pick, w) {
				if j == e.Pick {
					r = th.Current.Render(r)
				}
				out = append(out, r)
			}
		default:
			out = append(out, textfit.Wrap(lang.Tr(e.Lang, "ep.line")+kif.LineText(e.Pos, i.PV, 10), w)...)
		}
	}
	a := e.Analysis
	if a.Running {
		out = append(out, lang.Tr(e.Lang, "ep.analysing")+a.Progress(w-7))
	}
	gh := e.GraphH
	if gh == 0 {
		gh = 7
	}
	for _, l := range a.Graph(e.Lang, w, gh, e.Node) {
		out = append(out, th.Dim.Render(l))
	}
	if loss, mk := a.Loss(e.Node); mk != "" {
		prev := a.Results[e.Node.Parent]
		p := e.Rec.Position(e.Node.Parent)
		out = append(out, th.Bad.Render(fmt.Sprintf(lang.Tr(e.Lang, "ep.loss"), mk, loss)))
		out = append(out, textfit.Wrap(fmt.Sprintf(lang.Tr(e.Lang, "ep.best"), kif.LineText(p, prev.PV, 1), a.EvalText(e.Lang, e.Node.Parent)), w)...)
		out = append(out, textfit.Wrap(lang.Tr(e.Lang, "ep.line")+kif.LineText(p, prev.PV, 12), w)...)
	}
	if e.MateLine != "" {
		for _, l := range textfit.Wrap(e.MateLine, w) {
			out = append(out, th.Good.Render(l))
		}
	}
	for i := range out {
		out[i] = textfit.Truncate(out[i], w)
	}
	return out, cr
}

// Side is one side's part of the panel in a game no person plays:
// who plays it, its latest search report, and whether it is searching.
type Side struct {
	Who  string
	Line Line
	Live bool
}

// Line is a side's latest search report in a game no person plays.
type Line struct {
	Info ai.Info
	Pos  *game.Position // the position searched, for the line's notation
}

// sideRows are both sides' latest lines, 先手 first: a heading naming
// the side and its engine (the side marked * while it thinks), then
// depth and score (先手's view, as everywhere), then the line it
// expects, on two rows at most.
func (e Panel) sideRows(th *theme.Theme, w int) []string {
	var out []string
	for c := game.Black; c <= game.White; c++ {
		r := e.Sides[c]
		side, name, _ := strings.Cut(r.Who, " ")
		st := th.Dim
		if r.Live {
			// Marked as the hand line marks the side to move.
			side, st = side+"*", th.Good
		}
		out = append(out, th.Title.Render(textfit.Ellipsis(c.Mark()+side+" "+name, w)))
		i := r.Line.Info
		stat, scored := lang.Tr(e.Lang, "eg.noLine"), false
		switch {
		case r.Line.Pos == nil || i.Depth == 0:
		case e.Hidden || !i.ScoreShown():
			stat = fmt.Sprintf(lang.Tr(e.Lang, "eg.depthOnly"), i.Depth)
		default:
			stat, scored = fmt.Sprintf(lang.Tr(e.Lang, "eg.depth"), i.Depth, ScoreText(e.Lang, i.Score, r.Line.Pos.Side())), true
		}
		// Wrapped, not cut: the score is its last word.
		for _, l := range textfit.Wrap(stat, w) {
			out = append(out, st.Render(l))
		}
		if !scored {
			continue
		}
		if pv := textfit.Wrap(kif.LineText(r.Line.Pos, i.PV, 12), w); len(pv) > 0 {
			out = append(out, pv[:min(2, len(pv))]...)
		}
	}
	return out
}

// CandRows maps rows of the side panel to the candidates listed there.
type CandRows struct{ Top, N int }

// At is the candidate (0-based) on side panel row y.
func (c CandRows) At(y int) (int, bool) {
	if i := y - c.Top; c.N > 0 && i >= 0 && i < c.N {
		return i, true
	}
	return 0, false
}

// candidateRows are the candidates' rows of the engine panel inside w
// columns: the chosen one marked >, each with its score from 先手's view,
// its depth and as many moves of its line as fit whole.
func candidateRows(lg lang.Lang, p *game.Position, lines []ai.Info, pick, w int) []string {
	rows := make([]string, 0, len(lines))
	for i, l := range lines {
		mk := " "
		if i == pick {
			mk = ">"
		}
		head := fmt.Sprintf("%s%d %s d%d ", mk, i+1, ScoreShort(lg, l.Score, p.Side()), l.Depth)
		row := head + kif.LineText(p, l.PV, 1)
		for n := 2; n <= min(len(l.PV), 8); n++ {
			longer := head + kif.LineText(p, l.PV, n)
			if runewidth.StringWidth(longer) > w {
				break
			}
			row = longer
		}
		rows = append(rows, row)
	}
	return rows
}

// ScoreShort is an evaluation in a few columns: from 先手's view, or a
// mate ("詰+7": 先手 mates in 7, "詰-7": 後手 does; +M7 and -M7 on the
// English screen).
func ScoreShort(l lang.Lang, score int, side game.Color) string {
	sign := 1
	if side == game.White {
		sign = -1
	}
	if plies, ok := ai.IsMate(score); ok {
		sgn, n := "+", sign*plies
		if n < 0 {
			sgn, n = "-", -n
		}
		return fmt.Sprintf(lang.Tr(l, "eval.mateShort"), sgn, n)
	}
	return fmt.Sprintf("%+5d", sign*score)
}

// ScoreText is an evaluation for people: from 先手's side (and saying
// so), or a mate with the side that mates.
func ScoreText(l lang.Lang, score int, side game.Color) string {
	if plies, ok := ai.IsMate(score); ok {
		who := side
		if plies < 0 {
			who = side.Opp()
			plies = -plies
		}
		return fmt.Sprintf(lang.Tr(l, "score.mate"), who, plies)
	}
	if side == game.White {
		score = -score
	}
	return fmt.Sprintf(lang.Tr(l, "score.value"), score)
}
