package ui

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"kiki/game"
	"kiki/kif"
	"kiki/ui/analysis"
)

// record60 is a 60-move record of pseudo-random legal moves: plenty of
// blunders for the analysis to find.
func record60(t *testing.T) *kif.Record {
	t.Helper()
	p := game.NewStartPosition()
	r := kif.NewRecord(p)
	n := r.Root
	seed := uint64(11)
	for i := 0; i < 60; i++ {
		var ml game.MoveList
		p.LegalMoves(&ml)
		if ml.Len() == 0 {
			t.Fatalf("the random game ended at move %d", i)
		}
		seed = seed*6364136223846793005 + 1442695040888963407
		mv := ml.At(int(seed>>33) % ml.Len())
		n = n.AddChild(&kif.Node{Move: mv})
		p.DoMove(mv)
	}
	return r
}

func TestAnalyzeWholeGame(t *testing.T) {
	o := testOptions()
	o.Record = record60(t)
	m := runUntil(t, o, 110, 40, "analysis done", "A")
	a := &m.analysis
	line := m.s.line()
	if len(line) != 60 {
		t.Fatalf("line of %d moves", len(line))
	}
	marked := 0
	for _, n := range line {
		r, ok := a.Results[n]
		if !ok {
			t.Fatalf("move %d has no evaluation", n.Ply)
		}
		loss, mark := a.Loss(n)
		// ? and ?? follow the loss threshold from the mover's view, never a rank.
		want := ""
		switch {
		case loss >= analysis.BlunderLoss:
			want = "??"
		case loss >= analysis.DubiousLoss:
			want = "?"
		}
		if a.BestBefore(n) == n.Move {
			want = "" // the engine's own choice is never marked
		}
		if mark != want {
			t.Fatalf("move %d lost %d and is marked %q, want %q", n.Ply, loss, mark, want)
		}
		if mark != "" {
			marked++
			prev := a.Results[n.Parent]
			if prev.Best == game.NoMove || prev.Best == n.Move || len(prev.PV) == 0 {
				t.Fatalf("move %d (%s) has no better move and line: %+v", n.Ply, mark, prev)
			}
		}
		_ = r
	}
	if marked == 0 {
		t.Fatal("no move of a random game marked")
	}
	// The move list shows every move's evaluation, from 先手's view.
	m.s.goTo(line[9])
	v := stripANSI(m.View())
	row := ""
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, "> 10 ") {
			row = l
		}
	}
	if want := a.EvalText(English, line[9]); want == "" || !strings.Contains(row, want) {
		t.Fatalf("row of move 10 %q lacks its evaluation %s\n%s", row, want, v)
	}
	// The graph has an axis with labels, says whose view, marks the current move.
	rng := a.Range()
	for _, want := range []string{"score (先手)", fmt.Sprintf("%+5d|", rng), fmt.Sprintf("%+5d|", -rng), "    0|", "move 10"} {
		if !strings.Contains(v, want) {
			t.Fatalf("graph lacks %q:\n%s", want, v)
		}
	}
	// A ? move shows the better move and its line.
	for _, n := range line {
		if _, mark := a.Loss(n); mark != "" {
			m.s.goTo(n)
			v = stripANSI(m.View())
			if !strings.Contains(v, "best ") || !strings.Contains(v, "line ") {
				t.Fatalf("move %d (%s) shows no better move and line:\n%s", n.Ply, mark, v)
			}
			break
		}
	}
}

// The evaluations and lines go into the comments in ShogiHome's form,
// survive a KIF round trip, and writing twice does not repeat them.
func TestAnalysisCommentsSaved(t *testing.T) {
	o := testOptions()
	o.Record = record60(t)
	o.Record.Root.Children[0].Comments = []string{"初手の感想"}
	m := runUntil(t, o, 110, 40, "analysis done", "A")
	m.writeAnalysisComments()
	m.writeAnalysisComments()
	if !m.s.dirty {
		t.Fatal("writing comments left the record unmarked as changed")
	}
	path := filepath.Join(t.TempDir(), "analysed.kif")
	if err := m.writeRecord(path); err != nil {
		t.Fatal(err)
	}
	r, err := kif.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	line := r.MainLine()
	if len(line) != 60 {
		t.Fatalf("reopened %d moves", len(line))
	}
	orig := m.s.line()
	for i, n := range line {
		var evals, pvs int
		for _, c := range n.Comments {
			if v, ok := strings.CutPrefix(c, "#評価値="); ok {
				evals++
				got, err := strconv.Atoi(v)
				if err != nil || got != m.analysis.Results[orig[i]].Score {
					t.Fatalf("move %d: %q, want %d", n.Ply, c, m.analysis.Results[orig[i]].Score)
				}
			}
			if strings.HasPrefix(c, "#読み筋=") {
				pvs++
			}
		}
		if evals != 1 {
			t.Fatalf("move %d has %d evaluations in %q", n.Ply, evals, n.Comments)
		}
		if pvs > 1 {
			t.Fatalf("move %d has %d lines in %q", n.Ply, pvs, n.Comments)
		}
	}
	if line[0].Comments[0] != "初手の感想" {
		t.Fatalf("the player's comment was lost: %q", line[0].Comments)
	}
}

// TestStaleAnalysisAfterReset: opening a record (or the editor) forgets
// the analysis; a message from a run before that, arriving late, is
// dropped — even after later cancels — instead of writing into a results
// map that is gone (the key storm found this as a nil-map panic).
func TestStaleAnalysisAfterReset(t *testing.T) {
	o := testOptions()
	o.Record = record60(t)
	m := newTestModel(o)
	m.analyzeGame()
	old := m.analysis.Gen
	node := m.s.rec.Root.Children[0]
	for i := 0; i < old+2; i++ {
		m.openRecord(record60(t), "", "again")
		m.analysis.Cancel()
	}
	for g := 0; g <= m.analysis.Gen+1; g++ {
		m.onAnalysis(analysisMsg{gen: g, node: node, res: analysis.Eval{Score: 10}})
	}
	if len(m.analysis.Results) != 0 {
		t.Errorf("a stale message was taken: %v", m.analysis.Results)
	}
}
