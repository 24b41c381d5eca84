package game

// Position is a shogi position: the board as a square-indexed array (what
// stands here, in O(1)) plus bitboards by side and by kind (where are the
// pieces of a kind, as sets), the hands, the side to move, the move number
// and a Zobrist key kept up to date by every move. The combined board and
// piece table is what ../shared/reference/prolog-position-data-structures
// found best for deep search; the bitboards make attacks set operations.
//
// A position may lack one side's king (mate problems): that side then has
// no king moves and no self-check rule.
type Position struct {
	board    [NumSquares]Piece
	byColor  [2]Bitboard
	byType   [NumPieceTypes]Bitboard
	occ      Bitboard
	hands    [2]Hand
	side     Color
	ply      int // SFEN move number of this position
	kings    [2]Square
	boardKey uint64 // board and side to move
	handKey  uint64 // both hands
	checkers Bitboard
	hist     []undo
}

// undo is what UndoMove needs beyond the move, and what repetition needs.
type undo struct {
	move     Move
	boardKey uint64
	handKey  uint64
	checkers Bitboard
}

// Side returns the side to move.
func (p *Position) Side() Color { return p.side }

// MoveNumber returns the SFEN move number (1 for a game's first position).
func (p *Position) MoveNumber() int { return p.ply }

// PieceAt returns what stands on s.
func (p *Position) PieceAt(s Square) Piece { return p.board[s] }

// Hand returns side c's hand.
func (p *Position) Hand(c Color) Hand { return p.hands[c] }

// King returns side c's king square, or NoSquare when it has none.
func (p *Position) King(c Color) Square { return p.kings[c] }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.occ }

// Pieces returns side c's pieces.
func (p *Position) Pieces(c Color) Bitboard { return p.byColor[c] }

// PiecesOf returns side c's pieces of kind t.
func (p *Position) PiecesOf(c Color, t PieceType) Bitboard { return p.byType[t].And(p.byColor[c]) }

// Key returns the Zobrist key of board, hands and side to move.
func (p *Position) Key() uint64 { return p.boardKey ^ p.handKey }

// BoardKey returns the Zobrist key of the board and side to move only;
// positions that differ only in hands share it.
func (p *Position) BoardKey() uint64 { return p.boardKey }

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard { return p.checkers }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.checkers.NonZero() }

// Plies returns how many moves have been made since the position was set up.
func (p *Position) Plies() int { return len(p.hist) }

// LastMove returns the last move made, or NoMove.
func (p *Position) LastMove() Move {
	if len(p.hist) == 0 {
		return NoMove
	}
	return p.hist[len(p.hist)-1].move
}

// Back returns the move made back plies ago (1: the last one; NoMove for a
// null move) and the key of the position it was made from, so that an
// incremental evaluation can tell whether what it cached for an earlier ply
// is this position's ancestor. back must be in 1..Plies().
func (p *Position) Back(back int) (Move, uint64) {
	u := p.hist[len(p.hist)-back]
	return u.move, u.boardKey ^ u.handKey
}

// Moves returns the moves made since the position was set up, oldest first.
func (p *Position) Moves() []Move {
	out := make([]Move, len(p.hist))
	for i, u := range p.hist {
		out[i] = u.move
	}
	return out
}

// Origin returns a copy of the position p was set up from (its whole
// history undone) and the moves made since, oldest first. This is the one
// place the start of a history is worked out: USI position strings and
// records both start from it.
func (p *Position) Origin() (*Position, []Move) {
	moves := p.Moves()
	q := p.Clone()
	for range moves {
		q.UndoMove()
	}
	return q, moves
}

// Clone returns an independent copy, history included.
func (p *Position) Clone() *Position {
	q := *p
	q.hist = append([]undo(nil), p.hist...)
	return &q
}

// golds returns the pieces that move as a gold (gold and promoted minor pieces).
func (p *Position) golds() Bitboard {
	return p.byType[Gold].Or(p.byType[ProPawn]).Or(p.byType[ProLance]).Or(p.byType[ProKnight]).Or(p.byType[ProSilver])
}

// put places pc on the empty square s.
func (p *Position) put(s Square, pc Piece) {
	b := squareBBs[s]
	p.board[s] = pc
	p.byColor[pc.Color()] = p.byColor[pc.Color()].Or(b)
	p.byType[pc.Type()] = p.byType[pc.Type()].Or(b)
	p.occ = p.occ.Or(b)
	p.boardKey ^= zobPiece[pc][s]
	if pc.Type() == King {
		p.kings[pc.Color()] = s
	}
}

