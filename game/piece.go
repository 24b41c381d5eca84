package game

// PieceType is a kind of piece without its side. Promoted kinds are the
// unpromoted kind plus 8, so promotion is a single OR.
type PieceType uint8

// Piece types. The order of Pawn … Gold is also the order of hand slots.
const (
	NoPieceType PieceType = iota
	Pawn
	Lance
	Knight
	Silver
	Bishop
	Rook
	Gold
	King
	ProPawn
	ProLance
	ProKnight
	ProSilver
	Horse
	Dragon
	// NumPieceTypes bounds arrays indexed by PieceType.
	NumPieceTypes
)

// promotedBit is added to a promotable kind to promote it.
const promotedBit = 8

// HandTypes lists the kinds that can be held in hand, in SFEN order (飛 角 金 銀 桂 香 歩).
var HandTypes = [7]PieceType{Rook, Bishop, Gold, Silver, Knight, Lance, Pawn}

// CanPromote reports whether the kind has a promoted form.
func (t PieceType) CanPromote() bool { return t >= Pawn && t <= Rook }

// IsPromoted reports whether the kind is a promoted one.
func (t PieceType) IsPromoted() bool { return t > King }

// Promote returns the promoted kind; kinds that cannot promote are returned unchanged.
func (t PieceType) Promote() PieceType {
	if t.CanPromote() {
		return t + promotedBit
	}
	return t
}

// Unpromote returns the unpromoted kind (what goes to the hand on capture).
func (t PieceType) Unpromote() PieceType {
	if t > King {
		return t - promotedBit
	}
	return t
}

// IsSlider reports whether the kind moves any distance along a line.
func (t PieceType) IsSlider() bool {
	return t == Lance || t == Bishop || t == Rook || t == Horse || t == Dragon
}

var typeLetters = [NumPieceTypes]string{"", "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"}

// Letter returns the USI letter of the kind, upper case ("+B" for a horse).
func (t PieceType) Letter() string { return typeLetters[t] }

var typeNames = [NumPieceTypes]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"}

// Name returns the kind's name as written in moves (成香 for a promoted lance).
func (t PieceType) Name() string { return typeNames[t] }

var typeGlyphs = [NumPieceTypes]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍"}

// Glyph returns the kind's one-character board name (杏 for a promoted lance).
func (t PieceType) Glyph() string { return typeGlyphs[t] }

// Piece is a kind with its side: Color<<4 | PieceType. NoPiece is an empty square.
type Piece uint8

// NoPiece is the empty square.
const NoPiece Piece = 0

// NumPieces bounds arrays indexed by Piece.
const NumPieces = 31

// NewPiece returns the piece of kind t and side c.
func NewPiece(c Color, t PieceType) Piece { return Piece(c)<<4 | Piece(t) }

// Type returns the piece's kind.
func (p Piece) Type() PieceType { return PieceType(p & 15) }

// Color returns the piece's side. It is meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p >> 4) }

// USI returns the SFEN letter: upper case for Black, lower for White, "+" for promoted.
func (p Piece) USI() string {
	if p == NoPiece {
		return ""
	}
	s := p.Type().Letter()
	if p.Color() == White {
		b := []byte(s)
		for i := range b {
			if b[i] >= 'A' && b[i] <= 'Z' {
				b[i] += 'a' - 'A'
			}
		}
		s = string(b)
	}
	return s
}

// String returns the SFEN letter.
func (p Piece) String() string { return p.USI() }

// pieceFromLetter maps an SFEN letter (without "+") to a piece.
func pieceFromLetter(ch byte) (Piece, bool) {
	c := Black
	if ch >= 'a' && ch <= 'z' {
		c = White
		ch -= 'a' - 'A'
	}
	for t := Pawn; t <= King; t++ {
		if typeLetters[t][0] == ch {
			return NewPiece(c, t), true
		}
	}
	return NoPiece, false
}

// HandTypeFromLetter reads a USI drop's piece letter (P L N S G B R).
func HandTypeFromLetter(ch byte) (PieceType, bool) {
	pc, ok := pieceFromLetter(ch)
	if !ok || pc.Color() != Black || pc.Type() == King {
		return NoPieceType, false
	}
	return pc.Type(), true
}

// MaxInHand returns how many pieces of unpromoted kind t a set holds.
func MaxInHand(t PieceType) int { return maxCount[t] }

// maxCount is how many pieces of each unpromoted kind a set holds.
var maxCount = [King + 1]int{0, 18, 4, 4, 4, 2, 2, 4, 2}
