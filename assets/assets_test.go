package assets

import (
	"io/fs"
	"testing"
	"time"

	"kiki/ai/nnue"
	"kiki/game"
	"kiki/kif"
)

func TestGamesRead(t *testing.T) {
	ents, err := fs.ReadDir(Games(), ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) < 5 {
		t.Fatalf("%d games embedded", len(ents))
	}
	for _, e := range ents {
		data, err := fs.ReadFile(Games(), e.Name())
		if err != nil {
			t.Fatal(err)
		}
		r, err := kif.Read(e.Name(), data)
		if err != nil || len(r.Warnings) > 0 {
			t.Errorf("%s: %v %v", e.Name(), err, r.Warnings)
			continue
		}
		if len(r.MainMoves()) < 50 {
			t.Errorf("%s: only %d moves", e.Name(), len(r.MainMoves()))
		}
	}
}

// TestShippedWeights loads the embedded weights and checks that they give
// sane scores: near level at the start, and clearly winning for the side
// with a rook and gold more in an endgame.
func TestShippedWeights(t *testing.T) {
	start := time.Now()
	net, err := nnue.Load(NNUE())
	if err != nil {
		t.Fatalf("the shipped weights are refused: %v", err)
	}
	t.Logf("loaded and checked in %v", time.Since(start))
	if v := net.EvaluateFull(game.NewStartPosition()); v < -200 || v > 200 {
		t.Errorf("start position evaluates %d cp, want within ±200", v)
	}
	// 先手: king, rook, gold and pawns against a bare 後手 king and pawns.
	won, err := game.ParseSFEN("4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1R7/3GK4 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	if v := net.EvaluateFull(won); v < 300 {
		t.Errorf("a rook and gold up evaluates %d cp for the winning side, want ≥ 300", v)
	} else {
		t.Logf("a rook and gold up: %d cp", v)
	}
	won.DoNullMove()
	if v := net.EvaluateFull(won); v > -300 {
		t.Errorf("and %d cp for the losing side to move, want ≤ -300", v)
	}
}
