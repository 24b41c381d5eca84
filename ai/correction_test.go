package ai

import (
	"context"
	"testing"

	"kiki/game"
)

// TestCorrectionLearnsAndIsBounded: repeated findings that a position is
// worse than its evaluation pull the correction toward them, never past
// corrLimit; the other side's tables and other king zones are untouched.
func TestCorrectionLearnsAndIsBounded(t *testing.T) {
	p, err := game.ParseSFEN("ln1g3nl/1ks1gr3/1ppppsbpp/p4pp2/7P1/P1P1P1P2/1P1PSP2P/1BKS3R1/LNG1G2NL b - 1")
	if err != nil {
		t.Fatal(err)
	}
	h := new(corrHistory)
	k := h.keys(p)
	if c := h.correction(game.Black, k); c != 0 {
		t.Fatalf("empty tables correct by %d", c)
	}
	h.update(game.Black, k, -40, 4)
	first := h.correction(game.Black, k)
	if first >= 0 || first < -40 {
		t.Fatalf("after one finding of -40 the correction is %d, want in [-40, 0)", first)
	}
	// Half a step per ply: -40 at depth 4 puts -80 eighths in each table,
	// -10 cp in all (a whole step, which searched 14% more nodes, gives -20).
	if first != -10 {
		t.Fatalf("after one finding of -40 at depth 4 the correction is %d, want -10 (half a step per ply)", first)
	}
	for range 1000 {
		h.update(game.Black, k, -5000, 20)
	}
	if c := h.correction(game.Black, k); c >= first || c < -corrLimit/8 {
		t.Fatalf("after many findings of -5000 the correction is %d, want below %d and at least %d", c, first, -corrLimit/8)
	}
	if c := h.correction(game.White, k); c != 0 {
		t.Fatalf("the other side's correction moved to %d", c)
	}
	// Move Black's king: its zone's key changes.
	q, err := game.ParseSFEN("ln1g3nl/1ks1gr3/1ppppsbpp/p4pp2/7P1/P1P1P1P2/1P1PSP2P/1BS4R1/LNGKG2NL b - 1")
	if err != nil {
		t.Fatal(err)
	}
	if h.keys(q).own == k.own {
		t.Fatal("another king square gives the same key")
	}
}

// TestCorrectionStartsEmpty: a search's corrections do not leak into
// the next search (whose node counts would then depend on what was
// searched before), and a deep search learns some.
func TestCorrectionStartsEmpty(t *testing.T) {
	e := NewEngine(1)
	e.Threads = 1
	e.MateSearch = false
	p := game.NewStartPosition()
	learnt := func() int {
		n := 0
		h := e.workers[0].corr
		for _, tab := range [][2][corrSize]int16{h.own, h.opp, h.rest} {
			for _, side := range tab {
				for _, v := range side {
					if v != 0 {
						n++
					}
				}
			}
		}
		return n
	}
	first := e.Think(context.Background(), p, Request{Limits: Limits{Depth: 7}})
	deep := learnt()
	if deep == 0 {
		t.Fatal("a depth-7 search learnt no correction")
	}
	e.Think(context.Background(), p, Request{Limits: Limits{Depth: 1}})
	if n := learnt(); n >= deep {
		t.Fatalf("a depth-1 search holds %d corrections, as many as the depth-7 search before it (%d)", n, deep)
	}
	e.NewGame()
	again := e.Think(context.Background(), p, Request{Limits: Limits{Depth: 7}})
	if again.Nodes != first.Nodes {
		t.Fatalf("the same search took %d nodes, then %d", first.Nodes, again.Nodes)
	}
}
