package mate

import (
	"testing"

	"kiki/game"
)

// The defender's drops wait in line, on every square: only the first
// counts, the node cannot look proven while one of them is still waiting,
// and a drop already disproven counts at once.
func TestDropsWaitInLine(t *testing.T) {
	sq := game.NewSquare(5, 5)
	king := game.NewMove(game.NewSquare(5, 1), game.NewSquare(4, 1), game.NewPiece(game.White, game.King), game.NoPiece, false)
	ch := []child{
		{move: game.NewDrop(game.NewPiece(game.White, game.Pawn), sq), pn: 3, dn: 2, prev: -1},
		{move: king, pn: 2, dn: 6, prev: -1},
		{move: game.NewDrop(game.NewPiece(game.White, game.Gold), sq), pn: 4, dn: 1, prev: -1},
		{move: game.NewDrop(game.NewPiece(game.White, game.Gold), game.NewSquare(5, 6)), pn: 5, dn: 3, prev: -1},
	}
	delayDrops(ch)
	if ch[0].waiting || ch[1].waiting || !ch[2].waiting || !ch[3].waiting {
		t.Fatalf("waiting after delayDrops: %v %v %v %v", ch[0].waiting, ch[1].waiting, ch[2].waiting, ch[3].waiting)
	}
	s := &searcher{}
	if pn, dn := s.sum(ch, false, 1); pn != 5 || dn != 2 {
		t.Fatalf("numbers with drops waiting: pn %d dn %d, want 5 and 2", pn, dn)
	}
	// The first drop and the king's move are proven: only the next drop
	// wakes, and the node is not proven.
	ch[0].pn, ch[0].dn = 0, inf
	ch[1].pn, ch[1].dn = 0, inf
	wake(ch)
	if ch[2].waiting || !ch[3].waiting {
		t.Fatalf("after the first proof: %v %v", ch[2].waiting, ch[3].waiting)
	}
	if pn, _ := s.sum(ch, false, 1); pn != 4 {
		t.Fatalf("pn %d, want 4 (the gold drop)", pn)
	}
	// Proving the second wakes the third, on another square, in the same
	// pass, and the node is proven only once it is.
	ch[2].pn, ch[2].dn = 0, inf
	wake(ch)
	if pn, _ := s.sum(ch, false, 1); ch[3].waiting || pn != 5 {
		t.Fatalf("third drop waiting %v, pn %d, want 5", ch[3].waiting, pn)
	}
	// A waiting drop already known to be disproven counts at once.
	ch2 := []child{
		{move: game.NewDrop(game.NewPiece(game.White, game.Pawn), sq), pn: 3, dn: 2, prev: -1},
		{move: game.NewDrop(game.NewPiece(game.White, game.Gold), game.NewSquare(5, 6)), pn: inf, dn: 0, prev: -1},
	}
	delayDrops(ch2)
	if _, dn := s.sum(ch2, false, 1); ch2[1].waiting || dn != 0 {
		t.Fatalf("a disproven drop stayed waiting (dn %d)", dn)
	}
}

// At the attacker's turn, children that another node searched last (by
// the table's parent) are taken for joins of paths: they add the
// largest of their disproof numbers, not the sum; the others (this node's,
// or not yet searched) add up as usual. The defender's turn sums every
// proof number.
func TestSumCountsJoinsOnce(t *testing.T) {
	const self, other = 0x0101, 0x0203
	ch := []child{
		{pn: 3, dn: 4, parent: self},
		{pn: 5, dn: 6, parent: other},
		{pn: 2, dn: 7, parent: other | 4},
		{pn: 9, dn: 1},
	}
	s := &searcher{}
	if pn, dn := s.sum(ch, true, self); pn != 2 || dn != 4+1+7 {
		t.Fatalf("attacker's turn: pn %d dn %d, want 2 and 12", pn, dn)
	}
	if pn, dn := s.sum(ch, false, self); pn != 3+5+2+9 || dn != 1 {
		t.Fatalf("defender's turn: pn %d dn %d, want 19 and 1", pn, dn)
	}
	// Children maxed for a double count (dce.go) add the largest of
	// their numbers at either turn, with the joins at the attacker's.
	ch[0].maxed, ch[1].maxed = true, true
	if pn, dn := s.sum(ch, true, self); pn != 2 || dn != 1+7 {
		t.Fatalf("attacker's turn, two maxed: pn %d dn %d, want 2 and 8", pn, dn)
	}
	if pn, dn := s.sum(ch, false, self); pn != 5+2+9 || dn != 1 {
		t.Fatalf("defender's turn, two maxed: pn %d dn %d, want 16 and 1", pn, dn)
	}
}

