package game

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomPositions plays random legal games from the reference positions and
// returns n positions met on the way (a deterministic sample).
func randomPositions(t testing.TB, n int) []*Position {
	rng := rand.New(rand.NewPCG(1, 2))
	starts := []string{StartSFEN, matsuriSFEN, max593SFEN}
	for _, h := range Handicaps {
		starts = append(starts, h.SFEN())
	}
	if dir := loadPerftIfPresent(t); dir != nil {
		for _, c := range dir {
			starts = append(starts, c.SFEN)
		}
	}
	var out []*Position
	for len(out) < n {
		p, err := ParseSFEN(starts[rng.IntN(len(starts))])
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 200 && len(out) < n; ply++ {
			var ml MoveList
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			// Prefer captures and drops a little less than uniform so games last.
			p.DoMove(ml.At(rng.IntN(ml.Len())))
			out = append(out, p.Clone())
		}
	}
	return out
}

func loadPerftIfPresent(t testing.TB) []perftCase {
	if refdataDirPresent() {
		return loadPerft(t)
	}
	return nil
}

func sortedUSI(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.USI()
	}
	slices.Sort(out)
	return out
}

// bruteChecks keeps the legal moves after which the opponent is in check.
func bruteChecks(p *Position) []Move {
	var ml MoveList
	p.LegalMoves(&ml)
	var out []Move
	for _, m := range ml.Slice() {
		p.DoMove(m)
		if p.InCheck() {
			out = append(out, m)
		}
		p.UndoMove()
	}
	return out
}

func TestChecksAgainstBruteForce(t *testing.T) {
	n := 12000
	if testing.Short() {
		n = 2000
	}
	positions := randomPositions(t, n)
	withChecks := 0
	for _, p := range positions {
		var ml MoveList
		p.GenerateChecks(&ml)
		got := sortedUSI(ml.Slice())
		want := sortedUSI(bruteChecks(p))
		if !slices.Equal(got, want) {
			t.Fatalf("%s:\n checks    %v\n want      %v", p.SFEN(), got, want)
		}
		for _, m := range ml.Slice() {
			if !p.GivesCheck(m) {
				t.Fatalf("%s: GivesCheck(%s) = false", p.SFEN(), m)
			}
		}
		if len(want) > 0 {
			withChecks++
		}
	}
	t.Logf("%d positions, %d with at least one check", len(positions), withChecks)
}

func TestCategoriesPartitionLegalMoves(t *testing.T) {
	for _, p := range randomPositions(t, 3000) {
		var all, caps, quiets MoveList
		p.LegalMoves(&all)
		p.GenerateCaptures(&caps)
		p.GenerateQuiets(&quiets)
		union := append(slices.Clone(caps.Slice()), quiets.Slice()...)
		if !slices.Equal(sortedUSI(union), sortedUSI(all.Slice())) {
			t.Fatalf("%s: captures+quiets != legal", p.SFEN())
		}
		for _, m := range caps.Slice() {
			if !m.IsCapture() && !m.IsPromotion() {
				t.Fatalf("%s: %s in captures", p.SFEN(), m)
			}
		}
		for _, m := range quiets.Slice() {
			if m.IsCapture() || m.IsPromotion() {
				t.Fatalf("%s: %s in quiets", p.SFEN(), m)
			}
		}
		if p.InCheck() {
			var ev MoveList
			p.GenerateEvasions(&ev)
			// Each evasion must leave the mover's king unattacked, checked
			// here by the definition rather than by the generator.
			us := p.Side()
			for _, m := range ev.Slice() {
				p.DoMove(m)
				stillChecked := p.Attacked(us.Opp(), p.King(us), p.Occupied())
				p.UndoMove()
				if stillChecked {
					t.Fatalf("%s: evasion %s leaves the king in check", p.SFEN(), m)
				}
			}
			// And no king-safe board move may be missing: every piece move
			// that ends the check is generated.
			for _, m := range safeBoardMoves(p) {
				if !ev.Contains(m) {
					t.Fatalf("%s: evasion %s not generated", p.SFEN(), m)
				}
			}
			if !slices.Equal(sortedUSI(ev.Slice()), sortedUSI(all.Slice())) {
				t.Fatalf("%s: evasions differ from legal moves", p.SFEN())
			}
		}
		if p.CountLegal() != all.Len() {
			t.Fatalf("%s: CountLegal %d, generated %d", p.SFEN(), p.CountLegal(), all.Len())
		}
	}
}

