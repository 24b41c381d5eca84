package kif

import (
	"strings"
	"testing"

	"kiki/game"
)

// TestPerpetualCheckEnding plays the two perpetual-check sequences of
// game/status_test.go — one completes on the checked side's move, one on
// the checking side's — and checks that the record says the checking side
// (先手) lost in both, here and after writing KIF and CSA. Always writing
// 反則負け ("the side to move loses"), as the UI did, names 後手 in the second.
func TestPerpetualCheckEnding(t *testing.T) {
	for _, moves := range []string{
		strings.Repeat("2i1i 1a2a 1i2i 2a1a ", 3),
		"2i1i " + strings.Repeat("1a2a 1i2i 2a1a 2i1i ", 3),
	} {
		p, err := game.ParseSFEN("8k/9/9/9/9/9/9/9/4K2R1 b - 1")
		if err != nil {
			t.Fatal(err)
		}
		r := NewRecord(p)
		n := r.Root
		for _, s := range strings.Fields(moves) {
			m, err := p.ParseUSIMove(s)
			if err != nil {
				t.Fatal(err)
			}
			p.DoMove(m)
			n = n.AddChild(&Node{Move: m})
		}
		o, loser := p.Status()
		if o != game.PerpetualCheck || loser != game.Black {
			t.Fatalf("status %v loser %v", o, loser)
		}
		end := n.AddChild(&Node{Special: OutcomeSpecial(o, loser, p.Side())})
		want := [2]string{"先手の反則負け", "後手の反則勝ち"}[p.Side()]
		if s := r.Summary(end); !strings.HasSuffix(s, want) {
			t.Errorf("after %d moves (%s to move): %s, want …%s", n.Ply, p.Side(), s, want)
		}
		for _, f := range []Format{FormatKIFU, FormatCSA} {
			data, _ := Encode(r, f)
			back, err := Read("back."+f.String(), data)
			if err != nil {
				t.Fatal(err)
			}
			if e := back.Ending(); e == nil || e.Special != end.Special {
				t.Errorf("%v: ending %v, want %v\n%s", f, e, end.Special, data)
			}
		}
	}
	if OutcomeSpecial(game.Checkmated, game.White, game.White) != Mate || OutcomeSpecial(game.RepetitionDraw, game.Black, game.White) != Repetition || OutcomeSpecial(game.Ongoing, game.Black, game.Black) != NotSpecial {
		t.Error("other outcomes")
	}
}

// TestSpecialString checks that every ending has a name, with its word
// where it has one, and that a value out of range still prints.
func TestSpecialString(t *testing.T) {
	seen := map[string]bool{}
	for s := NotSpecial; s <= SpecialOther; s++ {
		str := s.String()
		if str == "" || strings.HasPrefix(str, "Special(") || seen[str] {
			t.Errorf("Special %d: String %q", int(s), str)
		}
		seen[str] = true
		if w := s.Word(); w != "" && !strings.Contains(str, w) {
			t.Errorf("%q lacks the word %q", str, w)
		}
	}
	if got := Resign.String(); got != "resign (投了)" {
		t.Errorf("Resign.String() = %q", got)
	}
	if got := Special(99).String(); got != "Special(99)" {
		t.Errorf("Special(99).String() = %q", got)
	}
}
