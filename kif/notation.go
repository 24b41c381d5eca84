package kif

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"kiki/game"
)

// Japanese move notation, used by the KIF and KI2 formats and by the UI.
//
//	KIF:  ７六歩(77)  同　歩(76)  ５五角打  ２四歩成(25)
//	KI2:  ７六歩      同　歩      ５五角打  ２四歩成  ５八金右  ２二角不成
//
// The piece is named as it stands before the move; 成 marks a promotion
// on this move. KI2 adds the JSA's relative words (右 左 直 上 引 寄) when
// several pieces of the kind could go to the square, 打 when a board piece
// could also reach it, and 不成 when a possible promotion was declined.

// sameSquare is how a move to the previous move's destination is written.
const sameSquare = "同　"

// KIFMove returns m in KIF notation; prev is the previous move (NoMove
// if none) for 同.
func KIFMove(m, prev game.Move) string {
	var sb strings.Builder
	writeDest(&sb, m, prev)
	sb.WriteString(m.Piece().Type().Name())
	if m.IsDrop() {
		sb.WriteString("打")
		return sb.String()
	}
	if m.IsPromotion() {
		sb.WriteString("成")
	}
	fmt.Fprintf(&sb, "(%d%d)", m.From().File(), m.From().Rank())
	return sb.String()
}

func writeDest(sb *strings.Builder, m, prev game.Move) {
	if prev != game.NoMove && m.To() == prev.To() {
		sb.WriteString(sameSquare)
	} else {
		sb.WriteString(m.To().Japanese())
	}
}

// KI2Move returns the legal move m of position p in KI2 notation,
// without the side mark; prev is the previous move for 同.
func KI2Move(p *game.Position, m, prev game.Move) string {
	var sb strings.Builder
	writeDest(&sb, m, prev)
	sb.WriteString(m.Piece().Type().Name())
	// Relative words and 打 are chosen against every piece of the kind that
	// attacks the square, pinned ones included: readers that do not check
	// pins (tsshogi among them) would otherwise find the move ambiguous.
	origins := attackingOrigins(p, m.Piece(), m.To())
	if m.IsDrop() {
		if len(origins) > 0 {
			sb.WriteString("打")
		}
		return sb.String()
	}
	sb.WriteString(relativeWord(m, origins))
	if m.IsPromotion() {
		sb.WriteString("成")
	} else if canPromote(m) {
		sb.WriteString("不成")
	}
	return sb.String()
}

// LineText writes the moves from p in KI2 notation with their side marks
// (▲５二金打 △同　玉 …), as a person reads a line: at most `most` moves
// (all when most <= 0), up to the first that is not legal. p is not changed.
func LineText(p *game.Position, moves []game.Move, most int) string {
	q := p.Clone()
	prev := q.LastMove()
	parts := make([]string, 0, len(moves))
	for i, m := range moves {
		if most > 0 && i >= most || !q.IsLegal(m) {
			break
		}
		parts = append(parts, m.Piece().Color().Mark()+KI2Move(q, m, prev))
		q.DoMove(m)
		prev = m
	}
	return strings.Join(parts, " ")
}

// MoveLabel returns the move with its side mark in KIF notation, the way
// move lists show it: ▲７六歩(77), △同　歩(76).
func MoveLabel(m, prev game.Move) string {
	return m.Piece().Color().Mark() + KIFMove(m, prev)
}

func canPromote(m game.Move) bool {
	c := m.Piece().Color()
	return m.Piece().Type().CanPromote() && (game.InCamp(c, m.From()) || game.InCamp(c, m.To()))
}

// boardOrigins returns the distinct squares from which a board piece equal
// to pc has a legal move to "to".
func boardOrigins(p *game.Position, pc game.Piece, to game.Square) []game.Square {
	var ml game.MoveList
	p.LegalMoves(&ml)
	var out []game.Square
	for _, m := range ml.Slice() {
		if m.IsDrop() || m.To() != to || m.Piece() != pc {
			continue
		}
		dup := false
		for _, s := range out {
			dup = dup || s == m.From()
		}
		if !dup {
			out = append(out, m.From())
		}
	}
	return out
}

// attackingOrigins returns the squares of pieces equal to pc that attack
// "to", which must not hold a piece of pc's side.
func attackingOrigins(p *game.Position, pc game.Piece, to game.Square) []game.Square {
	if p.PieceAt(to) != game.NoPiece && p.PieceAt(to).Color() == pc.Color() {
		return nil
	}
	var out []game.Square
	for b := p.PiecesOf(pc.Color(), pc.Type()); b.NonZero(); {
		s := b.Pop()
		if p.AttacksFrom(s).Has(to) {
			out = append(out, s)
		}
	}
	return out
}

