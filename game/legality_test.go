package game

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestImpossiblePositionsRefused: a position in which the side not to move
// is in check cannot arise in play; ParseSFEN refuses it with the rule and
// the squares (king first, then its attackers).
func TestImpossiblePositionsRefused(t *testing.T) {
	cases := []struct {
		name, sfen string
		squares    []string // king, then attackers (USI)
	}{
		{"rook on the enemy king, attacker to move", "4k4/9/9/9/9/9/9/4R4/4K4 b - 1", []string{"5a", "5h"}},
		{"kings side by side", "9/9/9/9/4k4/4K4/9/9/9 b - 1", []string{"5e", "5f"}},
		{"kings side by side, white to move", "9/9/9/9/4k4/4K4/9/9/9 w - 1", []string{"5f", "5e"}},
		{"pawn in front of the enemy king, owner to move", "9/9/4k4/4P4/9/9/9/9/4K4 b - 1", []string{"5c", "5d"}},
		{"white pawn on black's king, white to move", "4k4/9/9/9/9/9/4p4/4K4/9 w - 1", []string{"5h", "5g"}},
		{"double attack", "4k4/9/9/9/8B/9/9/4R4/4K4 b - 1", []string{"5a", "1e", "5h"}},
		{"no attacker's own king needed", "4k4/9/9/9/9/9/9/4R4/9 b - 1", []string{"5a", "5h"}},
	}
	for _, c := range cases {
		_, err := ParseSFEN(c.sfen)
		if err == nil {
			t.Errorf("%s: %q accepted", c.name, c.sfen)
			continue
		}
		var pe *PositionError
		if !errors.As(err, &pe) {
			t.Errorf("%s: error %v is not a *PositionError", c.name, err)
			continue
		}
		if pe.Rule != RuleOpponentInCheck || pe.Rule.Placement() {
			t.Errorf("%s: rule %v, want RuleOpponentInCheck (not a placement rule)", c.name, pe.Rule)
		}
		var got []string
		for _, s := range pe.Squares {
			got = append(got, s.USI())
		}
		if got[0] != c.squares[0] || !sameSet(got[1:], c.squares[1:]) {
			t.Errorf("%s: squares %v, want %v", c.name, got, c.squares)
		}
		if !strings.Contains(err.Error(), "in check") {
			t.Errorf("%s: error %q does not say why", c.name, err)
		}
		// The lenient reader refuses it too: it is no placement rule.
		if _, _, err := ParseSFENLenient(c.sfen); err == nil {
			t.Errorf("%s: ParseSFENLenient accepted it", c.name)
		}
	}
	// The side to move may be in check: that is an ordinary position.
	for _, ok := range []string{"4k4/9/9/9/9/9/9/4R4/4K4 w - 1", "9/9/4k4/4P4/9/9/9/9/4K4 w - 1"} {
		if _, err := ParseSFEN(ok); err != nil {
			t.Errorf("%q refused: %v", ok, err)
		}
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// TestPlacementRulesLenient: ParseSFEN refuses a placement-rule break, the
// lenient reader (for records' start positions) accepts it and reports
// each break with its rule and squares.
func TestPlacementRulesLenient(t *testing.T) {
	cases := []struct {
		sfen    string
		rule    PositionRule
		squares []string
	}{
		{"4k4/9/9/9/9/9/9/9/4K4 b 9P 1", 0, nil}, // baseline: fine both ways
		{"P8/9/9/9/4k4/9/9/9/4K4 b - 1", RuleDeadPiece, []string{"9a"}},
		{"4k4/N8/9/9/9/9/9/9/4K4 b - 1", RuleDeadPiece, []string{"9b"}},
		{"4k4/9/4p4/9/4p4/9/9/9/4K4 b - 1", RuleDoublePawn, []string{"5c", "5e"}},
		{"k8/P8/P8/P8/P8/P8/P8/P8/P8 w - 1", RuleDoublePawn, []string{"9b", "9c", "9d", "9e", "9f", "9g", "9h", "9i"}},
	}
	for _, c := range cases {
		p, err := ParseSFEN(c.sfen)
		q, warns, lerr := ParseSFENLenient(c.sfen)
		if lerr != nil {
			t.Errorf("%q: lenient refused: %v", c.sfen, lerr)
			continue
		}
		if c.rule == 0 {
			if err != nil || len(warns) != 0 || p.SFEN() != q.SFEN() {
				t.Errorf("%q: strict %v, lenient warnings %v", c.sfen, err, warns)
			}
			continue
		}
		var pe *PositionError
		if err == nil || !errors.As(err, &pe) || pe.Rule != c.rule {
			t.Errorf("%q: strict error %v, want a %v PositionError", c.sfen, err, c.rule)
		}
		if !c.rule.Placement() {
			t.Errorf("%v is not a placement rule", c.rule)
		}
		if len(warns) == 0 || warns[0].Rule != c.rule {
			t.Errorf("%q: lenient warnings %v, want %v first", c.sfen, warns, c.rule)
			continue
		}
		if c.squares != nil {
			var got []string
			for _, s := range warns[0].Squares {
				got = append(got, s.USI())
			}
			if !sameSet(got, c.squares) {
				t.Errorf("%q: squares %v, want %v", c.sfen, got, c.squares)
			}
		}
		if q.SFEN() != c.sfen {
			t.Errorf("lenient %q reads back as %q", c.sfen, q.SFEN())
		}
	}
	// More of a kind than a set has is refused even leniently: a capture
	// could overflow the hand, and extra pieces make more legal moves than
	// a move list holds (FuzzSFENMoves found 609 with a third rook).
	for _, s := range []string{"4k4/9/9/9/9/9/9/RRR6/4K4 b 2R 1", "4k4/9/9/9/9/9/9/9/4K4 b 19P 1",
		"R8/2B6/4R4/9/9/9/9/9/5L3 b RBGSNLPBnp 1"} {
		if _, _, err := ParseSFENLenient(s); err == nil {
			t.Errorf("%q accepted leniently", s)
		}
	}
}

// TestLenientPositionPlays: from a start that breaks placement rules, moves
// are still generated and checked (no drop onto a file that holds a pawn).
func TestLenientPositionPlays(t *testing.T) {
	p, _, err := ParseSFENLenient("4k4/9/P8/P8/9/9/9/9/4K4 b P 1")
	if err != nil {
		t.Fatal(err)
	}
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		if m.IsDrop() && m.To().File() == 9 {
			t.Errorf("%s drops a pawn onto a file with pawns", m.USI())
		}
	}
	if p.Perft(3) == 0 {
		t.Error("no moves")
	}
}
