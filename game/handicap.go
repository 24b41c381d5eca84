package game

// Handicap names a standard start position: the even game or one of the
// handicaps (駒落ち) in which 上手 (White) gives up pieces and moves first.
type Handicap int

// The standard start positions, in the order of the KIF format's list.
const (
	Even Handicap = iota
	LanceHandicap
	RightLanceHandicap
	BishopHandicap
	RookHandicap
	RookLanceHandicap
	TwoPieceHandicap
	ThreePieceHandicap
	FourPieceHandicap
	FivePieceHandicap
	LeftFivePieceHandicap
	SixPieceHandicap
	LeftSevenPieceHandicap
	RightSevenPieceHandicap
	EightPieceHandicap
	TenPieceHandicap
	numHandicaps
)

// Handicaps lists every standard start position.
var Handicaps = func() []Handicap {
	h := make([]Handicap, numHandicaps)
	for i := range h {
		h[i] = Handicap(i)
	}
	return h
}()

// handicapInfo gives each start position's KIF name (手合割) and SFEN. 上手's
// left is file 1: 香落ち removes the lance on 1一, 右香落ち the one on 9一.
var handicapInfo = [numHandicaps]struct{ name, sfen string }{
	Even:                    {"平手", StartSFEN},
	LanceHandicap:           {"香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	RightLanceHandicap:      {"右香落ち", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	BishopHandicap:          {"角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	RookHandicap:            {"飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	RookLanceHandicap:       {"飛香落ち", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	TwoPieceHandicap:        {"二枚落ち", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	ThreePieceHandicap:      {"三枚落ち", "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	FourPieceHandicap:       {"四枚落ち", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	FivePieceHandicap:       {"五枚落ち", "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	LeftFivePieceHandicap:   {"左五枚落ち", "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	SixPieceHandicap:        {"六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	LeftSevenPieceHandicap:  {"左七枚落ち", "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	RightSevenPieceHandicap: {"右七枚落ち", "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	EightPieceHandicap:      {"八枚落ち", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	TenPieceHandicap:        {"十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
}

// Name returns the KIF 手合割 name, e.g. 飛車落ち.
func (h Handicap) Name() string { return handicapInfo[h].name }

// SFEN returns the start position.
func (h Handicap) SFEN() string { return handicapInfo[h].sfen }

// String returns the name.
func (h Handicap) String() string { return h.Name() }

// Position returns a new position set up for h.
func (h Handicap) Position() *Position {
	p, err := ParseSFEN(h.SFEN())
	if err != nil {
		panic(err) // the table above is valid; tests prove it
	}
	return p
}

// HandicapByName finds a start position by its KIF name (平手, 香落ち, …).
func HandicapByName(name string) (Handicap, bool) {
	for h := Even; h < numHandicaps; h++ {
		if handicapInfo[h].name == name {
			return h, true
		}
	}
	return 0, false
}

// HandicapBySFEN finds the start position whose board, side and hands
// equal the SFEN's (the move number is ignored).
func HandicapBySFEN(sfen string) (Handicap, bool) {
	p, err := ParseSFEN(sfen)
	if err != nil {
		return 0, false
	}
	for h := Even; h < numHandicaps; h++ {
		q := h.Position()
		if q.Key() == p.Key() && q.board == p.board {
			return h, true
		}
	}
	return 0, false
}