// Relative words: motion 上 (forward), 引 (back), 寄 (sideways); position
// 右, 左, and 直 (straight forward).
func motionOf(c game.Color, from, to game.Square) string {
	df := forward(c, from, to)
	switch {
	case df > 0:
		return "上"
	case df < 0:
		return "引"
	}
	return "寄"
}

// forward returns how many ranks the move goes towards the enemy.
func forward(c game.Color, from, to game.Square) int {
	d := from.Rank() - to.Rank()
	if c == game.White {
		d = -d
	}
	return d
}

// rightness is larger the further right a square is from c's seat
// (先手's right is file 1).
func rightness(c game.Color, s game.Square) int {
	if c == game.Black {
		return -s.File()
	}
	return s.File()
}

func isStraight(c game.Color, from, to game.Square) bool {
	return from.File() == to.File() && forward(c, from, to) > 0
}

// filterRelative keeps the origins that match the relative words in rel.
func filterRelative(c game.Color, t game.PieceType, origins []game.Square, to game.Square, rel string) []game.Square {
	keep := origins
	for _, w := range []string{"上", "行", "入", "引", "寄"} {
		if strings.Contains(rel, w) {
			if w == "行" || w == "入" {
				w = "上"
			}
			var k []game.Square
			for _, s := range keep {
				if motionOf(c, s, to) == w {
					k = append(k, s)
				}
			}
			keep = k
		}
	}
	if strings.Contains(rel, "直") {
		var k []game.Square
		for _, s := range keep {
			if isStraight(c, s, to) {
				k = append(k, s)
			}
		}
		keep = k
	}
	for _, w := range []string{"右", "左"} {
		if !strings.Contains(rel, w) || len(keep) == 0 {
			continue
		}
		best := rightness(c, keep[0])
		for _, s := range keep {
			r := rightness(c, s)
			if w == "右" && r > best || w == "左" && r < best {
				best = r
			}
		}
		var k []game.Square
		for _, s := range keep {
			if rightness(c, s) == best {
				k = append(k, s)
			}
		}
		keep = k
	}
	return keep
}

// relativeWord picks the shortest relative words, in the JSA's order of
// preference (motion, then 直/右/左, then both), that single out m's origin.
func relativeWord(m game.Move, origins []game.Square) string {
	if len(origins) <= 1 {
		return ""
	}
	c, t := m.Piece().Color(), m.Piece().Type()
	motion := motionOf(c, m.From(), m.To())
	tries := []string{motion}
	if t != game.Horse && t != game.Dragon {
		tries = append(tries, "直")
	}
	tries = append(tries, "右", "左", "右"+motion, "左"+motion)
	for _, rel := range tries {
		k := filterRelative(c, t, origins, m.To(), rel)
		if len(k) == 1 && k[0] == m.From() {
			return rel
		}
	}
	return "" // cannot happen with at most a few pieces of a kind; parsing will report ambiguity
}

// MoveText is a Japanese move as written, taken apart.
type MoveText struct {
	Same     bool        // 同
	To       game.Square // destination unless Same
	Piece    game.PieceType
	Relative string // 右 左 直 上 引 寄 行 入, as written
	Promote  bool   // 成
	NoPromo  bool   // 不成 (or 生)
	Drop     bool   // 打
	From     game.Square
	HasFrom  bool // the KIF origin "(77)"
	Rest     string
}

var fileRunes = map[rune]int{
	'１': 1, '２': 2, '３': 3, '４': 4, '５': 5, '６': 6, '７': 7, '８': 8, '９': 9,
	'1': 1, '2': 2, '3': 3, '4': 4, '5': 5, '6': 6, '7': 7, '8': 8, '9': 9,
	'一': 1, '二': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9,
}

func isSpace(r rune) bool { return r == ' ' || r == '　' || r == '\t' }

