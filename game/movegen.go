package game

import "fmt"

// MaxMoves bounds the number of legal moves in any position (the most
// known is 593).
const MaxMoves = 600

// MoveList is a fixed-size list of moves that generation fills without
// allocating.
type MoveList struct {
	n     int
	moves [MaxMoves]Move
}

// Len returns the number of moves.
func (l *MoveList) Len() int { return l.n }

// At returns the i-th move.
func (l *MoveList) At(i int) Move { return l.moves[i] }

// Slice returns the moves; it aliases the list.
func (l *MoveList) Slice() []Move { return l.moves[:l.n] }

// Clear empties the list.
func (l *MoveList) Clear() { l.n = 0 }

// Contains reports whether m is in the list.
func (l *MoveList) Contains(m Move) bool {
	for _, x := range l.moves[:l.n] {
		if x == m {
			return true
		}
	}
	return false
}

// Filter keeps the moves for which keep is true, in their order.
func (l *MoveList) Filter(keep func(Move) bool) {
	n := 0
	for _, m := range l.moves[:l.n] {
		if keep(m) {
			l.moves[n] = m
			n++
		}
	}
	l.n = n
}

func (l *MoveList) add(m Move) { l.moves[l.n] = m; l.n++ }

// genMode selects a category of moves.
type genMode uint8

const (
	genAll      genMode = iota
	genCaptures         // captures (every promotion option) and non-capturing promotions
	genQuiets           // non-capturing moves without promotion, and drops
)

// deadBB[c][t] is where a piece of kind t and side c could never move again.
var deadBB [2][NumPieceTypes]Bitboard

func init() {
	for c := Black; c <= White; c++ {
		deadBB[c][Pawn] = farRanks[c][1]
		deadBB[c][Lance] = farRanks[c][1]
		deadBB[c][Knight] = farRanks[c][2]
	}
}

// LegalMoves appends every legal move to ml (in check: every evasion).
// Non-promotions are included wherever they are legal.
func (p *Position) LegalMoves(ml *MoveList) { p.generate(ml, genAll) }

// GenerateCaptures appends the legal captures (with every promotion option)
// and the legal non-capturing promotions.
func (p *Position) GenerateCaptures(ml *MoveList) { p.generate(ml, genCaptures) }

// GenerateQuiets appends the legal moves GenerateCaptures leaves out:
// non-capturing moves without promotion, and drops.
func (p *Position) GenerateQuiets(ml *MoveList) { p.generate(ml, genQuiets) }

// GenerateEvasions appends the legal replies to a check; the side to move
// must be in check.
func (p *Position) GenerateEvasions(ml *MoveList) { p.generate(ml, genAll) }

// HasLegalMove reports whether the side to move has any legal move. In
// check it looks for one evasion at a time — a safe king step, a capture
// of the checker, an interposition — before falling back to generation,
// which makes mate tests cheap.
func (p *Position) HasLegalMove() bool {
	if p.checkers.NonZero() {
		if r, ok := p.quickEvasion(); ok {
			return r
		}
	}
	var ml MoveList
	p.generate(&ml, genAll)
	return ml.n > 0
}

// quickEvasion answers whether the side to move, in check, has an evasion;
// ok is false when it cannot tell cheaply.
func (p *Position) quickEvasion() (has, ok bool) {
	us := p.side
	ksq := p.kings[us]
	if ksq == NoSquare {
		return false, false
	}
	if p.kingEscapes(us, ksq, p.occ.Clear(ksq)).NonZero() {
		return true, true
	}
	if p.checkers.MoreThanOne() {
		return false, true
	}
	c := p.checkers.First()
	pinned := p.Pinned(us)
	// Every shogi piece moves the way it captures: a piece that attacks a
	// square can move there (a forced promotion is still a move).
	movers := func(s Square) bool {
		for a := p.AttackersTo(us, s, p.occ).Clear(ksq); a.NonZero(); {
			f := a.Pop()
			if !pinned.Has(f) || lineBB[ksq][f].Has(s) {
				return true
			}
		}
		return false
	}
	if movers(c) {
		return true, true
	}
	between := betweenBB[ksq][c]
	if between.IsZero() {
		return false, true
	}
	h := p.hands[us]
	for b := between; b.NonZero(); {
		s := b.Pop()
		if movers(s) {
			return true, true
		}
		for t := Lance; t <= Gold; t++ {
			if h.Has(t) && !deadBB[us][t].Has(s) {
				return true, true
			}
		}
	}
	if h.Has(Pawn) {
		// A pawn interposition may be nifu or, rarely, drop-pawn mate: let
		// generation decide.
		return false, false
	}
	return false, true
}

