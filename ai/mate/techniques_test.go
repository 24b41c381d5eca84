package mate

import (
	"context"
	"testing"

	"kiki/game"
)

// The tests of this file each show one of the solver's techniques on a
// small position; each fails when its technique is switched off.

// Graph-history interaction: a position searched below a repetition of
// the path that reached it may be "disproven" only because the mate
// passes through that repetition. Here the only mate of X is G*1b, and
// the search of X is made as if the position after G*1b were already on
// the path (reached again, it fails for the attacker). That disproof holds
// on that path only: the table must not hand it to a search of X that
// comes by another path, where G*1b mates.
func TestGHIDisproofStaysOnItsPath(t *testing.T) {
	const x = "8k/9/8P/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"
	p, err := game.ParseSFEN(x)
	if err != nil {
		t.Fatal(err)
	}
	gold := game.NewDrop(game.NewPiece(game.Black, game.Gold), game.NewSquare(1, 2))
	if !p.IsLegal(gold) {
		t.Fatal("the test's premise fails: G*1b is not legal")
	}
	p.DoMove(gold)
	if !p.IsCheckmate() {
		t.Fatal("the test's premise fails: G*1b does not mate")
	}
	afterGold := p.Key()
	p.UndoMove()

	sv := New(Options{HashMiB: 1})
	s := sv.newSearcher(context.Background(), p)
	// The path: the position after G*1b at ply 0 (as if X came after
	// it), X at ply 1.
	s.path.set(afterGold, 0)
	s.path.set(p.Key(), 1)
	s.ply = 1
	if res := s.mid(inf, inf, infDepth); res.dn != 0 {
		t.Fatalf("with G*1b's position on the path X should fail: pn %d dn %d", res.pn, res.dn)
	}
	if lr := sv.tt.lookup(p.BoardKey(), p.Hand(game.Black), infDepth); lr.found && lr.dn == 0 {
		t.Fatal("the table calls X no mate for every path: a disproof that relied on the path's repetition was stored as general")
	}
	// By a path without the repetition, X is a mate in 1.
	res := sv.Solve(context.Background(), p)
	if res.Status != Mate || res.Length != 1 {
		t.Fatalf("X by another path: %v length %d, want mate in 1", res.Status, res.Length)
	}
}

// Proof pieces: a proof is stored under the least hand that proves it, so
// it answers for a hand the search never met. After a search with a pawn
// in hand (RBGNP), the same board with a lance instead (RBGNL: more
// lances, fewer pawns, so neither hand holds the other) is proven from
// the table at the root's first expansion, where a fresh search of it
// takes hundreds of nodes.
func TestProofPiecesAnswerAnotherHand(t *testing.T) {
	const withPawn = "ln7/1k2s4/1pp6/p8/9/3L5/9/9/9 b RBGNPrb3g3s2n2l14p 1"
	const withLance = "ln7/1k2s4/1pp6/p8/9/3L5/9/9/9 b RBGNLrb3g3s2nl15p 1"
	p1, err := game.ParseSFEN(withPawn)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := game.ParseSFEN(withLance)
	if err != nil {
		t.Fatal(err)
	}
	fresh := New(Options{HashMiB: 4, FirstProofOnly: true}).Solve(context.Background(), p2)
	if fresh.Status != Mate {
		t.Fatalf("fresh search of RBGNL: %v", fresh.Status)
	}
	sv := New(Options{HashMiB: 4, FirstProofOnly: true})
	if r := sv.Solve(context.Background(), p1); r.Status != Mate {
		t.Fatalf("RBGNP: %v", r.Status)
	}
	again := sv.Solve(context.Background(), p2)
	if again.Status != Mate {
		t.Fatalf("RBGNL after RBGNP: %v", again.Status)
	}
	checkLine(t, withLance, again.Moves)
	if again.Nodes*10 > fresh.Nodes {
		t.Fatalf("RBGNL after RBGNP took %d nodes, a fresh search %d: the first proof was not reused", again.Nodes, fresh.Nodes)
	}
}

