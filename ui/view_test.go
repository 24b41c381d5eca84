package ui

import (
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"
)

func TestWrapKeepsMovesWhole(t *testing.T) {
	line := "13手詰: ▲２八角 △３七歩 ▲同　角 △４六桂 ▲同　角"
	for w := 10; w <= 40; w++ {
		got := wrap(line, w)
		for _, l := range got {
			if runewidth.StringWidth(l) > w {
				t.Fatalf("width %d: line %q is wider", w, l)
			}
		}
		if strings.Join(got, " ") != line {
			t.Fatalf("width %d: %q does not rejoin to the text", w, got)
		}
	}
	// Text without spaces still breaks, anywhere.
	if got := wrap("あいうえおかきくけこ", 6); len(got) != 4 || got[0] != "あいう" {
		t.Errorf("wrap without spaces: %q", got)
	}
}
