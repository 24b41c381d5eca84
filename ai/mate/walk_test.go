package mate

import (
	"context"
	"testing"

	"kiki/game"
)

// The walk's lengths are those of the lines it walks. Keyed by position
// alone, a length worked out under a smaller bound replaced one the walk
// had already compared higher up, and the line then went another way than
// the comparison assumed: on this problem, with a 1 MiB table, the root's
// length said 53 plies and the line walked 43; on 新扇詰 a defender was
// sent into an evasion mated in 15 over one lasting 117, for a line
// shorter than the minimax length. Here the line from every position on it
// must be as long as the walk said, and never shorter than the minimax.
func TestWalkLengthIsTheLineWalked(t *testing.T) {
	const line = 34
	var pr problem
	for _, q := range loadProblems(t, "medium.tsv") {
		if q.line == line {
			pr = q
		}
	}
	p, err := game.ParseSFEN(pr.sfen)
	if err != nil {
		t.Fatal(err)
	}
	sv := New(Options{HashMiB: 1, FirstProofOnly: true})
	s := sv.newSearcher(context.Background(), p.Clone())
	r := s.prove(infDepth)
	if r.pn != 0 {
		t.Fatalf("medium.tsv:%d: no proof", line)
	}
	s.walkOnly = true
	root := s.pos.Key()
	moves, _, complete := s.line(int(r.dist))
	if !complete || len(moves) < pr.length {
		t.Fatalf("medium.tsv:%d: line %d plies (complete %v), minimax %d", line, len(moves), complete, pr.length)
	}
	// Replay the line, following the bounds the walk took.
	e, ok := s.walkMemo[walkKey{root, r.dist}]
	if !ok || int(e.v) != len(moves) {
		t.Fatalf("medium.tsv:%d: the walk said %d plies, the line has %d", line, e.v, len(moves))
	}
	q := p.Clone()
	for i, m := range moves[:len(moves)-1] {
		if e.move != m {
			t.Fatalf("ply %d: the line took %s, the walk %s", i+1, m.USI(), e.move.USI())
		}
		q.DoMove(m)
		next, ok := s.walkMemo[walkKey{q.Key(), e.next}]
		if !ok || int(next.v) != len(moves)-i-1 {
			t.Fatalf("after ply %d the walk said %d plies, %d are left", i+1, next.v, len(moves)-i-1)
		}
		e = next
	}
	checkLine(t, pr.sfen, moves)
}
