package assets

import (
	"fmt"
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

// TestShippedWeights checks that the embedded weights load and judge
// sanely: the start near level, and captured material in order.
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
	// 後手 short of what 先手 holds in hand, the rest as at the start:
	// boards whose pieces are all there, as in any game. (A rook and a
	// gold more with everything else gone, the check before, is no such
	// board, and what a network says there is extrapolation.) The floors
	// are about two thirds of what G3 gives, so that scores shrunk by a
	// third fail as well as wrong or absent ones.
	captured := []struct {
		what, sfen string
		least      int // cp, for 先手 to move and (negated) for 後手
	}{
		{"a silver", "lnsgkg1nl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL %s S 1", 240},
		{"a bishop", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL %s B 1", 400},
		{"a rook and a gold", "lnsgk1snl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL %s RG 1", 1000},
	}
	prev := [2]int{}
	for i, c := range captured {
		for side, turn := range []string{"b", "w"} {
			p, err := game.ParseSFEN(fmt.Sprintf(c.sfen, turn))
			if err != nil {
				t.Fatal(err)
			}
			v := net.EvaluateFull(p)
			if side == 1 {
				v = -v // 先手's view
			}
			if v < c.least {
				t.Errorf("%s captured, %s to move: %d cp for the side ahead, want ≥ %d", c.what, turn, v, c.least)
			}
			if i > 0 && v <= prev[side] {
				t.Errorf("%s captured, %s to move: %d cp, no more than for %s (%d)", c.what, turn, v, captured[i-1].what, prev[side])
			}
			prev[side] = v
			t.Logf("%s captured, %s to move: %+d cp for 先手", c.what, turn, v)
		}
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
