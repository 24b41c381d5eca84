package learn

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kiki/ai"
	"kiki/ai/nnue"
	"kiki/game"
)

func TestRecordRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for g := 0; g < 50; g++ {
		p := game.NewStartPosition()
		var ml game.MoveList
		for i, n := 0, rng.IntN(150); i < n; i++ {
			ml.Clear()
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			p.DoMove(ml.At(rng.IntN(ml.Len())))
		}
		r := NewRecord(p)
		r.Score, r.Result, r.Move, r.Flags, r.Ply = int16(rng.IntN(60000)-30000), int8(rng.IntN(3)-1), uint16(rng.Uint32()), FlagCapture, uint16(rng.IntN(500))
		var b [RecordSize]byte
		r.Marshal(b[:])
		var back Record
		if err := back.Unmarshal(b[:]); err != nil {
			t.Fatal(err)
		}
		if back != r {
			t.Fatalf("round trip changed the record: %+v, want %+v", back, r)
		}
		q, err := back.Position()
		if err != nil {
			t.Fatal(err)
		}
		want := strings.Fields(p.SFEN())
		if got := strings.Fields(q.SFEN()); strings.Join(got[:3], " ") != strings.Join(want[:3], " ") {
			t.Fatalf("position %v, want %v", got, want)
		}
	}
	var junk [RecordSize]byte
	for i := range junk {
		junk[i] = 0xff
	}
	var r Record
	if err := r.Unmarshal(junk[:]); err == nil {
		t.Fatal("bytes that are no record were accepted")
	}
}

// TestGenerateResumeTrain runs the whole pipeline small: generate, cut the
// file mid-record as a kill would, generate more (the partial record goes,
// nothing is duplicated), train, resume training, and load the weights.
func TestGenerateResumeTrain(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "gen.bin")
	opts := GenOptions{
		Out: out, Starts: []*game.Position{game.NewStartPosition()}, Nodes: 200, RandomMoves: 8, MaxPlies: 30,
		Positions: 40, Seed: 3, NewEngine: func() *ai.Engine { return ai.NewEngine(1) },
	}
	if err := Generate(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	first, stray, err := ReadRecords(out)
	if err != nil || stray != 0 || len(first) < 40 {
		t.Fatalf("%d records, %d stray bytes, %v", len(first), stray, err)
	}
	data, _ := os.ReadFile(out)
	if err := os.WriteFile(out, data[:len(data)-RecordSize/2], 0o644); err != nil {
		t.Fatal(err)
	}
	opts.Positions = len(first) + 25
	if err := Generate(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	all, stray, err := ReadRecords(out)
	if err != nil || stray != 0 || len(all) < opts.Positions {
		t.Fatalf("after resuming: %d records, %d stray bytes, %v", len(all), stray, err)
	}
	seen := map[uint64]bool{}
	var b [RecordSize]byte
	for i, r := range all {
		r.Marshal(b[:])
		if k := packedKey(b[:]); seen[k] {
			t.Fatalf("record %d is a duplicate", i)
		} else {
			seen[k] = true
		}
		if r.Result < -1 || r.Result > 1 {
			t.Fatalf("record %d: result %d", i, r.Result)
		}
	}

	weights, ckpt := filepath.Join(dir, "nnue.bin"), filepath.Join(dir, "train.ckpt")
	var log bytes.Buffer
	to := TrainOptions{Data: []string{out}, Out: weights, Checkpoint: ckpt, Epochs: 2, Batch: 8, Lambda: 0.5, Scale: 600, Seed: 1, Log: &log}
	if err := Train(context.Background(), to); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	to.Resume, to.Epochs = true, 1
	if err := Train(context.Background(), to); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if !strings.Contains(log.String(), "resuming") || !strings.Contains(log.String(), "epoch 3:") {
		t.Fatalf("the second run did not resume at epoch 3:\n%s", log.String())
	}
	// Fine-tuning from the checkpoint with another λ: a new checkpoint
	// that starts where the first left off.
	ft := TrainOptions{Data: []string{out}, Out: filepath.Join(dir, "ft.bin"), Checkpoint: filepath.Join(dir, "ft.ckpt"), From: ckpt, Epochs: 1, Batch: 8, Lambda: 0, Seed: 1, Log: &log}
	if err := Train(context.Background(), ft); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	fm, err := loadModel(ft.Checkpoint)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "fine-tuning") || fm.Epoch != 4 || fm.Lambda != 0 || fm.Scale != 600 {
		t.Fatalf("fine-tuning: epoch %d, λ %v, K %v, want 4, 0, 600 (K kept from the checkpoint)\n%s", fm.Epoch, fm.Lambda, fm.Scale, log.String())
	}
	// Fine-tuning from a weights file (no checkpoint): K comes with it.
	fw := TrainOptions{Data: []string{out}, Checkpoint: filepath.Join(dir, "fw.ckpt"), From: weights, Epochs: 1, Batch: 8, Lambda: 1, Seed: 1, Log: &log}
	if err := Train(context.Background(), fw); err != nil {
		t.Fatalf("--from a weights file: %v\n%s", err, log.String())
	}
	wm, err := loadModel(fw.Checkpoint)
	if err != nil {
		t.Fatal(err)
	}
	if wm.Scale != 600 || wm.Epoch != 1 {
		t.Fatalf("--from a weights file: K %v, epoch %d, want 600 and 1", wm.Scale, wm.Epoch)
	}
	t.Log(log.String())
	w, err := os.ReadFile(weights)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := nnue.Load(w); err != nil {
		t.Fatalf("trained weights refused: %v", err)
	}
}

