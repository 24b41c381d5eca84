package assets

import (
	"io/fs"
	"strings"
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

// TestTsumeSets reads every shipped problem set with kif.ReadProblems
// (which checks each SFEN and main line: legal, every attacker move a
// check, the last one mate) and checks what the practice mode relies on:
// the three converted sets are there with their problems, the famous
// ones named, and any enumerated set is named after its material.
func TestTsumeSets(t *testing.T) {
	ents, err := fs.ReadDir(Tsume(), ".")
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, e := range ents {
		data, err := fs.ReadFile(Tsume(), e.Name())
		if err != nil {
			t.Fatal(err)
		}
		if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
			t.Errorf("%s: not gzip-compressed", e.Name())
		}
		ps, err := kif.ReadProblems(e.Name(), data)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		counts[e.Name()] = len(ps)
		for _, p := range ps {
			if err := p.Check(); err != nil {
				t.Errorf("%s:%d: %v", e.Name(), p.Line, err)
			}
			if e.Name() == "famous.tsv.gz" && (p.Name == "" || p.Source == "") {
				t.Errorf("%s:%d: a famous problem without its name or source", e.Name(), p.Line)
			}
			if mat, ok := strings.CutPrefix(e.Name(), "enum-"); ok && p.Material != strings.TrimSuffix(mat, ".tsv.gz") {
				t.Errorf("%s:%d: material %q", e.Name(), p.Line, p.Material)
			}
		}
	}
	for name, want := range map[string]int{"short.tsv.gz": 89, "medium.tsv.gz": 36, "famous.tsv.gz": 18} {
		if counts[name] != want {
			t.Errorf("%s: %d problems, want %d (as in ../shared/data/tsume)", name, counts[name], want)
		}
	}
	t.Logf("%v", counts)
}
