package mate

import (
	"testing"

	"kiki/game"
)

// Drops on one square wait in line; the node cannot look proven while one
// of them is still waiting.
func TestDropsWaitInLine(t *testing.T) {
	sq := game.NewSquare(5, 5)
	ch := []child{
		{move: game.NewDrop(game.NewPiece(game.White, game.Pawn), sq), pn: 3, dn: 2, prev: -1},
		{move: game.NewDrop(game.NewPiece(game.White, game.Gold), sq), pn: 4, dn: 1, prev: -1},
		{move: game.NewDrop(game.NewPiece(game.White, game.Rook), sq), pn: 5, dn: 1, prev: -1},
		{move: game.NewDrop(game.NewPiece(game.White, game.Gold), game.NewSquare(5, 6)), pn: 2, dn: 3, prev: -1},
	}
	delayDrops(ch)
	if ch[0].waiting || !ch[1].waiting || !ch[2].waiting || ch[3].waiting {
		t.Fatalf("waiting after delayDrops: %v %v %v %v", ch[0].waiting, ch[1].waiting, ch[2].waiting, ch[3].waiting)
	}
	s := &searcher{}
	if pn, dn := s.sum(ch, false); pn != 5 || dn != 2 {
		t.Fatalf("numbers with drops waiting: pn %d dn %d, want 5 and 2", pn, dn)
	}
	// The first drop and the other square are proven: only the next one
	// on the square wakes, and the node is not proven.
	ch[0].pn, ch[0].dn = 0, inf
	ch[3].pn, ch[3].dn = 0, inf
	wake(ch)
	if ch[1].waiting || !ch[2].waiting {
		t.Fatalf("after the first proof: %v %v", ch[1].waiting, ch[2].waiting)
	}
	if pn, _ := s.sum(ch, false); pn != 4 {
		t.Fatalf("pn %d, want 4 (the gold drop)", pn)
	}
	// A waiting drop already known to be disproven counts at once.
	ch[2].pn, ch[2].dn = inf, 0
	wake(ch)
	if _, dn := s.sum(ch, false); ch[2].waiting || dn != 0 {
		t.Fatalf("a disproven drop stayed waiting (dn %d)", dn)
	}
}
