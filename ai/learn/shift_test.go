package learn

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kiki/ai/nnue"
	"kiki/game"
)

// TestShiftNet: a shifted network evaluates every position lower by the
// centipawns asked, up to its output bias's quantisation.
func TestShiftNet(t *testing.T) {
	n := nnue.NewNet()
	ShiftNet(n, 225)
	for _, sfen := range []string{game.StartSFEN, "4k4/9/9/9/9/9/9/9/4K4 b RBG 1"} {
		p, err := game.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		if got := n.EvaluateFull(p); got < -226 || got > -224 {
			t.Errorf("%s: %d after a shift of 225 cp from 0, want -225", sfen, got)
		}
	}
}

// TestLearnShiftCommand: the step reports the means, writes the shifted
// network whose mean is lower by the shift, and refuses a corrupt file
// and a shift with nowhere to write it.
func TestLearnShiftCommand(t *testing.T) {
	dir := t.TempDir()
	valset := filepath.Join(dir, "val.bin")
	var data []byte
	for _, sfen := range []string{game.StartSFEN, "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"} {
		p, err := game.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		r := NewRecord(p)
		r.Score = 100
		b := make([]byte, RecordSize)
		r.Marshal(b)
		data = append(data, b...)
	}
	if err := os.WriteFile(valset, data, 0o644); err != nil {
		t.Fatal(err)
	}
	in, out := filepath.Join(dir, "in.nnue"), filepath.Join(dir, "out.nnue")
	if err := os.WriteFile(in, nnue.NewNet().Marshal(), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if rc := runLearnShift([]string{"--valset", valset, "--cp", "50", in, out}, &stdout, &stderr); rc != 0 {
		t.Fatalf("rc %d: %s", rc, stderr.String())
	}
	if !strings.Contains(stdout.String(), "network +0.0") || !strings.Contains(stdout.String(), "teacher +96.0") {
		t.Errorf("report:\n%s", stdout.String())
	}
	n, err := loadNet(out)
	if err != nil {
		t.Fatal(err)
	}
	recs, _, err := ReadRecords(valset)
	if err != nil {
		t.Fatal(err)
	}
	if mean, _, _, count := MeanScores(n, recs, 1); count != 2 || math.Abs(mean+50) > 1.5 {
		t.Errorf("the written network's mean %.1f over %d positions, want -50 over 2", mean, count)
	}
	corrupt := filepath.Join(dir, "bad.nnue")
	if err := os.WriteFile(corrupt, []byte("not a network"), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if rc := runLearnShift([]string{"--valset", valset, corrupt}, &stdout, &stderr); rc == 0 || !strings.Contains(stderr.String(), "bad.nnue") {
		t.Errorf("a corrupt network: rc %d, %q", rc, stderr.String())
	}
	stderr.Reset()
	if rc := runLearnShift([]string{"--valset", valset, "--cp", "10", in}, &stdout, &stderr); rc == 0 || !strings.Contains(stderr.String(), "OUT") {
		t.Errorf("--cp without OUT: rc %d, %q", rc, stderr.String())
	}
}
