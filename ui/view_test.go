package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
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

// The short help bar keeps help and quit whole at every width the board
// fits in, dropping other keys instead of cutting one.
func TestHelpBarFits(t *testing.T) {
	m := New(testOptions())
	for _, w := range []int{70, 80, 100, 140} {
		m.Update(tea.WindowSizeMsg{Width: w, Height: 30})
		lines := strings.Split(m.View(), "\n")
		last := lines[len(lines)-1]
		if !strings.HasSuffix(last, "? help  q quit") || runewidth.StringWidth(last) >= w {
			t.Errorf("width %d: help bar %q", w, last)
		}
	}
}