// ParseMoveText takes apart a Japanese move such as ７六歩(77), 同　歩,
// ▲５八金右, 24歩成 or 55角打. It checks the form only; Resolve finds the
// move in a position.
func ParseMoveText(s string) (MoveText, error) {
	var mt MoveText
	rest := strings.TrimLeftFunc(s, isSpace)
	for _, mark := range []string{"▲", "△", "☗", "☖", "▽"} {
		rest = strings.TrimPrefix(rest, mark)
	}
	switch {
	case strings.HasPrefix(rest, "同"):
		mt.Same = true
		rest = strings.TrimLeftFunc(strings.TrimPrefix(rest, "同"), isSpace)
	case strings.HasPrefix(rest, "仝"):
		mt.Same = true
		rest = strings.TrimLeftFunc(strings.TrimPrefix(rest, "仝"), isSpace)
	default:
		f, n1 := utf8.DecodeRuneInString(rest)
		r, n2 := utf8.DecodeRuneInString(rest[n1:])
		fi, ok1 := fileRunes[f]
		ri, ok2 := fileRunes[r]
		if !ok1 || !ok2 {
			return mt, moveErr(MoveError{}, "%q: want a destination such as ７六 or 76, or 同", s)
		}
		mt.To = game.NewSquare(fi, ri)
		rest = rest[n1+n2:]
		// Some writers put 同 after the square (７六同歩): the square wins.
		rest = strings.TrimLeftFunc(strings.TrimPrefix(rest, "同"), isSpace)
	}
	var ok bool
	if mt.Piece, rest, ok = readPieceName(rest); !ok {
		return mt, moveErr(MoveError{}, "%q: want a piece name (%s) after the square", s, writtenPieceNames)
	}
	// mark takes word off the front of rest and sets flag, if it is there.
	mark := func(word string, flag *bool) bool {
		r, ok := strings.CutPrefix(rest, word)
		if ok {
			rest, *flag = r, true
		}
		return ok
	}
	for {
		if mark("不成", &mt.NoPromo) || mark("生", &mt.NoPromo) || mark("成", &mt.Promote) || mark("打", &mt.Drop) {
			continue
		}
		matched := false
		for _, w := range []string{"右", "左", "直", "上", "引", "寄", "行", "入"} {
			if r, ok := strings.CutPrefix(rest, w); ok {
				mt.Relative += w
				rest, matched = r, true
			}
		}
		if !matched {
			break
		}
	}
	if strings.HasPrefix(rest, "(") && len(rest) >= 4 && rest[3] == ')' && rest[1] >= '1' && rest[1] <= '9' && rest[2] >= '1' && rest[2] <= '9' {
		mt.From = game.NewSquare(int(rest[1]-'0'), int(rest[2]-'0'))
		mt.HasFrom = true
		rest = rest[4:]
	}
	if mt.Promote && mt.NoPromo {
		return mt, moveErr(MoveError{}, "%q: both 成 and 不成", s)
	}
	if mt.Drop && (mt.HasFrom || mt.Promote || mt.NoPromo || mt.Relative != "") {
		return mt, moveErr(MoveError{}, "%q: a drop (打) has no origin, promotion or relative word", s)
	}
	mt.Rest = rest
	return mt, nil
}

// MoveError is a written move that names no legal move here. Error says
// why in English; Reason and the fields beside it say it in a form that a
// screen can word in its own language.
type MoveError struct {
	Reason MoveReason
	Dest   string         // the move as named, ７六歩 (may be empty)
	Square game.Square    // the origin the reason is about
	Piece  game.PieceType // the piece named
	Has    game.PieceType // the piece on Square (MoveWrongPiece)
	Side   game.Color     // the side to move
	Rule   game.Illegality
	// Squares are the candidates' origins (MoveAmbiguous).
	Squares []game.Square
	msg     string
}

func (e *MoveError) Error() string { return e.msg }

// MoveReason is why a written move names no legal move.
type MoveReason uint8

// The reasons.
const (
	MoveUnreadable MoveReason = iota // not a move as written
	MoveNoPrevious                   // 同 with no previous move
	MoveNoPiece                      // no piece on the origin
	MoveNotYours                     // the origin's piece is the other side's
	MoveWrongPiece                   // the origin holds another kind
	MoveIllegal                      // breaks Rule
	MoveCannotDrop                   // the kind is never dropped
	MoveNoneCanGo                    // no piece of the kind reaches the square
	MoveNoRelative                   // no piece matches the relative word
	MoveAmbiguous                    // several pieces can go: add 右, 左 …
	MoveSayPromote                   // breaks Rule unless it promotes: write 成
)

func moveErr(e MoveError, format string, args ...any) error {
	e.msg = fmt.Sprintf(format, args...)
	return &e
}

