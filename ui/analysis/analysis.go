// Package analysis is the analysis of the game on screen: the engine's
// evaluation of every position of the line, what each move cost its
// mover (the ? and ?? marks), the better move, and the score graph.
package analysis

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"kiki/ai"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/chart"
	"kiki/ui/lang"
)

// State covers both analysis tools: the continuous evaluation of
// the position on screen, and the evaluation of every position of the line
// in the background (with a progress bar, the moves that lost much marked
// ? or ??, the better move and its line, and a score graph).
type State struct {
	On bool // continuous analysis of the current position

	// Running: the whole-game analysis is under way; Gen numbers its
	// runs (a message of an older run is dropped); Done of Total
	// positions are evaluated; Finished once every one is.
	Running  bool
	stop     context.CancelFunc // ends the whole-game analysis
	Gen      int
	Done     int
	Total    int
	Results  map[*kif.Node]Eval // the position after the node's move
	Line     []*kif.Node        // the root, then the analysed moves
	Finished bool
}

// Eval is the engine's view of one position: the score from 先手's
// side, and the best move with its line for the side to move there.
type Eval struct {
	Score int
	Best  game.Move
	PV    []game.Move
	Depth int
}

// The loss, from the mover's view, at which a move is marked: ? at 300
// (about a pawn and a half lost), ?? at 800 (a major piece). Fixed
// thresholds, as in ShogiHome, rather than a ranking within the game, so
// a quiet game has no marks.
const (
	DubiousLoss = 300
	BlunderLoss = 800
)

// Cancel stops the whole-game analysis, if it runs.
func (a *State) Cancel() {
	if a.stop != nil {
		a.stop()
	}
	a.Running = false
	a.Gen++
}

// Reset cancels and forgets the analysis. The generation keeps counting
// up: a message from a run before the reset must never match a later
// run's generation (set back to 0, a stale message once wrote into a
// results map that no longer existed).
func (a *State) Reset() {
	a.Cancel()
	*a = State{Gen: a.Gen}
}

// Restore brings back an analysis saved earlier (leaving a room), under
// a generation newer than any run so far. A whole-game analysis that was
// running when it was saved was stopped since: interrupted says so, and
// Resume goes on with it.
func (a *State) Restore(saved State) (interrupted bool) {
	gen := max(a.Gen, saved.Gen) + 1
	a.Cancel()
	*a = saved
	a.Gen = gen
	interrupted, a.Running = a.Running, false
	return interrupted
}

// Resume goes on with the whole-game analysis over its line, keeping the
// positions already evaluated: it returns the run's generation, its
// context and the function that releases it, as Begin does.
func (a *State) Resume() (gen int, ctx context.Context, stop context.CancelFunc) {
	a.Gen++
	a.Running, a.Finished, a.Total = true, false, len(a.Line)
	if a.Results == nil {
		a.Results = map[*kif.Node]Eval{}
	}
	ctx, a.stop = context.WithCancel(context.Background())
	return a.Gen, ctx, a.stop
}

// Loss is what the move of n cost its mover, by the engine's scores before
// and after it, and its mark: "?", "??" or "" (also "" for the move the
// engine itself chose, or when a score is missing).
func (a *State) Loss(n *kif.Node) (int, string) {
	if n.Parent == nil || n.IsSpecial() {
		return 0, ""
	}
	prev, ok1 := a.Results[n.Parent]
	cur, ok2 := a.Results[n]
	if !ok1 || !ok2 {
		return 0, ""
	}
	d := clampScore(prev.Score) - clampScore(cur.Score) // 先手's loss
	if n.Move.Piece().Color() == game.White {
		d = -d
	}
	switch {
	case prev.Best == n.Move:
		return d, ""
	case d >= BlunderLoss:
		return d, "??"
	case d >= DubiousLoss:
		return d, "?"
	}
	return d, ""
}

// BestBefore is the engine's choice in the position n's move was played from.
func (a *State) BestBefore(n *kif.Node) game.Move {
	if n.Parent == nil {
		return game.NoMove
	}
	return a.Results[n.Parent].Best
}

// EvalText is n's evaluation for the move list, from 先手's view: +120,
// or a mate with the side that mates and in how many plies (先詰5 / 後詰5,
// +M5 / -M5 on the English screen).
func (a *State) EvalText(l lang.Lang, n *kif.Node) string {
	r, ok := a.Results[n]
	if !ok {
		return ""
	}
	if plies, ok := ai.IsMate(r.Score); ok {
		if plies >= 0 {
			return fmt.Sprintf(lang.Tr(l, "eval.blackMates"), plies)
		}
		return fmt.Sprintf(lang.Tr(l, "eval.whiteMates"), -plies)
	}
	return fmt.Sprintf("%+d", r.Score)
}

