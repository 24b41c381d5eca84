package editor

import (
	"strings"
	"testing"

	"kiki/game"
	"kiki/ui/lang"
)

// keys sends keys to e on square sq, as the room does (a '-' is the
// removing of the key after it), and returns the last warning.
func keys(t *testing.T, e *Editor, sq game.Square, ks ...string) string {
	t.Helper()
	warn := ""
	for _, k := range ks {
		removing := e.Remove
		e.Remove = false
		ok, w := e.Key(k, sq, removing)
		if !ok {
			t.Fatalf("key %q not the editor's", k)
		}
		warn = w
	}
	return warn
}

// The editor opens on the position given, and says it is one.
func TestNewHoldsThePosition(t *testing.T) {
	start := game.NewStartPosition()
	e := New(start, lang.English)
	if e.SFEN() != start.SFEN() {
		t.Fatalf("SFEN %q, want %q", e.SFEN(), start.SFEN())
	}
	if p, why := e.Position(); p == nil || why != "" || p.SFEN() != start.SFEN() {
		t.Fatalf("position %v, why %q", p, why)
	}
	if e.BoxText() != "" {
		t.Errorf("the even start leaves %q in the box", e.BoxText())
	}
	if ok, _ := e.Key("q", 0, false); ok {
		t.Error("q is taken as an edit")
	}
}

// Every piece comes from the box and goes back to it: a third rook is
// refused, a king only when one of its colour is left, and x returns a
// piece.
func TestPiecesComeFromTheBox(t *testing.T) {
	e := New(game.NewStartPosition(), lang.English)
	sq55 := game.NewSquare(5, 5)
	keys(t, e, sq55, "z")
	if e.BoxText() != "玉2 飛2 角2 金4 銀4 桂4 香4 歩18" {
		t.Fatalf("after z the box holds %q", e.BoxText())
	}
	if w := keys(t, e, sq55, "7"); w != "" || e.Board[sq55] != game.NewPiece(game.Black, game.Rook) {
		t.Fatalf("7 on ５五: %v, warning %q", e.Board[sq55], w)
	}
	keys(t, e, game.NewSquare(4, 4), "7")
	if w := keys(t, e, game.NewSquare(3, 3), "7"); !strings.Contains(w, "no 飛") || e.Board[game.NewSquare(3, 3)] != game.NoPiece {
		t.Fatalf("a third rook: warning %q, square %v", w, e.Board[game.NewSquare(3, 3)])
	}
	keys(t, e, sq55, "x")
	if e.Board[sq55] != game.NoPiece || !strings.Contains(e.BoxText(), "飛1") {
		t.Fatalf("x: %v, box %q", e.Board[sq55], e.BoxText())
	}
	keys(t, e, game.NewSquare(5, 9), "8")
	if w := keys(t, e, game.NewSquare(4, 9), "8"); w != "" || e.Board[game.NewSquare(5, 9)] != game.NoPiece {
		t.Fatalf("a second 先手 king moves the first: warning %q", w)
	}
}

// The hands: t moves the target to 先手's hand, a number adds one from
// the box, '-' then the number takes it back; a king is never in hand.
func TestHandTarget(t *testing.T) {
	e := New(game.NewStartPosition(), lang.English)
	keys(t, e, 0, "z", "t")
	if e.Target != BlackHand {
		t.Fatalf("target %v after t", e.Target)
	}
	keys(t, e, 0, "1", "1")
	if e.Hands[game.Black].Count(game.Pawn) != 2 {
		t.Fatalf("hand %v", e.Hands[game.Black])
	}
	keys(t, e, 0, "-", "1")
	if e.Hands[game.Black].Count(game.Pawn) != 1 {
		t.Fatalf("- 1 left %v", e.Hands[game.Black])
	}
	if w := keys(t, e, 0, "8"); w != "a king cannot be in hand" {
		t.Errorf("8 into a hand: %q", w)
	}
	if w := keys(t, e, 0, "-", "7"); !strings.Contains(w, "holds no 飛") {
		t.Errorf("- 7 with no rook in hand: %q", w)
	}
}

// A placement that is not a position says why: two pawns on a file, a
// piece that can never move, the side not to move left in check.
func TestPositionSaysWhy(t *testing.T) {
	bk, wk := game.NewPiece(game.Black, game.King), game.NewPiece(game.White, game.King)
	pawn, rook := game.NewPiece(game.Black, game.Pawn), game.NewPiece(game.Black, game.Rook)
	sq := game.NewSquare
	for _, c := range []struct {
		pieces map[game.Square]game.Piece
		want   string
	}{
		{map[game.Square]game.Piece{sq(5, 9): bk, sq(5, 1): wk, sq(5, 6): pawn, sq(5, 7): pawn}, "二歩"},
		{map[game.Square]game.Piece{sq(5, 9): bk, sq(5, 1): wk, sq(9, 1): pawn}, "can never move"},
		{map[game.Square]game.Piece{sq(5, 9): bk, sq(5, 1): wk, sq(5, 2): rook}, "後手's king is left in check"},
	} {
		e := &Editor{lang: lang.English, Side: game.Black}
		for s, pc := range c.pieces {
			e.Board[s] = pc
		}
		if q, why := e.Position(); q != nil || !strings.Contains(why, c.want) {
			t.Errorf("%s: position %v, why %q, want %q", e.SFEN(), q, why, c.want)
		}
	}
}

// s steps through the even start and the handicaps; m sets up a mate
// problem with the rest of the set in 後手's hand.
func TestStartsAndMateProblem(t *testing.T) {
	e := New(game.NewStartPosition(), lang.English)
	keys(t, e, 0, "s")
	if e.SFEN() != game.Handicaps[1].SFEN() {
		t.Fatalf("s from the even start: %s, want %s", e.SFEN(), game.Handicaps[1].SFEN())
	}
	keys(t, e, 0, "m")
	if e.Board[game.NewSquare(5, 1)] != game.NewPiece(game.White, game.King) || e.Hands[game.White].Count(game.Pawn) != 18 || e.BoxText() != "玉1" {
		t.Fatalf("m: box %q, 後手's hand %v", e.BoxText(), e.Hands[game.White])
	}
	if p, why := e.Position(); p == nil {
		t.Fatalf("the mate problem's set-up is not a position: %s", why)
	}
}