// TestLegalityAgainstDefinition checks every generated move against the
// rules stated directly: the mover's king is not attacked afterwards, and
// nothing that passes that test (and the drop rules) is missing.
func TestLegalityAgainstDefinition(t *testing.T) {
	for _, p := range randomPositions(t, 2000) {
		us := p.Side()
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			p.DoMove(m)
			if k := p.King(us); k != NoSquare && p.Attacked(us.Opp(), k, p.Occupied()) {
				t.Fatalf("%s: %s leaves the king attacked", p.SFEN(), m)
			}
			p.UndoMove()
		}
		// Every pseudo move that is safe for the king must be generated,
		// unless a drop/promotion rule forbids it, and no other board move.
		safe := safeBoardMoves(p)
		for _, m := range safe {
			if !ml.Contains(m) {
				t.Fatalf("%s: safe move %s not generated", p.SFEN(), m)
			}
		}
		boardMoves := 0
		for _, m := range ml.Slice() {
			if !m.IsDrop() {
				boardMoves++
			}
		}
		if boardMoves != len(safe) {
			t.Fatalf("%s: %d board moves generated, %d safe by definition", p.SFEN(), boardMoves, len(safe))
		}
	}
}

func TestDoUndoRestoresEverything(t *testing.T) {
	for _, p := range randomPositions(t, 2000) {
		before := p.Clone()
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			p.DoMove(m)
			fresh, err := ParseSFEN(p.SFEN())
			if err != nil {
				t.Fatalf("%s after %s: %v", before.SFEN(), m, err)
			}
			if fresh.Key() != p.Key() || fresh.BoardKey() != p.BoardKey() {
				t.Fatalf("%s after %s: incremental key differs from a fresh one", before.SFEN(), m)
			}
			if fresh.Checkers() != p.Checkers() {
				t.Fatalf("%s after %s: checkers differ", before.SFEN(), m)
			}
			p.UndoMove()
			if p.SFEN() != before.SFEN() || p.Key() != before.Key() || p.byType != before.byType || p.byColor != before.byColor || p.occ != before.occ {
				t.Fatalf("%s: undo of %s did not restore", before.SFEN(), m)
			}
		}
	}
}

func TestUchifuzume(t *testing.T) {
	cases := []struct {
		sfen    string
		move    string
		illegal bool
	}{
		// Plain pawn-drop mate: the king has no escape and nothing takes the pawn.
		{"4k4/9/4G4/9/9/9/9/9/4K4 b P 1", "P*5b", false}, // gold defends 5b? the king takes nothing: not mate, 4a/6a free
		{"3lkl3/9/4G4/9/9/9/9/9/4K4 b P 1", "P*5b", true},
		{"3gkg3/9/4G4/9/9/9/9/9/4K4 b P 1", "P*5b", false}, // the golds take the pawn
		// The only capturer is pinned.
		{"4R2gk/9/8G/9/9/9/9/9/K8 b P 1", "P*1b", true},
		{"7gk/9/8G/9/9/9/9/9/K8 b P 1", "P*1b", false},
		// A pawn drop that checks but leaves an escape.
		{"4k4/9/9/9/9/9/9/9/4K4 b P 1", "P*5b", false},
	}
	for _, c := range cases {
		p, err := ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.ParseUSIMove(c.move)
		if c.illegal != (err != nil) {
			t.Errorf("%s %s: error %v, want illegal=%v", c.sfen, c.move, err, c.illegal)
		}
		if c.illegal && err != nil {
			m := NewDrop(NewPiece(p.Side(), Pawn), mustSquare(t, c.move[2:]))
			if why := p.WhyIllegal(m); why == "" || why[:len("打ち歩詰め")] != "打ち歩詰め" {
				t.Errorf("%s %s: WhyIllegal = %q", c.sfen, c.move, why)
			}
		}
	}
}

func mustSquare(t *testing.T, s string) Square {
	sq, err := ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

func TestWhyIllegal(t *testing.T) {
	cases := []struct{ sfen, move, want string }{
		{"4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5e", "二歩"},
		{"4k4/9/9/9/9/9/9/9/4K4 b P 1", "P*1a", "行き所のない駒"},
		{"4k4/9/9/9/9/9/9/9/4K4 b N 1", "N*5b", "行き所のない駒"},
		{"4k4/9/9/4r4/9/9/9/4B4/4K4 b - 1", "5h4g", "王手放置"},
		{"4k4/8P/9/9/9/9/9/9/4K4 b - 1", "1b1a", "行き所のない駒"},
	}
	for _, c := range cases {
		p, err := ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		var m Move
		if c.move[1] == '*' {
			pc, _ := pieceFromLetter(c.move[0])
			m = NewDrop(NewPiece(p.Side(), pc.Type()), mustSquare(t, c.move[2:]))
		} else {
			from, to := mustSquare(t, c.move[:2]), mustSquare(t, c.move[2:4])
			m = NewMove(from, to, p.PieceAt(from), p.PieceAt(to), len(c.move) == 5)
		}
		if why := p.WhyIllegal(m); len(why) < len(c.want) || why[:len(c.want)] != c.want {
			t.Errorf("%s %s: WhyIllegal = %q, want %q", c.sfen, c.move, why, c.want)
		}
	}
}

// TestDropOfAPromotedKind: a drop built outside the generator with a kind
// that never sits in a hand (a record's "-0011UM") is illegal, with a
// reason, and indexes nothing out of range (found by FuzzReadCSA).
func TestDropOfAPromotedKind(t *testing.T) {
	p, err := ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b RBGSNLP 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, pt := range []PieceType{King, Horse, Dragon, ProPawn, ProSilver} {
		m := NewDrop(NewPiece(Black, pt), NewSquare(5, 5))
		if p.IsLegal(m) {
			t.Errorf("drop of %v legal", pt)
		}
		if why := p.WhyIllegal(m); why == "" {
			t.Errorf("drop of %v: no reason", pt)
		}
	}
}

func TestKeyAfter(t *testing.T) {
	for _, p := range randomPositions(t, 1000) {
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			bk, k := p.KeyAfter(m)
			hb, hw := p.HandAfter(m, Black), p.HandAfter(m, White)
			p.DoMove(m)
			if bk != p.BoardKey() || k != p.Key() || hb != p.Hand(Black) || hw != p.Hand(White) {
				t.Fatalf("%s: KeyAfter/HandAfter(%s) differ from the move made", p.SFEN(), m)
			}
			p.UndoMove()
		}
	}
}

