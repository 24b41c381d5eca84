package learn

import (
	"testing"

	"kiki/game"
)

// valsetCount is the committed validation set's size (valset/README.md).
const valsetCount = 10000

// TestCommittedValset: the committed validation set reads, holds the
// stated count of distinct positions, each valid through the rules core
// with both kings,
// quiet (not in check, no capture as the best move) and with a move to
// make, its teacher score within the label's clamp.
func TestCommittedValset(t *testing.T) {
	recs, keys, err := ReadValset("valset/valset.bin")
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != valsetCount || len(keys) != len(recs) {
		t.Fatalf("%d records, %d distinct; want %d distinct", len(recs), len(keys), valsetCount)
	}
	seen := map[uint64]bool{}
	for i := range recs {
		r := &recs[i]
		p, err := r.Position()
		if err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
		if pe := p.Impossible(); pe != nil {
			t.Fatalf("record %d: %v", i, pe)
		}
		if seen[p.Key()] {
			t.Fatalf("record %d: the position again", i)
		}
		seen[p.Key()] = true
		if p.King(game.Black) == game.NoSquare || p.King(game.White) == game.NoSquare {
			t.Fatalf("record %d: a king is missing", i)
		}
		if !p.HasLegalMove() || p.InCheck() || r.Flags&(FlagInCheck|FlagCapture) != 0 {
			t.Fatalf("record %d: not a quiet position with a move (flags %d)", i, r.Flags)
		}
		if r.Score < -3000 || r.Score > 3000 {
			t.Fatalf("record %d: score %d beyond the clamp", i, r.Score)
		}
	}
}
