package ai

import "kiki/game"

// zone2 holds, for each square, the 5×5 area around it (king neighbourhood
// at distance two), built once from the king's steps.
var zone2 [game.NumSquares]game.Bitboard

// kingDistTable[a][b] is kingDist(a, b), looked up by the evaluation's
// king-distance terms instead of computed for every piece.
var kingDistTable [game.NumSquares][game.NumSquares]uint8

// pawnAdvance[c][s] is how many ranks a pawn of side c on s stands beyond
// its start rank (7 minus its relative rank, where 1 is the enemy's back
// rank), 0 on the edge files; the evaluation weighs it by PawnAdvance.
var pawnAdvance [2][game.NumSquares]int8

// silverBand[c] is side c's relative ranks 4–6, where a silver fights;
// backRank[c] its own back rank (relative rank 9).
var silverBand, backRank [2]game.Bitboard

func init() {
	for a := game.Square(0); a < game.NumSquares; a++ {
		for b := game.Square(0); b < game.NumSquares; b++ {
			kingDistTable[a][b] = uint8(kingDist(a, b))
		}
	}
	for c := game.Black; c <= game.White; c++ {
		for s := game.Square(0); s < game.NumSquares; s++ {
			if f := s.File(); f != 1 && f != 9 {
				pawnAdvance[c][s] = int8(7 - s.RelRank(c))
			}
			if rr := s.RelRank(c); rr >= 4 && rr <= 6 {
				silverBand[c] = silverBand[c].Set(s)
			} else if rr == 9 {
				backRank[c] = backRank[c].Set(s)
			}
		}
	}
	for s := game.Square(0); s < game.NumSquares; s++ {
		z := game.SquareBB(s)
		for k := 0; k < 2; k++ {
			for b := z; b.NonZero(); {
				z = z.Or(game.StepAttacks(game.Black, game.King, b.Pop()))
			}
		}
		zone2[s] = z
	}
}

func popcount(b game.Bitboard) int { return b.Count() }

// Evaluate returns the static evaluation of p in centipawns from the side
// to move's point of view.
func (prm *Params) Evaluate(p *game.Position) int {
	return prm.evaluate(p, prm.placement(p))
}

// placement is, for each side, the part of its score that depends only on
// where its pieces stand and what it holds: piece values, the king-distance
// terms, the square terms of pawns, silvers, knights and the king, and the
// hand. A move that is not the king's changes it only for the pieces it
// touches (placementAfter), so the search carries it from ply to ply.
//
// It walks the pieces kind by kind rather than square by square, so that
// what depends on the kind alone (its value, its rows of the king-distance
// tables) is looked up once per kind.
func (prm *Params) placement(p *game.Position) (pl [2]int) {
	for c := game.Black; c <= game.White; c++ {
		ownK, enemyK := p.King(c), p.King(c.Opp())
		hasOwnK, hasEnemyK := ownK != game.NoSquare, enemyK != game.NoSquare
		// The king-distance rows of the two kings (row 0 stands in for a
		// missing king; its terms are skipped).
		distOwn, distEnemy := &kingDistTable[0], &kingDistTable[0]
		if hasOwnK {
			distOwn = &kingDistTable[ownK]
		}
		if hasEnemyK {
			distEnemy = &kingDistTable[enemyK]
		}
		v := 0
		if pawns := p.PiecesOf(c, game.Pawn); pawns.NonZero() {
			v += pawns.Count() * prm.Board[game.Pawn]
			an, dn := &prm.AttackNear[game.Pawn], &prm.DefendNear[game.Pawn]
			adv := 0
			for b := pawns; b.NonZero(); {
				s := b.Pop()
				adv += int(pawnAdvance[c][s])
				if hasEnemyK {
					v += an[distEnemy[s]]
				}
				if hasOwnK {
					v += dn[distOwn[s]]
				}
			}
			// Edge pawns gain little by advancing; the others, a little.
			v += adv * prm.PawnAdvance
		}
		// The square terms of silvers, knights and the king, by set.
		v += popcount(p.PiecesOf(c, game.Silver).And(silverBand[c])) * prm.SilverForward
		v += popcount(p.PiecesOf(c, game.Knight).And(backRank[c])) * prm.KnightHome
		if hasOwnK {
			v += prm.kingSquare(c, ownK)
		}
		for t := game.Lance; t < game.NumPieceTypes; t++ {
			bb := p.PiecesOf(c, t)
			if bb.IsZero() {
				continue
			}
			v += bb.Count() * prm.Board[t]
			an, dn := &prm.AttackNear[t], &prm.DefendNear[t]
			defend := hasOwnK && t != game.King
			for b := bb; b.NonZero(); {
				s := b.Pop()
				if hasEnemyK {
					v += an[distEnemy[s]]
				}
				if defend {
					v += dn[distOwn[s]]
				}
			}
		}
		h := p.Hand(c)
		for t := game.Pawn; t <= game.Gold; t++ {
			if n := h.Count(t); n > 0 {
				v += n * prm.Hand[t]
			}
		}
		pl[c] = v
	}
	return pl
}

