package ui

import (
	"fmt"
	"strings"

	"kiki/ai"
	"kiki/kif"
)

// analysisComment is the comment lines of n in ShogiHome's form: the
// evaluation from 先手's view (#評価値=), the engine's line from the
// position after the move (#読み筋=), and for a move marked ? or ?? a
// line naming the better move and its line.
func (m *Model) analysisComment(n *kif.Node) []string {
	a := &m.analysis
	r, ok := a.Results[n]
	if !ok {
		return nil
	}
	compact := func(s string) string { return strings.ReplaceAll(s, " ", "") }
	var out []string
	if loss, mk := a.Loss(n); mk != "" {
		prev := a.Results[n.Parent]
		p := m.s.rec.Position(n.Parent)
		word := map[string]string{"?": "疑問手", "??": "悪手"}[mk]
		out = append(out, fmt.Sprintf("【%s】%d点損 最善 %s 読み筋 %s", word, loss, compact(kif.LineText(p, prev.PV, 1)), compact(kif.LineText(p, prev.PV, 12))))
	}
	if plies, ok := ai.IsMate(r.Score); ok {
		who := "先手勝ち"
		if plies < 0 {
			who, plies = "後手勝ち", -plies
		}
		out = append(out, fmt.Sprintf("#詰み=%s:%d手", who, plies))
	}
	out = append(out, fmt.Sprintf("#評価値=%d", r.Score))
	if len(r.PV) > 0 {
		out = append(out, "#読み筋="+compact(kif.LineText(m.s.rec.Position(n), r.PV, 12)))
	}
	return append(out, "#エンジン=kiki")
}

// isAnalysisLine reports whether a comment line is engine output that a new
// analysis replaces (ShogiHome's # lines and the 【疑問手】/【悪手】 notes).
func isAnalysisLine(c string) bool {
	for _, p := range []string{"#評価値=", "#読み筋=", "#詰み=", "#エンジン=", "#深さ=", "#ノード数=", "【疑問手】", "【悪手】"} {
		if strings.HasPrefix(c, p) {
			return true
		}
	}
	return false
}

// writeAnalysisComments writes the analysis into the comments of every
// analysed move (replacing an earlier analysis, keeping everything else).
func (m *Model) writeAnalysisComments() {
	a := &m.analysis
	if len(a.Results) == 0 {
		m.setMessage(m.tr("an.none"), true)
		return
	}
	if a.Running {
		m.setMessage(m.tr("an.running"), true)
		return
	}
	written := 0
	for _, n := range a.Line[1:] {
		lines := m.analysisComment(n)
		if lines == nil {
			continue
		}
		var keep []string
		for _, c := range n.Comments {
			if !isAnalysisLine(c) {
				keep = append(keep, c)
			}
		}
		n.Comments = append(keep, lines...)
		written++
	}
	m.s.markEdited()
	m.setMessage(fmt.Sprintf(m.tr("an.written"), written), false)
}