// TestHasLegalMove holds HasLegalMove to the generator on random positions
// and after every check of them; after every check CountLegal too, since
// the mate solver counts the replies of every check it makes (by who
// attacks each square that ends the check). Both contact checks and
// distant ones (squares between, for moves and drops) must come up often.
func TestHasLegalMove(t *testing.T) {
	mated, contact, distant := 0, 0, 0
	for _, p := range randomPositions(t, 20000) {
		var ml MoveList
		p.LegalMoves(&ml)
		if p.HasLegalMove() != (ml.Len() > 0) {
			t.Fatalf("%s: HasLegalMove %v, %d legal moves", p.SFEN(), p.HasLegalMove(), ml.Len())
		}
		// Also after every check: the mate test the search and solver use.
		var cl MoveList
		p.GenerateChecks(&cl)
		for _, m := range cl.Slice() {
			p.DoMove(m)
			var el MoveList
			p.LegalMoves(&el)
			if p.HasLegalMove() != (el.Len() > 0) {
				t.Fatalf("%s: HasLegalMove %v, %d evasions", p.SFEN(), p.HasLegalMove(), el.Len())
			}
			if el.Len() == 0 {
				mated++
			}
			if got := p.CountLegal(); got != el.Len() {
				t.Fatalf("%s: CountLegal %d, generated %d", p.SFEN(), got, el.Len())
			}
			if ch := p.Checkers(); !ch.MoreThanOne() {
				if Between(ch.First(), p.King(p.Side())).IsZero() {
					contact++
				} else {
					distant++
				}
			}
			p.UndoMove()
		}
	}
	if contact < 5000 || distant < 1000 {
		t.Fatalf("too few checks seen: %d contact, %d distant", contact, distant)
	}
	t.Logf("%d mates among the checks", mated)
}

// safeBoardMoves lists, from the rules stated directly, every piece move
// (not drop) of the side to move after which its king is not attacked,
// with every promotion option the promotion rules allow.
func safeBoardMoves(p *Position) []Move {
	us := p.Side()
	var out []Move
	for from := Square(0); from < NumSquares; from++ {
		pc := p.PieceAt(from)
		if pc == NoPiece || pc.Color() != us {
			continue
		}
		dests := p.AttacksFrom(from).AndNot(p.Pieces(us))
		for dests.NonZero() {
			to := dests.Pop()
			for _, promo := range []bool{false, true} {
				if promo && !(pc.Type().CanPromote() && (InCamp(us, from) || InCamp(us, to))) {
					continue
				}
				if !promo && deadBB[us][pc.Type()].Has(to) {
					continue
				}
				m := NewMove(from, to, pc, p.PieceAt(to), promo)
				p.DoMove(m)
				safe := p.King(us) == NoSquare || !p.Attacked(us.Opp(), p.King(us), p.Occupied())
				p.UndoMove()
				if safe {
					out = append(out, m)
				}
			}
		}
	}
	return out
}

// Filter keeps exactly the moves it is told to, in their order.
func TestMoveListFilter(t *testing.T) {
	p, err := ParseSFEN(max593SFEN)
	if err != nil {
		t.Fatal(err)
	}
	var ml MoveList
	p.LegalMoves(&ml)
	all := append([]Move(nil), ml.Slice()...)
	ml.Filter(func(m Move) bool { return m.IsDrop() })
	var want []Move
	for _, m := range all {
		if m.IsDrop() {
			want = append(want, m)
		}
	}
	if len(want) == 0 || len(want) == len(all) {
		t.Fatalf("%d drops of %d moves: the position does not test the filter", len(want), len(all))
	}
	if got := ml.Slice(); len(got) != len(want) {
		t.Fatalf("kept %d moves, want %d", len(got), len(want))
	} else {
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("move %d: %v, want %v", i, got[i], want[i])
			}
		}
	}
}