// remove takes the piece off s. It repeats put's four updates rather than
// share a helper with it: the inliner does not take one (cost 106 of 80)
// and the call made BenchmarkMakeUnmake about 8% slower.
func (p *Position) remove(s Square) {
	pc := p.board[s]
	b := squareBBs[s]
	p.board[s] = NoPiece
	p.byColor[pc.Color()] = p.byColor[pc.Color()].Xor(b)
	p.byType[pc.Type()] = p.byType[pc.Type()].Xor(b)
	p.occ = p.occ.Xor(b)
	p.boardKey ^= zobPiece[pc][s]
	if pc.Type() == King {
		p.kings[pc.Color()] = NoSquare
	}
}

func (p *Position) addHand(c Color, t PieceType) {
	p.hands[c] = p.hands[c].Add(t)
	p.handKey += zobHand[c][t]
}

func (p *Position) subHand(c Color, t PieceType) {
	p.hands[c] = p.hands[c].Sub(t)
	p.handKey -= zobHand[c][t]
}

// DoMove makes m, which must be legal (or at least pseudo-legal: a piece of
// the side to move, or a piece it holds), and records it for UndoMove.
func (p *Position) DoMove(m Move) {
	p.hist = append(p.hist, undo{m, p.boardKey, p.handKey, p.checkers})
	p.doMove(m)
}

// doMove changes the position without recording history: copy-make uses
// it directly on a copy.
func (p *Position) doMove(m Move) {
	us := p.side
	to := m.To()
	if m.IsDrop() {
		t := m.DropType()
		p.subHand(us, t)
		p.put(to, NewPiece(us, t))
	} else {
		from := m.From()
		pc := p.board[from]
		if cap := p.board[to]; cap != NoPiece {
			p.remove(to)
			p.addHand(us, cap.Type().Unpromote())
		}
		p.remove(from)
		if m.IsPromotion() {
			pc += promotedBit
		}
		p.put(to, pc)
	}
	p.side = us.Opp()
	p.boardKey ^= zobSide
	p.ply++
	p.checkers = p.checkersAfter(m, us)
}

// checkersAfter returns the checkers of the side to move after us played
// m: the moved piece, if it attacks the king, and sliders of ours that m
// uncovered on the line from the king through the square it left. A valid
// position never has the side not to move in check (Impossible), so no
// other piece can: this is computeCheckers' answer without asking every
// kind about the king's square (TestDoUndoRestoresEverything compares
// the two after every legal move of its positions).
func (p *Position) checkersAfter(m Move, us Color) Bitboard {
	k := p.kings[us.Opp()]
	if k == NoSquare {
		return Empty
	}
	to := m.To()
	var c Bitboard
	if Attacks(p.board[to], to, p.occ).Has(k) {
		c = squareBBs[to]
	}
	if m.IsDrop() {
		return c
	}
	line := lineBB[k][m.From()]
	if line.IsZero() {
		return c
	}
	own := p.byColor[us]
	var sliders Bitboard
	if rooks := p.byType[Rook].Or(p.byType[Dragon]).And(own).And(line); rooks.NonZero() {
		sliders = RookAttacks(k, p.occ).And(rooks)
	}
	if bishops := p.byType[Bishop].Or(p.byType[Horse]).And(own).And(line); bishops.NonZero() {
		sliders = sliders.Or(BishopAttacks(k, p.occ).And(bishops))
	}
	if lances := p.byType[Lance].And(own).And(line); lances.NonZero() {
		sliders = sliders.Or(LanceAttacks(us.Opp(), k, p.occ).And(lances))
	}
	return c.Or(sliders)
}

// UndoMove takes back the last move made with DoMove.
func (p *Position) UndoMove() {
	n := len(p.hist) - 1
	u := p.hist[n]
	p.hist = p.hist[:n]
	m := u.move
	p.side = p.side.Opp()
	us := p.side
	to := m.To()
	if m.IsDrop() {
		p.remove(to)
		p.hands[us] = p.hands[us].Add(m.DropType())
	} else {
		p.remove(to)
		p.put(m.From(), m.Piece())
		if cap := m.Captured(); cap != NoPiece {
			p.put(to, cap)
			p.hands[us] = p.hands[us].Sub(cap.Type().Unpromote())
		}
	}
	p.ply--
	p.boardKey, p.handKey, p.checkers = u.boardKey, u.handKey, u.checkers
}

