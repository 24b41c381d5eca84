package ui

import (
	"strings"
	"testing"

	"kiki/game"
	"kiki/ui/board"
)

// The board component is tested alone: a position in, messages out.

func testBoard() boardModel { return newBoardModel(&th, false, newKeyMap()) }

func sq(f, r int) game.Square { return game.NewSquare(f, r) }

func TestBoardCursorWrapsAndFlips(t *testing.T) {
	b := testBoard()
	p := game.NewStartPosition()
	for _, k := range []string{"k", "k", "h"} {
		if _, ok := b.update(key1(k), p); !ok {
			t.Fatalf("%s is not the board's", k)
		}
	}
	if b.cursor != sq(6, 5) {
		t.Fatalf("kkh from ５七: %s", b.cursor.Japanese())
	}
	for i := 0; i < 5; i++ {
		b.moveCursor(0, -1)
	}
	if b.cursor != sq(6, 9) {
		t.Fatalf("up past the top: %s, want ６九", b.cursor.Japanese())
	}
	b.update(key1("f"), p)
	b.moveCursor(0, 1) // down on screen is up the board when flipped
	if !b.flipped || b.cursor != sq(6, 8) {
		t.Fatalf("flipped down: %s", b.cursor.Japanese())
	}
	if _, ok := b.update(key1("u"), p); ok {
		t.Error("u taken by the board")
	}
}

func TestBoardActPicksMovesAndExplains(t *testing.T) {
	p := game.NewStartPosition()
	b := testBoard()
	if a := b.act(p, sq(5, 5)); a != (noticeMsg{"no piece there", true}) {
		t.Errorf("empty square: %#v", a)
	}
	if a := b.act(p, sq(3, 3)); a != (noticeMsg{"that is the other side's piece", true}) {
		t.Errorf("other side's piece: %#v", a)
	}
	if a := b.act(p, sq(7, 7)); a != nil || b.selected != sq(7, 7) {
		t.Fatalf("pick up ７七: %#v selected %v", a, b.selected)
	}
	if got := len(b.legalMoves(p)); got != 1 {
		t.Fatalf("%d legal moves for the pawn", got)
	}
	if a := b.act(p, sq(2, 7)); a != nil || b.selected != sq(2, 7) {
		t.Fatalf("another own piece: %#v selected %v", a, b.selected)
	}
	if a, ok := b.act(p, sq(2, 5)).(noticeMsg); !ok || a.text == "指せません: " {
		t.Errorf("2 squares for a pawn: %#v", a)
	}
	a, ok := b.act(p, sq(2, 6)).(moveChosenMsg)
	if !ok || a.mv.USI() != "2g2f" {
		t.Fatalf("２六: %#v", a)
	}
	if b.act(p, sq(2, 7)); b.hasSelection() {
		t.Error("a click on the selected piece keeps it")
	}
}

func TestBoardAsksPromotionAndDrops(t *testing.T) {
	p, _ := game.ParseSFEN("4k4/9/9/7P1/9/9/9/9/4K4 b G 1")
	b := testBoard()
	b.act(p, sq(2, 4))
	a, ok := b.act(p, sq(2, 3)).(askPromotionMsg)
	if !ok || a.promo.USI() != "2d2c+" || a.plain.USI() != "2d2c" {
		t.Fatalf("pawn to ２三: %#v", a)
	}
	if b.cycleHand(p, 1); b.dropKind != game.Gold || b.selected != game.NoSquare {
		t.Fatalf("tab: drop %v selected %v", b.dropKind, b.selected)
	}
	if a, ok := b.act(p, sq(5, 2)).(moveChosenMsg); !ok || a.mv.USI() != "G*5b" {
		t.Fatalf("drop on ５二: %#v", a)
	}
	if a, ok := b.act(p, sq(5, 1)).(noticeMsg); !ok || !a.err {
		t.Fatalf("drop on the king: %#v", a)
	}
	if b.cycleHand(p, 1); b.dropKind != game.NoPieceType {
		t.Error("tab past the last hand piece does not put it back")
	}
	empty := game.NewStartPosition()
	if a := b.cycleHand(empty, 1); a != (noticeMsg{"no pieces in hand", true}) {
		t.Errorf("empty hand: %#v", a)
	}
}