// evasionTargets returns, for the side to move in check, where its pieces
// other than the king may go (target) and where it may drop (dropTarget):
// in check from one piece, the checker's square and the squares between
// it and the king (drops only between); in double check, nowhere. Out of
// check the callers use everywhere and the empty squares, without a call
// (the rules core's hottest paths).
func (p *Position) evasionTargets() (target, dropTarget Bitboard) {
	if p.checkers.MoreThanOne() {
		return Empty, Empty
	}
	c := p.checkers.First()
	between := betweenBB[p.kings[p.side]][c]
	return between.Set(c), between
}

func (p *Position) generate(ml *MoveList, mode genMode) {
	us := p.side
	ksq := p.kings[us]
	empty := p.occ.Not()
	if ksq != NoSquare {
		p.genKingMoves(ml, mode)
	}
	target, dropTarget := Full, empty
	if p.checkers.NonZero() {
		if p.checkers.MoreThanOne() {
			return
		}
		target, dropTarget = p.evasionTargets()
	}
	caps := p.byColor[us.Opp()].And(target)
	quiets := empty.And(target)
	pinned := p.Pinned(us)
	pieces := p.byColor[us]
	if p.checkers.NonZero() {
		// Only pieces that reach a square ending the check have an
		// evasion: asking who attacks those few squares skips the
		// others, in the order the loop below takes them. A defender in
		// a tsume holds most of the board, and the mate search generates
		// evasions at every node of its turn.
		var movers Bitboard
		for tg := target; tg.NonZero(); {
			movers = movers.Or(p.AttackersTo(us, tg.Pop(), p.occ))
		}
		pieces = pieces.And(movers)
	}
	if ksq != NoSquare {
		pieces = pieces.Clear(ksq)
	}
	for pieces.NonZero() {
		from := pieces.Pop()
		pc := p.board[from]
		att := Attacks(pc, from, p.occ)
		if pinned.Has(from) {
			att = att.And(lineBB[ksq][from])
		}
		p.addPieceMoves(ml, from, pc, att.And(caps), att.And(quiets), mode)
	}
	if mode != genCaptures {
		p.genDrops(ml, dropTarget)
	}
}

// addPieceMoves adds the moves of pc from "from" to the capture and quiet
// destinations, with the promotion options the mode asks for.
func (p *Position) addPieceMoves(ml *MoveList, from Square, pc Piece, caps, quiets Bitboard, mode genMode) {
	us, t := pc.Color(), pc.Type()
	base := NewMove(from, 0, pc, NoPiece, false)
	if !t.CanPromote() {
		if mode == genCaptures {
			quiets = Empty
		} else if mode == genQuiets {
			caps = Empty
		}
		for all := caps.Or(quiets); all.NonZero(); {
			to := all.Pop()
			ml.add(base | Move(to) | Move(p.board[to])<<21)
		}
		return
	}
	// promo: destinations where promotion is allowed; non: where not promoting is.
	camp := campBB[us]
	if !camp.Has(from) {
		camp = camp.And(caps.Or(quiets))
	} else {
		camp = Full
	}
	dead := deadBB[us][t]
	var promo, non Bitboard
	switch mode {
	case genAll:
		all := caps.Or(quiets)
		promo, non = all.And(camp), all.AndNot(dead)
	case genCaptures:
		promo, non = caps.Or(quiets).And(camp), caps.AndNot(dead)
	case genQuiets:
		non = quiets.AndNot(dead)
	}
	for promo.NonZero() {
		to := promo.Pop()
		ml.add(base | Move(to) | Move(p.board[to])<<21 | movePromote)
	}
	for non.NonZero() {
		to := non.Pop()
		ml.add(base | Move(to) | Move(p.board[to])<<21)
	}
}

