package ui

import (
	"fmt"
	"strings"

	"kiki/ai"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/analysis"
	"kiki/ui/board"
	"kiki/ui/textfit"
)

// enginePanel is the engine's part of the side panel: what the AI is
// thinking (unless its evaluation is hidden), the game analysis's
// progress, its graph and, for a move it marked ? or ??, the better move
// and its line; and the mate search's line. The root fills it in; it
// only draws.
type enginePanel struct {
	lang     Lang
	thinking bool
	purpose  searchPurpose
	info     ai.Info
	hidden   bool           // the AI's evaluation is hidden
	pos      *game.Position // the position on screen
	analysis *analysis.State
	rec      *kif.Record
	node     *kif.Node // the node on screen
	mateLine string
	// cands are the analysis's candidate lines (MultiPV), pick the one
	// drawn on the board, multiPV how many were asked for.
	cands   []ai.Info
	pick    int
	multiPV int
	// graphH is the score graph's height (rows of its plot); 0 means 7.
	graphH int
	// sides are both sides' latest lines in a game no person plays (nil
	// otherwise): shown instead of the one search's.
	sides *[2]sideReport
}

// graphHeight is the score graph's height in a layout: the whole game
// reads better the more rows it has.
func graphHeight(g board.Geom) int {
	switch g.Size {
	case board.Medium:
		return 9
	case board.Large:
		return 13
	}
	return 7
}

// View draws the panel's lines inside w columns.
func (e enginePanel) View(th *Theme, w int) []string {
	out, _ := e.rows(th, w)
	return out
}

// rows is View, with where the candidates are among the lines.
func (e enginePanel) rows(th *Theme, w int) ([]string, candRows) {
	var out []string
	var cr candRows
	if e.sides != nil {
		out = append(out, e.sideRows(th, w)...)
	} else if e.thinking && e.info.Depth > 0 && !e.hidden {
		i := e.info
		purpose := tr(e.lang, "purpose.panel."+e.purpose.String())
		if i.ScoreShown() {
			// Wrapped, not cut: the score is its last word.
			for _, l := range textfit.Wrap(fmt.Sprintf(tr(e.lang, "ep.depth"), purpose, i.Depth, scoreText(e.lang, i.Score, e.pos.Side())), w) {
				out = append(out, th.Good.Render(l))
			}
		} else {
			out = append(out, th.Good.Render(fmt.Sprintf(tr(e.lang, "ep.depthBlurred"), purpose, i.Depth)))
		}
		out = append(out, th.Dim.Render(fmt.Sprintf(tr(e.lang, "ep.nodes"), i.Nodes, i.NPS/1000)))
		switch {
		case !i.ScoreShown():
			// A weak level's line is what its blurred judgement
			// prefers: no reading of the position.
		case len(e.cands) > 0:
			// Wrapped, not cut: the keys it names are how to use the list.
			for _, l := range textfit.Wrap(fmt.Sprintf(tr(e.lang, "ep.cands"), e.multiPV, len(e.cands)), w) {
				out = append(out, th.Title.Render(l))
			}
			cr = candRows{top: len(out), n: len(e.cands)}
			for j, r := range candidateRows(e.lang, e.pos, e.cands, e.pick, w) {
				if j == e.pick {
					r = th.Current.Render(r)
				}
				out = append(out, r)
			}
		default:
			out = append(out, textfit.Wrap(tr(e.lang, "ep.line")+kif.LineText(e.pos, i.PV, 10), w)...)
		}
	}
	a := e.analysis
	if a.Running {
		out = append(out, tr(e.lang, "ep.analysing")+a.Progress(w-7))
	}
	gh := e.graphH
	if gh == 0 {
		gh = 7
	}
	for _, l := range a.Graph(e.lang, w, gh, e.node) {
		out = append(out, th.Dim.Render(l))
	}
	if loss, mk := a.Loss(e.node); mk != "" {
		prev := a.Results[e.node.Parent]
		p := e.rec.Position(e.node.Parent)
		out = append(out, th.Bad.Render(fmt.Sprintf(tr(e.lang, "ep.loss"), mk, loss)))
		out = append(out, textfit.Wrap(fmt.Sprintf(tr(e.lang, "ep.best"), kif.LineText(p, prev.PV, 1), a.EvalText(e.lang, e.node.Parent)), w)...)
		out = append(out, textfit.Wrap(tr(e.lang, "ep.line")+kif.LineText(p, prev.PV, 12), w)...)
	}
	if e.mateLine != "" {
		for _, l := range textfit.Wrap(e.mateLine, w) {
			out = append(out, th.Good.Render(l))
		}
	}
	for i := range out {
		out[i] = textfit.Truncate(out[i], w)
	}
	return out, cr
}

// searchPurpose is what the AI is searching for.
type searchPurpose uint8

const (
	purposeNone     searchPurpose = iota
	purposeMove                   // its move in a game
	purposeHint                   // a hint for the person to move
	purposeAnalysis               // the continuous analysis
)

func (p searchPurpose) String() string {
	return [...]string{"none", "move", "hint", "analysis"}[p]
}

// sideReport is one side's part of the panel in a game no person plays:
// who plays it, its latest search report, and whether it is searching.
type sideReport struct {
	who  string
	line engineLine
	live bool
}

// sideRows are both sides' latest lines, 先手 first: a heading naming
// the side and its engine (the side marked * while it thinks), then
// depth and score (先手's view, as everywhere), then the line it
// expects, on two rows at most.
func (e enginePanel) sideRows(th *Theme, w int) []string {
	var out []string
	for c := game.Black; c <= game.White; c++ {
		r := e.sides[c]
		side, name, _ := strings.Cut(r.who, " ")
		st := th.Dim
		if r.live {
			// Marked as the hand line marks the side to move.
			side, st = side+"*", th.Good
		}
		out = append(out, th.Title.Render(textfit.Ellipsis(c.Mark()+side+" "+name, w)))
		i := r.line.info
		stat, scored := tr(e.lang, "eg.noLine"), false
		switch {
		case r.line.pos == nil || i.Depth == 0:
		case e.hidden || !i.ScoreShown():
			stat = fmt.Sprintf(tr(e.lang, "eg.depthOnly"), i.Depth)
		default:
			stat, scored = fmt.Sprintf(tr(e.lang, "eg.depth"), i.Depth, scoreText(e.lang, i.Score, r.line.pos.Side())), true
		}
		// Wrapped, not cut: the score is its last word.
		for _, l := range textfit.Wrap(stat, w) {
			out = append(out, st.Render(l))
		}
		if !scored {
			continue
		}
		if pv := textfit.Wrap(kif.LineText(r.line.pos, i.PV, 12), w); len(pv) > 0 {
			out = append(out, pv[:min(2, len(pv))]...)
		}
	}
	return out
}