// Futile interpositions (無駄合): against a distant check the defender can
// drop any of its pieces on every square between, and each drop is
// captured and the mate goes on. The drops on one square wait in line and
// a check's first proof number counts them once, so the search sees that
// they only delay the mate and finds it in a few hundred nodes; counting
// every drop as a separate defence makes the checks that invite them look
// hopeless, and the same mates take about ten times as many nodes. The
// minimax length counts the interpositions; the book length does not.
func TestFutileInterpositions(t *testing.T) {
	for _, c := range []struct {
		sfen          string
		length, nodes int
	}{
		// medium.tsv: a rook's long check, 15 plies (240 nodes; 323 with a line of drops per square, 3,200 with every drop counted)
		{"7pk/9/7K1/5+r3/9/9/9/1B7/R8 b b4g4s4n4l17p 1", 15, 1000},
		// short.tsv: mate in 3 behind the bishop's long diagonal (10 nodes; 290)
		{"6Snl/5+Rg1k/6pgs/9/9/9/9/9/1B6L b rb2g2s3n2l17p 1", 3, 60},
	} {
		p, err := game.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		res := New(Options{HashMiB: 4}).Solve(context.Background(), p)
		if res.Status != Mate || res.Length != c.length || !res.Minimal {
			t.Fatalf("%s: %v length %d minimal %v, want %d", c.sfen, res.Status, res.Length, res.Minimal, c.length)
		}
		checkLine(t, c.sfen, res.Moves)
		if res.Nodes > uint64(c.nodes) {
			t.Errorf("%s: %d nodes, more than %d: the interpositions were searched as separate defences", c.sfen, res.Nodes, c.nodes)
		}
	}
}

// Numbers that saturate: where paths loop, a sum of disproof (proof)
// numbers can grow past what 32 bits hold and stay at inf-1. A child's
// threshold is its parent's less what the other children add; from the
// root's unlimited threshold that left the child its own number plus one,
// so the search went down, raised one number by one and came back, again
// and again (明日香: 100M nodes in 60 s, the root's numbers frozen and the
// table at 44 MB). An unlimited threshold now stays unlimited.
func TestSaturatedSumsDoNotStallTheSearch(t *testing.T) {
	if got := childThreshold(inf, inf-1, 7); got != inf {
		t.Errorf("childThreshold(inf, inf-1, 7) = %d, want inf", got)
	}
	if got := childThreshold(100, 30, 10); got != 80 {
		t.Errorf("childThreshold(100, 30, 10) = %d, want 80", got)
	}
	if got := childThreshold(inf-1, inf-1, 7); got != 7 {
		t.Errorf("childThreshold(inf-1, inf-1, 7) = %d, want 7", got)
	}
	var sfen string
	for _, pr := range loadProblems(t, "famous.tsv") {
		if pr.length == 703 { // 明日香
			sfen = pr.sfen
		}
	}
	if sfen == "" {
		t.Fatal("famous.tsv has no 703-ply problem (明日香)")
	}
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	sv := New(Options{HashMiB: 256, MaxNodes: 1000000})
	defer sv.Close()
	s := sv.newSearcher(context.Background(), p)
	s.prove(infDepth)
	if s.rootDN != inf-1 {
		t.Fatalf("the test's premise fails: the root's disproof number is %d, not saturated", s.rootDN)
	}
	// Searching, each node stores a position the table did not hold about
	// half the time here (0.53); creeping, 0.12 at 1M nodes, and falling.
	if used := uint64(sv.tt.used); used*4 < s.nodes {
		t.Fatalf("%d nodes stored %d entries: the search creeps over the same positions", s.nodes, used)
	}
}