// Resolve finds the legal move that the text names in position p; prev is
// the previous move (for 同). An ambiguous or impossible text is an error
// that says why, listing the candidates when there are several.
func (mt MoveText) Resolve(p *game.Position, prev game.Move) (game.Move, error) {
	to := mt.To
	if mt.Same {
		if prev == game.NoMove {
			return game.NoMove, moveErr(MoveError{Reason: MoveNoPrevious}, "同 but there is no previous move")
		}
		to = prev.To()
	}
	us := p.Side()
	dest := to.Japanese() + mt.Piece.Name()
	// e and illegal fill in what every reason says.
	e := func(r MoveReason) MoveError {
		return MoveError{Reason: r, Dest: dest, Square: mt.From, Piece: mt.Piece, Side: us}
	}
	illegal := func(m game.Move) MoveError {
		ie := e(MoveIllegal)
		ie.Rule = p.Illegality(m)
		return ie
	}
	if mt.HasFrom {
		pc := p.PieceAt(mt.From)
		if pc == game.NoPiece {
			return game.NoMove, moveErr(e(MoveNoPiece), "%s: no piece on %s", dest, mt.From.Japanese())
		}
		if pc.Color() != us {
			return game.NoMove, moveErr(e(MoveNotYours), "%s: the piece on %s is not %s's", dest, mt.From.Japanese(), us)
		}
		if pc.Type() != mt.Piece {
			we := e(MoveWrongPiece)
			we.Has = pc.Type()
			return game.NoMove, moveErr(we, "%s: the piece on %s is %s, not %s", dest, mt.From.Japanese(), pc.Type().Name(), mt.Piece.Name())
		}
		m := game.NewMove(mt.From, to, pc, p.PieceAt(to), mt.Promote)
		if why := p.WhyIllegal(m); why != "" {
			return game.NoMove, moveErr(illegal(m), "%s(%d%d): %s", dest, mt.From.File(), mt.From.Rank(), why)
		}
		return m, nil
	}
	pc := game.NewPiece(us, mt.Piece)
	drop := game.NewDrop(pc, to)
	origins := boardOrigins(p, pc, to)
	canDrop := mt.Piece <= game.Gold && p.Hand(us).Has(mt.Piece) && p.IsLegal(drop)
	if mt.Drop || (len(origins) == 0 && mt.Relative == "" && !mt.Promote && !mt.NoPromo) {
		if mt.Piece > game.Gold || mt.Piece == game.King {
			return game.NoMove, moveErr(e(MoveCannotDrop), "%s打: %s cannot be dropped", dest, mt.Piece.Name())
		}
		if !canDrop {
			if why := p.WhyIllegal(drop); why != "" {
				return game.NoMove, moveErr(illegal(drop), "%s打: %s", dest, why)
			}
		}
		return drop, nil
	}
	if len(origins) == 0 {
		return game.NoMove, moveErr(e(MoveNoneCanGo), "%s: no %s of %s can move to %s", dest, mt.Piece.Name(), us, to.Japanese())
	}
	keep := origins
	if mt.Relative != "" {
		keep = filterRelative(us, mt.Piece, origins, to, mt.Relative)
		if len(keep) == 0 {
			return game.NoMove, moveErr(e(MoveNoRelative), "%s%s: no %s matches %s", dest, mt.Relative, mt.Piece.Name(), mt.Relative)
		}
	}
	if len(keep) > 1 {
		var names []string
		for _, s := range keep {
			names = append(names, s.Japanese())
		}
		ae := e(MoveAmbiguous)
		ae.Squares = keep
		return game.NoMove, moveErr(ae, "%s is ambiguous: the %s on %s can all go there; add 右, 左, 直, 上, 引 or 寄", dest, mt.Piece.Name(), strings.Join(names, ", "))
	}
	m := game.NewMove(keep[0], to, pc, p.PieceAt(to), mt.Promote)
	if why := p.WhyIllegal(m); why != "" {
		if !mt.Promote && !mt.NoPromo && p.IsLegal(game.NewMove(keep[0], to, pc, p.PieceAt(to), true)) {
			// 歩成 written as 歩 where the pawn must promote: say so rather than guess.
			se := illegal(m)
			se.Reason = MoveSayPromote
			return game.NoMove, moveErr(se, "%s: %s (write 成)", dest, why)
		}
		return game.NoMove, moveErr(illegal(m), "%s: %s", dest, why)
	}
	return m, nil
}

// ParseJapanese reads a Japanese move (KIF or KI2 style, full-width or
// ASCII digits) in position p after prev.
func ParseJapanese(p *game.Position, s string, prev game.Move) (game.Move, error) {
	mt, err := ParseMoveText(s)
	if err != nil {
		return game.NoMove, err
	}
	if strings.TrimSpace(mt.Rest) != "" {
		return game.NoMove, moveErr(MoveError{}, "%q: unexpected %q after the move", s, mt.Rest)
	}
	return mt.Resolve(p, prev)
}
