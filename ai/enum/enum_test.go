package enum

import (
	"context"
	"fmt"
	"math/rand"
	"testing"

	"kiki/ai/mate"
	"kiki/game"
)

func TestKeyRoundTrip(t *testing.T) {
	p := Pos{King: game.NewSquare(5, 1), N: 3}
	p.Pc[0], p.Sq[0] = game.NewPiece(game.Black, game.Pawn), InHand
	p.Pc[1], p.Sq[1] = game.NewPiece(game.White, game.ProSilver), game.NewSquare(4, 1)
	p.Pc[2], p.Sq[2] = game.NewPiece(game.Black, game.Gold), game.NewSquare(5, 3)
	p.canon()
	q := FromKey(p.Key())
	if q != p {
		t.Fatalf("FromKey(Key()) = %+v, want %+v", q, p)
	}
	gp, err := game.ParseSFEN(p.SFEN())
	if err != nil {
		t.Fatal(err)
	}
	r, ok := FromPosition(gp)
	if !ok || r != p {
		t.Fatalf("FromPosition(%s) = %+v %v, want %+v", p.SFEN(), r, ok, p)
	}
	if got := p.Letters(); got != "GPs" {
		t.Errorf("Letters() = %q, want GPs", got)
	}
}

func TestKindsAndSubMaterials(t *testing.T) {
	if _, err := Kinds("GGPR"); err == nil {
		t.Error("Kinds accepted a rook")
	}
	if _, err := Kinds("GGGGG"); err == nil {
		t.Error("Kinds accepted five pieces")
	}
	ks, err := Kinds("pgg")
	if err != nil || len(ks) != 3 || ks[0] != game.Gold || ks[2] != game.Pawn {
		t.Errorf("Kinds(pgg) = %v, %v", ks, err)
	}
	subs := SubMaterials("GGP")
	want := map[string]bool{"GGP": true, "GG": true, "GP": true, "G": true, "P": true}
	if len(subs) != len(want) || subs[0] != "GGP" {
		t.Fatalf("SubMaterials(GGP) = %v", subs)
	}
	for _, s := range subs {
		if !want[s] {
			t.Errorf("SubMaterials(GGP) has %q", s)
		}
	}
}

// The engine of this package agrees with the game package on every move it
// generates and every mate it sees.
func TestMovesAgreeWithGame(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	kinds := []game.PieceType{game.Gold, game.Silver, game.Knight, game.Pawn}
	for it := 0; it < 3000; it++ {
		var p Pos
		p.King = game.Square(rng.Intn(game.NumSquares))
		p.N = int8(1 + rng.Intn(MaxPieces))
		win := mateWindow(p.King)
		var occ game.Bitboard
		for i := 0; i < int(p.N); i++ {
			t := kinds[rng.Intn(len(kinds))]
			if rng.Intn(5) == 0 {
				p.Pc[i], p.Sq[i] = game.NewPiece(game.Black, t), InHand
				continue
			}
			s := win[rng.Intn(len(win))]
			c := game.Color(rng.Intn(2))
			fs := forms(c, t, s)
			if occ.Has(s) {
				p.N = int8(i)
				break
			}
			occ = occ.Set(s)
			p.Pc[i], p.Sq[i] = fs[rng.Intn(len(fs))], s
		}
		p.canon()
		if p.nifu() || p.InCheck() {
			continue
		}
		gp, err := game.ParseSFEN(p.SFEN())
		if err != nil {
			t.Fatalf("%s: %v", p.SFEN(), err)
		}
		var ml game.MoveList
		gp.GenerateChecks(&ml)
		want := map[string]bool{}
		for _, m := range ml.Slice() {
			want[m.USI()] = true
		}
		got := map[string]bool{}
		for _, m := range p.Checks(nil) {
			got[m.USI()] = true
			q := p.After(m)
			gp.DoMove(mustMove(t, gp, m.USI()))
			if q.IsMate() != gp.IsCheckmate() {
				t.Errorf("%s %s: IsMate %v, game says %v", p.SFEN(), m.USI(), q.IsMate(), gp.IsCheckmate())
			}
			var dl game.MoveList
			gp.LegalMoves(&dl)
			if n := len(q.DefenderMoves(nil)); n != dl.Len() {
				t.Errorf("%s %s: %d defender moves, game has %d", p.SFEN(), m.USI(), n, dl.Len())
			}
			gp.UndoMove()
		}
		if len(got) != len(want) {
			t.Errorf("%s: checks %v, game has %v", p.SFEN(), got, want)
		}
		for m := range want {
			if !got[m] {
				t.Errorf("%s: game's check %s missing", p.SFEN(), m)
			}
		}
	}
}