// The legal moves of a selection are computed when it is made and then
// read from the cache until the position or the selection changes.
func TestBoardCachesLegalMoves(t *testing.T) {
	p := game.NewStartPosition()
	b := testBoard()
	b.act(p, sq(8, 8)) // the bishop: no moves
	b.act(p, sq(2, 8)) // the rook
	first := b.legalMoves(p)
	if len(first) == 0 || &b.legalMoves(p)[0] != &first[0] {
		t.Fatal("the rook's moves are computed again")
	}
	mk, _ := b.marks(p, &studyState{}, game.NoMove)
	if mk[sq(1, 8)] != board.MarkDest || mk[sq(3, 8)] != board.MarkDest {
		t.Errorf("destinations not marked: %v %v", mk[sq(1, 8)], mk[sq(3, 8)])
	}
	if &b.legalMoves(p)[0] != &first[0] {
		t.Fatal("marking recomputed the moves")
	}
	mv, _ := p.ParseUSIMove("7g7f")
	p.DoMove(mv)
	if got := b.legalMoves(p); len(got) != 0 {
		t.Errorf("after a move the stale cache is used: %v", got)
	}
	p.UndoMove()
	b.sync(p)
	if len(b.legalMoves(p)) != len(first) {
		t.Error("sync lost the moves")
	}
}

func TestBoardClickGeometry(t *testing.T) {
	p, _ := game.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b G 1")
	b := testBoard()
	col, row := b.renderer(p).CellOf(sq(3, 4))
	s, a := b.click(p, 1+col*board.CellWidth+2, 1+2+row)
	if s != sq(3, 4) || a != nil || b.cursor != s {
		t.Fatalf("click on ３四: %v %#v", s, a)
	}
	if s, _ := b.click(p, 5, 0); s != game.NoSquare || b.dropKind != game.NoPieceType {
		t.Error("a click on 後手's hand line chose a piece for 先手")
	}
	if s, _ := b.click(p, 5, 1+board.Height); s != game.NoSquare || b.dropKind != game.Gold {
		t.Errorf("a click on 先手's hand line: drop %v", b.dropKind)
	}
	b.flipped = true
	b.deselect()
	if b.click(p, 5, 0); b.dropKind != game.Gold {
		t.Error("flipped: 先手's hand line is on top")
	}
	if s, _ := b.click(p, board.Width+10, 5); s != game.NoSquare {
		t.Error("a click right of the board hit a square")
	}
}

func TestBoardView(t *testing.T) {
	p := game.NewStartPosition()
	b := testBoard()
	b.act(p, sq(2, 7))
	rows, _ := b.View(p, &studyState{}, nil)
	if len(rows) != board.Height {
		t.Fatalf("%d rows, want %d", len(rows), board.Height)
	}
	// Rank 七 holds the picked-up pawn (@), rank 六 its one destination (+).
	if r7 := stripANSI(rows[2+6]); !strings.Contains(r7, "@ 歩") {
		t.Errorf("rank 7: %q", r7)
	}
	if r6 := stripANSI(rows[2+5]); !strings.Contains(r6, "+ ・") {
		t.Errorf("rank 6: %q", r6)
	}
	b.flipped = true
	rows, _ = b.View(p, &studyState{effectMap: true}, nil)
	if hdr := stripANSI(rows[0]); !strings.HasPrefix(strings.TrimSpace(hdr), "１") {
		t.Errorf("flipped header: %q", hdr)
	}
	// Rank 六's empty squares show 先手's one attacker apart from the next
	// cell ("1:0 "), not run together.
	if !strings.Contains(stripANSI(rows[2+3]), "1:0 1:0") {
		t.Errorf("effect map, flipped: no 1:0 counts on rank 6: %q", stripANSI(rows[2+3]))
	}
	var cells [game.NumSquares]game.Piece
	cells[sq(5, 5)] = game.NewPiece(game.White, game.Rook)
	rows, _ = b.View(p, &studyState{}, &cells)
	if n := strings.Count(stripANSI(strings.Join(rows, "\n")), "v"); n != 1 {
		t.Errorf("the editor's cells: %d 後手 pieces drawn, want 1", n)
	}
}