// At the attacker's turn a check that could promote and does not waits
// behind the same move promoting: it adds nothing to the node's numbers
// until the promotion is disproven, and one found mating counts at once.
func TestUnpromotedChecksWait(t *testing.T) {
	bishop := game.NewPiece(game.Black, game.Bishop)
	from, to := game.NewSquare(5, 5), game.NewSquare(3, 3)
	pro := game.NewMove(from, to, bishop, game.NoPiece, true)
	unpro := game.NewMove(from, to, bishop, game.NoPiece, false)
	gold := game.NewMove(game.NewSquare(4, 4), game.NewSquare(4, 3), game.NewPiece(game.Black, game.Gold), game.NoPiece, false)
	ch := []child{
		{move: pro, pn: 3, dn: 2, prev: -1},
		{move: unpro, pn: 1, dn: 2, prev: -1},
		{move: gold, pn: 4, dn: 5, prev: -1},
	}
	delayUnpromoted(ch)
	if ch[0].waiting || !ch[1].waiting || ch[2].waiting {
		t.Fatalf("waiting after delayUnpromoted: %v %v %v", ch[0].waiting, ch[1].waiting, ch[2].waiting)
	}
	s := &searcher{}
	if pn, dn := s.sum(ch, true, 1); pn != 3 || dn != 2+5 {
		t.Fatalf("numbers with the non-promotion waiting: pn %d dn %d, want 3 and 7", pn, dn)
	}
	// The promotion disproven: the non-promotion counts.
	ch[0].pn, ch[0].dn = inf, 0
	wakeUnpromoted(ch)
	if pn, dn := s.sum(ch, true, 1); ch[1].waiting || pn != 1 || dn != 2+5 {
		t.Fatalf("after the promotion's disproof: waiting %v, pn %d dn %d, want 1 and 7", ch[1].waiting, pn, dn)
	}
	// A non-promotion already proven (a mate in one) counts at once.
	ch2 := []child{
		{move: pro, pn: 3, dn: 2, prev: -1},
		{move: unpro, pn: 0, dn: inf, prev: -1},
	}
	delayUnpromoted(ch2)
	if pn, _ := s.sum(ch2, true, 1); ch2[1].waiting || pn != 0 {
		t.Fatalf("a mating non-promotion stayed waiting (pn %d)", pn)
	}
}

// The defender's captures of a lone checker by a second piece of a kind
// wait behind the first such capture until it is proven; a capture by
// another kind, or by the king, counts at once.
func TestLikeCapturesWait(t *testing.T) {
	// The rook on 5c checks the king on 5a; golds on 6b and 4b and a
	// silver on 6d can take it (the silver's capture and the king's
	// moves count at once).
	p, err := game.ParseSFEN("4k4/3g1g3/4R4/3s5/9/9/9/9/4K4 w - 1")
	if err != nil {
		t.Fatal(err)
	}
	ml := new(game.MoveList)
	p.LegalMoves(ml)
	var ch []child
	var golds, silver []int
	for _, m := range ml.Slice() {
		if m.To() == game.NewSquare(5, 3) {
			switch m.Piece().Type() {
			case game.Gold:
				golds = append(golds, len(ch))
			case game.Silver:
				silver = append(silver, len(ch))
			}
		}
		ch = append(ch, child{move: m, pn: 2, dn: 2, prev: -1})
	}
	if len(golds) != 2 || len(silver) != 1 {
		t.Fatalf("captures: %d by a gold, %d by the silver; want 2 and 1", len(golds), len(silver))
	}
	delayLikeCaptures(p, ch)
	waiting := 0
	for i := range ch {
		if ch[i].waiting {
			waiting++
		}
	}
	if ch[golds[0]].waiting || !ch[golds[1]].waiting || ch[golds[1]].prev != golds[0] || waiting != 1 {
		t.Fatalf("after delayLikeCaptures: gold captures waiting %v %v, %d waiting in all; want only the second gold's", ch[golds[0]].waiting, ch[golds[1]].waiting, waiting)
	}
	// The first gold's capture proven: the second counts.
	ch[golds[0]].pn, ch[golds[0]].dn = 0, inf
	wake(ch)
	if ch[golds[1]].waiting {
		t.Fatal("the second gold's capture still waits after the first is proven")
	}
}
