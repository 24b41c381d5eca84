package learn

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"kiki/ai"
	"kiki/ai/usi"
	"kiki/game"
)

// The teacher in these tests is this test binary started again with
// KIKI_FAKE_TEACHER set: a USI engine whose score is a known function of
// the position (fakeScore), so that every label can be checked.
func TestMain(m *testing.M) {
	if os.Getenv("KIKI_FAKE_TEACHER") != "" {
		os.Exit(fakeTeacher())
	}
	os.Exit(m.Run())
}

// fakeScore is the fake teacher's score of p as a USI info fragment and
// as the engine's score (ai units): centipawns from the number of pieces
// on the board, with some positions scored as mates either way.
func fakeScore(p *game.Position) (string, int) {
	n := 0
	for s := game.Square(0); s < game.NumSquares; s++ {
		if p.PieceAt(s) != game.NoPiece {
			n++
		}
	}
	switch {
	case n%7 == 0:
		return "mate 5", ai.MateScore - 5
	case n%11 == 0:
		return "mate -4", -(ai.MateScore - 4)
	}
	cp := 41*n - 1350
	return "cp " + strconv.Itoa(cp), cp
}

// fakeTeacher speaks enough USI to be a teacher; KIKI_FAKE_DIE_AFTER=n
// makes it crash at its n+1st search, as a killed run would.
func fakeTeacher() int {
	dieAfter, _ := strconv.Atoi(os.Getenv("KIKI_FAKE_DIE_AFTER"))
	searches := 0
	var pos *game.Position
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "usi":
			fmt.Println("id name FakeTeacher")
			fmt.Println("option name Threads type spin default 4 min 1 max 8")
			fmt.Println("option name Hash type spin default 16 min 1 max 1024")
			fmt.Println("usiok")
		case line == "isready":
			fmt.Println("readyok")
		case strings.HasPrefix(line, "position startpos"):
			pos = game.NewStartPosition()
		case strings.HasPrefix(line, "position sfen "):
			sfen, _, _ := strings.Cut(strings.TrimPrefix(line, "position sfen "), " moves")
			p, err := game.ParseSFEN(sfen)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 2
			}
			pos = p
		case strings.HasPrefix(line, "go depth "):
			if dieAfter > 0 && searches == dieAfter {
				return 3
			}
			searches++
			var ml game.MoveList
			pos.LegalMoves(&ml)
			s, _ := fakeScore(pos)
			fmt.Printf("info depth 3 score %s pv %s\n", s, ml.At(0).USI())
			fmt.Println("bestmove " + ml.At(0).USI())
		case line == "quit":
			return 0
		}
	}
	return 0
}

func TestConvertScore(t *testing.T) {
	for _, c := range []struct {
		score int
		scale float64
		clamp int
		want  int16
	}{
		{100, 1.5, 3000, 150},
		{-101, 1.5, 3000, -152}, // rounded half away from zero
		{2500, 1.5, 3000, 3000}, // clamped
		{-2500, 1.5, 3000, -3000},
		{ai.MateScore - 3, 0.5, 2000, 2000}, // a mate is the clamp, whatever the scale
		{-(ai.MateScore - 8), 0.5, 2000, -2000},
		{2000, 20, 40000, 32767}, // within int16 even so
	} {
		if got := convertScore(c.score, c.scale, min(c.clamp, math.MaxInt16)); got != c.want {
			t.Errorf("convertScore(%d, %v, %d) = %d, want %d", c.score, c.scale, c.clamp, got, c.want)
		}
	}
}

func TestScaleFit(t *testing.T) {
	var f ScaleFit
	// kiki = 1.4 × teacher with noise that averages out; pairs beyond the
	// bound are left out.
	for i := -50; i <= 50; i++ {
		teacher := i * 25
		noise := 60 * ((i%3+3)%3 - 1)
		f.Add(teacher, int(math.Round(1.4*float64(teacher)))+noise)
	}
	f.Add(5000, -5000)
	s, c := f.Scale()
	if f.N() != 101 || math.Abs(s-1.4) > 0.02 || c < 0.99 {
		t.Fatalf("fit of %d pairs: ×%.4f (correlation %.4f), want 101 pairs, ×1.4", f.N(), s, c)
	}
}