// DoNullMove passes the turn (for null-move pruning); the side to move must
// not be in check. Undo it with UndoNullMove.
func (p *Position) DoNullMove() {
	p.hist = append(p.hist, undo{NoMove, p.boardKey, p.handKey, p.checkers})
	p.side = p.side.Opp()
	p.boardKey ^= zobSide
	p.ply++
	p.checkers = Empty
}

// UndoNullMove takes back DoNullMove.
func (p *Position) UndoNullMove() {
	n := len(p.hist) - 1
	u := p.hist[n]
	p.hist = p.hist[:n]
	p.side = p.side.Opp()
	p.ply--
	p.boardKey, p.handKey, p.checkers = u.boardKey, u.handKey, u.checkers
}

func (p *Position) computeCheckers() Bitboard {
	k := p.kings[p.side]
	if k == NoSquare {
		return Empty
	}
	return p.AttackersTo(p.side.Opp(), k, p.occ)
}

// AttackersTo returns side c's pieces that attack s with occupancy occ.
func (p *Position) AttackersTo(c Color, s Square, occ Bitboard) Bitboard {
	them := c.Opp()
	att := p.steppersTo(them, s)
	own := p.byColor[c]
	if l := p.byType[Lance].And(own); l.Intersects(pseudoAttacks[them][Lance][s]) {
		att = att.Or(LanceAttacks(them, s, occ).And(l))
	}
	if b := p.byType[Bishop].Or(p.byType[Horse]).And(own); b.Intersects(pseudoAttacks[them][Bishop][s]) {
		att = att.Or(BishopAttacks(s, occ).And(b))
	}
	if r := p.byType[Rook].Or(p.byType[Dragon]).And(own); r.Intersects(pseudoAttacks[them][Rook][s]) {
		att = att.Or(RookAttacks(s, occ).And(r))
	}
	return att.And(own)
}

// steppersTo returns the pieces of both sides that stand where a stepping
// piece of their kind, belonging to them's opponent, would attack s (a
// piece of c attacks s iff the same kind of the other side on s attacks
// it); callers keep the opponent's.
func (p *Position) steppersTo(them Color, s Square) Bitboard {
	return stepAttacks[them][Pawn][s].And(p.byType[Pawn]).
		Or(stepAttacks[them][Knight][s].And(p.byType[Knight])).
		Or(stepAttacks[them][Silver][s].And(p.byType[Silver])).
		Or(stepAttacks[them][Gold][s].And(p.golds())).
		Or(stepAttacks[them][King][s].And(p.byType[King].Or(p.byType[Horse]).Or(p.byType[Dragon])))
}

// Attacked reports whether side c attacks s with occupancy occ.
func (p *Position) Attacked(c Color, s Square, occ Bitboard) bool {
	// AttackersTo's question, answered at the first attacker found: the
	// stepping pieces first, then each kind of slider. Kings in a mate
	// search look at many attacked squares.
	them, own := c.Opp(), p.byColor[c]
	if p.steppersTo(them, s).Intersects(own) {
		return true
	}
	if r := p.byType[Rook].Or(p.byType[Dragon]).And(own); r.Intersects(pseudoAttacks[them][Rook][s]) && RookAttacks(s, occ).Intersects(r) {
		return true
	}
	if b := p.byType[Bishop].Or(p.byType[Horse]).And(own); b.Intersects(pseudoAttacks[them][Bishop][s]) && BishopAttacks(s, occ).Intersects(b) {
		return true
	}
	l := p.byType[Lance].And(own)
	return l.Intersects(pseudoAttacks[them][Lance][s]) && LanceAttacks(them, s, occ).Intersects(l)
}

// kingEscapes returns the squares next to side c's king on k that hold
// none of c's pieces and that no enemy piece attacks with occupancy occ
// (which should not hold the king, so that a slider's line through k
// stays open). It gathers what the enemy attacks around the king, piece
// by piece, instead of asking Attacked about each square: only stepping
// pieces within reach of the king's neighbours (nearKing) and sliders
// whose empty-board effect meets them are looked at, and in a tsume the
// attacker has few pieces. The mate search counts the escapes of every
// check it makes: asking square by square was 8% of its time.
func (p *Position) kingEscapes(c Color, k Square, occ Bitboard) Bitboard {
	esc := stepAttacks[c][King][k].AndNot(p.byColor[c])
	if esc.IsZero() {
		return esc
	}
	foes := p.byColor[c.Opp()]
	sliders := p.byType[Lance].Or(p.byType[Bishop]).Or(p.byType[Rook]).Or(p.byType[Horse]).Or(p.byType[Dragon]).And(foes)
	for near := foes.And(nearKing[k]).AndNot(sliders); near.NonZero(); {
		s := near.Pop()
		esc = esc.AndNot(stepAttacks[c.Opp()][p.board[s].Type()][s])
	}
	for sliders.NonZero() {
		s := sliders.Pop()
		pc := p.board[s]
		if pseudoAttacks[c.Opp()][pc.Type()][s].Intersects(esc) {
			esc = esc.AndNot(Attacks(pc, s, occ))
		}
	}
	return esc
}

