package library

import "kiki/game"

// Opening names the opening of a game from the even start, or is ""
// when none of the rules below recognises it (the list then shows the
// first moves). The values are stable identifiers, kept in the index;
// OpeningNames gives the Japanese words.
type Opening string

// The openings Classify knows: a small table of the well-known ones.
const (
	Yagura         Opening = "yagura"          // 矢倉
	KakuGawari     Opening = "kakugawari"      // 角換わり
	AiGakari       Opening = "aigakari"        // 相掛かり
	YokoFudori     Opening = "yokofudori"      // 横歩取り
	Gangi          Opening = "gangi"           // 雁木
	ShikenBisha    Opening = "shikenbisha"     // 四間飛車
	SangenBisha    Opening = "sangenbisha"     // 三間飛車
	Ishida         Opening = "ishida"          // 石田流
	NakaBisha      Opening = "nakabisha"       // 中飛車
	GokigenNakaBis Opening = "gokigen"         // ゴキゲン中飛車
	MukaiBisha     Opening = "mukaibisha"      // 向かい飛車
	MigiShiken     Opening = "migishikenbisha" // 右四間飛車
	AiFuribisha    Opening = "aifuribisha"     // 相振り飛車
)

// OpeningNames are the openings' Japanese names.
var OpeningNames = map[Opening]string{
	Yagura: "矢倉", KakuGawari: "角換わり", AiGakari: "相掛かり", YokoFudori: "横歩取り", Gangi: "雁木",
	ShikenBisha: "四間飛車", SangenBisha: "三間飛車", Ishida: "石田流", NakaBisha: "中飛車",
	GokigenNakaBis: "ゴキゲン中飛車", MukaiBisha: "向かい飛車", MigiShiken: "右四間飛車", AiFuribisha: "相振り飛車",
}

// How far into a game the rules look: a rook that changes files later
// is a middle-game move, not an opening.
const (
	rangeWithin    = 30 // plies in which a rook's move along its home rank counts
	exchangeWithin = 30 // plies in which a bishop exchange makes 角換わり
	shapeWithin    = 50 // plies in which a castle's shape (矢倉, 雁木) counts
)

// Classify names the opening of the main line moves played from the
// even start; "" when no rule applies. The rules, first match wins:
// a rook moved along its home rank to another file (振り飛車: 中飛車,
// 四間, 三間, 向かい; both sides: 相振り飛車; to the fourth file on its
// own side: 右四間飛車), with 石田流 for a third-file rook whose pawn
// stands on the fifth rank and ゴキゲン中飛車 for 後手's central rook with
// its bishop's diagonal open; then 横歩取り (先手's rook takes the pawn
// on ３四), 相掛かり (the first four moves push both rook pawns, and a
// rook pawn is exchanged before the bishops are), 角換わり (a bishop
// takes a bishop), then the castle 先手 formed first, else 後手's: 雁木
// (silvers on ６七 and ５七 or ４七; for 後手 ４三 and ５三 or ６三), 矢倉
// (silver ７七 with pawns ６六 and ７六; for 後手 ３三, ４四, ３四).
func Classify(moves []game.Move) Opening {
	s := scanOpening(moves)
	switch {
	case s.ranged[game.Black] != "" && s.ranged[game.White] != "":
		return AiFuribisha
	case s.ranged[game.Black] != "":
		return s.ranged[game.Black]
	case s.ranged[game.White] != "":
		return s.ranged[game.White]
	case s.migi != "":
		return s.migi
	case s.yokofu:
		return YokoFudori
	case aigakari(moves) && (s.bishopsOff == 0 || s.rookPawnOff > 0 && s.rookPawnOff < s.bishopsOff):
		return AiGakari
	case s.bishopsOff > 0:
		return KakuGawari
	case s.castle[game.Black] != "":
		return s.castle[game.Black]
	case s.castle[game.White] != "":
		return s.castle[game.White]
	}
	return ""
}

// openingScan is what one pass over a game's first moves found.
type openingScan struct {
	ranged    [2]Opening // a ranging rook's opening, by side
	rookMoved [2]bool    // the rook has left its start square
	migi      Opening    // 右四間飛車, by either side
	yokofu    bool
	// bishopsOff and rookPawnOff are the plies (1-based; 0: none) of
	// the first bishop exchange and the first rook-pawn exchange (a rook
	// taking the pawn on its own file's fourth rank: ２四 or ８六).
	bishopsOff, rookPawnOff int
	// castle is the first of 雁木 and 矢倉 each side's pieces formed.
	castle [2]Opening
}

