package mate

import (
	"strings"
	"testing"

	"kiki/game"
)

// The rule for equally long lines, worked out here apart from tiebreak.go:
// the pieces left over are the attacker's hand at the mate less, kind by
// kind, the pieces it took on the square the defender had just dropped
// them on.

// leftOver counts the attacker's pieces in hand that did not come from
// interpositions; taken counts those that did, by kind.
func leftOver(p *game.Position, attacker game.Color, taken map[game.PieceType]int) int {
	n := 0
	for _, t := range game.HandTypes {
		n += max(0, p.Hand(attacker).Count(t)-taken[t])
	}
	return n
}

// lineLeftOver replays moves, then the USI moves of usi, from sfen and
// returns the pieces left over at the end; false when usi is not a legal
// line there ending in mate (a few reference answers are not whole lines).
func lineLeftOver(t *testing.T, sfen string, moves []game.Move, usi string) (int, bool) {
	t.Helper()
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range strings.Fields(usi) {
		m, err := p.ParseUSIMove(s)
		if err != nil || !p.IsLegal(m) {
			return 0, false
		}
		moves = append(moves, m)
		p.DoMove(m)
	}
	for range strings.Fields(usi) {
		p.UndoMove()
	}
	attacker := p.Side()
	taken := map[game.PieceType]int{}
	for i, m := range moves {
		if p.Side() == attacker && i > 0 && moves[i-1].IsDrop() && m.IsCapture() && m.To() == moves[i-1].To() {
			taken[moves[i-1].DropType()]++
		}
		p.DoMove(m)
	}
	return leftOver(p, attacker, taken), p.IsCheckmate()
}

// leastLeftBrute is the rule worked out by a plain search without tables:
// the fewest pieces the attacker can have left over at the mate of a line
// of exactly r plies (r the position's minimax length), both sides keeping
// to such lines.
func leastLeftBrute(p *game.Position, r int, attacker game.Color, prev game.Move, taken map[game.PieceType]int) int {
	var ml game.MoveList
	best := -1
	if p.Side() == attacker {
		p.GenerateChecks(&ml)
		for _, m := range ml.Slice() {
			p.DoMove(m)
			if mateWithin(p, r-1, attacker) {
				fromDrop := prev != game.NoMove && prev.IsDrop() && m.IsCapture() && m.To() == prev.To()
				if fromDrop {
					taken[prev.DropType()]++
				}
				if v := leastLeftBrute(p, r-1, attacker, m, taken); v >= 0 && (best < 0 || v < best) {
					best = v
				}
				if fromDrop {
					taken[prev.DropType()]--
				}
			}
			p.UndoMove()
		}
		return best
	}
	p.LegalMoves(&ml)
	if ml.Len() == 0 {
		return leftOver(p, attacker, taken)
	}
	for _, m := range ml.Slice() {
		p.DoMove(m)
		if r < 3 || !mateWithin(p, r-3, attacker) {
			if v := leastLeftBrute(p, r-1, attacker, m, taken); v >= 0 && (best < 0 || v < best) {
				best = v
			}
		}
		p.UndoMove()
	}
	return best
}

// checkPiecesLeft holds a solved line to the rule for equally long lines:
// it leaves the attacker no more pieces than the reference answer does,
// and, up to bruteMax plies, exactly as few as a plain search finds.
func checkPiecesLeft(t *testing.T, pr problem, moves []game.Move, bruteMax int) {
	t.Helper()
	got, _ := lineLeftOver(t, pr.sfen, moves, "")
	if pr.answer != "" {
		if ref, ok := lineLeftOver(t, pr.sfen, nil, pr.answer); ok && got > ref {
			t.Errorf("line %d: %v leaves the attacker %d pieces, the reference answer %s only %d", pr.line, moves, got, pr.answer, ref)
		}
	}
	if pr.length <= bruteMax {
		p, _ := game.ParseSFEN(pr.sfen)
		if want := leastLeftBrute(p, pr.length, p.Side(), game.NoMove, map[game.PieceType]int{}); got != want {
			t.Errorf("line %d: %v leaves the attacker %d pieces; the fewest a line of %d plies can leave is %d", pr.line, moves, got, pr.length, want)
		}
	}
}
