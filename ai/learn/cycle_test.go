package learn

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"kiki/ai"
	"kiki/ai/nnue"
	"kiki/ai/usi"
	"kiki/assets"
	"kiki/game"
)

func TestElo(t *testing.T) {
	near := func(got, want float64) bool { return math.Abs(got-want) < 0.5 }
	// 60 wins, 40 losses: score 0.6, standard error √(0.24/100) = 0.049,
	// so 0.6 ± 0.096.
	e, lo, hi := MatchScore{W: 60, L: 40}.Elo()
	if !near(e, 70.4) || !near(lo, eloOf(0.6-1.96*0.04899)) || !near(hi, eloOf(0.6+1.96*0.04899)) || !near(lo, 2.8) || !near(hi, 143.9) {
		t.Errorf("60-0-40: %+.1f (%+.1f … %+.1f), want +70.4 (+2.8 … +143.9)", e, lo, hi)
	}
	// Swapped, the figures change sign.
	e2, lo2, hi2 := MatchScore{W: 40, L: 60}.Elo()
	if !near(e2, -e) || !near(lo2, -hi) || !near(hi2, -lo) {
		t.Errorf("40-0-60: %+.1f (%+.1f … %+.1f), want the mirror of 60-0-40", e2, lo2, hi2)
	}
	// Draws narrow the interval: 30-40-30 scores 0.5 with a standard
	// error of √(0.15/100).
	e, lo, hi = MatchScore{W: 30, D: 40, L: 30}.Elo()
	if !near(e, 0) || !near(hi, eloOf(0.5+1.96*math.Sqrt(0.0015))) || !near(lo, -hi) {
		t.Errorf("30-40-30: %+.1f (%+.1f … %+.1f)", e, lo, hi)
	}
	// All draws: no spread; all wins: the bound.
	if e, lo, hi := (MatchScore{D: 10}).Elo(); e != 0 || lo != 0 || hi != 0 {
		t.Errorf("0-10-0: %v %v %v, want 0 0 0", e, lo, hi)
	}
	if e, _, _ := (MatchScore{W: 10}).Elo(); e != 1000 {
		t.Errorf("10-0-0: %v, want the bound 1000", e)
	}
	if f := (MatchScore{W: 3, D: 2, L: 5}).Fraction(); f != 0.4 {
		t.Errorf("3-2-5 scores %v, want 0.4", f)
	}
}

// TestGenerateSameForAnyWorkers: the file is the same whether one or three
// games are played at once.
func TestGenerateSameForAnyWorkers(t *testing.T) {
	dir := t.TempDir()
	var files [2][]byte
	for i, w := range []int{1, 3} {
		out := filepath.Join(dir, "gen"+string(rune('a'+i))+".bin")
		err := Generate(context.Background(), GenOptions{
			Out: out, Starts: []*game.Position{game.NewStartPosition()}, Nodes: 32, RandomMoves: 6, MaxPlies: 80,
			Positions: 150, Seed: 9, RandomProb: 0.2, Workers: w, NewEngine: func() *ai.Engine { return ai.NewEngine(1) },
		})
		if err != nil {
			t.Fatal(err)
		}
		files[i], _ = os.ReadFile(out)
	}
	if len(files[0]) != 150*RecordSize || !bytes.Equal(files[0], files[1]) {
		t.Fatalf("1 worker wrote %d bytes, 3 workers %d, equal %v; want 150 records, the same", len(files[0]), len(files[1]), bytes.Equal(files[0], files[1]))
	}
}

// fakeTeacherConfig is the test binary as a teacher (see TestMain).
func fakeTeacherConfig(t *testing.T, env ...string) usi.ClientConfig {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return usi.ClientConfig{Path: exe, Env: append([]string{"KIKI_FAKE_TEACHER=1"}, env...)}
}

// TestLabelWorkersSameFile: three teachers write what one does, in order.
func TestLabelWorkersSameFile(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.bin")
	err := Generate(context.Background(), GenOptions{
		Out: in, Starts: []*game.Position{game.NewStartPosition()}, Nodes: 16, RandomMoves: 4, MaxPlies: 60,
		Positions: 80, Seed: 5, RandomProb: 0.3, Label: &ai.Default, NewEngine: func() *ai.Engine { return ai.NewEngine(1) },
	})
	if err != nil {
		t.Fatal(err)
	}
	var files [2][]byte
	for i, w := range []int{1, 3} {
		out := filepath.Join(dir, "out"+string(rune('a'+i))+".bin")
		if _, err := Label(context.Background(), LabelOptions{In: in, Out: out, Engine: fakeTeacherConfig(t), Depth: 2, Workers: w}); err != nil {
			t.Fatal(err)
		}
		files[i], _ = os.ReadFile(out)
	}
	if len(files[0]) < 20*RecordSize || !bytes.Equal(files[0], files[1]) {
		t.Fatalf("1 teacher wrote %d bytes, 3 teachers %d; want at least 20 records, the same", len(files[0]), len(files[1]))
	}
}

