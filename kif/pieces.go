package kif

import (
	"slices"
	"strings"
	"unicode/utf8"

	"kiki/game"
)

// pieceTable is what records call each piece kind beyond game's names: its
// two-letter CSA code and the other spellings seen in KIF, KI2 and board
// diagrams. A kind's written name (PieceType.Name: 成香) and its board
// glyph (PieceType.Glyph: 杏) come from game, so that kif, ui and the
// engine's messages agree; the tables below derive from both. The order is
// the one people list pieces in (金 before 角), used in messages.
var pieceTable = []struct {
	t       game.PieceType
	csa     string
	aliases []string
}{
	{game.Pawn, "FU", nil},
	{game.Lance, "KY", nil},
	{game.Knight, "KE", nil},
	{game.Silver, "GI", nil},
	{game.Gold, "KI", nil},
	{game.Bishop, "KA", nil},
	{game.Rook, "HI", nil},
	{game.King, "OU", []string{"王"}},
	{game.ProPawn, "TO", nil},
	{game.ProLance, "NY", nil},
	{game.ProKnight, "NK", nil},
	{game.ProSilver, "NG", nil},
	{game.Horse, "UM", nil},
	{game.Dragon, "RY", []string{"竜"}},
}

type pieceName struct {
	name string
	t    game.PieceType
}

var (
	// csaPieces maps CSA codes to kinds, csaNames kinds to codes.
	csaPieces = map[string]game.PieceType{}
	csaNames  = map[game.PieceType]string{}
	// pieceNames lists every Japanese spelling, longest first, for
	// reading moves (成香 before 香).
	pieceNames []pieceName
	// boardGlyphs maps the one-character spellings that board diagrams
	// and hands use.
	boardGlyphs = map[rune]game.PieceType{}
	// writtenPieceNames lists the names moves are written with, for
	// messages: "歩 香 桂 … 馬 龍".
	writtenPieceNames string
)

func init() {
	var written []string
	for _, p := range pieceTable {
		csaPieces[p.csa] = p.t
		csaNames[p.t] = p.csa
		written = append(written, p.t.Name())
		names := append([]string{p.t.Name(), p.t.Glyph()}, p.aliases...)
		for i, n := range names {
			if slices.Contains(names[:i], n) {
				continue
			}
			pieceNames = append(pieceNames, pieceName{n, p.t})
			if utf8.RuneCountInString(n) == 1 {
				r, _ := utf8.DecodeRuneInString(n)
				boardGlyphs[r] = p.t
			}
		}
	}
	writtenPieceNames = strings.Join(written, " ")
	slices.SortStableFunc(pieceNames, func(a, b pieceName) int {
		return utf8.RuneCountInString(b.name) - utf8.RuneCountInString(a.name)
	})
}

// readPieceName reads the piece name that s starts with (any spelling)
// and returns its kind and the rest of s.
func readPieceName(s string) (game.PieceType, string, bool) {
	for _, pn := range pieceNames {
		if rest, ok := strings.CutPrefix(s, pn.name); ok {
			return pn.t, rest, true
		}
	}
	return game.NoPieceType, s, false
}