func mustMove(t *testing.T, gp *game.Position, usi string) game.Move {
	t.Helper()
	m, err := gp.ParseUSIMove(usi)
	if err != nil {
		t.Fatalf("%s: %s: %v", gp.SFEN(), usi, err)
	}
	return m
}

// Every placement of a small material, solved by plain forward search,
// gives the same distances, clean positions and problem counts as the
// retrograde analysis.
func TestRetrogradeMatchesEveryPlacement(t *testing.T) {
	cases := []struct {
		material string
		opt      Options
	}{
		{"GS", Options{MaxLength: 5}},
		{"SN", Options{MaxLength: 5, Minimal: true}},
		{"GP", Options{MaxLength: 5, Zushiki: true, Minimal: true, EmptyHand: true, Mirror: true}},
	}
	if testing.Short() {
		cases = cases[:1]
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s %+v", c.material, c.opt), func(t *testing.T) { compareEveryPlacement(t, c.material, c.opt) })
	}
}

func compareEveryPlacement(t *testing.T, material string, opt Options) {
	kinds, _ := Kinds(material)
	e := build(kinds, material, opt)
	res, err := Enumerate(material, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]int, opt.MaxLength+1)
	lengths := map[int]bool{}
	for _, sub := range SubMaterials(material) {
		sk, _ := Kinds(sub)
		EveryPlacement(sk, opt.Zushiki, func(p *Pos) {
			d := Distance(p, opt.MaxLength)
			v, held := e.t.get(attKey(p))
			if d < 0 {
				if held {
					t.Errorf("%s: retrograde distance %d, forward none", p.SFEN(), v&valueMask)
				}
				return
			}
			lengths[d] = true
			if !held || int(v&valueMask) != d {
				t.Errorf("%s: retrograde distance %d (held %v), forward %d", p.SFEN(), v&valueMask, held, d)
				return
			}
			clean := cleanAtt(p, d)
			if clean != (v&cleanBit != 0) {
				t.Errorf("%s: retrograde clean %v, forward %v", p.SFEN(), !clean, clean)
			}
			if clean && forwardOptions(p, d, material, opt) {
				want[d]++
			}
		})
	}
	for n := 1; n <= opt.MaxLength; n += 2 {
		if res.Counts[n] != want[n] {
			t.Errorf("%d problems of length %d, every placement gives %d", res.Counts[n], n, want[n])
		}
	}
	if !lengths[3] {
		t.Error("no position at distance 3: the comparison tests too little")
	}
}

// forwardOptions applies opt to the clean problem p of length n by forward
// search (Minimal by solving each position with a piece taken away).
func forwardOptions(p *Pos, n int, material string, opt Options) bool {
	if opt.EmptyHand && p.InHandCount() > 0 {
		return false
	}
	if opt.Exact && p.Material() != SortMaterial(material) {
		return false
	}
	if opt.Mirror {
		m := p.mirrored()
		if m.Key() < p.Key() {
			return false
		}
	}
	if opt.Minimal {
		for i := 0; i < int(p.N); i++ {
			if p.Sq[i] == InHand {
				continue
			}
			if q := p.without(i); CleanProblem(&q, n) {
				return false
			}
		}
	}
	return true
}

