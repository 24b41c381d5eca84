package ui

import (
	"fmt"
	"strings"

	"kiki/ai/review"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/analysis"
	"kiki/ui/textfit"
)

// What the library's screen shows of the reviews: a column with each
// reviewed game's worst moment, the cursor's game's worst three under
// the list, and the review's progress bar.

// setReview gives row i its review, as the list writes it in l.
func (st *libraryState) setReview(i int, l Lang, rev *rowReview) {
	st.rows[i].rev = rev
	st.rows[i].worst = worstWords(l, rev)
	st.reviewed = true
}

// worstWords is the column's text: the worst moment, "no mistake", or
// how far a review stopped halfway went.
func worstWords(l Lang, r *rowReview) string {
	switch {
	case r == nil:
		return ""
	case !r.done:
		return fmt.Sprintf(tr(l, "lrv.soFar"), r.plies, r.moves)
	case len(r.worst) == 0:
		return tr(l, "lrv.clean")
	}
	return momentWords(l, r.worst[0])
}

// momentWords says one mistake: a missed mate and its move, or the mark
// (? or ??, as the analysis marks moves), the move and what it lost; the
// move's number has the mover's mark (☗ ☖: one column on any terminal).
func momentWords(l Lang, p review.Ply) string {
	side := "☗"
	if p.Mover == int(game.White) {
		side = "☖"
	}
	if p.Missed {
		return fmt.Sprintf(tr(l, "lrv.missed"), side, p.Ply)
	}
	mark := "?"
	if p.Loss() >= analysis.BlunderLoss {
		mark = "??"
	}
	return fmt.Sprintf(tr(l, "lrv.loss"), mark, side, p.Ply, min(p.Loss(), 9999))
}

// libWorstCol is the column of the worst moments, shown once a game of
// the library has a review.
var libWorstCol = libCol{"lib.col.worst", 14, 16, false, func(r *libRow) string { return r.worst }}

// anyReview reports whether the list has a review to show.
func (st *libraryState) anyReview() bool { return st.review != nil || st.reviewed }

// worstLine lists the worst moments of the cursor's game; "" when it has
// no review.
func (m *Model) worstLine(r *libRow) string {
	rev := r.rev
	if rev == nil {
		return ""
	}
	if rev.done && len(rev.worst) == 0 {
		return m.tr("lrv.noneFound")
	}
	parts := []string{m.tr("lrv.clean")} // so far
	if len(rev.worst) > 0 {
		parts = parts[:0]
	}
	for _, p := range rev.worst {
		parts = append(parts, momentWords(m.lang, p))
	}
	s := m.tr("lrv.worst") + strings.Join(parts, "   ")
	if !rev.done {
		s += fmt.Sprintf(m.tr("lrv.partial"), rev.plies, rev.moves)
	}
	return s
}

// reviewBar is the review's line: a bar of the games done, how many, the
// game being searched and its positions, the failures, and what A does.
func (m *Model) reviewBar(w int) string {
	rv := m.library.review
	total := len(rv.queue)
	done := total - rv.count(revPending)
	const bar = 20
	frac := float64(done)
	if rv.cur >= 0 && rv.moves > 0 {
		frac += float64(rv.plies) / float64(rv.moves)
	}
	n := min(bar, int(bar*frac/float64(max(total, 1))))
	s := fmt.Sprintf(m.tr("lrv.bar"), "["+strings.Repeat("#", n)+strings.Repeat("-", bar-n)+"]", done, total)
	if rv.cur >= 0 {
		s += fmt.Sprintf(m.tr("lrv.current"), rv.cur+1, rv.plies, rv.moves)
	}
	if f := rv.count(revFailed); f > 0 {
		s += fmt.Sprintf(m.tr("lrv.failedN"), f)
	}
	switch {
	case rv.stopping:
		s += "   " + m.tr("lrv.pausing")
	case rv.run != nil:
		s += "   " + m.tr("lrv.pauseHint")
	case done < total:
		s += "   " + m.tr("lrv.pausedHint")
	default:
		s += "   " + m.tr("lrv.doneHint")
	}
	return textfit.Truncate(s, w-1)
}

// showCachedReview fills the analysis of the record just opened from its
// review kept at the review's settings, if any: the graph, the scores and
// the marks of the move list show at once, as after A.
func (m *Model) showCachedReview(rec *kif.Record) {
	if m.dataDir() == "" {
		return
	}
	setup := m.reviewSetup()
	res, ok, err := setup.cache.Load(gameOf(rec).Key(), setup.set.Key())
	if !ok || err != nil || len(res.Plies) == 0 {
		return
	}
	var nodes []*kif.Node
	for _, n := range rec.MainLine() {
		if !n.IsSpecial() {
			nodes = append(nodes, n)
		}
	}
	a := &m.analysis
	a.Reset()
	a.Line = append([]*kif.Node{rec.Root}, nodes...)
	a.Results = map[*kif.Node]analysis.Eval{}
	p := rec.StartPosition()
	for i, ply := range res.Plies[:min(len(res.Plies), len(nodes))] {
		a.Results[a.Line[i]] = evalOf(p, ply)
		p.DoMove(nodes[i].Move)
	}
	if n := len(nodes); res.Done && len(res.Plies) == n && n > 0 {
		a.Results[a.Line[n]] = analysis.Eval{Score: res.Plies[n-1].After}
	}
	a.Done, a.Total, a.Finished = len(a.Results), len(a.Line), res.Done
	m.message += m.tr("lrv.shown")
}

// evalOf is a review's ply as the analysis keeps the position before
// it, p: the score (先手's view), the best move and its line.
func evalOf(p *game.Position, ply review.Ply) analysis.Eval {
	r := analysis.Eval{Score: ply.Score}
	q := p.Clone()
	for _, u := range ply.PV {
		mv, err := q.ParseUSIMove(u)
		if err != nil || !q.IsLegal(mv) {
			break
		}
		r.PV = append(r.PV, mv)
		q.DoMove(mv)
	}
	if mv, err := p.ParseUSIMove(ply.Best); err == nil && p.IsLegal(mv) {
		r.Best = mv
		if len(r.PV) == 0 {
			r.PV = []game.Move{mv}
		}
	}
	return r
}
