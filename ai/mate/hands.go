package mate

import "kiki/game"

// Proof and disproof hands (proof pieces, Seo): a proven node is stored
// under the least attacker's hand that still proves it, a disproven node
// under the most it may hold and still fail, so that one table entry
// answers for every hand it dominates (proof) or is dominated by
// (disproof). The rules are those of the proof tree: a hand below the
// proof hand must lose no check the proof uses and give the defender no
// new drop; a hand above the disproof hand must give the attacker no new
// drop and take from the defender no piece a refutation drops.

// handMax returns, kind by kind, the larger count of a and b.
func handMax(a, b game.Hand) game.Hand {
	for _, t := range game.HandTypes {
		if b.Count(t) > a.Count(t) {
			a = a.With(t, b.Count(t))
		}
	}
	return a
}

// handMin returns, kind by kind, the smaller count of a and b.
func handMin(a, b game.Hand) game.Hand {
	for _, t := range game.HandTypes {
		if b.Count(t) < a.Count(t) {
			a = a.With(t, b.Count(t))
		}
	}
	return a
}

// handBefore turns a child's proof or disproof hand into the parent's for
// the attacker's move m: the child's hand lacks the piece m drops and holds
// the one it captures. (A disproof hand always holds the captured piece:
// it is at least the child's hand.)
func handBefore(ch game.Hand, m game.Move) game.Hand {
	if m.IsDrop() {
		return ch.Add(m.DropType())
	}
	if c := m.Captured(); c != game.NoPiece && ch.Has(c.Type().Unpromote()) {
		return ch.Sub(c.Type().Unpromote())
	}
	return ch
}

// andProofFloor is what an AND node's proof hand holds whatever its
// children need: for every kind the defender (to move in p) has none of,
// all of the attacker's hand h — with fewer, the defender would hold one
// and could drop it.
func andProofFloor(p *game.Position, h game.Hand) game.Hand {
	def := p.Hand(p.Side())
	var ph game.Hand
	for _, t := range game.HandTypes {
		if !def.Has(t) {
			ph = ph.With(t, h.Count(t))
		}
	}
	return ph
}

// orDisproofCeiling is the most an OR node's disproof hand may hold
// whatever its children allow: no more than the attacker's hand h of any
// kind it has none of (one more would be a new drop), and for the other
// kinds every piece off the board (attacker's and defender's hands).
func orDisproofCeiling(p *game.Position, h game.Hand) game.Hand {
	def := p.Hand(p.Side().Opp())
	var dh game.Hand
	for _, t := range game.HandTypes {
		if h.Has(t) {
			// (capped at a full set: a packed field holds no more)
			dh = dh.With(t, min(h.Count(t)+def.Count(t), game.MaxInHand(t)))
		}
	}
	return dh
}

// proofHand is the proof hand of a proven node with attacker's hand h,
// given its children's: at an OR node the proving child's (the shortest
// mate's, best), before its move; at an AND node the largest of all
// children's, and andProofFloor.
func (s *searcher) proofHand(ch []child, or bool, best int, h game.Hand) game.Hand {
	if or {
		return handBefore(ch[best].ph, ch[best].move)
	}
	ph := andProofFloor(s.pos, h)
	for i := range ch {
		if ch[i].futile {
			// A smaller hand could make the drop a defence again.
			return h
		}
		ph = handMax(ph, ch[i].ph)
	}
	return ph
}

// disproofHand is the disproof hand of a disproven node with attacker's
// hand h: at an OR node the smallest of every child's before its move, and
// no more than orDisproofCeiling; at an AND node the refuting child's
// (best), except that a refuting drop keeps its kind at h (more for the
// attacker would leave the defender fewer to drop).
func (s *searcher) disproofHand(ch []child, or bool, best int, h game.Hand) game.Hand {
	if or {
		dh := orDisproofCeiling(s.pos, h)
		for i := range ch {
			dh = handMin(dh, handBefore(ch[i].ph, ch[i].move))
		}
		return dh
	}
	dh := ch[best].ph
	if m := ch[best].move; m.IsDrop() {
		dh = dh.With(m.DropType(), h.Count(m.DropType()))
	}
	return dh
}
