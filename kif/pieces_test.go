package kif

import (
	"strings"
	"testing"

	"kiki/game"
)

// TestPieceTable checks that every kind has a CSA code that reads back,
// that game's written name and glyph and kif's other spellings all read
// as the kind (成香 as a promoted lance, not a lance followed by junk),
// and that the message list names each kind once.
func TestPieceTable(t *testing.T) {
	seen := map[game.PieceType]bool{}
	for _, p := range pieceTable {
		seen[p.t] = true
		if csaPieces[csaNames[p.t]] != p.t {
			t.Errorf("%s: CSA code %q reads back as %v", p.t.Name(), csaNames[p.t], csaPieces[csaNames[p.t]])
		}
		for _, name := range append([]string{p.t.Name(), p.t.Glyph()}, p.aliases...) {
			got, rest, ok := readPieceName(name + "(77)")
			if !ok || got != p.t || rest != "(77)" {
				t.Errorf("readPieceName(%q) = %v, %q, %v; want %v", name+"(77)", got, rest, ok, p.t)
			}
		}
		if r := []rune(p.t.Glyph()); len(r) != 1 || boardGlyphs[r[0]] != p.t {
			t.Errorf("board glyph %q does not read as %s", p.t.Glyph(), p.t.Name())
		}
	}
	for k := game.Pawn; k < game.NumPieceTypes; k++ {
		if !seen[k] {
			t.Errorf("%s has no row in pieceTable", k.Name())
		}
	}
	if got := strings.Fields(writtenPieceNames); len(got) != int(game.NumPieceTypes)-1 {
		t.Errorf("writtenPieceNames = %q: want each of the %d kinds once", writtenPieceNames, game.NumPieceTypes-1)
	}
	if _, _, ok := readPieceName("x歩"); ok {
		t.Error(`readPieceName("x歩") accepted`)
	}
}
