package board

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/mattn/go-runewidth"

	"kiki/game"
	"kiki/ui/lang"
	"kiki/ui/theme"
)

func TestHandLine(t *testing.T) {
	th := theme.New(true, true)
	var h game.Hand
	h = h.Add(game.Pawn).Add(game.Pawn).Add(game.Gold)
	line := Hand{Lang: lang.Japanese, Name: "先手", ToMove: true, Player: "人間", Clock: "9:59", Hand: h, Chosen: game.Gold, Note: " <-"}.View(&th)
	for _, want := range []string{"先手*", "人間", "9:59", "持駒", "歩2", "[金]", " <-"} {
		if !strings.Contains(line, want) {
			t.Errorf("%q lacks %q", line, want)
		}
	}
	line = Hand{Name: "後手", Chosen: game.NoPieceType, ASCII: true, Hand: h}.View(&th)
	if strings.Contains(line, "*") || !strings.Contains(line, "P2") || strings.Contains(line, "[") {
		t.Errorf("ascii, not to move: %q", line)
	}
	if line := (Hand{Name: "後手"}).View(&th); !strings.HasSuffix(line, "in hand none") {
		t.Errorf("empty hand: %q", line)
	}
}

// At 80×24 a long engine name is cut on the hand line, and the clock and
// the pieces in hand keep their room (gpsusi's id name once pushed them
// off the line).
func TestLongEngineNameKeepsHand(t *testing.T) {
	h := Hand{Name: "後手", Player: "gpsshogi (smp) vm r3033 wordsize 64 gcc 12.2.0", Clock: "秒読み0", Lang: lang.English}
	h.Hand = h.Hand.Add(game.Bishop)
	th := theme.New(true, true)
	line := ansi.Strip(h.View(&th))
	if w := runewidth.StringWidth(line); w > 60 || !strings.Contains(line, "秒読み0") || !strings.Contains(line, "角") {
		t.Errorf("%d cells: %q", w, line)
	}
}

// A long engine name on the komadai is broken where it can be, or ends
// in "...", never cut silently.
func TestKomadaiName(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"AI Lv5", []string{"AI Lv5"}},
		{"Fairy-Stockfish 140120 LB", []string{"Fairy-", "Stockfish"}},
		{"gpsusi (revision 0.7.0)", []string{"gpsusi", "(revision"}},
		{"Engine-WithAVeryLongName", []string{"Engine-", "WithAVe..."}},
		{"YaneuraOuNNUE", []string{"YaneuraOuN", "NUE"}},
	} {
		got := nameRows(c.in, 10)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("nameRows(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
