package textfit

import (
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"
)

// A reading line wraps at spaces, so that no move is cut in two.
func TestWrapKeepsMovesWhole(t *testing.T) {
	line := "13手詰: ▲２八角 △３七歩 ▲同　角 △４六桂 ▲同　角"
	for w := 10; w <= 40; w++ {
		got := Wrap(line, w)
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
	if got := Wrap("あいうえおかきくけこ", 6); len(got) != 4 || got[0] != "あいう" {
		t.Errorf("wrap without spaces: %q", got)
	}
}

// Truncate and Ellipsis cut by display cells, Japanese counting two;
// PadRight pads by them.
func TestCutsAndPadsByCells(t *testing.T) {
	if got := Truncate("あいうえ", 5); got != "あい" {
		t.Errorf("Truncate: %q", got)
	}
	if got := Ellipsis("kiki-the-engine", 8); got != "kiki-..." {
		t.Errorf("Ellipsis: %q", got)
	}
	if got := PadRight("歩", 4); got != "歩  " {
		t.Errorf("PadRight: %q", got)
	}
	if got := WrapLines([]string{"short\n" + strings.Repeat("x ", 10)}, 8); len(got) != 4 || got[0] != "short" {
		t.Errorf("WrapLines: %q", got)
	}
}
