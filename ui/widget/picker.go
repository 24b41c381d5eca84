package widget

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/ui/theme"
)

// Picker is the list every listing dialog shows (records to open,
// variations, engines): a cursor over labels, scrolled to keep it in
// view.
type Picker struct {
	Items []string
	Sel   int
}

// Update moves the cursor; it reports whether the key was its own.
func (p *Picker) Update(msg tea.KeyMsg) bool {
	switch {
	case key.Matches(msg, keys.Up):
		p.Sel = max(0, p.Sel-1)
	case key.Matches(msg, keys.Down):
		p.Sel = max(0, min(len(p.Items)-1, p.Sel+1))
	default:
		return false
	}
	return true
}

// View draws at most h rows around the cursor, with ^ and v at the edge
// where more rows are above or below; active false draws no cursor (the
// open dialog while a path is typed).
func (p *Picker) View(th *theme.Theme, h int, active bool) string {
	var sb strings.Builder
	start := max(0, min(p.Sel-h/2, len(p.Items)-h))
	end := min(len(p.Items), start+h)
	for i := start; i < end; i++ {
		switch {
		case i == p.Sel && active:
			sb.WriteString("> " + th.Current.Render(p.Items[i]) + "\n")
		case i == start && start > 0:
			// More above or below than the room shows: said at the edge.
			sb.WriteString(th.Dim.Render("^ ") + p.Items[i] + "\n")
		case i == end-1 && end < len(p.Items):
			sb.WriteString(th.Dim.Render("v ") + p.Items[i] + "\n")
		default:
			sb.WriteString("  " + p.Items[i] + "\n")
		}
	}
	return sb.String()
}