// TestGenerateEvalLabel checks the distillation mode: every record's score
// is the teacher's static evaluation of its position (clamped as stored),
// not the search's, and random moves still give whole, legal games.
func TestGenerateEvalLabel(t *testing.T) {
	out := filepath.Join(t.TempDir(), "distill.bin")
	err := Generate(context.Background(), GenOptions{
		Out: out, Starts: []*game.Position{game.NewStartPosition()}, Nodes: 16, RandomMoves: 4, MaxPlies: 60,
		Positions: 60, Seed: 5, RandomProb: 0.3, Label: &ai.Default,
		NewEngine: func() *ai.Engine { return ai.NewEngine(1) },
	})
	if err != nil {
		t.Fatal(err)
	}
	recs, stray, err := ReadRecords(out)
	if err != nil || stray != 0 || len(recs) < 60 {
		t.Fatalf("%d records, %d stray bytes, %v", len(recs), stray, err)
	}
	nonzero := 0
	for i, r := range recs {
		p, err := r.Position()
		if err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
		want := min(max(ai.Default.Evaluate(p), -4*adjudicate), 4*adjudicate)
		if int(r.Score) != want {
			t.Fatalf("record %d (%s): score %d, want the static evaluation %d", i, p.SFEN(), r.Score, want)
		}
		if r.Score != 0 {
			nonzero++
		}
	}
	if nonzero == 0 {
		t.Fatal("every label is 0")
	}
}

func TestPearson(t *testing.T) {
	xs := []float64{1, 2, 3, 4}
	if r := pearson(xs, []float64{10, 20, 30, 40}); r < 0.9999 {
		t.Errorf("perfectly related: %v", r)
	}
	if r := pearson(xs, []float64{4, 3, 2, 1}); r > -0.9999 {
		t.Errorf("perfectly inverse: %v", r)
	}
	if r := pearson(xs, []float64{5, 5, 5, 5}); r != 0 {
		t.Errorf("constant: %v", r)
	}
}

