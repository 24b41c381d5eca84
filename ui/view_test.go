package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/mattn/go-runewidth"
)

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