// A sample of each enumeration, proved by the df-pn solver: it mates in
// exactly the problem's length, the first move is the only one that mates
// that fast, and the main line ends in mate with nothing in the attacker's
// hand.
func TestSampleProvedByDfpn(t *testing.T) {
	cases := []struct {
		material string
		opt      Options
	}{
		{"GGP", Options{MaxLength: 9, Zushiki: true}},
		{"SNN", Options{MaxLength: 9, Minimal: true}},
		{"SSP", Options{MaxLength: 9, Zushiki: true, Minimal: true}},
	}
	if testing.Short() {
		cases = cases[:1]
	}
	rng := rand.New(rand.NewSource(1))
	for _, c := range cases {
		byLen := map[int][]Problem{}
		res, err := Enumerate(c.material, c.opt, func(p Problem) { byLen[p.Length] = append(byLen[p.Length], p) })
		if err != nil {
			t.Fatal(err)
		}
		for n, ps := range byLen {
			if len(ps) != res.Counts[n] {
				t.Errorf("%s: %d problems of length %d emitted, %d counted", c.material, len(ps), n, res.Counts[n])
			}
			for k := 0; k < 8 && len(ps) > 0; k++ {
				i := rng.Intn(len(ps))
				checkProblem(t, ps[i])
				ps[i] = ps[len(ps)-1]
				ps = ps[:len(ps)-1]
			}
		}
		if len(byLen) < 3 {
			t.Errorf("%s: problems of only %d lengths", c.material, len(byLen))
		}
	}
}

func checkProblem(t *testing.T, pr Problem) {
	t.Helper()
	sfen := pr.Pos.SFEN()
	gp, err := game.ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("%s: %v", sfen, err)
	}
	sv := mate.New(mate.Options{HashMiB: 8})
	res := sv.Solve(context.Background(), gp)
	if res.Status != mate.Mate || res.Length != pr.Length {
		t.Errorf("%s: df-pn says %v in %d, enumerated as %d", sfen, res.Status, res.Length, pr.Length)
		return
	}
	moves, lengths, done := sv.MatingMoves(context.Background(), gp)
	fast := 0
	for i := range moves {
		if lengths[i] <= pr.Length {
			fast++
			if moves[i].USI() != pr.Line[0].USI() {
				t.Errorf("%s: df-pn mates with %s in %d, the enumerated first move is %s", sfen, moves[i].USI(), lengths[i], pr.Line[0].USI())
			}
		}
	}
	if !done || fast != 1 {
		t.Errorf("%s: %d first moves mate within %d (search finished: %v)", sfen, fast, pr.Length, done)
	}
	if len(pr.Line) != pr.Length {
		t.Fatalf("%s: main line %d moves, length %d", sfen, len(pr.Line), pr.Length)
	}
	for i, m := range pr.Line {
		gm, err := gp.ParseUSIMove(m.USI())
		if err != nil {
			t.Fatalf("%s: move %d %s: %v", sfen, i+1, m.USI(), err)
		}
		gp.DoMove(gm)
		if i%2 == 0 && !gp.InCheck() {
			t.Errorf("%s: attacker's move %s gives no check", sfen, m.USI())
		}
	}
	if !gp.IsCheckmate() {
		t.Errorf("%s: the main line does not end in mate", sfen)
	}
	if h := gp.Hand(game.Black); !h.IsEmpty() {
		t.Errorf("%s: the main line ends with %v in the attacker's hand", sfen, h)
	}
}

func TestEnumerateRejects(t *testing.T) {
	for _, m := range []string{"GGPL", "GGGGS", "X"} {
		if _, err := Enumerate(m, Options{MaxLength: 1}, nil); err == nil {
			t.Errorf("Enumerate(%q) accepted it", m)
		}
	}
	if _, err := Enumerate("G", Options{MaxLength: 99}, nil); err == nil {
		t.Error("Enumerate accepted max length 99")
	}
}

func TestTableGrows(t *testing.T) {
	tb := newTable(4)
	for k := uint64(0); k < 5000; k++ {
		if !tb.add(k*7919, uint8(k%60)) {
			t.Fatalf("key %d added twice", k)
		}
	}
	for k := uint64(0); k < 5000; k++ {
		v, ok := tb.get(k * 7919)
		if !ok || v != uint8(k%60) {
			t.Fatalf("key %d: %d %v", k, v, ok)
		}
		if tb.add(k*7919, 0) {
			t.Fatalf("key %d added again", k)
		}
	}
	if _, ok := tb.get(3); ok {
		t.Error("absent key found")
	}
}
