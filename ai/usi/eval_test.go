package usi

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"kiki/ai"
	"kiki/ai/nnue"
	"kiki/game"
)

// session runs a whole USI conversation and returns its output.
func session(t *testing.T, learned *nnue.Net, lines ...string) string {
	t.Helper()
	var out strings.Builder
	if err := RunWith(strings.NewReader(strings.Join(lines, "\n")+"\n"), &out, learned); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// depth1 asks for a depth-1 search from the start and waits for it.
var depth1 = []string{"position startpos", "go depth 1", "isready"}

// TestLearnedEvalOption checks that LearnedEval switches the engine to the
// learned evaluation and back: a zero network scores every position 0,
// the hand-set evaluation does not. With weights it is on from the start
// and announced so; without, off.
func TestLearnedEvalOption(t *testing.T) {
	zero := nnue.NewNet()
	if out := session(t, zero, append([]string{"usi", "setoption name Threads value 1"}, depth1...)...); !strings.Contains(out, "option name LearnedEval type check default true") || !strings.Contains(out, "score cp 0 ") {
		t.Errorf("with weights, LearnedEval should be announced and play by default; got\n%s", out)
	}
	if out := session(t, nil, "usi"); !strings.Contains(out, "option name LearnedEval type check default false") {
		t.Errorf("without weights, LearnedEval should be announced off; got\n%s", out)
	}
	if out := session(t, zero, "setoption name Eval value material"); !strings.Contains(out, "LearnedEval is false") {
		t.Errorf("Eval set while the learned evaluation plays should say where it applies; got\n%s", out)
	}
	if out := session(t, zero, "setoption name LearnedEval value false", "setoption name Eval value material"); strings.Contains(out, "info string") {
		t.Errorf("Eval set with LearnedEval off needs no word; got\n%s", out)
	}
	on := session(t, zero, append([]string{"setoption name Threads value 1", "setoption name LearnedEval value true"}, depth1...)...)
	if !strings.Contains(on, "score cp 0 ") {
		t.Errorf("with LearnedEval and a zero network, want score cp 0; got\n%s", on)
	}
	off := session(t, zero, append([]string{"setoption name Threads value 1", "setoption name LearnedEval value true", "setoption name LearnedEval value false"}, depth1...)...)
	if strings.Contains(off, "score cp 0 ") || !strings.Contains(off, "score cp ") {
		t.Errorf("with LearnedEval off, want the hand-set evaluation's score; got\n%s", off)
	}
	none := session(t, nil, "setoption name LearnedEval value true")
	if !strings.Contains(none, "no learned weights") {
		t.Errorf("LearnedEval without weights should say so; got\n%s", none)
	}
}

func TestEvalFileRefusesCorruptWeights(t *testing.T) {
	dir := t.TempDir()
	good := nnue.NewNet().Marshal()
	bad := append([]byte(nil), good[:len(good)/2]...)
	goodPath, badPath := filepath.Join(dir, "good.bin"), filepath.Join(dir, "bad.bin")
	if err := os.WriteFile(goodPath, good, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(badPath, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	out := session(t, nil, "setoption name EvalFile value "+badPath)
	if !strings.Contains(out, "bad nnue weights") || !strings.Contains(out, "truncated") {
		t.Errorf("a truncated EvalFile should be refused with the reason; got\n%s", out)
	}
	out = session(t, nil, append([]string{"setoption name Threads value 1", "setoption name EvalFile value " + goodPath, "setoption name LearnedEval value true"}, depth1...)...)
	if !strings.Contains(out, "score cp 0 ") {
		t.Errorf("EvalFile's zero network should score 0; got\n%s", out)
	}
	// A bad file after a good one leaves the good one playing.
	out = session(t, nil, append([]string{"setoption name Threads value 1", "setoption name EvalFile value " + goodPath, "setoption name LearnedEval value true", "setoption name EvalFile value " + badPath}, depth1...)...)
	if !strings.Contains(out, "the evaluation is unchanged") || !strings.Contains(out, "score cp 0 ") {
		t.Errorf("a refused EvalFile should leave the loaded one; got\n%s", out)
	}
}

// The Eval option is announced as a combo, accepts its values, explains a
// bad one, and a search with the material-only evaluation answers legally.
func TestEvalOption(t *testing.T) {
	e := start(t)
	e.send("usi")
	_, lines := e.expect("usiok", 2*time.Second)
	if !strings.Contains(strings.Join(lines, "\n"), "option name Eval type combo default hand var hand var handset var material") {
		t.Fatalf("usi answer lacks the Eval combo:\n%s", strings.Join(lines, "\n"))
	}
	e.send("setoption name Eval value psychic")
	if l, _ := e.expect("info string", 2*time.Second); !strings.Contains(l, "material") {
		t.Errorf("bad Eval value explained as %q", l)
	}
	e.send("setoption name Eval value material")
	e.send("isready")
	e.expect("readyok", 5*time.Second)
	e.send("position startpos moves 7g7f 3c3d")
	e.send("go depth 4")
	best, _ := e.expect("bestmove", 20*time.Second)
	checkBest(t, "startpos moves 7g7f 3c3d", best)
	e.send("quit")
}

// TestContemptOptions: Contempt and USI_AnalyseMode reach the search. With
// piece values only every quiet move is level, so a draw-seeking contempt
// repeats the start position (scoring the draw +200 for itself), the
// default plays on, and analysis mode scores the draw 0 whatever the
// contempt; a contempt out of range is refused.
func TestContemptOptions(t *testing.T) {
	repeat := []string{"position startpos moves 5i5h 5a5b 5h5i", "go depth 4", "isready"}
	base := []string{"setoption name Threads value 1", "setoption name Eval value material", "setoption name MultiPV value 1"}
	run := func(opts ...string) (best, score string) {
		out := session(t, nil, append(append(append([]string(nil), base...), opts...), repeat...)...)
		for _, l := range strings.Split(out, "\n") {
			if f := strings.Fields(l); len(f) > 1 && f[0] == "bestmove" {
				best = f[1]
			} else if i := strings.Index(l, " score cp "); i >= 0 && strings.HasPrefix(l, "info depth 4 ") {
				score = strings.Fields(l[i+len(" score cp "):])[0]
			}
		}
		return best, score
	}
	if best, score := run("setoption name Contempt value -200"); best != "5b5a" || score != "200" {
		t.Errorf("Contempt -200: bestmove %s score %s, want 5b5a scoring 200", best, score)
	}
	if best, _ := run(); best == "5b5a" {
		t.Errorf("default contempt: repeated with 5b5a")
	}
	if _, score := run("setoption name Contempt value -200", "setoption name USI_AnalyseMode value true"); score != "0" {
		t.Errorf("analysis mode: score %s, want 0", score)
	}
	out := session(t, nil, "usi", "setoption name Contempt value 5000")
	for _, want := range []string{"option name Contempt type spin default 2 min -1000 max 1000", "option name USI_AnalyseMode type check default false", "info string setoption Contempt"} {
		if !strings.Contains(out, want) {
			t.Errorf("want %q in\n%s", want, out)
		}
	}
}

// TestWeakLevelInfoHasNoScore: a weak level's info lines leave its blurred
// centipawns out (USI's score is optional); full strength reports them.
func TestWeakLevelInfoHasNoScore(t *testing.T) {
	count := func(level string) (infos, scored int) {
		out := session(t, nil, "setoption name Threads value 1", "setoption name Level value "+level, "position startpos", "go depth 3", "isready")
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "info depth ") {
				infos++
				if strings.Contains(l, " score ") {
					scored++
				}
			}
		}
		return infos, scored
	}
	if infos, scored := count("1"); infos == 0 || scored != 0 {
		t.Errorf("level 1: %d info lines, %d with a score; want some, none scored", infos, scored)
	}
	if infos, scored := count("10"); infos == 0 || scored != infos {
		t.Errorf("level 10: %d info lines, %d with a score; want all scored", infos, scored)
	}
}

// TestContemptFollowsEval: until Contempt is set, piece values only get
// ai.MaterialContempt and the other evaluations ai.DefaultContempt; once
// set, the contempt stays as set whatever the evaluation.
func TestContemptFollowsEval(t *testing.T) {
	s := &Session{engine: ai.NewEngine(1), pos: game.NewStartPosition(), level: 10, multiPV: 1}
	set := func(line string) { s.setOption(strings.Fields(line)[1:]) }
	if s.engine.Contempt != ai.DefaultContempt {
		t.Fatalf("new engine: contempt %d, want %d", s.engine.Contempt, ai.DefaultContempt)
	}
	set("setoption name Eval value material")
	if s.engine.Contempt != ai.MaterialContempt {
		t.Fatalf("Eval material: contempt %d, want %d", s.engine.Contempt, ai.MaterialContempt)
	}
	set("setoption name Eval value handset")
	if s.engine.Contempt != ai.DefaultContempt {
		t.Fatalf("Eval handset: contempt %d, want %d", s.engine.Contempt, ai.DefaultContempt)
	}
	set("setoption name Contempt value 7")
	set("setoption name Eval value material")
	if s.engine.Contempt != 7 {
		t.Fatalf("Contempt 7 then Eval material: contempt %d, want 7", s.engine.Contempt)
	}
}

// The contempt follows the evaluation that plays: piece values' own below
// Level 10 even with the learned evaluation on, whatever the options'
// order; the network's at Level 10.
func TestContemptFollowsLevel(t *testing.T) {
	for _, order := range [][]string{
		{"setoption name Eval value material", "setoption name Level value 5"},
		{"setoption name Level value 5", "setoption name Eval value material"},
	} {
		var out strings.Builder
		s := newSession(&out, nnue.NewNet())
		for _, l := range order {
			s.handle(l)
		}
		if s.engine.Contempt != ai.MaterialContempt {
			t.Errorf("%v: contempt %d, want piece values' %d", order, s.engine.Contempt, ai.MaterialContempt)
		}
		s.handle("setoption name Level value 10")
		if s.engine.Contempt != ai.DefaultContempt {
			t.Errorf("%v then Level 10: contempt %d, want the network's %d", order, s.engine.Contempt, ai.DefaultContempt)
		}
	}
}