// kingSquare is the square term of side c's king on k.
func (prm *Params) kingSquare(c game.Color, k game.Square) int {
	v := 0
	if rr := k.RelRank(c); rr >= 4 {
		v += (9 - rr) * prm.KingHome
	}
	d := k.File() - 5
	if d < 0 {
		d = -d
	}
	if d < 3 {
		v += (3 - d) * prm.KingCenter
	}
	return v
}

// pieceTerm is what one piece of kind t of side c on s adds to c's
// placement, the kings standing on ownK and enemyK (either may be
// game.NoSquare): the per-piece form of placement's sums.
func (prm *Params) pieceTerm(c game.Color, t game.PieceType, s, ownK, enemyK game.Square) int {
	v := prm.Board[t]
	if enemyK != game.NoSquare {
		v += prm.AttackNear[t][kingDistTable[enemyK][s]]
	}
	if ownK != game.NoSquare && t != game.King {
		v += prm.DefendNear[t][kingDistTable[ownK][s]]
	}
	switch t {
	case game.Pawn:
		v += int(pawnAdvance[c][s]) * prm.PawnAdvance
	case game.Silver:
		if silverBand[c].Has(s) {
			v += prm.SilverForward
		}
	case game.Knight:
		if backRank[c].Has(s) {
			v += prm.KnightHome
		}
	}
	return v
}

// placementAfter returns the placement of the position p that move m (a
// null move too) has just led to from a position whose placement was pl.
// ok is false when m moved or took a king: every king-distance term
// changes then, and placement must be computed afresh.
func (prm *Params) placementAfter(p *game.Position, m game.Move, pl [2]int) (_ [2]int, ok bool) {
	if m == game.NoMove {
		return pl, true
	}
	them := p.Side()
	us := them.Opp()
	kUs, kThem := p.King(us), p.King(them)
	to := m.To()
	if m.IsDrop() {
		t := m.DropType()
		pl[us] += prm.pieceTerm(us, t, to, kUs, kThem) - prm.Hand[t]
		return pl, true
	}
	t := m.Piece().Type()
	if t == game.King {
		return pl, false
	}
	pl[us] += prm.pieceTerm(us, m.Moved().Type(), to, kUs, kThem) - prm.pieceTerm(us, t, m.From(), kUs, kThem)
	if cap := m.Captured(); cap != game.NoPiece {
		ct := cap.Type()
		if ct == game.King {
			return pl, false
		}
		pl[them] -= prm.pieceTerm(them, ct, to, kThem, kUs)
		pl[us] += prm.Hand[ct.Unpromote()]
	}
	return pl, true
}