// clampScore bounds a score as the marks and the graph read it (a mate
// is a big lead, not a number to subtract).
func clampScore(v int) int { return max(-3000, min(3000, v)) }

// Progress is the whole-game analysis's progress bar in width columns.
func (a *State) Progress(width int) string {
	if a.Total == 0 {
		return ""
	}
	w := max(10, width-12)
	fill := a.Done * w / a.Total
	return fmt.Sprintf("[%s%s] %d/%d", strings.Repeat("#", fill), strings.Repeat(".", w-fill), a.Done, a.Total)
}

// graphRanges are the scales the graph chooses from: the smallest that
// holds every score (clamped at the largest), so a quiet game is not a
// flat line.
var graphRanges = []int{500, 1000, 2000, 3000}

// Range is the score at the top (and, negated, the bottom) of the graph.
func (a *State) Range() int {
	top := 0
	for _, r := range a.Results {
		top = max(top, min(abs(r.Score), graphRanges[len(graphRanges)-1]))
	}
	for _, g := range graphRanges {
		if top <= g {
			return g
		}
	}
	return graphRanges[len(graphRanges)-1]
}

// abs is |v|.
func abs(v int) int { return max(v, -v) }

// Graph draws the whole-game scores as an area chart of width ×
// (height+2) cells: a title naming whose view it is and the move on
// screen, a y axis labelled with its range (+1000 / 0 / -1000, 先手 ahead
// above the zero line), the scores as braille dots (two columns and four
// rows of dots a cell) filled from the zero line, so that who leads reads
// at a glance, and under it a line with ^ under the move on screen, ?
// under each mistake (?? marked !) and the last move's number.
func (a *State) Graph(l lang.Lang, width, height int, cur *kif.Node) []string {
	if len(a.Results) == 0 || len(a.Line) == 0 || width < 16 || height < 3 {
		return nil
	}
	const axisW = 6 // "+2000|"
	n := len(a.Line)
	// The chart leaves room after it for the last move's number.
	cols := min(width-axisW-1-len(fmt.Sprint(a.Line[n-1].Ply)), (n+1)/2)
	mid := height / 2
	height = 2*mid + 1 // odd, so that 0 has a row of its own
	rng := a.Range()
	scores := make([]int, 2*cols)
	known := make([]bool, 2*cols)
	for x := range scores {
		r, ok := a.Results[a.Line[x*n/len(scores)]]
		scores[x], known[x] = r.Score, ok
	}
	rows := chart.Area(scores, known, rng, cols, height)
	curIdx := slices.Index(a.Line, cur)
	title := lang.Tr(l, "graph.title")
	if curIdx >= 0 {
		nd := a.Line[curIdx]
		title += fmt.Sprintf(" "+lang.Tr(l, "st.ply"), nd.Ply)
		if t := a.EvalText(l, nd); t != "" {
			title += " " + t
		}
		if _, mk := a.Loss(nd); mk != "" {
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
	return append(out, strings.Repeat(" ", axisW)+string(a.marks(cols, curIdx)))
}

// marks is the line under the graph: ? under each dubious move, !
// under each blunder and ^ under the move on screen, each at its column,
// then the last move's number.
func (a *State) marks(cols, curIdx int) []rune {
	n := len(a.Line)
	marks := []rune(strings.Repeat(" ", cols))
	col := func(i int) int { return min(cols-1, i*cols/n) }
	for i, nd := range a.Line {
		switch _, mk := a.Loss(nd); mk {
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
	return append(marks, []rune(" "+fmt.Sprint(a.Line[n-1].Ply))...)
}

// Begin starts a run of the whole-game analysis over line (the root,
// then the moves), forgetting the last: it returns the run's generation
// and the context that Cancel ends, with the function that releases it
// when the run is over.
func (a *State) Begin(line []*kif.Node) (gen int, ctx context.Context, stop context.CancelFunc) {
	a.Gen++
	a.Line = line
	a.Running, a.Done, a.Total, a.Finished = true, 0, len(line), false
	a.Results = map[*kif.Node]Eval{}
	ctx, a.stop = context.WithCancel(context.Background())
	return a.Gen, ctx, a.stop
}