// One look-up a child an expansion: after a child's search the node does
// not look its other children up again (the next visit's expansion sees
// what transpositions settled). With the look-ups after each child's
// search, a medium problem's first proof asks the table about twice as
// often (line 1 of medium.tsv: 100,439 look-ups for 13,980 nodes and
// 51,823 children opened).
func TestEachChildLookedUpOnceAnExpansion(t *testing.T) {
	for _, pr := range loadProblems(t, "medium.tsv")[:3] {
		p, err := game.ParseSFEN(pr.sfen)
		if err != nil {
			t.Fatal(err)
		}
		sv := New(Options{HashMiB: 16, FirstProofOnly: true})
		s := sv.newSearcher(context.Background(), p)
		if res := s.prove(infDepth); res.pn != 0 {
			t.Fatalf("medium.tsv:%d: not proven (pn %d dn %d)", pr.line, res.pn, res.dn)
		}
		if s.lookups == 0 || s.lookups > s.opened {
			t.Errorf("medium.tsv:%d: %d look-ups for %d children opened: some were looked up again", pr.line, s.lookups, s.opened)
		}
		sv.Close()
	}
}

// TestWaitingDropsNumberedWhenWoken: a defender's drop waiting in line
// behind another gets its first numbers only when it wakes (lazyDrop),
// so a search numbers fewer children than one that numbers every drop
// at once, and proves the same mates.
func TestWaitingDropsNumberedWhenWoken(t *testing.T) {
	var lazy, eager uint64
	for _, pr := range loadProblems(t, "medium.tsv")[:12] {
		p, err := game.ParseSFEN(pr.sfen)
		if err != nil {
			t.Fatal(err)
		}
		for _, eagerDrops := range []bool{false, true} {
			sv := New(Options{HashMiB: 16, FirstProofOnly: true})
			s := sv.newSearcher(context.Background(), p.Clone())
			s.eagerDrops = eagerDrops
			if res := s.prove(infDepth); res.pn != 0 {
				t.Fatalf("medium.tsv:%d (eager %v): not proven (pn %d dn %d)", pr.line, eagerDrops, res.pn, res.dn)
			}
			if eagerDrops {
				eager += s.numbered
			} else {
				lazy += s.numbered
			}
			sv.Close()
		}
	}
	t.Logf("children numbered: %d lazily, %d with every drop at once", lazy, eager)
	if lazy >= eager {
		t.Errorf("%d children numbered with waiting drops left for later, %d with every drop numbered at once", lazy, eager)
	}
}

// A first proof that is all the caller wants is bounded: a new child's
// numbers are at least those of the open entries of its board at hands
// that bound it (portfolio.go). medium.tsv's line 20 has a plateau the
// plain flavour wanders on (72,404 nodes to its first proof at --hash
// 256); bounded, the proof takes 23,419.
func TestBoundedFirstProof(t *testing.T) {
	firstProofOnlyWith(t, "the bounded flavour", 20, 40000, func(sv *Solver, off bool) { sv.plainFirst = off })
}

// The bounded flavour's like children wait behind each other
// (lateLike): medium.tsv's line 24 takes its first proof in 2,992 nodes
// so, 5,525 with every child counted at once.
func TestLikeChildrenWaitInFirstProofs(t *testing.T) {
	firstProofOnlyWith(t, "like children waiting", 24, 4000, func(sv *Solver, off bool) { sv.eagerLike = off })
}

// firstProofOnlyWith asks for the first proof of medium.tsv's problem at
// line within limit nodes, with a technique on (switchOff(sv, false)) and
// off: it must be found only with the technique, and its line be a mate.
func firstProofOnlyWith(t *testing.T, technique string, line int, limit uint64, switchOff func(sv *Solver, off bool)) {
	t.Helper()
	var sfen string
	for _, pr := range loadProblems(t, "medium.tsv") {
		if pr.line == line {
			sfen = pr.sfen
		}
	}
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	for _, off := range []bool{false, true} {
		sv := New(Options{HashMiB: 256, MaxNodes: limit, FirstProofOnly: true})
		switchOff(sv, off)
		res := sv.Solve(context.Background(), p.Clone())
		sv.Close()
		if proved := res.Status == Mate; proved == off {
			t.Errorf("medium.tsv:%d, %s off %v: %v after %d nodes; want a proof within %d nodes only with it", line, technique, off, res.Status, res.Nodes, limit)
		}
		if res.Status == Mate {
			checkLine(t, sfen, res.Moves)
		}
	}
}
