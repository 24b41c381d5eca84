package ai

import (
	"math/rand/v2"
	"slices"
	"testing"

	"kiki/game"
)

// pickAll runs a node's picker to its end as the search would with no
// cut-off, setting checksOnly from the move at index from on (never if
// from < 0), and returns what it handed out.
func pickAll(w *worker, ply int, tt game.Move, from int) []game.Move {
	mp := w.initPicker(ply, tt)
	var got []game.Move
	for {
		mp.checksOnly = from >= 0 && len(got) >= from
		m := w.nextMove(mp, ply)
		if m == game.NoMove {
			return got
		}
		got = append(got, m)
		if len(got) == 2 {
			w.checkInfo[ply] = w.pos.CheckInfo()
		}
	}
}

// TestPickerHandsOutEveryMoveOnce checks the staged picker on the positions
// of random games, with table moves, killers and counter-moves that are
// legal here, legal elsewhere or captures: every legal move comes out
// exactly once, the table move first, good captures before quiet moves;
// with checksOnly set part-way, what follows is exactly the captures and
// the quiet checks not yet handed out.
func TestPickerHandsOutEveryMoveOnce(t *testing.T) {
	e := NewEngine(1)
	w := newWorker()
	s := &search{e: e, params: &Default, eval: &Default, tt: e.tt}
	rng := rand.New(rand.NewPCG(5, 6))
	ps := evalTestPositions(t)
	var elsewhere []game.Move // legal moves of other positions
	tested := 0
	for i, p := range ps {
		if i%3 != 0 {
			continue
		}
		w.reset(s, 0, p)
		var ml game.MoveList
		w.pos.LegalMoves(&ml)
		legal := slices.Clone(ml.Slice())
		if len(legal) == 0 {
			if got := pickAll(w, 1, game.NoMove, -1); len(got) != 0 || !w.pickers[1].noMoves {
				t.Fatalf("%s: no legal move, yet the picker gave %v (noMoves %v)", p.SFEN(), got, w.pickers[1].noMoves)
			}
			continue
		}
		anyMove := func() game.Move {
			if len(elsewhere) > 0 && rng.IntN(2) == 0 {
				return elsewhere[rng.IntN(len(elsewhere))]
			}
			return legal[rng.IntN(len(legal))]
		}
		tt := game.NoMove
		if rng.IntN(3) > 0 {
			tt = legal[rng.IntN(len(legal))]
		}
		ply := 2
		w.stack[ply].killers = [2]game.Move{anyMove(), anyMove()}
		w.stack[ply-1].move = anyMove()
		prev := w.stack[ply-1].move
		w.counter[prev.Moved()][prev.To()] = anyMove()
		got := pickAll(w, ply, tt, -1)
		if !sameMoves(got, legal) {
			t.Fatalf("%s: picker gave %d moves %v, legal are %d %v", p.SFEN(), len(got), got, len(legal), legal)
		}
		if tt != game.NoMove && got[0] != tt {
			t.Fatalf("%s: table move %s not first (%s)", p.SFEN(), tt, got[0])
		}
		// Every good capture comes before every quiet move.
		firstQuiet := len(got)
		for j, m := range got {
			if !m.IsCapture() && !m.IsPromotion() && m != tt {
				firstQuiet = j
				break
			}
		}
		for j := firstQuiet; j < len(got); j++ {
			if m := got[j]; (m.IsCapture() || m.IsPromotion()) && m != tt && w.s.params.seeGE(w.pos, m, 0) {
				t.Fatalf("%s: good capture %s after quiet %s", p.SFEN(), m, got[firstQuiet])
			}
		}
		// checksOnly from a random point on.
		from := rng.IntN(len(legal) + 1)
		got2 := pickAll(w, ply, tt, from)
		if len(got2) < min(from, len(got)) || !slices.Equal(got2[:min(from, len(got2))], got[:min(from, len(got2))]) {
			t.Fatalf("%s: with checksOnly from %d the first moves changed:\n%v\n%v", p.SFEN(), from, got2, got)
		}
		ci := w.pos.CheckInfo()
		var want []game.Move
		for _, m := range got[min(from, len(got)):] {
			if m.IsCapture() || m.IsPromotion() || w.pos.GivesCheckWith(&ci, m) {
				want = append(want, m)
			}
		}
		// A filter applied before the fourth quiet move keeps the quiets
		// already selected; compare as sets past the point.
		if rest := got2[min(from, len(got2)):]; !sameMoves(rest, want) && !subsetWithAllChecks(rest, got[min(from, len(got)):], want) {
			t.Fatalf("%s: checksOnly from %d gave %v, want the captures and checks %v", p.SFEN(), from, rest, want)
		}
		elsewhere = append(elsewhere, legal[rng.IntN(len(legal))])
		tested++
	}
	if tested < 300 {
		t.Fatalf("only %d positions tested", tested)
	}
}

// sameMoves reports whether a and b hold the same moves, each once.
func sameMoves(a, b []game.Move) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	for i := range x {
		if x[i] != y[i] || i > 0 && x[i] == x[i-1] {
			return false
		}
	}
	return true
}

// subsetWithAllChecks reports whether rest is a duplicate-free subset of
// all that holds every move of want and at most seven others: the picker
// hands out the table move, the killers and the counter-move, and selects
// its first three quiet moves, before it filters (the search prunes those
// itself).
func subsetWithAllChecks(rest, all, want []game.Move) bool {
	seen := map[game.Move]bool{}
	for _, m := range rest {
		if seen[m] || !slices.Contains(all, m) {
			return false
		}
		seen[m] = true
	}
	for _, m := range want {
		if !seen[m] {
			return false
		}
	}
	return len(rest) <= len(want)+7
}

// Selecting with pickStable one move at a time hands the moves out in the
// order of a stable sort by score (the search's signature depends on it),
// and the moves not yet handed out keep their relative order.
func TestPickStableIsAStableSort(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	for trial := range 400 {
		n := r.IntN(150)
		moves := make([]game.Move, n)
		scores := make([]int32, n)
		for i := range moves {
			moves[i] = game.Move(i + 1) // distinct, in generation order
			scores[i] = int32(r.IntN(7)*1000 - 3000)
		}
		type pair struct {
			m game.Move
			s int32
		}
		want := make([]pair, n)
		for i := range want {
			want[i] = pair{moves[i], scores[i]}
		}
		slices.SortStableFunc(want, func(a, b pair) int { return int(b.s) - int(a.s) })
		for i := range n {
			if got := pickStable(moves, scores, i); got != want[i].m || scores[i] != want[i].s {
				t.Fatalf("trial %d, pick %d: got move %d score %d, want %d score %d", trial, i, got, scores[i], want[i].m, want[i].s)
			}
			for j := i + 2; j < n; j++ {
				if moves[j-1] > moves[j] {
					t.Fatalf("trial %d, after pick %d: the moves left are out of their order at %d", trial, i, j)
				}
			}
		}
	}
}