// TestLabelResume labels a generated file with the fake teacher, which
// crashes part way; the file then also gets half a record of junk, as a
// killed write would leave. A second run must finish the job: every quiet
// input position exactly once, in order, with the teacher's score
// converted and everything else kept.
func TestLabelResume(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.bin"), filepath.Join(dir, "out.bin")
	err := Generate(context.Background(), GenOptions{
		Out: in, Starts: []*game.Position{game.NewStartPosition()}, Nodes: 16, RandomMoves: 4, MaxPlies: 60,
		Positions: 60, Seed: 7, RandomProb: 0.3, Label: &ai.Default,
		NewEngine: func() *ai.Engine { return ai.NewEngine(1) },
	})
	if err != nil {
		t.Fatal(err)
	}
	recs, _, err := ReadRecords(in)
	if err != nil {
		t.Fatal(err)
	}
	var quiet []Record
	for _, r := range recs {
		if r.Flags&(FlagInCheck|FlagCapture) == 0 {
			quiet = append(quiet, r)
		}
	}
	if len(quiet) < 20 || len(quiet) == len(recs) {
		t.Fatalf("%d quiet positions of %d: the test wants both kinds", len(quiet), len(recs))
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	const scale, clamp = 1.5, 1200
	opts := LabelOptions{
		In: in, Out: out, Depth: 3, Scale: scale, Clamp: clamp,
		Engine: usi.ClientConfig{Path: exe, Env: []string{"KIKI_FAKE_TEACHER=1", "KIKI_FAKE_DIE_AFTER=12"}},
	}
	if _, err := Label(context.Background(), opts); err == nil || !strings.Contains(err.Error(), "record") {
		t.Fatalf("the crashing teacher gave %v, want an error naming the record", err)
	}
	got, stray, err := ReadRecords(out)
	if err != nil || stray != 0 || len(got) != 12 {
		t.Fatalf("after the crash: %d records, %d stray bytes, %v; want 12 whole", len(got), stray, err)
	}
	f, err := os.OpenFile(out, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(make([]byte, RecordSize/2)); err != nil {
		t.Fatal(err)
	}
	f.Close()

	opts.Engine.Env = []string{"KIKI_FAKE_TEACHER=1"}
	fit, err := Label(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if fit.N() == 0 || fit.N() >= len(quiet) {
		t.Errorf("the resumed run fitted %d positions, want those it labelled (%d of %d)", fit.N(), len(quiet)-12, len(quiet))
	}
	got, stray, err = ReadRecords(out)
	if err != nil || stray != 0 || len(got) != len(quiet) {
		t.Fatalf("after resuming: %d records, %d stray bytes, %v; want %d", len(got), stray, err, len(quiet))
	}
	mates := 0
	for i, r := range got {
		q := quiet[i]
		p, err := q.Position()
		if err != nil {
			t.Fatal(err)
		}
		_, raw := fakeScore(p)
		want := convertScore(raw, scale, clamp)
		if abs(int(want)) == clamp {
			mates++
		}
		if r.Score != want {
			t.Fatalf("record %d: score %d, want %d (teacher %d)", i, r.Score, want, raw)
		}
		r.Score = q.Score
		if r != q {
			t.Fatalf("record %d: %+v, want the input's %+v but for the score", i, r, q)
		}
	}
	if mates == 0 || mates == len(got) {
		t.Errorf("%d of %d labels are mates: the test wants both kinds", mates, len(got))
	}

	// Run again: nothing is left to do and nothing is added.
	if _, err := Label(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	if again, _, _ := ReadRecords(out); len(again) != len(got) {
		t.Fatalf("a third run changed the file: %d records, want %d", len(again), len(got))
	}
}