func (p *Position) genKingMoves(ml *MoveList, mode genMode) {
	us, them := p.side, p.side.Opp()
	ksq := p.kings[us]
	att := stepAttacks[us][King][ksq].AndNot(p.byColor[us])
	switch mode {
	case genCaptures:
		att = att.And(p.byColor[them])
	case genQuiets:
		att = att.AndNot(p.byColor[them])
	}
	// (a slider's line through the king's old square stays open)
	att = att.And(p.kingEscapes(us, ksq, p.occ.Clear(ksq)))
	pc := p.board[ksq]
	for att.NonZero() {
		to := att.Pop()
		ml.add(NewMove(ksq, to, pc, p.board[to], false))
	}
}

// pawnFiles returns the files holding an unpromoted pawn of side c.
func (p *Position) pawnFiles(c Color) Bitboard {
	pawns := p.byType[Pawn].And(p.byColor[c])
	var m Bitboard
	for pawns.NonZero() {
		m = m.Or(fileBB[pawns.Pop().File()])
	}
	return m
}

// pawnDropTargets returns where side to move may drop a pawn among
// targets: not on the far rank, not on a file with its pawn (二歩), and not
// where it would mate (打ち歩詰め).
func (p *Position) pawnDropTargets(targets Bitboard) Bitboard {
	us := p.side
	tg := targets.AndNot(deadBB[us][Pawn])
	switch {
	case tg.IsZero():
		return tg
	case !tg.MoreThanOne():
		// One square (a pawn's check: the square in front of the king):
		// its own file decides, without gathering every pawn's.
		if p.byType[Pawn].And(p.byColor[us]).Intersects(fileBB[tg.First().File()]) {
			return Bitboard{}
		}
	default:
		tg = tg.AndNot(p.pawnFiles(us))
	}
	if k := p.kings[us.Opp()]; k != NoSquare {
		front := stepAttacks[us.Opp()][Pawn][k]
		if tg.Intersects(front) {
			if s := front.First(); p.isPawnDropMate(s) {
				tg = tg.Clear(s)
			}
		}
	}
	return tg
}

func (p *Position) genDrops(ml *MoveList, targets Bitboard) {
	us := p.side
	h := p.hands[us]
	if h == 0 || targets.IsZero() {
		return
	}
	for t := Pawn; t <= Gold; t++ {
		if h.Has(t) {
			p.addDrops(ml, t, targets)
		}
	}
}

// addDrops appends the side to move's drops of kind t on the squares of tg
// where dropSquares allows them.
func (p *Position) addDrops(ml *MoveList, t PieceType, tg Bitboard) {
	p.addDropsOn(ml, t, p.dropSquares(t, tg))
}

// dropSquares is the squares of tg where the side to move may drop kind
// t: not where it could never move again, and for a pawn not on a file
// with another pawn or to give drop-pawn mate.
func (p *Position) dropSquares(t PieceType, tg Bitboard) Bitboard {
	if t == Pawn {
		return p.pawnDropTargets(tg)
	}
	return tg.AndNot(deadBB[p.side][t])
}

// addDropsOn appends drops of kind t on every square of tg, which
// dropSquares has already filtered.
func (p *Position) addDropsOn(ml *MoveList, t PieceType, tg Bitboard) {
	pc := NewPiece(p.side, t)
	for tg.NonZero() {
		ml.add(NewDrop(pc, tg.Pop()))
	}
}

// isPawnDropMate reports whether the side to move dropping a pawn on s
// (the square in front of the enemy king) leaves the enemy no legal reply.
// Against a pawn check there is no interposition: the replies are a
// capture of the pawn by a piece that may legally move, or a king move
// (capturing or not) to a square the dropping side does not attack.
func (p *Position) isPawnDropMate(s Square) bool {
	us, them := p.side, p.side.Opp()
	k := p.kings[them]
	occ := p.occ.Set(s)
	defenders := p.AttackersTo(them, s, occ).Clear(k)
	if defenders.NonZero() {
		pinned := p.sliderBlockers(us, k, occ).And(p.byColor[them])
		for defenders.NonZero() {
			d := defenders.Pop()
			if !pinned.Has(d) || lineBB[k][d].Has(s) {
				return false
			}
		}
	}
	return p.kingEscapes(them, k, occ.Clear(k)).IsZero()
}

