package kif

import (
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"

	"kiki/game"
)

// What records call the piece kinds. A kind's written name
// (PieceType.Name: 成香) and its board glyph (PieceType.Glyph: 杏) come
// from game, so that kif, ui and the engine's messages agree; kif adds the
// CSA codes and the other spellings records use. The tables after these
// two derive from them and game's names.
var (
	// csaNames are the two-letter CSA codes of the kinds.
	csaNames = map[game.PieceType]string{
		game.Pawn: "FU", game.Lance: "KY", game.Knight: "KE", game.Silver: "GI", game.Gold: "KI",
		game.Bishop: "KA", game.Rook: "HI", game.King: "OU", game.ProPawn: "TO", game.ProLance: "NY",
		game.ProKnight: "NK", game.ProSilver: "NG", game.Horse: "UM", game.Dragon: "RY",
	}
	// otherSpellings are the spellings seen in KIF, KI2 and board
	// diagrams besides game's names.
	otherSpellings = map[string]game.PieceType{"王": game.King, "竜": game.Dragon}
)

type pieceName struct {
	name string
	t    game.PieceType
}

var (
	// csaPieces maps CSA codes to kinds.
	csaPieces = map[string]game.PieceType{}
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
	spellings := map[string]game.PieceType{}
	for t := game.Pawn; t < game.NumPieceTypes; t++ {
		csaPieces[csaNames[t]] = t
		written = append(written, t.Name())
		spellings[t.Name()], spellings[t.Glyph()] = t, t
	}
	for name, t := range otherSpellings {
		spellings[name] = t
	}
	for name, t := range spellings {
		pieceNames = append(pieceNames, pieceName{name, t})
		if utf8.RuneCountInString(name) == 1 {
			r, _ := utf8.DecodeRuneInString(name)
			boardGlyphs[r] = t
		}
	}
	writtenPieceNames = strings.Join(written, " ")
	slices.SortFunc(pieceNames, func(a, b pieceName) int {
		return cmp.Or(utf8.RuneCountInString(b.name)-utf8.RuneCountInString(a.name), strings.Compare(a.name, b.name))
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
