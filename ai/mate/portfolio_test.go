package mate

import (
	"context"
	"runtime"
	"testing"
	"time"

	"kiki/game"
)

// The partner's bounds come from the open entries of the board at other
// hands: a hand with fewer pieces proves no sooner, one with more
// disproves no sooner; entries at unrelated hands, of other boards, and
// proofs say nothing.
func TestBoundsFromOtherHands(t *testing.T) {
	tt := newTable(1)
	const key = 0x1234_5678_9abc_def1
	rp2 := game.Hand(0).With(game.Rook, 1).With(game.Pawn, 2)
	tt.store(key, rp2, rp2, 50, 7, 0, false, false, 1, link{})
	bishop := game.Hand(0).With(game.Bishop, 1)
	tt.store(key, bishop, bishop, 900, 900, 0, false, false, 1, link{})
	tt.store(key^1<<40, rp2, rp2, 800, 800, 0, false, false, 1, link{})
	g := game.Hand(0).With(game.Gold, 1)
	tt.store(key, g, g, 0, inf, 3, false, false, 1, link{}) // a proof
	for _, c := range []struct {
		h      game.Hand
		pn, dn uint32
	}{
		{game.Hand(0).With(game.Rook, 1).With(game.Pawn, 1), 50, 0}, // fewer pawns
		{game.Hand(0).With(game.Rook, 1).With(game.Pawn, 3), 0, 7},  // more pawns
		{game.Hand(0), 900, 0},                    // an empty hand: below both, the larger taken
		{game.Hand(0).With(game.Silver, 1), 0, 0}, // unrelated to all
	} {
		if pn, dn := tt.bounds(key, c.h); pn != c.pn || dn != c.dn {
			t.Errorf("bounds at %v: %d, %d; want %d, %d", c.h, pn, dn, c.pn, c.dn)
		}
	}
}

// Racing a partner, the solver gives the same minimal lengths and
// replayable lines as one searcher, whichever wins.
func TestRaceSolvesLikeOne(t *testing.T) {
	probs := loadProblems(t, "short.tsv")
	probs = append(probs, loadProblems(t, "medium.tsv")...)
	n := 0
	// One solver for all: its tables, the partner's kept between races,
	// serve problem after problem.
	sv := New(Options{HashMiB: 16, Threads: 2, Timeout: time.Minute})
	defer sv.Close()
	for _, pr := range probs {
		if pr.length < 1 || pr.length > 11 {
			continue
		}
		p, err := game.ParseSFEN(pr.sfen)
		if err != nil {
			t.Fatalf("line %d: %v", pr.line, err)
		}
		res := sv.Solve(context.Background(), p)
		if res.Status != Mate || res.Length != pr.length || !res.Minimal {
			t.Fatalf("%s: %v length %d minimal %v, want %d", pr.sfen, res.Status, res.Length, res.Minimal, pr.length)
		}
		checkLine(t, pr.sfen, res.Moves)
		n++
	}
	if n < 50 {
		t.Fatalf("only %d problems solved", n)
	}
}

// When the partner wins, its table is the solver's from then on: the
// shortening and the line go on from its proof, and the main searcher's
// table is the next race's partner's. The main searcher is stopped at
// once here, so the partner must carry every solve.
func TestPartnerCarriesTheSolve(t *testing.T) {
	n := 0
	sv := New(Options{HashMiB: 16, Threads: 2, Timeout: time.Minute})
	defer sv.Close()
	sv.partnerOnly = true
	for _, pr := range loadProblems(t, "medium.tsv") {
		if pr.length < 1 || pr.length > 15 || n == 8 {
			continue
		}
		p, err := game.ParseSFEN(pr.sfen)
		if err != nil {
			t.Fatalf("line %d: %v", pr.line, err)
		}
		before := sv.tt
		res := sv.Solve(context.Background(), p)
		if res.Status != Mate || res.Length != pr.length || !res.Minimal {
			t.Fatalf("%s: %v length %d minimal %v, want %d", pr.sfen, res.Status, res.Length, res.Minimal, pr.length)
		}
		checkLine(t, pr.sfen, res.Moves)
		if lr := sv.tt.lookup(p.BoardKey(), p.Hand(p.Side()), infDepth); !lr.found || lr.pn != 0 {
			t.Fatalf("%s: the solver's table does not hold the root's proof (%+v): the partner's table was not taken", pr.sfen, lr)
		}
		if sv.tt == before || sv.spare != before {
			t.Fatalf("%s: the tables were not swapped", pr.sfen)
		}
		n++
	}
	if n < 8 {
		t.Fatalf("only %d problems", n)
	}
}

// A race ends when the caller's context does, both searchers with it, and
// a node limit bounds the two together.
func TestRaceStopsWithItsCaller(t *testing.T) {
	var long string
	for _, pr := range loadProblems(t, "famous.tsv") {
		if pr.length == 703 { // 明日香: far beyond these limits
			long = pr.sfen
		}
	}
	p, err := game.ParseSFEN(long)
	if err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	sv := New(Options{HashMiB: 64, Threads: 2})
	began := time.Now()
	res := sv.Solve(ctx, p)
	if res.Status != Unknown || time.Since(began) > 5*time.Second {
		t.Fatalf("cancelled race: %v after %v", res.Status, time.Since(began))
	}
	sv.Close()
	const limit = 100000
	sv = New(Options{HashMiB: 64, Threads: 2, MaxNodes: limit})
	res = sv.Solve(context.Background(), p)
	if res.Status != Unknown || res.Nodes > limit+2*checkEvery || res.Nodes < limit*9/10 {
		t.Fatalf("race with %d nodes: %v after %d nodes", limit, res.Status, res.Nodes)
	}
	sv.Close()
	// (a partner's goroutine may still be on its way out just after it
	// said it was done)
	after := runtime.NumGoroutine()
	for wait := 0; after > before && wait < 100; wait++ {
		time.Sleep(20 * time.Millisecond)
		after = runtime.NumGoroutine()
	}
	if after > before {
		t.Fatalf("%d goroutines after the races, %d before: a searcher was left running", after, before)
	}
}