// TestMatchOpeningsDistinct: a match at a fixed number of nodes plays the
// same game again from the same opening and colour, so the cycle's 200
// games need 100 openings that start from 100 different positions.
func TestMatchOpeningsDistinct(t *testing.T) {
	ops, err := ReadOpenings("openings-match.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) < 100 {
		t.Fatalf("%d openings: 200 games would play some twice", len(ops))
	}
	seen := map[string]int{}
	for i, op := range ops {
		p, err := game.ParseUSIPosition(op)
		if err != nil {
			t.Fatal(err)
		}
		// The board, hands and side, not the move number.
		f := strings.Fields(p.SFEN())
		key := strings.Join(f[:3], " ")
		if j, ok := seen[key]; ok {
			t.Errorf("openings %d and %d reach the same position %s", j+1, i+1, key)
		}
		seen[key] = i
	}
}

// TestMatchStrongerWinsLegally: the hand-set evaluation against one that
// scores every position level (a zero network) must score well above half,
// and every move of every game must be legal through the rules core.
func TestMatchStrongerWinsLegally(t *testing.T) {
	ops, err := ReadOpenings("openings-match.txt")
	if err != nil {
		t.Fatal(err)
	}
	ops = ops[:3]
	var games []GameResult
	score, err := PlayMatch(context.Background(), MatchOptions{
		NewA: func() *ai.Engine { return ai.NewEngine(1) },
		NewB: func() *ai.Engine { e := ai.NewEngine(1); e.Net = nnue.NewNet(); return e },
		// Games 0 and 1 count as played (a resumed match): a loss and a draw.
		Done:     map[int]GameResult{0: {Index: 0, Score: -1}, 1: {Index: 1, Score: 0}},
		Openings: ops, Games: 8, Limits: ai.Limits{Nodes: 400}, MaxPlies: 200, Workers: 2,
		OnGame: func(g GameResult) { games = append(games, g) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 6 || score.N() != 8 || score.Illegal != 0 {
		t.Fatalf("%d games played, %d counted, %d illegal; want 6 played (2 were done), 8 counted, none illegal", len(games), score.N(), score.Illegal)
	}
	wins := 0
	for _, g := range games {
		if g.Index < 2 {
			t.Fatalf("game %d was played again", g.Index)
		}
		if g.Score == 1 {
			wins++
		}
		p, err := game.ParseUSIPosition(ops[(g.Index/2)%len(ops)])
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range g.Moves {
			m, err := p.ParseUSIMove(s)
			if err != nil || !p.IsLegal(m) {
				t.Fatalf("game %d, move %d %s: not legal (%v)", g.Index, i+1, s, err)
			}
			p.DoMove(m)
		}
		if g.Plies != len(g.Moves) {
			t.Fatalf("game %d: %d plies, %d moves", g.Index, g.Plies, len(g.Moves))
		}
	}
	if wins < 5 {
		t.Errorf("the hand-set evaluation won %d of 6 against a level one (%s)", wins, score)
	}
}

// cycleFixture makes a run's inputs: a validation set scored by the
// hand-set evaluation (which the shipped network copies closely) and the
// options of a tiny cycle with the fake teacher.
func cycleFixture(t *testing.T, dir string) CycleOptions {
	val := filepath.Join(dir, "val.bin")
	err := Generate(context.Background(), GenOptions{
		Out: val, Starts: []*game.Position{game.NewStartPosition()}, Nodes: 16, RandomMoves: 6, MaxPlies: 80,
		Positions: 200, Seed: 99, RandomProb: 0.2, Label: &ai.Default, NewEngine: func() *ai.Engine { return ai.NewEngine(1) },
	})
	if err != nil {
		t.Fatal(err)
	}
	ops, err := ReadOpenings("openings-match.txt")
	if err != nil {
		t.Fatal(err)
	}
	return CycleOptions{
		Dir: filepath.Join(dir, "run"), Start: assets.NNUE(), Valset: val,
		Starts: []*game.Position{game.NewStartPosition()}, Openings: ops[:2],
		Positions: 60, Nodes: 16, RandomProb: 0.2, Teacher: fakeTeacherConfig(t), Depth: 1,
		Replay: 1, Epochs: 1, LR: 5e-4, Lambda: 1, ScoreScale: 1,
		Games: 2, MatchNodes: 300, DefaultGames: 2, MatchAlways: true, Generations: 1, Workers: 2, Seed: 1,
	}
}

func readState(t *testing.T, dir string) cycleState {
	data, err := os.ReadFile(filepath.Join(dir, "state.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s cycleState
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestCycleResumesAtEachPhase stops a generation after each of its phases
// in turn, as a kill would, and once in the middle of labelling (the
// teacher dies); each rerun goes on from where the last stopped, never
// redoing a finished phase, and the generation ends with one row in the
// table and its positions counted once.
func TestCycleResumesAtEachPhase(t *testing.T) {
	o := cycleFixture(t, t.TempDir())
	phases := []string{phaseGen, phaseLabel, phaseReplay, phaseTrain, phaseValidate, phaseMatch, phaseDefault, phaseReport}
	pos := filepath.Join(o.Dir, "gen-001", "positions.bin")
	// With its time already up, a run starts no phase.
	timed := o
	timed.Hours = time.Nanosecond
	if err := Cycle(context.Background(), timed); !errors.Is(err, ErrStopped) {
		t.Fatalf("a run out of time: %v, want ErrStopped", err)
	}
	if st := readState(t, o.Dir); st.Generation != 1 || st.Phase != phaseGen {
		t.Fatalf("a run out of time left generation %d at %s", st.Generation, st.Phase)
	}
	if _, err := os.Stat(pos); err == nil {
		t.Fatal("a run out of time generated positions")
	}
	matchFile := filepath.Join(o.Dir, "gen-001", "match.txt")
	bestDefFile := filepath.Join(o.Dir, "gen-001", "default-best.txt")
	var genBytes []byte
	for i, ph := range phases {
		oo := o
		stopAt := ph
		oo.afterPhase = func(gen int, phase string) bool { return phase == stopAt }
		if ph == phaseLabel {
			// First the teacher dies after 7 searches: an error, 7
			// labels kept, the positions untouched.
			bad := o
			bad.Teacher = fakeTeacherConfig(t, "KIKI_FAKE_DIE_AFTER=7")
			bad.Workers = 1
			if err := Cycle(context.Background(), bad); err == nil || !strings.Contains(err.Error(), "label") {
				t.Fatalf("a dying teacher gave %v, want an error from the label phase", err)
			}
			if n, _ := countRecords(filepath.Join(o.Dir, "gen-001", "labels.bin")); n != 7 {
				t.Fatalf("%d labels after the teacher died, want 7", n)
			}
		}
		err := Cycle(context.Background(), oo)
		st := readState(t, o.Dir)
		for tries := 0; ph == phaseLabel && st.Phase == phaseGen && tries < 5; tries++ {
			// Too few quiet positions among those made (how many are
			// quiet depends on the weights that play): label sent the
			// run back to gen for more, and it labels them after.
			oo.afterPhase = func(gen int, phase string) bool { return phase == phaseLabel }
			err = Cycle(context.Background(), oo)
			st = readState(t, o.Dir)
		}
		if i < len(phases)-1 {
			if !errors.Is(err, ErrStopped) || st.Generation != 1 || st.Phase != phases[i+1] {
				t.Fatalf("stopped after %s: %v, state at generation %d, %s; want ErrStopped at %s", ph, err, st.Generation, st.Phase, phases[i+1])
			}
		} else if err != nil && !errors.Is(err, ErrStopped) || st.Generation != 2 || st.Phase != phaseGen {
			t.Fatalf("after the report: %v, generation %d, %s", err, st.Generation, st.Phase)
		}
		if ph == phaseValidate {
			// A match cut short: game 0 done, game 1's line torn.
			if err := os.WriteFile(matchFile, []byte("0 1 10 checkmate\n1 -1"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if ph == phaseMatch {
			// The best weights' match against the default evaluation cut
			// short the same way.
			if err := os.WriteFile(bestDefFile, []byte("0 -1 12 resignation\n1 0"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		data, err := os.ReadFile(pos)
		if err != nil {
			t.Fatal(err)
		}
		if genBytes == nil || ph == phaseLabel {
			// (Gen's second round, asked by label, grew it.)
			genBytes = data
		} else if !bytes.Equal(data, genBytes) {
			t.Fatalf("after %s the positions file changed (%d bytes, was %d): gen ran again", ph, len(data), len(genBytes))
		}
	}
	games, err := readMatchFile(matchFile)
	if err != nil || len(games) != o.Games || games[0].Score != 1 || games[0].Plies != 10 {
		t.Fatalf("the match file holds %v (%v); want game 0 as it was written and game 1 played", games, err)
	}
	var tally MatchScore
	for _, g := range games {
		tally.Add(g)
	}
	if row := readGenerationOne(t, o.Dir); !strings.Contains(row, fmt.Sprintf("| %d-%d-%d |", tally.W, tally.D, tally.L)) {
		t.Errorf("row %q, want the match file's %d-%d-%d", row, tally.W, tally.D, tally.L)
	}
	bestDef, err := readMatchFile(bestDefFile)
	if err != nil || len(bestDef) != o.DefaultGames || bestDef[0].Score != -1 || bestDef[0].Plies != 12 {
		t.Fatalf("the best's default match file holds %v (%v); want game 0 as written and game 1 played", bestDef, err)
	}
	newDef, err := readMatchFile(filepath.Join(o.Dir, "gen-001", "default.txt"))
	if err != nil || len(newDef) != o.DefaultGames {
		t.Fatalf("the new weights' default match file holds %v (%v); want %d games", newDef, err, o.DefaultGames)
	}
	var dtally MatchScore
	for _, g := range newDef {
		dtally.Add(g)
	}
	if row := readGenerationOne(t, o.Dir); !strings.Contains(row, "| "+dtally.String()+" |") {
		t.Errorf("row %q, want the default match's %s", row, dtally)
	}
	st := readState(t, o.Dir)
	if st.BestDefault == nil || st.BestDefault.Limits != "300 nodes" {
		t.Errorf("the state keeps the best's figure against the default as %+v, want one at 300 nodes", st.BestDefault)
	}
	if st.Seen != o.Positions {
		t.Errorf("positions seen %d, want %d", st.Seen, o.Positions)
	}
	table, _ := os.ReadFile(filepath.Join(o.Dir, "generations.md"))
	rows := strings.Count(string(table), "\n| 1 |")
	if !strings.HasPrefix(string(table), tableHeader) || rows != 1 {
		t.Fatalf("the table holds %d rows of generation 1, want 1:\n%s", rows, table)
	}
	// The generation's decision is the rule's.
	s1 := readGenerationOne(t, o.Dir)
	_, statErr := os.Stat(filepath.Join(o.Dir, "best.nnue"))
	if accepted := strings.Contains(s1, "| yes |"); accepted != (statErr == nil) {
		t.Errorf("row %q, best.nnue there: %v", s1, statErr == nil)
	}
}

func readGenerationOne(t *testing.T, dir string) string {
	table, _ := os.ReadFile(filepath.Join(dir, "generations.md"))
	for _, line := range strings.Split(string(table), "\n") {
		if strings.HasPrefix(line, "| 1 |") {
			return line
		}
	}
	t.Fatalf("no row of generation 1 in\n%s", table)
	return ""
}

// negated returns the network scoring every position the other way.
func negated(t *testing.T, data []byte) []byte {
	n, err := nnue.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n.Out {
		n.Out[i] = -n.Out[i]
	}
	n.OutBias = -n.OutBias
	return n.Marshal()
}

// TestCycleAcceptsBetterRefusesWorse puts chosen weights in place of what
// training made: better ones are accepted (lower validation loss, the
// match won) and become the next generation's start; worse ones are
// refused on the validation set, and the best weights stay.
func TestCycleAcceptsBetterRefusesWorse(t *testing.T) {
	o := cycleFixture(t, t.TempDir())
	good, bad := assets.NNUE(), negated(t, assets.NNUE())
	o.Start = bad
	o.Games = 4
	o.AcceptTo = filepath.Join(o.Dir, "accepted", "w.nnue")
	replace := func(gen int, with []byte) func(int, string) bool {
		return func(g int, phase string) bool {
			if g == gen && phase == phaseTrain {
				if err := os.WriteFile(filepath.Join(o.Dir, genDir(g), "candidate.nnue"), with, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			return false
		}
	}
	o.afterPhase = replace(1, good)
	if err := Cycle(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	st := readState(t, o.Dir)
	row := readGenerationOne(t, o.Dir)
	got, _ := os.ReadFile(o.AcceptTo)
	if st.Best != filepath.Join("gen-001", "candidate.nnue") || !bytes.Equal(got, good) || !strings.Contains(row, "| yes |") {
		t.Fatalf("better weights: best %s, accepted file %d bytes (good %d), row %q; want them accepted", st.Best, len(got), len(good), row)
	}
	o.afterPhase = replace(2, bad)
	var log bytes.Buffer
	o.Log = &log
	if err := Cycle(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	st = readState(t, o.Dir)
	got, _ = os.ReadFile(o.AcceptTo)
	table, _ := os.ReadFile(filepath.Join(o.Dir, "generations.md"))
	if st.Best != filepath.Join("gen-001", "candidate.nnue") || !bytes.Equal(got, good) || !strings.Contains(string(table), "\n| 2 | 120 |") ||
		!strings.Contains(string(table), "| no |") {
		t.Fatalf("worse weights: best %s, table\n%s", st.Best, table)
	}
	if !strings.Contains(log.String(), "validate:") {
		t.Fatalf("no validation in the log:\n%s", log.String())
	}
}

// TestCycleTrainResumesFromCheckpoint: a run killed after training's
// first epoch, before that epoch's weights were written, trains only the
// epochs left and still writes the new weights.
func TestCycleTrainResumesFromCheckpoint(t *testing.T) {
	o := cycleFixture(t, t.TempDir())
	o.Epochs = 2
	o.Games = 0
	o.afterPhase = func(gen int, phase string) bool { return phase == phaseReplay }
	if err := Cycle(context.Background(), o); !errors.Is(err, ErrStopped) {
		t.Fatal(err)
	}
	gdir := filepath.Join(o.Dir, "gen-001")
	cand, ckpt := filepath.Join(gdir, "candidate.nnue"), filepath.Join(gdir, "candidate.nnue.ckpt")
	// One epoch, as the cycle would have run it; then the weights go.
	err := Train(context.Background(), TrainOptions{Data: []string{filepath.Join(gdir, "labels.bin")}, Out: cand, Checkpoint: ckpt,
		From: filepath.Join(o.Dir, "start.nnue"), Epochs: 1, LR: o.LR, Lambda: o.Lambda, ScoreScale: 1, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(cand); err != nil {
		t.Fatal(err)
	}
	o.afterPhase = func(gen int, phase string) bool { return phase == phaseTrain }
	var log bytes.Buffer
	o.Log = &log
	if err := Cycle(context.Background(), o); !errors.Is(err, ErrStopped) {
		t.Fatal(err)
	}
	m, err := loadModel(ckpt)
	if err != nil || m.Epoch != 2 {
		t.Fatalf("checkpoint after resuming: %v, epoch %d; want epoch 2", err, m.Epoch)
	}
	if n := strings.Count(log.String(), "train: epoch "); n != 1 {
		t.Errorf("the resumed run trained %d epochs, want 1:\n%s", n, log.String())
	}
	if _, err := loadNet(cand); err != nil {
		t.Fatalf("no new weights after resuming: %v", err)
	}
}

// A weights file that is not one is refused with its name, before any
// engine plays with it.
func TestLoadNetNamesBadFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "best.nnue")
	if err := os.WriteFile(path, []byte("not weights"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := loadNet(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("loadNet of a bad file: %v, want an error naming %s", err, path)
	}
}

// TestDefaultGate: a score against the default evaluation below the best
// weights' by less than the two matches' combined noise passes; one below
// it by more is refused.
func TestDefaultGate(t *testing.T) {
	for _, c := range []struct {
		best, cand MatchScore
		pass       bool
	}{
		// 0.30 against 0.22: the margin is 1.96·√(0.21/100 + 0.1716/100) = 0.121.
		{MatchScore{W: 30, L: 70}, MatchScore{W: 22, L: 78}, true},
		{MatchScore{W: 30, L: 70}, MatchScore{W: 10, L: 90}, false},
		{MatchScore{W: 30, L: 70}, MatchScore{W: 60, L: 40}, true},
		// No spread on either side: only an equal score or better passes.
		{MatchScore{L: 10}, MatchScore{L: 10}, true},
		{MatchScore{D: 10}, MatchScore{L: 10}, false},
		// One win in ten is noise; twenty in a hundred against none is not.
		{MatchScore{W: 1, L: 9}, MatchScore{L: 10}, true},
		{MatchScore{W: 20, L: 80}, MatchScore{L: 100}, false},
	} {
		if got, margin := defaultGate(c.best, c.cand); got != c.pass {
			t.Errorf("best %s, new %s: pass %v (margin %.3f), want %v", c.best, c.cand, got, margin, c.pass)
		}
	}
	if _, m := defaultGate(MatchScore{W: 30, L: 70}, MatchScore{W: 22, L: 78}); math.Abs(m-0.121) > 0.001 {
		t.Errorf("margin %.4f, want 0.121", m)
	}
}

// writeGames writes a match file of games scoring as given (1, 0, -1).
func writeGames(t *testing.T, path string, scores ...int) {
	var b strings.Builder
	for i, s := range scores {
		fmt.Fprintf(&b, "%d %d 50 checkmate\n", i, s)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCycleDefaultGateRefusesWeaker: new weights that pass the first gate
// (a lower validation loss, the self-match won) but score against the
// default evaluation far below the best weights' own figure are refused
// by the second gate; with the gate off (no default games) the same
// weights are accepted. The best's figure is measured once and kept: the
// next generation plays no match of the best, and a candidate below it by
// less than the noise is accepted, its figure becoming the best's.
func TestCycleDefaultGateRefusesWeaker(t *testing.T) {
	// The matches against the default evaluation are written before they
	// are played (a resumed match plays only the missing games): the best
	// weights 4-0-0, the new ones as each case says.
	run := func(t *testing.T, defaultGames int, newScores ...int) (CycleOptions, cycleState, string) {
		o := cycleFixture(t, t.TempDir())
		good, bad := assets.NNUE(), negated(t, assets.NNUE())
		o.Start, o.Games, o.DefaultGames = bad, 4, defaultGames
		o.afterPhase = func(g int, phase string) bool {
			gdir := filepath.Join(o.Dir, genDir(g))
			switch phase {
			case phaseTrain:
				if err := os.WriteFile(filepath.Join(gdir, "candidate.nnue"), good, 0o644); err != nil {
					t.Fatal(err)
				}
			case phaseMatch:
				writeGames(t, filepath.Join(gdir, "default-best.txt"), 1, 1, 1, 1)
				writeGames(t, filepath.Join(gdir, "default.txt"), newScores...)
			}
			return false
		}
		var log bytes.Buffer
		o.Log = &log
		if err := Cycle(context.Background(), o); err != nil {
			t.Fatal(err)
		}
		return o, readState(t, o.Dir), log.String()
	}
	o, st, log := run(t, 4, -1, -1, -1, -1)
	row := readGenerationOne(t, o.Dir)
	if st.Best != "start.nnue" || !strings.Contains(row, "| no |") || !strings.Contains(row, "| 0-0-4, ") || !strings.Contains(log, "the gate refuses") {
		t.Fatalf("0-0-4 against the default where the best scored 4-0-0: best %s, row %q; want refused by the gate\n%s", st.Best, row, log)
	}
	if _, err := os.Stat(filepath.Join(o.Dir, "best.nnue")); err == nil {
		t.Fatal("refused weights were copied to best.nnue")
	}
	if f := st.BestDefault; f == nil || f.Weights != "start.nnue" || f.score() != (MatchScore{W: 4}) {
		t.Fatalf("the best's figure in the state: %+v, want start.nnue 4-0-0", f)
	}
	// Generation 2: the best's figure is kept (its match is not played
	// again: its file, written anew, would say 4-0-0 too, so the test
	// looks for the file's absence); 3-0-1 is within the noise of 4-0-0.
	o.Generations = 1
	o.afterPhase = func(g int, phase string) bool {
		gdir := filepath.Join(o.Dir, genDir(g))
		switch phase {
		case phaseTrain:
			if err := os.WriteFile(filepath.Join(gdir, "candidate.nnue"), assets.NNUE(), 0o644); err != nil {
				t.Fatal(err)
			}
		case phaseMatch:
			writeGames(t, filepath.Join(gdir, "default.txt"), 1, 1, 1, -1)
		}
		return false
	}
	if err := Cycle(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	st = readState(t, o.Dir)
	if _, err := os.Stat(filepath.Join(o.Dir, "gen-002", "default-best.txt")); err == nil {
		t.Error("generation 2 measured the best weights against the default again")
	}
	want := filepath.Join("gen-002", "candidate.nnue")
	if f := st.BestDefault; st.Best != want || f == nil || f.Weights != want || f.score() != (MatchScore{W: 3, L: 1}) {
		t.Fatalf("3-0-1 against the best's 4-0-0: best %s, its figure %+v; want accepted, 3-0-1 the new best's figure", st.Best, f)
	}
	// The gate off: the weights refused above are accepted.
	if _, st, _ := run(t, 0); st.Best != filepath.Join("gen-001", "candidate.nnue") {
		t.Fatalf("without the default gate: best %s, want the new weights", st.Best)
	}
}

// TestCycleNewRunPlaysNewGames: a run that starts from the same weights
// as the one before it (whose generations were all refused) must not play
// that run's games again, or its "new" positions are the old ones: the
// self-play seed mixes in the positions seen before the run. A run
// started before the seed was kept in the state keeps its old games.
func TestCycleNewRunPlaysNewGames(t *testing.T) {
	dir := t.TempDir()
	base := cycleFixture(t, dir)
	base.Workers = 1
	positions := func(name string, seen int) []byte {
		o := base
		o.Dir = filepath.Join(dir, name)
		o.SeenBefore = seen
		o.afterPhase = func(gen int, phase string) bool { return phase == phaseGen }
		if err := Cycle(context.Background(), o); !errors.Is(err, ErrStopped) {
			t.Fatalf("%s: %v, want ErrStopped after gen", name, err)
		}
		data, err := os.ReadFile(filepath.Join(o.Dir, "gen-001", "positions.bin"))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	first, again, next := positions("first", 0), positions("again", 0), positions("next", 60)
	if !bytes.Equal(first, again) {
		t.Fatal("two runs with the same seed and count before them played different games")
	}
	if bytes.Equal(first, next) {
		t.Fatal("a run with 60 positions seen before it played the same games as the run before")
	}
	if st := readState(t, filepath.Join(dir, "next")); st.GameSeed != gameSeed(base.Seed, 60) {
		t.Fatalf("the run's state keeps seed %d, want %d (a resumed run must play its own games)", st.GameSeed, gameSeed(base.Seed, 60))
	}
	old := cycleState{Generation: 1}
	if old.gameSeed(7) != 7*1000003 {
		t.Fatalf("a state without GameSeed: seed %d, want the old %d", old.gameSeed(7), 7*1000003)
	}
}

// TestCycleReplayFrom checks that another run's labels join the replay
// pool, and that a named file that is missing or cut short is an error.
func TestCycleReplayFrom(t *testing.T) {
	dir := t.TempDir()
	mkRecords := func(name string, n int, tag byte) string {
		data := make([]byte, n*RecordSize)
		for i := range n {
			data[i*RecordSize] = tag
			data[i*RecordSize+1] = byte(i)
		}
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	g1 := filepath.Join(dir, "run", genDir(1))
	if err := os.MkdirAll(g1, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(mkRecords("own.bin", 10, 'a'), filepath.Join(g1, "labels.bin")); err != nil {
		t.Fatal(err)
	}
	other := mkRecords("other.bin", 30, 'b')
	st := &cycleState{Generation: 2, Labelled: 20}
	count := func(o *CycleOptions) map[byte]int {
		t.Helper()
		out := filepath.Join(dir, "replay.bin")
		if err := cycleReplay(o, st, out); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		tags := map[byte]int{}
		for i := 0; i < len(data); i += RecordSize {
			tags[data[i]]++
		}
		return tags
	}
	o := &CycleOptions{Dir: filepath.Join(dir, "run"), Replay: 2, Seed: 3}
	if got := count(o); got['a'] != 10 || got['b'] != 0 {
		t.Fatalf("without --replay-from: %v, want the run's own 10", got)
	}
	o.ReplayFrom = []string{other}
	if got := count(o); got['a']+got['b'] != 40 || got['b'] == 0 {
		t.Fatalf("with --replay-from: %v, want 40 drawn from both", got)
	}
	o.Replay = 10
	if got := count(o); got['a'] != 10 || got['b'] != 30 {
		t.Fatalf("a replay larger than the pool: %v, want all 40", got)
	}
	o.ReplayFrom = []string{filepath.Join(dir, "missing.bin")}
	if err := cycleReplay(o, st, filepath.Join(dir, "replay.bin")); err == nil {
		t.Fatal("a missing --replay-from file was not an error")
	}
	short := filepath.Join(dir, "short.bin")
	if err := os.WriteFile(short, make([]byte, RecordSize+5), 0o644); err != nil {
		t.Fatal(err)
	}
	o.ReplayFrom = []string{short}
	if err := cycleReplay(o, st, filepath.Join(dir, "replay.bin")); err == nil || !strings.Contains(err.Error(), "whole number") {
		t.Fatalf("a cut file: %v, want an error naming it", err)
	}
}

// TestValidationLossOffset: labels that are only the teacher's bonus for
// the side to move (here 200 cp everywhere) are fitted exactly by a
// network that sees no difference between the sides (a zero network) once
// the bonus is taken off as --score-offset says, and not without: its
// loss is then above the labels' own floor (their entropy).
func TestValidationLossOffset(t *testing.T) {
	recs := make([]Record, 8)
	for i := range recs {
		recs[i] = NewRecord(game.NewStartPosition())
		recs[i].Score = 200
	}
	zero := nnue.NewNet()
	floor := func(cp float64) float64 { p := sigmoid(cp / 600); return crossEntropy(p, p) }
	if got := ValidationLoss(zero, recs, 600, 1, 1, 200) - floor(0); math.Abs(got) > 1e-9 {
		t.Errorf("loss with the bonus taken off: %.6f over the floor, want 0", got)
	}
	if got := ValidationLoss(zero, recs, 600, 1, 1, 0) - floor(200); got < 1e-3 {
		t.Errorf("loss with the bonus left in: %.6f over the floor, want more: the offset does nothing", got)
	}
	// The scale applies first: 100 teacher cp at 2x is the 200 cp taken off.
	for i := range recs {
		recs[i].Score = 100
	}
	if got := ValidationLoss(zero, recs, 600, 1, 2, 200) - floor(0); math.Abs(got) > 1e-9 {
		t.Errorf("scale then offset: %.6f over the floor, want 0", got)
	}
}

// The first gate: a lower validation loss needs a won self-match; a loss
// within the slack needs one won beyond its noise; a loss above it
// refuses whatever the match.
func TestSelfMatchGate(t *testing.T) {
	for _, c := range []struct {
		lower, near bool
		w, d, l     int
		want        bool
	}{
		{true, true, 103, 0, 97, true},    // lower loss, won
		{true, true, 97, 0, 103, false},   // lower loss, lost
		{false, true, 119, 0, 81, true},   // level loss, won by +67 (+19 … +118)
		{false, true, 103, 0, 97, false},  // level loss, won within the noise
		{false, false, 135, 0, 65, false}, // loss beyond the slack
	} {
		if got := selfMatchAccepts(c.lower, c.near, MatchScore{W: c.w, D: c.d, L: c.l}); got != c.want {
			t.Errorf("lower %v near %v, %d-%d-%d: accepted %v, want %v", c.lower, c.near, c.w, c.d, c.l, got, c.want)
		}
	}
}

// The loss's side of the first gate: lower, within the slack, beyond it;
// no slack lets nothing level through.
func TestLossGate(t *testing.T) {
	for _, c := range []struct {
		before, after, slack float64
		lower, near          bool
	}{
		{0.46649, 0.46613, 0.0005, true, false},
		{0.46649, 0.46649, 0.0005, false, true},
		{0.46728, 0.46777, 0.0005, false, true},
		{0.46728, 0.46800, 0.0005, false, false},
		{0.46649, 0.46649, 0, false, false},
	} {
		if lower, near := lossGate(c.before, c.after, c.slack); lower != c.lower || near != c.near {
			t.Errorf("%.5f -> %.5f, slack %g: lower %v near %v, want %v %v", c.before, c.after, c.slack, lower, near, c.lower, c.near)
		}
	}
}

// TestCycleConsolidation: with ConsolidateEvery 2 the second generation
// labels nothing and trains the best weights on all of the first's labels
// (the log says how many), keeps being one when killed after its start
// and run again, plays its matches, its row is marked, and the count of
// positions seen does not grow; without it the second generation labels
// its own. The run's self-play seed lasts from one generation to the next.
func TestCycleConsolidation(t *testing.T) {
	for _, every := range []int{2, 0} {
		dir := t.TempDir()
		o := cycleFixture(t, dir)
		o.Generations, o.ConsolidateEvery = 2, every
		var log bytes.Buffer
		o.Log = &log
		var seen []int
		var seeds []uint64
		killed := false
		o.afterPhase = func(gen int, phase string) bool {
			if phase == phaseReport {
				st := readState(t, o.Dir)
				seen, seeds = append(seen, st.Seen), append(seeds, st.GameSeed)
			}
			if gen == 2 && phase == phaseGen && !killed {
				killed = true
				return true
			}
			return false
		}
		if err := Cycle(context.Background(), o); !errors.Is(err, ErrStopped) {
			t.Fatalf("every %d: the first call: %v, want it stopped after generation 2's start", every, err)
		}
		if st := readState(t, o.Dir); st.Consolidation != (every == 2) {
			t.Fatalf("every %d: stopped after generation 2's start, the state says consolidation %v", every, st.Consolidation)
		}
		o.Generations = 1
		if err := Cycle(context.Background(), o); err != nil {
			t.Fatal(err)
		}
		if len(seen) != 2 {
			t.Fatalf("every %d: %d generations reported, want 2", every, len(seen))
		}
		if seeds[0] == 0 || seeds[1] != seeds[0] {
			t.Errorf("the run's self-play seed %v: kept from generation to generation", seeds)
		}
		n1, err := countRecords(filepath.Join(o.Dir, genDir(1), "labels.bin"))
		if err != nil || n1 == 0 {
			t.Fatalf("generation 1's labels: %d, %v", n1, err)
		}
		_, err = os.Stat(filepath.Join(o.Dir, genDir(2), "labels.bin"))
		table, terr := os.ReadFile(filepath.Join(o.Dir, "generations.md"))
		if terr != nil {
			t.Fatal(terr)
		}
		said := fmt.Sprintf("consolidation: no new positions; the best weights are trained on all %d labelled positions so far", n1)
		if every == 2 {
			if err == nil {
				t.Error("the consolidation labelled positions of its own")
			}
			if _, err := os.Stat(filepath.Join(o.Dir, genDir(2), "match.txt")); err != nil {
				t.Errorf("the consolidation's self-match: %v", err)
			}
			if !strings.Contains(log.String(), said) {
				t.Errorf("the log does not say %q:\n%s", said, log.String())
			}
			if !strings.Contains(string(table), "\n| 2 (consolidation) |") {
				t.Errorf("no consolidation row:\n%s", table)
			}
			if seen[1] != seen[0] {
				t.Errorf("positions seen %v: a consolidation adds none", seen)
			}
		} else {
			if err != nil {
				t.Errorf("generation 2 without consolidations: %v", err)
			}
			if strings.Contains(log.String(), "consolidation:") || !strings.Contains(string(table), "\n| 2 |") {
				t.Errorf("a consolidation without ConsolidateEvery:\n%s", table)
			}
			if seen[1] <= seen[0] {
				t.Errorf("positions seen %v: generation 2 added none", seen)
			}
		}
	}
}
