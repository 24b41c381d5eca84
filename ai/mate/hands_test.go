package mate

import (
	"context"
	"testing"

	"kiki/game"
)

func handOf(t *testing.T, sfen string) game.Hand {
	t.Helper()
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	return p.Hand(p.Side())
}

// A proof is stored under its proof hand: G*1b mates whatever else the
// attacker holds, so after solving with gold and silver in hand the table
// answers for a hand with the gold alone, which was never searched.
func TestProofHandAnswersSmallerHand(t *testing.T) {
	p, err := game.ParseSFEN("8k/9/8P/9/9/9/9/9/9 b GSs 1")
	if err != nil {
		t.Fatal(err)
	}
	sv := New(Options{HashMiB: 1})
	if res := sv.Solve(context.Background(), p); res.Status != Mate || res.Length != 1 {
		t.Fatalf("solve: %v length %d", res.Status, res.Length)
	}
	gold := handOf(t, "9/9/9/9/9/9/9/9/9 b G 1")
	if lr := sv.tt.lookup(p.BoardKey(), gold, 1); !lr.found || lr.pn != 0 {
		t.Fatalf("hand G not answered from the table: %+v", lr)
	}
}

// The proof hand keeps every piece of a kind the defender has none of:
// with the silver taken from the attacker's hand the defender would hold
// it and interpose against R*1e, so the table must not call that a mate.
func TestProofHandKeepsWhatDefenderLacks(t *testing.T) {
	p, err := game.ParseSFEN("8k/6G2/9/9/9/9/9/9/9 b RS 1")
	if err != nil {
		t.Fatal(err)
	}
	sv := New(Options{HashMiB: 1})
	if res := sv.Solve(context.Background(), p); res.Status != Mate || res.Length != 1 {
		t.Fatalf("solve: %v length %d", res.Status, res.Length)
	}
	q, _ := game.ParseSFEN("8k/6G2/9/9/9/9/9/9/9 b Rs 1")
	if mateWithin(q.Clone(), 1, q.Side()) {
		t.Fatal("the test's premise fails: the smaller hand mates in 1")
	}
	if lr := sv.tt.lookup(q.BoardKey(), q.Hand(q.Side()), 1); lr.found && lr.pn == 0 {
		t.Fatal("a mate in 1 claimed for a hand that leaves the defender a silver to interpose")
	}
}

// A disproof is stored under its disproof hand: with no check at all, no
// more pieces of the kinds the attacker holds bring one, but a kind it has
// none of might.
func TestDisproofHand(t *testing.T) {
	// The attacker's lone pawn cannot check a king on 1a from anywhere
	// (drops on 1b are the only pawn checks, and 1b is occupied).
	p, err := game.ParseSFEN("8k/8p/9/9/9/9/9/9/9 b Pg2p 1")
	if err != nil {
		t.Fatal(err)
	}
	sv := New(Options{HashMiB: 1})
	if res := sv.Solve(context.Background(), p); res.Status != NoMate {
		t.Fatalf("solve: %v", res.Status)
	}
	morePawns := handOf(t, "9/9/9/9/9/9/9/9/9 b 3P 1")
	if lr := sv.tt.lookup(p.BoardKey(), morePawns, 5); !lr.found || lr.dn != 0 {
		t.Fatalf("more pawns not answered as no mate: %+v", lr)
	}
	withGold := handOf(t, "9/9/9/9/9/9/9/9/9 b GP 1")
	if lr := sv.tt.lookup(p.BoardKey(), withGold, 5); lr.found && lr.dn == 0 {
		t.Fatal("no mate claimed for a hand with a gold, a kind never tried")
	}
}
