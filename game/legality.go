package game

import (
	"fmt"
	"strings"
)

// PositionRule names a rule that a set-up position breaks.
type PositionRule int

// The rules a set-up position is checked against. RuleOpponentInCheck
// makes a position impossible; the others are placement rules, which
// composed puzzles sometimes break on purpose (and which a record's start
// position may therefore break, with a warning).
const (
	// RuleOpponentInCheck: the side not to move is in check (kings side by
	// side, a piece attacking the king of the side that just moved). No
	// legal play reaches it, and searching it would capture a king.
	RuleOpponentInCheck PositionRule = iota + 1
	// RuleDoublePawn: two unpromoted pawns of one side on a file (二歩).
	RuleDoublePawn
	// RuleDeadPiece: a pawn or lance on its far rank, or a knight on its
	// far two ranks, which could never move (行き所のない駒).
	RuleDeadPiece
	// RulePieceCount: more pieces of a kind than a set has.
	RulePieceCount
)

var ruleNames = map[PositionRule]string{
	RuleOpponentInCheck: "side not to move in check",
	RuleDoublePawn:      "二歩",
	RuleDeadPiece:       "行き所のない駒",
	RulePieceCount:      "piece count",
}

// String names the rule.
func (r PositionRule) String() string {
	if n, ok := ruleNames[r]; ok {
		return n
	}
	return fmt.Sprintf("PositionRule(%d)", int(r))
}

// Placement reports whether r is a placement rule, one that a record's
// start position may break (only RuleOpponentInCheck may never be broken).
func (r PositionRule) Placement() bool { return r != RuleOpponentInCheck }

// PositionError is a position that breaks a rule: which rule, why in
// words, and the squares involved, so that a board can highlight them.
// For RuleOpponentInCheck the first square is the king in check and the
// rest are its attackers.
type PositionError struct {
	Rule    PositionRule
	Reason  string
	Squares []Square
}

func (e *PositionError) Error() string { return e.Reason }

// Impossible returns why p cannot arise in play — the side not to move is
// in check — or nil. Every reader of positions refuses such a position,
// and the search entry points check it again before they search.
func (p *Position) Impossible() *PositionError {
	them := p.side.Opp()
	k := p.kings[them]
	if k == NoSquare {
		return nil
	}
	att := p.AttackersTo(p.side, k, p.occ)
	if att.IsZero() {
		return nil
	}
	sq := []Square{k}
	var names []string
	for b := att; b.NonZero(); {
		s := b.Pop()
		sq = append(sq, s)
		names = append(names, fmt.Sprintf("%s on %s", p.board[s].Type().Name(), s.Japanese()))
	}
	return &PositionError{RuleOpponentInCheck, fmt.Sprintf(
		"%s's king on %s (%s) is in check from %s with %s to move: no legal play reaches this position",
		them, k.Japanese(), k.USI(), strings.Join(names, ", "), p.side), sq}
}

// placementErrors lists every placement rule break of p's board: pieces
// that could never move and doubled pawns, each with its squares.
func (p *Position) placementErrors() []*PositionError {
	var out []*PositionError
	for c := Black; c <= White; c++ {
		own := p.byColor[c]
		dead := p.byType[Pawn].Or(p.byType[Lance]).And(own).And(farRanks[c][1]).
			Or(p.byType[Knight].And(own).And(farRanks[c][2]))
		for b := dead; b.NonZero(); {
			s := b.Pop()
			out = append(out, &PositionError{RuleDeadPiece, fmt.Sprintf("%s %s on %s (%s) could never move",
				c, p.board[s].Type().Name(), s.Japanese(), s.USI()), []Square{s}})
		}
		for f := 1; f <= 9; f++ {
			if b := p.byType[Pawn].And(own).And(fileBB[f]); b.MoreThanOne() {
				n := fmt.Sprint(b.Count())
				if n == "2" {
					n = "two"
				}
				out = append(out, &PositionError{RuleDoublePawn, fmt.Sprintf("%s %s pawns on file %d (二歩)",
					n, c, f), b.Squares()})
			}
		}
	}
	return out
}
