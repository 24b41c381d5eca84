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
	for k := game.Pawn; k < game.NumPieceTypes; k++ {
		if code, ok := csaNames[k]; !ok || csaPieces[code] != k {
			t.Errorf("%s: CSA code %q reads back as %v", k.Name(), code, csaPieces[code])
		}
		for _, name := range []string{k.Name(), k.Glyph()} {
			got, rest, ok := readPieceName(name + "(77)")
			if !ok || got != k || rest != "(77)" {
				t.Errorf("readPieceName(%q) = %v, %q, %v; want %v", name+"(77)", got, rest, ok, k)
			}
		}
		if r := []rune(k.Glyph()); len(r) != 1 || boardGlyphs[r[0]] != k {
			t.Errorf("board glyph %q does not read as %s", k.Glyph(), k.Name())
		}
	}
	for name, k := range otherSpellings {
		if got, rest, ok := readPieceName(name + "右"); !ok || got != k || rest != "右" {
			t.Errorf("readPieceName(%q) = %v, %q, %v; want %v", name+"右", got, rest, ok, k)
		}
	}
	if got := strings.Fields(writtenPieceNames); len(got) != int(game.NumPieceTypes)-1 {
		t.Errorf("writtenPieceNames = %q: want each of the %d kinds once", writtenPieceNames, game.NumPieceTypes-1)
	}
	if _, _, ok := readPieceName("x歩"); ok {
		t.Error(`readPieceName("x歩") accepted`)
	}
}