// evaluate is Evaluate given p's placement: it adds what the pieces
// attack (mobility and the king-safety terms) and the tempo.
//
// Pawns, half of the pieces, take their attacks in one shift of their
// bitboard: no two pawns attack the same square, so none of their squares
// is attacked twice by pawns alone.
func (prm *Params) evaluate(p *game.Position, score [2]int) int {
	var att1, att2 [2]game.Bitboard
	occ := p.Occupied()
	for c := game.Black; c <= game.White; c++ {
		notOwn := p.Pieces(c).Not()
		v := 0
		var a1, a2 game.Bitboard
		if pawns := p.PiecesOf(c, game.Pawn); pawns.NonZero() {
			a1 = game.PawnAttacks(c, pawns)
			if mob := prm.Mobility[game.Pawn]; mob != 0 {
				v += mob * popcount(a1.And(notOwn))
			}
		}
		// One loop per kind of attack, so that no piece waits on a switch.
		mob := prm.Mobility[game.Lance]
		for b := p.PiecesOf(c, game.Lance); b.NonZero(); {
			a := game.LanceAttacks(c, b.Pop(), occ)
			v += mob * popcount(a.And(notOwn))
			a2 = a2.Or(a1.And(a))
			a1 = a1.Or(a)
		}
		for _, t := range steppers {
			mob := prm.Mobility[t]
			for b := p.PiecesOf(c, t); b.NonZero(); {
				a := game.StepAttacks(c, t, b.Pop())
				v += mob * popcount(a.And(notOwn))
				a2 = a2.Or(a1.And(a))
				a1 = a1.Or(a)
			}
		}
		diagonal := p.PiecesOf(c, game.Bishop).Or(p.PiecesOf(c, game.Horse))
		promoted := p.PiecesOf(c, game.Horse).Or(p.PiecesOf(c, game.Dragon))
		for b := diagonal.Or(p.PiecesOf(c, game.Rook)).Or(p.PiecesOf(c, game.Dragon)); b.NonZero(); {
			s := b.Pop()
			var a game.Bitboard
			t := game.Bishop
			if diagonal.Has(s) {
				a = game.BishopAttacks(s, occ)
			} else {
				a, t = game.RookAttacks(s, occ), game.Rook
			}
			if promoted.Has(s) {
				a, t = a.Or(game.StepAttacks(c, game.King, s)), t.Promote()
			}
			v += prm.Mobility[t] * popcount(a.And(notOwn))
			a2 = a2.Or(a1.And(a))
			a1 = a1.Or(a)
		}
		att1[c], att2[c] = a1, a2
		score[c] += v
	}
	for k := game.Black; k <= game.White; k++ {
		score[k] += prm.kingSafety(p, k, att1, att2)
	}
	v := score[game.Black] - score[game.White]
	if p.Side() == game.White {
		v = -v
	}
	return v + prm.Tempo
}

// steppers are the kinds whose attacks are single steps.
var steppers = [...]game.PieceType{game.Knight, game.Silver, game.Gold, game.King, game.ProPawn, game.ProLance, game.ProKnight, game.ProSilver}

// kingSafety scores side k's king: attacked and doubly attacked squares
// around it, how many of them k covers, its escape squares, the holes the
// enemy can drop its hand pieces into, the generals guarding it, open
// files beside it, and, for a king that has entered the enemy camp, its
// progress towards a declaration.
func (prm *Params) kingSafety(p *game.Position, k game.Color, att1, att2 [2]game.Bitboard) int {
	ksq := p.King(k)
	if ksq == game.NoSquare {
		return 0
	}
	a := k.Opp()
	own := p.Pieces(k)
	zone := game.StepAttacks(k, game.King, ksq)
	v := 0
	units := popcount(zone.And(att1[a]))*prm.ZoneAttack + popcount(zone.And(att2[a]))*prm.ZoneAttack2
	units -= popcount(zone.And(att1[k])) * prm.ZoneDefended
	holes := zone.AndNot(p.Occupied()).AndNot(att1[k])
	if nh := popcount(holes); nh > 0 {
		h := p.Hand(a)
		threat := 0
		for t := game.Pawn; t <= game.Gold; t++ {
			if h.Has(t) {
				threat += prm.HandThreat[t]
			}
		}
		units += nh * threat
	}
	if units > 0 {
		v -= units + units*units/512
	}
	v += popcount(zone.AndNot(own).AndNot(att1[a])) * prm.KingEscape
	guards := p.PiecesOf(k, game.Gold).Or(p.PiecesOf(k, game.Silver)).Or(p.PiecesOf(k, game.ProSilver)).Or(p.PiecesOf(k, game.ProPawn))
	near := guards.And(zone)
	v += popcount(near)*prm.GuardNear + popcount(guards.And(zone2[ksq]).AndNot(near))*prm.GuardNear2
	f := ksq.File()
	sliders := p.Hand(a).Count(game.Rook) + p.Hand(a).Count(game.Lance) + p.PiecesOf(a, game.Rook).Or(p.PiecesOf(a, game.Dragon)).Count()
	if sliders > 0 {
		pawns := p.PiecesOf(k, game.Pawn)
		for ff := max(1, f-1); ff <= min(9, f+1); ff++ {
			if !pawns.Intersects(game.FileBB(ff)) {
				v -= prm.OpenFile
			}
		}
	}
	if game.Camp(k).Has(ksq) {
		points, inCamp := p.DeclarationPoints(k)
		v += 8*min(points, 28) + 15*min(inCamp, 10)
	}
	return v
}

// kingDist is the number of king steps between two squares.
func kingDist(a, b game.Square) int {
	df, dr := a.File()-b.File(), a.Rank()-b.Rank()
	if df < 0 {
		df = -df
	}
	if dr < 0 {
		dr = -dr
	}
	return max(df, dr)
}
