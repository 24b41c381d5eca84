package mate

import (
	"context"
	"testing"

	"kiki/game"
)

// TestImpossiblePositionNotSearched: a position in which the side not to
// move is in check (made here by passing while in check) is refused by
// the solver's entry points, without a search and without a panic.
func TestImpossiblePositionNotSearched(t *testing.T) {
	p, err := game.ParseSFEN("4k4/9/9/9/9/9/9/4r4/4K4 b G 1")
	if err != nil {
		t.Fatal(err)
	}
	p.DoNullMove() // 先手's king is attacked, 後手 to move
	if p.Impossible() == nil {
		t.Fatal("the test position is not impossible")
	}
	res := New(Options{HashMiB: 1}).Solve(context.Background(), p)
	if res.Status != Unknown || res.Invalid == nil || res.Invalid.Rule != game.RuleOpponentInCheck || res.Nodes != 0 {
		t.Errorf("Solve: %+v", res)
	}
	if moves, _, done := New(Options{HashMiB: 1}).MatingMoves(context.Background(), p); len(moves) != 0 || !done {
		t.Errorf("MatingMoves: %v %v", moves, done)
	}
}

// TestNodeLimitCoversTheLine: a node limit bounds the whole Solve, the
// shortening and the line's extraction included (+10% for the walk along
// the stored proof, plus the nodes between two looks at the limits);
// whatever it stops, a Mate answer's line is a proven mate, and one not
// checked to be minimal says so.
func TestNodeLimitCoversTheLine(t *testing.T) {
	const sfen = "8l/1R2S1kgr/3pp2p1/p2nlpp1p/5ns2/2+BPl3P/1PNK1PP2/1GGS2S2/5G1NL b B3P3p 1" // medium.tsv, 17 plies
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	full := New(Options{HashMiB: 64}).Solve(context.Background(), p)
	if full.Status != Mate || !full.Minimal {
		t.Fatalf("unlimited: %v minimal %v", full.Status, full.Minimal)
	}
	t.Logf("unlimited: %d nodes, %d plies", full.Nodes, full.Length)
	sawWalk := false
	for _, first := range []bool{false, true} {
		for limit := full.Nodes / 8; limit < full.Nodes; limit = limit * 3 / 2 {
			res := New(Options{HashMiB: 64, MaxNodes: limit, FirstProofOnly: first}).Solve(context.Background(), p)
			if max := limit + limit/10 + 4*checkEvery; res.Nodes > max {
				t.Errorf("first %v, limit %d: %d nodes (more than %d); status %v, %d moves", first, limit, res.Nodes, max, res.Status, len(res.Moves))
			}
			if res.Status != Mate {
				continue
			}
			if res.Partial {
				if res.Minimal {
					t.Errorf("limit %d: a partial line called minimal", limit)
				}
				continue
			}
			checkLine(t, sfen, res.Moves)
			if res.Minimal && (res.FirstProofLine || len(res.Moves) != full.Length) {
				t.Errorf("limit %d: minimal with %d moves (first-proof line %v), want %d", limit, len(res.Moves), res.FirstProofLine, full.Length)
			}
			if res.FirstProofLine {
				sawWalk = true
			}
		}
	}
	if !sawWalk {
		t.Error("no limit gave a first-proof line: the walk was not tested")
	}
}

// TestSetMaxNodes: a limit set between two Solve calls on one solver
// bounds the next call alone, and 0 lifts it (the practice's judge gives
// each evasion its own budget on one table).
func TestSetMaxNodes(t *testing.T) {
	const sfen = "8l/1R2S1kgr/3pp2p1/p2nlpp1p/5ns2/2+BPl3P/1PNK1PP2/1GGS2S2/5G1NL b B3P3p 1" // medium.tsv, 17 plies
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	sv := New(Options{HashMiB: 64})
	sv.SetMaxNodes(1000)
	res := sv.Solve(context.Background(), p)
	if max := uint64(1000 + 100 + 4*checkEvery); res.Nodes > max || res.Status == Mate && !res.Partial && res.Minimal {
		t.Fatalf("limit 1000: %d nodes, status %v minimal %v", res.Nodes, res.Status, res.Minimal)
	}
	sv.SetMaxNodes(0)
	if res := sv.Solve(context.Background(), p); res.Status != Mate || !res.Minimal || len(res.Moves) != 17 {
		t.Fatalf("no limit: status %v minimal %v, %d moves", res.Status, res.Minimal, len(res.Moves))
	}
}
