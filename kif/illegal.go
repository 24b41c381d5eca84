package kif

import (
	"fmt"
	"strings"

	"kiki/game"
)

// A record may end on an illegal move (反則), kept as the text it was
// written in: "３六歩(34)" from KIF, "５五飛" from KI2, "+7675TO" from CSA.
// Writers put it back in their own notation, the way Kifu for Windows
// records a foul: the illegal move as a move, then 反則勝ち for the side
// that did not make it (CSA: %+ILLEGAL_ACTION naming the side that did).
// Where a format cannot hold the move as a move — KI2, whose readers
// resolve every move on the board and refuse an illegal one, and KIF or
// CSA when the origin is unknown — the ending is 反則負け of the side that
// made it, with the move in a first comment "反則手：▲５五飛". Readers take
// either form back as the one illegal ending.

// illegalNote starts the comment that names an illegal move.
const illegalNote = "反則手："

// illegalMove is an illegal ending's move taken apart.
type illegalMove struct {
	color    game.Color
	to, from game.Square
	hasFrom  bool           // the origin is known (KIF, CSA)
	drop     bool           // 打
	piece    game.PieceType // as it stands before the move
	promote  bool
}

// String shows the move in USI squares with the side's mark: ▲7f7e+,
// △P*5e, and ▲?5e when the origin is unknown.
func (m illegalMove) String() string {
	from := "?"
	switch {
	case m.drop:
		from = strings.ToUpper(game.NewPiece(game.Black, m.piece).USI()) + "*"
	case m.hasFrom:
		from = m.from.USI()
	}
	s := m.color.Mark() + from + m.to.USI()
	if m.promote {
		s += "+"
	}
	return s
}

// illegalMove takes apart the illegal move that ending n names.
func (r *Record) illegalMove(n *Node) (illegalMove, bool) {
	if n.Special != SpecialIllegal || n.Parent == nil {
		return illegalMove{}, false
	}
	text := strings.TrimSpace(n.SpecialText)
	if isCSAMove(text) {
		return r.csaIllegal(n, text)
	}
	mt, err := ParseMoveText(text)
	if err != nil || strings.TrimSpace(mt.Rest) != "" {
		return illegalMove{}, false
	}
	m := illegalMove{color: r.sideAt(n.Ply), to: mt.To, from: mt.From, hasFrom: mt.HasFrom, drop: mt.Drop, piece: mt.Piece, promote: mt.Promote}
	if mt.Same {
		if n.Parent.Move == game.NoMove {
			return illegalMove{}, false
		}
		m.to = n.Parent.Move.To()
	}
	return m, true
}

func isCSAMove(s string) bool {
	if len(s) != 7 || s[0] != '+' && s[0] != '-' {
		return false
	}
	for _, c := range s[1:5] {
		if c < '0' || c > '9' {
			return false
		}
	}
	_, ok := csaPieces[s[5:7]]
	return ok
}

// csaIllegal reads "+7675TO", whose piece is named as it stands after the
// move: a promotion when the origin holds the unpromoted kind.
func (r *Record) csaIllegal(n *Node, s string) (illegalMove, bool) {
	m := illegalMove{color: game.Black, piece: csaPieces[s[5:7]]}
	if s[0] == '-' {
		m.color = game.White
	}
	ff, fr, tf, tr := int(s[1]-'0'), int(s[2]-'0'), int(s[3]-'0'), int(s[4]-'0')
	if tf < 1 || tr < 1 {
		return illegalMove{}, false
	}
	m.to = game.NewSquare(tf, tr)
	if ff == 0 && fr == 0 {
		m.drop = true
		return m, true
	}
	if ff < 1 || fr < 1 {
		return illegalMove{}, false
	}
	m.from, m.hasFrom = game.NewSquare(ff, fr), true
	if pc := r.Position(n.Parent).PieceAt(m.from); pc != game.NoPiece && pc.Type() != m.piece && pc.Type().Promote() == m.piece {
		m.piece, m.promote = pc.Type(), true
	}
	return m, true
}

// kifWritable reports whether the move can be written as a KIF move at
// ply n: it is the side to move's and its origin is known.
func (r *Record) kifWritable(m illegalMove, n *Node) bool {
	return m.color == r.sideAt(n.Ply) && (m.hasFrom || m.drop)
}

// illegalComment is the comment that names n's illegal move where the
// move cannot be written as a move.
func (r *Record) illegalComment(n *Node) string {
	if m, ok := r.illegalMove(n); ok {
		return illegalNote + m.ki2Text(n.Parent.Move)
	}
	return illegalNote + n.SpecialText
}

// kifText writes the move in KIF notation: ３六歩(34), ５五歩打, 同　歩成(23).
func (m illegalMove) kifText(prev game.Move) string {
	s := m.dest(prev) + m.piece.Name()
	switch {
	case m.drop:
		return s + "打"
	case m.promote:
		s += "成"
	}
	if m.hasFrom {
		s += fmt.Sprintf("(%d%d)", m.from.File(), m.from.Rank())
	}
	return s
}

// ki2Text writes the move in KI2 notation with its mark: ▲５五飛.
func (m illegalMove) ki2Text(prev game.Move) string {
	s := m.color.Mark() + m.dest(prev) + m.piece.Name()
	switch {
	case m.drop:
		s += "打"
	case m.promote:
		s += "成"
	}
	return s
}

// csaText writes the move in CSA notation; it reports false when the
// origin is unknown, which CSA cannot leave out.
func (m illegalMove) csaText() (string, bool) {
	if !m.drop && !m.hasFrom {
		return "", false
	}
	t := m.piece
	if m.promote {
		t = t.Promote()
	}
	return csaMoveText(m.color, m.from, m.to, m.drop, t), true
}

func (m illegalMove) dest(prev game.Move) string {
	if prev != game.NoMove && prev.To() == m.to {
		return sameSquare
	}
	return m.to.Japanese()
}

// foulSummary is the まで line after an illegal move written as a move:
// the side that did not make it wins by the foul.
func (r *Record) foulSummary(n *Node) string {
	return fmt.Sprintf("まで%d手で%sの反則勝ち", n.Ply, r.SideNames()[r.sideAt(n.Ply).Opp()])
}

// illegalFromComment turns a 反則負け ending whose first comment names
// the illegal move back into that illegal ending; it reports whether the
// comment was taken.
func (b *builder) illegalFromComment(text string) bool {
	n := b.cur
	if n == nil || n.Special != FoulLose || len(n.Comments) > 0 || !strings.HasPrefix(text, illegalNote) {
		return false
	}
	move := strings.TrimSpace(strings.TrimPrefix(text, illegalNote))
	if mt, err := ParseMoveText(move); !isCSAMove(move) && (err != nil || strings.TrimSpace(mt.Rest) != "") {
		return false // a person's note ("反則手：二歩"), not a move
	}
	n.Special, n.SpecialText = SpecialIllegal, move
	b.warnf(0, "move %d %s is illegal; the record ends there as 反則", n.Ply, move)
	return true
}

// confirmsIllegal reports whether an ending read right after an illegal
// move is the one writers put there to close it (so it adds nothing).
func (b *builder) confirmsIllegal(sp Special) bool {
	return b.cur != nil && b.cur.Special == SpecialIllegal && sp == FoulWin
}
