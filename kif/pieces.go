package kif

import (
	"slices"
	"unicode/utf8"

	"kiki/game"
)

// pieceTable is how records name each piece kind: its two-letter CSA code
// and every Japanese spelling seen in KIF, KI2 and board diagrams (the
// first is the one kiki writes in moves). The tables below derive from it.
var pieceTable = []struct {
	t     game.PieceType
	csa   string
	names []string
}{
	{game.Pawn, "FU", []string{"歩"}},
	{game.Lance, "KY", []string{"香"}},
	{game.Knight, "KE", []string{"桂"}},
	{game.Silver, "GI", []string{"銀"}},
	{game.Gold, "KI", []string{"金"}},
	{game.Bishop, "KA", []string{"角"}},
	{game.Rook, "HI", []string{"飛"}},
	{game.King, "OU", []string{"玉", "王"}},
	{game.ProPawn, "TO", []string{"と"}},
	{game.ProLance, "NY", []string{"成香", "杏"}},
	{game.ProKnight, "NK", []string{"成桂", "圭"}},
	{game.ProSilver, "NG", []string{"成銀", "全"}},
	{game.Horse, "UM", []string{"馬"}},
	{game.Dragon, "RY", []string{"龍", "竜"}},
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
)

func init() {
	for _, p := range pieceTable {
		csaPieces[p.csa] = p.t
		csaNames[p.t] = p.csa
		for _, n := range p.names {
			pieceNames = append(pieceNames, pieceName{n, p.t})
			if utf8.RuneCountInString(n) == 1 {
				r, _ := utf8.DecodeRuneInString(n)
				boardGlyphs[r] = p.t
			}
		}
	}
	slices.SortStableFunc(pieceNames, func(a, b pieceName) int {
		return utf8.RuneCountInString(b.name) - utf8.RuneCountInString(a.name)
	})
}