// scanOpening plays the first moves and notes the shapes the rules ask for.
func scanOpening(moves []game.Move) openingScan {
	var s openingScan
	p := game.NewStartPosition()
	for i, m := range moves {
		if i >= shapeWithin || !p.IsLegal(m) {
			break
		}
		c := m.Piece().Color()
		t := m.Piece().Type()
		if i < rangeWithin && t == game.Rook && !m.IsDrop() && !s.rookMoved[c] {
			s.rookMoved[c] = true
			s.rookMove(p, c, m)
		}
		if i < exchangeWithin && t == game.Bishop && m.Captured().Type() == game.Bishop && s.bishopsOff == 0 {
			s.bishopsOff = i + 1
		}
		if t == game.Rook && m.To() == sq(c, 2, 4) && m.Captured().Type() == game.Pawn && s.rookPawnOff == 0 {
			s.rookPawnOff = i + 1
		}
		if c == game.Black && t == game.Rook && m.From() == sq(c, 2, 4) && m.To() == sq(c, 3, 4) && m.Captured().Type() == game.Pawn && i < shapeWithin {
			s.yokofu = true
		}
		p.DoMove(m)
		for _, c := range []game.Color{game.Black, game.White} {
			switch {
			case s.castle[c] != "":
			case gangiShape(p, c):
				s.castle[c] = Gangi
			case yaguraShape(p, c):
				s.castle[c] = Yagura
			}
		}
	}
	return s
}

// rookMove notes a rook's first move when it goes along its home rank
// (the second rank from its own side) to another file: a rook that went
// up its file first (相掛かり, 横歩取り) and came back later is not a
// ranging rook.
func (s *openingScan) rookMove(p *game.Position, c game.Color, m game.Move) {
	from, to := m.From(), m.To()
	home := sq(c, 2, 8).Rank()
	if from != sq(c, 2, 8) || to.Rank() != home {
		return
	}
	switch file := ownFile(c, to); file {
	case 4:
		s.migi = MigiShiken
	case 5:
		s.ranged[c] = NakaBisha
		if c == game.White && diagonalOpen(p, c) {
			s.ranged[c] = GokigenNakaBis
		}
	case 6:
		s.ranged[c] = ShikenBisha
	case 7:
		s.ranged[c] = SangenBisha
		if p.PieceAt(sq(c, 7, 5)) == game.NewPiece(c, game.Pawn) {
			s.ranged[c] = Ishida
		}
	case 8:
		s.ranged[c] = MukaiBisha
	}
}

// sq is the square at file and rank as side c counts them (先手's
// coordinates for Black, turned round for White): sq(White, 2, 8) is ８二.
func sq(c game.Color, file, rank int) game.Square {
	if c == game.White {
		return game.NewSquare(10-file, 10-rank)
	}
	return game.NewSquare(file, rank)
}

// ownFile is the file of s as side c counts it.
func ownFile(c game.Color, s game.Square) int {
	if c == game.White {
		return 10 - s.File()
	}
	return s.File()
}

// has reports whether side c's piece of type t stands where c calls
// file, rank.
func has(p *game.Position, c game.Color, t game.PieceType, file, rank int) bool {
	return p.PieceAt(sq(c, file, rank)) == game.NewPiece(c, t)
}

// diagonalOpen reports whether side c has opened its bishop's diagonal
// (the pawn in front of it moved: ７六歩, ３四歩) without closing it again
// on the next square (６六歩, ４四歩).
func diagonalOpen(p *game.Position, c game.Color) bool {
	return !has(p, c, game.Pawn, 7, 7) && !has(p, c, game.Pawn, 6, 6)
}

// gangiShape: side c's silvers on ６七 and ５七, or on ６七 and ４七
// (ツノ銀雁木).
func gangiShape(p *game.Position, c game.Color) bool {
	return has(p, c, game.Silver, 6, 7) && (has(p, c, game.Silver, 5, 7) || has(p, c, game.Silver, 4, 7))
}

// yaguraShape: side c's silver on ７七, with pawns on ７六 and ６六 (矢倉).
func yaguraShape(p *game.Position, c game.Color) bool {
	return has(p, c, game.Silver, 7, 7) && has(p, c, game.Pawn, 7, 6) && has(p, c, game.Pawn, 6, 6)
}

// aigakari: the first four moves push the rook pawns, 先手's to ２五
// and 後手's to ８五, neither side opening its bishop first.
func aigakari(moves []game.Move) bool {
	if len(moves) < 4 {
		return false
	}
	for i, m := range moves[:4] {
		c := game.Color(i % 2)
		if m.Piece() != game.NewPiece(c, game.Pawn) || ownFile(c, m.From()) != 2 {
			return false
		}
	}
	return true
}
