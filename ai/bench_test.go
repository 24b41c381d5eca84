package ai

import (
	"strings"
	"testing"
)

// The bench's node count is a signature only if it is repeatable, and its
// statistics must add up.
func TestBenchRepeatable(t *testing.T) {
	pos := BenchPositions[:6]
	a, err := Bench(pos, 5, 4, nil, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Bench(pos, 5, 4, nil, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Stats.Nodes != b.Stats.Nodes || a.Stats.Nodes == 0 {
		t.Fatalf("node counts %d and %d: not a signature", a.Stats.Nodes, b.Stats.Nodes)
	}
	s := a.Stats
	if s.QNodes > s.Nodes || s.TTHits > s.TTProbes || s.FirstCuts > s.Cutoffs || s.Cutoffs == 0 {
		t.Fatalf("inconsistent statistics %+v", s)
	}
	if a.EBF <= 1 {
		t.Fatalf("EBF %.2f", a.EBF)
	}
	m, err := Bench(pos, 5, 4, Material{Params: &Default}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if m.Stats.Nodes == a.Stats.Nodes {
		t.Fatalf("material-only evaluation searched the same %d nodes as the hand-set one", m.Stats.Nodes)
	}
	var sb strings.Builder
	a.Report(&sb)
	if !strings.Contains(sb.String(), "EBF") || !strings.Contains(sb.String(), "EBF by depth") || !strings.Contains(sb.String(), "best changed") {
		t.Fatalf("report lacks EBF or the iterations by depth:\n%s", sb.String())
	}
	// The iterations by depth add up: every position completes each depth
	// to 5, their nodes are part of all the nodes, and a best move changes
	// at most once an iteration.
	var iterNodes uint64
	for d := 2; d <= 5; d++ {
		it := a.Deep[d]
		if it.N != len(pos) || it.Changed > it.N || it.Growth() <= 0 {
			t.Fatalf("depth %d: %+v, growth %.2f", d, it, it.Growth())
		}
		iterNodes += it.Nodes
	}
	if iterNodes == 0 || iterNodes >= a.Stats.Nodes {
		t.Fatalf("the iterations from depth 2 hold %d of %d nodes", iterNodes, a.Stats.Nodes)
	}
	if sh := a.changedShare(2); sh < 0 || sh > 1 {
		t.Fatalf("share of nodes in iterations that changed the move: %.2f", sh)
	}
}

func TestBenchBadPosition(t *testing.T) {
	if _, err := Bench([]string{"not a position"}, 3, 1, nil, false, nil); err == nil {
		t.Fatal("a bad SFEN gave no error")
	}
}

// BenchmarkBench is kiki bench at depth 7, for profiling the search:
// go test ./ai -run XXX -bench Bench$ -cpuprofile /tmp/cpu.out
func BenchmarkBench(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Bench(BenchPositions, 7, 16, nil, false, nil); err != nil {
			b.Fatal(err)
		}
	}
}