// AttacksFrom returns the effect (利き) of the piece on s: every square it
// attacks, own pieces included. Empty if s is empty.
func (p *Position) AttacksFrom(s Square) Bitboard {
	pc := p.board[s]
	if pc == NoPiece {
		return Empty
	}
	return Attacks(pc, s, p.occ)
}

// sliderBlockers returns the pieces (of either side) that stand alone
// between k and a slider of side c aimed at it, with occupancy occ.
// With c the enemy, our blockers are pinned pieces; with c ourselves and k
// the enemy king, our blockers are discovered-check candidates.
func (p *Position) sliderBlockers(c Color, k Square, occ Bitboard) Bitboard {
	own := p.byColor[c]
	snipers := pseudoAttacks[c.Opp()][Lance][k].And(p.byType[Lance]).
		Or(pseudoAttacks[Black][Bishop][k].And(p.byType[Bishop].Or(p.byType[Horse]))).
		Or(pseudoAttacks[Black][Rook][k].And(p.byType[Rook].Or(p.byType[Dragon]))).And(own)
	var blockers Bitboard
	for snipers.NonZero() {
		s := snipers.Pop()
		b := betweenBB[k][s].And(occ)
		if b.NonZero() && !b.MoreThanOne() {
			blockers = blockers.Or(b)
		}
	}
	return blockers
}

// Pinned returns side c's pieces pinned to c's king.
func (p *Position) Pinned(c Color) Bitboard {
	k := p.kings[c]
	if k == NoSquare {
		return Empty
	}
	return p.sliderBlockers(c.Opp(), k, p.occ).And(p.byColor[c])
}

// DiscoveredCheckers returns side c's pieces whose moving off the line can
// give a discovered check to the enemy king.
func (p *Position) DiscoveredCheckers(c Color) Bitboard {
	k := p.kings[c.Opp()]
	if k == NoSquare {
		return Empty
	}
	return p.sliderBlockers(c, k, p.occ).And(p.byColor[c])
}

// GivesCheck reports whether the legal move m checks the opponent, directly
// or by discovery.
func (p *Position) GivesCheck(m Move) bool {
	us := p.side
	k := p.kings[us.Opp()]
	if k == NoSquare {
		return false
	}
	to := m.To()
	if m.IsDrop() {
		return Attacks(NewPiece(us, m.DropType()), to, p.occ).Has(k)
	}
	from := m.From()
	occ := p.occ.Clear(from).Set(to)
	if Attacks(m.Moved(), to, occ).Has(k) {
		return true
	}
	// Discovered: from was the only piece between the king and a slider of
	// ours, and the move leaves that line.
	return !lineBB[k][from].Has(to) && p.sliderBlockers(us, k, p.occ).Has(from)
}

// KeyAfter returns the board key and the full key of the position after
// the legal move m, without making it (search looks up children this way).
func (p *Position) KeyAfter(m Move) (boardKey, key uint64) {
	us := p.side
	bk := p.boardKey ^ zobSide
	hk := p.handKey
	to := m.To()
	if m.IsDrop() {
		t := m.DropType()
		bk ^= zobPiece[NewPiece(us, t)][to]
		hk -= zobHand[us][t]
	} else {
		pc := m.Piece()
		bk ^= zobPiece[pc][m.From()] ^ zobPiece[m.Moved()][to]
		if cap := m.Captured(); cap != NoPiece {
			bk ^= zobPiece[cap][to]
			hk += zobHand[us][cap.Type().Unpromote()]
		}
	}
	return bk, bk ^ hk
}

// HandAfter returns side c's hand after the legal move m.
func (p *Position) HandAfter(m Move, c Color) Hand {
	h := p.hands[c]
	if p.side != c {
		return h
	}
	if m.IsDrop() {
		return h.Sub(m.DropType())
	}
	if cap := m.Captured(); cap != NoPiece {
		return h.Add(cap.Type().Unpromote())
	}
	return h
}
