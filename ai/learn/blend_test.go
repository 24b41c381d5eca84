package learn

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kiki/ai/nnue"
	"kiki/game"
)

// noisyNet returns a network without a hidden layer whose weights are
// small random numbers, so that it judges positions differently.
func noisyNet(seed uint64) *nnue.Net {
	rng := rand.New(rand.NewPCG(seed, 7))
	n := nnue.NewNet()
	for i := range n.FT {
		n.FT[i] = int16(rng.IntN(41) - 20)
	}
	for i := range n.FTBias {
		n.FTBias[i] = int16(rng.IntN(200))
	}
	for i := range n.Out {
		n.Out[i] = int16(rng.IntN(81) - 40)
	}
	n.OutBias = int32(rng.IntN(2001) - 1000)
	return n
}

// TestBlend: the ends of a blend are its two networks, weight for weight;
// halfway, a network whose accumulators stay unclipped judges between
// them; different shapes, scales and weights out of 0…1 are refused.
func TestBlend(t *testing.T) {
	a, b := noisyNet(1), noisyNet(2)
	for w, want := range map[float64]*nnue.Net{0: a, 1: b} {
		n, err := Blend(a, b, w)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(n.Marshal(), want.Marshal()) {
			t.Errorf("weight %v: not the network at that end", w)
		}
	}
	half, err := Blend(a, b, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	p := game.NewStartPosition()
	va, vb, vh := a.EvaluateFull(p), b.EvaluateFull(p), half.EvaluateFull(p)
	if va == vb || vh < min(va, vb) || vh > max(va, vb) {
		t.Errorf("the start judged %d and %d by the two, %d by their blend", va, vb, vh)
	}
	if _, err := Blend(a, nnue.NewNetL1(8), 0.5); err == nil {
		t.Error("a network with a hidden layer blended with one without")
	}
	c := noisyNet(3)
	c.Scale = 500
	if _, err := Blend(a, c, 0.5); err == nil || !strings.Contains(err.Error(), "scale") {
		t.Errorf("two scales: %v", err)
	}
	for _, w := range []float64{-0.1, 1.5, math.NaN()} {
		if _, err := Blend(a, b, w); err == nil {
			t.Errorf("weight %v accepted", w)
		}
	}
}

// TestLearnBlendCommand: the step writes the blend, and refuses a
// corrupt network and a missing argument.
func TestLearnBlendCommand(t *testing.T) {
	dir := t.TempDir()
	pa, pb, out := filepath.Join(dir, "a.nnue"), filepath.Join(dir, "b.nnue"), filepath.Join(dir, "out.nnue")
	a, b := noisyNet(1), noisyNet(2)
	for path, n := range map[string]*nnue.Net{pa: a, pb: b} {
		if err := os.WriteFile(path, n.Marshal(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	if rc := runLearnBlend([]string{"--weight", "0.25", pa, pb, out}, &stdout, &stderr); rc != 0 {
		t.Fatalf("rc %d: %s", rc, stderr.String())
	}
	got, err := loadNet(out)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Blend(a, b, 0.25)
	if !bytes.Equal(got.Marshal(), want.Marshal()) {
		t.Error("the written network is not the blend")
	}
	corrupt := filepath.Join(dir, "bad.nnue")
	if err := os.WriteFile(corrupt, []byte("not a network"), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if rc := runLearnBlend([]string{pa, corrupt, out}, &stdout, &stderr); rc == 0 || !strings.Contains(stderr.String(), "bad.nnue") {
		t.Errorf("a corrupt network: rc %d, %q", rc, stderr.String())
	}
	stderr.Reset()
	if rc := runLearnBlend([]string{pa, pb}, &stdout, &stderr); rc == 0 {
		t.Error("no OUT accepted")
	}
}

// TestSlope: a network whose scale is doubled has slope 2 on the
// original, and `learn shift --like` writes it back at slope 1.
func TestSlope(t *testing.T) {
	dir := t.TempDir()
	valset := filepath.Join(dir, "val.bin")
	var data []byte
	p := game.NewStartPosition()
	for _, m := range []string{"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "8c8d"} {
		r := NewRecord(p)
		b := make([]byte, RecordSize)
		r.Marshal(b)
		data = append(data, b...)
		mv, err := p.ParseUSIMove(m)
		if err != nil {
			t.Fatal(err)
		}
		p.DoMove(mv)
	}
	if err := os.WriteFile(valset, data, 0o644); err != nil {
		t.Fatal(err)
	}
	recs, _, err := ReadRecords(valset)
	if err != nil {
		t.Fatal(err)
	}
	ref, n := noisyNet(1), noisyNet(1)
	n.Scale = 2 * ref.Scale
	if s, count := Slope(n, ref, recs); count != 6 || math.Abs(s-2) > 0.1 {
		t.Fatalf("slope %.3f over %d, want 2 over 6", s, count)
	}
	pref, pn, out := filepath.Join(dir, "ref.nnue"), filepath.Join(dir, "n.nnue"), filepath.Join(dir, "out.nnue")
	for path, net := range map[string]*nnue.Net{pref: ref, pn: n} {
		if err := os.WriteFile(path, net.Marshal(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	if rc := runLearnShift([]string{"--valset", valset, "--like", pref, pn, out}, &stdout, &stderr); rc != 0 {
		t.Fatalf("rc %d: %s", rc, stderr.String())
	}
	if !strings.Contains(stdout.String(), "slope 1.9") && !strings.Contains(stdout.String(), "slope 2.0") {
		t.Errorf("report:\n%s", stdout.String())
	}
	got, err := loadNet(out)
	if err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	bad := filepath.Join(dir, "bad.nnue")
	if err := os.WriteFile(bad, []byte("not a network"), 0o644); err != nil {
		t.Fatal(err)
	}
	if rc := runLearnShift([]string{"--valset", valset, "--like", bad, pn, out}, &stdout, &stderr); rc == 0 || !strings.Contains(stderr.String(), "bad.nnue") {
		t.Errorf("a corrupt --like network: rc %d, %q", rc, stderr.String())
	}
	// The evaluations are whole centipawns, so the slope and the scale
	// back come within a few per cent.
	if s, _ := Slope(got, ref, recs); got.Scale < 570 || got.Scale > 630 || math.Abs(s-1) > 0.1 {
		t.Errorf("written at scale %d, slope %.3f; want about 600 and 1", got.Scale, s)
	}
}