// IsLegal reports whether m is a legal move in this position.
func (p *Position) IsLegal(m Move) bool {
	if m == NoMove {
		return false
	}
	var ml MoveList
	if m.IsDrop() {
		// Only the seven hand kinds can be dropped; a move built from
		// outside (a record's "drop" of a promoted piece) must not index
		// the hand with another kind.
		if t := m.DropType(); t < Pawn || t > Gold || !p.hands[p.side].Has(t) || m.Piece() != NewPiece(p.side, t) {
			return false
		}
	} else if !m.From().Valid() || p.board[m.From()] != m.Piece() || m.Piece().Color() != p.side {
		return false
	}
	p.generate(&ml, genAll)
	return ml.Contains(m)
}

// Illegality is the rule a move breaks, for a screen to word in its own
// language; Legal for a legal move.
type Illegality uint8

// The rules a move can break.
const (
	Legal           Illegality = iota
	NoSuchSquare               // off the board
	NotAHandPiece              // only an unpromoted piece in hand can be dropped
	NotInHand                  // 持ち駒にない
	Occupied                   // a drop on a piece
	DeadDrop                   // 行き所のない駒: dropped where it could never move
	TwoPawns                   // 二歩
	PawnDropMate               // 打ち歩詰め
	KingLeftInCheck            // 王手放置
	NotYourPiece               // no piece of the side to move on the origin
	CannotMoveThere            // not where the piece moves
	CannotPromote              // 成れない
	MustPromote                // 行き所のない駒: must promote there
)

// illegalWhy are the rules' explanations in English, with the rule's
// Japanese name where players know it by that name.
var illegalWhy = [...]string{
	Legal: "", NoSuchSquare: "no such square", NotAHandPiece: "only an unpromoted piece in hand can be dropped",
	NotInHand: "持ち駒にない (not in hand)", Occupied: "the square is occupied",
	DeadDrop: "行き所のない駒 (the piece could never move from there)", TwoPawns: "二歩 (two pawns on a file)",
	PawnDropMate: "打ち歩詰め (a pawn drop may not mate)", KingLeftInCheck: "王手放置 (the king is left in check)",
	NotYourPiece: "no piece of the side to move there", CannotMoveThere: "the piece cannot move there",
	CannotPromote: "成れない (cannot promote on this move)", MustPromote: "行き所のない駒 (the piece must promote there)",
}

// String explains the rule in English (with its Japanese name).
func (i Illegality) String() string {
	if int(i) < len(illegalWhy) {
		return illegalWhy[i]
	}
	return fmt.Sprintf("Illegality(%d)", int(i))
}

// WhyIllegal explains why m is not legal, naming the rule in Japanese as
// players know it; it returns "" for a legal move.
func (p *Position) WhyIllegal(m Move) string {
	i := p.Illegality(m)
	if i == NotInHand {
		return "持ち駒にない (no " + m.DropType().Name() + " in hand)"
	}
	return i.String()
}

// Illegality is the rule m breaks in p, Legal when it breaks none.
func (p *Position) Illegality(m Move) Illegality {
	if p.IsLegal(m) {
		return Legal
	}
	us := p.side
	to := m.To()
	if !to.Valid() {
		return NoSuchSquare
	}
	if m.IsDrop() {
		t := m.DropType()
		switch {
		case t < Pawn || t > Gold:
			return NotAHandPiece
		case !p.hands[us].Has(t):
			return NotInHand
		case p.board[to] != NoPiece:
			return Occupied
		case deadBB[us][t].Has(to):
			return DeadDrop
		case t == Pawn && p.pawnFiles(us).Has(to):
			return TwoPawns
		case t == Pawn && p.pawnDropTargets(SquareBB(to)).IsZero():
			return PawnDropMate
		}
		return KingLeftInCheck
	}
	from := m.From()
	pc := p.board[from]
	switch {
	case pc == NoPiece || pc.Color() != us:
		return NotYourPiece
	case !Attacks(pc, from, p.occ).Has(to) || p.byColor[us].Has(to):
		return CannotMoveThere
	case m.IsPromotion() && !(pc.Type().CanPromote() && (InCamp(us, from) || InCamp(us, to))):
		return CannotPromote
	case !m.IsPromotion() && deadBB[us][pc.Type()].Has(to):
		return MustPromote
	}
	return KingLeftInCheck
}
