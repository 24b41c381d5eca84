package game

import "testing"

// FuzzSFENMoves: any SFEN that parses (strictly, or leniently as a
// record's start) gives legal moves none of which captures a king or
// leaves a position that cannot arise, and each move's do/undo restores
// the Zobrist key, the checkers and the SFEN; the key after the move is
// the one the position read afresh has.
func FuzzSFENMoves(f *testing.F) {
	for _, s := range []string{
		StartSFEN, matsuriSFEN, max593SFEN,
		"4k4/9/9/9/9/9/9/4R4/4K4 b - 1", // impossible: refused
		"9/9/9/9/4k4/4K4/9/9/9 b - 1",
		"9/9/4k4/4P4/9/9/9/9/4K4 b - 1",
		"4k4/9/9/9/9/9/9/4R4/4K4 w - 1",             // the side to move in check
		"P3k4/P8/P8/P8/P8/P8/P8/P8/P3K4 b P 1",      // placement breaks: lenient only
		"4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1", // drops everywhere
		"8k/9/9/9/9/9/9/9/K8 b - 1",
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, lenient bool) {
		var p *Position
		var err error
		if lenient {
			p, _, err = ParseSFENLenient(s)
		} else {
			p, err = ParseSFEN(s)
		}
		if err != nil {
			return
		}
		if e := p.Impossible(); e != nil {
			t.Fatalf("%q parsed though impossible: %v", s, e)
		}
		sfen, key, checkers := p.SFEN(), p.Key(), p.Checkers()
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			if !m.IsDrop() && p.PieceAt(m.To()).Type() == King {
				t.Fatalf("%q: %s captures a king", s, m.USI())
			}
			p.DoMove(m)
			if e := p.Impossible(); e != nil {
				t.Fatalf("%q: after %s: %v", s, m.USI(), e)
			}
			q, _, err := ParseSFENLenient(p.SFEN())
			if err != nil {
				t.Fatalf("%q: after %s the SFEN %q does not read back: %v", s, m.USI(), p.SFEN(), err)
			}
			if q.Key() != p.Key() || q.Checkers() != p.Checkers() {
				t.Fatalf("%q: after %s the incremental key or checkers differ from a fresh read", s, m.USI())
			}
			p.UndoMove()
			if p.Key() != key || p.SFEN() != sfen || p.Checkers() != checkers {
				t.Fatalf("%q: do/undo of %s did not restore the position", s, m.USI())
			}
		}
	})
}