// TestTrainHiddenLayer trains a network with a hidden layer on a small
// distillation set and checks that the weights file has the layer and that
// the quantised network scores positions as the float model does.
func TestTrainHiddenLayer(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.bin")
	err := Generate(context.Background(), GenOptions{
		Out: data, Starts: []*game.Position{game.NewStartPosition()}, Nodes: 16, RandomMoves: 6, MaxPlies: 80,
		Positions: 150, Seed: 8, RandomProb: 0.2, Label: &ai.Default,
		NewEngine: func() *ai.Engine { return ai.NewEngine(1) },
	})
	if err != nil {
		t.Fatal(err)
	}
	weights, ckpt := filepath.Join(dir, "nnue.bin"), filepath.Join(dir, "train.ckpt")
	var log bytes.Buffer
	to := TrainOptions{Data: []string{data}, Out: weights, Checkpoint: ckpt, Epochs: 3, Batch: 16, Lambda: 1, Scale: 600, Seed: 2, L1: 8, Log: &log}
	if err := Train(context.Background(), to); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	w, err := os.ReadFile(weights)
	if err != nil {
		t.Fatal(err)
	}
	net, err := nnue.Load(w)
	if err != nil {
		t.Fatalf("trained weights refused: %v", err)
	}
	if net.L1 != 8 {
		t.Fatalf("hidden layer of %d units, want 8", net.L1)
	}
	m, err := loadModel(ckpt)
	if err != nil {
		t.Fatal(err)
	}
	// The checkpoint holds the last epoch, the weights file the best:
	// compare the float model with its own quantisation.
	if net, err = nnue.Load(m.quantise().Marshal()); err != nil {
		t.Fatal(err)
	}
	recs, _, _ := ReadRecords(data)
	d := buildDataset(recs, m.Scale, 1)
	var act activations
	worst := 0.0
	for i := range recs {
		b := nnue.NewBoard(&recs[i].Board, recs[i].Hands)
		f := m.forward(&d, &d.samples[i], &act) * m.Scale
		q := float64(net.EvaluateBoard(&b, recs[i].Side))
		worst = max(worst, math.Abs(f-q))
	}
	// A few centipawns of rounding per layer add up on the odd position:
	// the worst depends on the data the search labelled (16.5 cp since
	// the search's correction history, under 15 before); a broken
	// quantisation is off by hundreds.
	if worst > 25 {
		t.Fatalf("quantised and float networks differ by up to %.1f cp\n%s", worst, log.String())
	}
	t.Logf("quantised and float differ by at most %.1f cp", worst)
}

// TestFromNet: a quantised network read back as a float model quantises
// to the same network (with and without a hidden layer), so `train
// --from` a weights file starts where those weights are.
func TestFromNet(t *testing.T) {
	for _, l1 := range []int{0, 8} {
		m := newModel(rand.New(rand.NewPCG(9, uint64(l1))), l1)
		m.Scale = 450
		for i := range m.W {
			m.W[i] = float32(math.Sin(float64(i))) * 0.2
		}
		m.OB = 0.3
		n1 := m.quantise()
		n2 := fromNet(n1).quantise()
		if !bytes.Equal(n1.Marshal(), n2.Marshal()) {
			t.Errorf("hidden layer %d: the weights read back quantise to other weights", l1)
		}
	}
}

func TestRescale(t *testing.T) {
	recs := []Record{{Score: 100}, {Score: -333}, {Score: 30000}, {Score: -30000}}
	rescale(recs, 1.5, 0)
	for i, want := range []int16{150, -500, 32767, -32768} {
		if recs[i].Score != want {
			t.Errorf("record %d: %d, want %d", i, recs[i].Score, want)
		}
	}
	rescale(recs, 1, 200)
	for i, want := range []int16{-50, -700, 32567, -32768} {
		if recs[i].Score != want {
			t.Errorf("record %d: %d, want %d", i, recs[i].Score, want)
		}
	}
}

func TestNearStatic(t *testing.T) {
	p := game.NewStartPosition()
	v := ai.Default.Evaluate(p)
	recs := []Record{NewRecord(p), NewRecord(p), NewRecord(p)}
	recs[0].Score, recs[1].Score, recs[2].Score = int16(v+100), int16(v-301), int16(v-300)
	kept := nearStatic(recs, 300)
	if len(kept) != 2 || kept[0].Score != int16(v+100) || kept[1].Score != int16(v-300) {
		t.Fatalf("kept %+v", kept)
	}
}
