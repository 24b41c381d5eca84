package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// dialog is a component drawn over the status area that takes the keys
// while it is open. It knows nothing of the root model: its update returns
// an answer, a message the root acts on (play a move, start a game, open
// a record; closeDialogMsg when it only closes), or nil while it stays
// open; cmd is its own work (a text input's). Esc always closes it.
type dialog interface {
	update(msg tea.KeyMsg) (answer tea.Msg, cmd tea.Cmd)
	// view draws the dialog in at most room lines (when it scrolls).
	view(th *Theme, room int) string
}

// closeDialogMsg is the answer of a dialog that closes without asking
// for anything (Esc, or "cancel").
type closeDialogMsg struct{}

// dialogKeys are the keys the dialogs read: one key map, like the
// board's, instead of key names spelt out in each dialog.
type dialogKeys struct {
	Up, Down, Left, Right key.Binding
	Tab, BackTab, Space   key.Binding
	Enter, Esc, Close     key.Binding
	Yes, No               key.Binding
	Save                  key.Binding // the comment editor
	TypePath              key.Binding // the open dialog
}

// dkeys is the dialogs' key map; it is never changed.
var dkeys = dialogKeys{
	Up:       key.NewBinding(key.WithKeys("up", "k")),
	Down:     key.NewBinding(key.WithKeys("down", "j")),
	Left:     key.NewBinding(key.WithKeys("left", "h")),
	Right:    key.NewBinding(key.WithKeys("right", "l")),
	Tab:      key.NewBinding(key.WithKeys("tab")),
	BackTab:  key.NewBinding(key.WithKeys("shift+tab")),
	Space:    key.NewBinding(key.WithKeys(" ")),
	Enter:    key.NewBinding(key.WithKeys("enter")),
	Esc:      key.NewBinding(key.WithKeys("esc")),
	Close:    key.NewBinding(key.WithKeys("esc", "q")),
	Yes:      key.NewBinding(key.WithKeys("y", "Y")),
	No:       key.NewBinding(key.WithKeys("n", "N")),
	Save:     key.NewBinding(key.WithKeys("ctrl+s", "alt+enter")),
	TypePath: key.NewBinding(key.WithKeys("/", ":", "tab")),
}

// picker is the list every listing dialog shows (records to open,
// variations): a cursor over labels, scrolled to keep it in view.
type picker struct {
	items []string
	sel   int
}

// update moves the cursor; it reports whether the key was its own.
func (p *picker) update(msg tea.KeyMsg) bool {
	switch {
	case key.Matches(msg, dkeys.Up):
		p.sel = max(0, p.sel-1)
	case key.Matches(msg, dkeys.Down):
		p.sel = max(0, min(len(p.items)-1, p.sel+1))
	default:
		return false
	}
	return true
}

// view draws at most h rows around the cursor, with ^ and v at the edge
// where more rows are above or below; active false draws no
// cursor (the open dialog while a path is typed).
func (p *picker) view(th *Theme, h int, active bool) string {
	var sb strings.Builder
	start := max(0, min(p.sel-h/2, len(p.items)-h))
	end := min(len(p.items), start+h)
	for i := start; i < end; i++ {
		switch {
		case i == p.sel && active:
			sb.WriteString("> " + th.Current.Render(p.items[i]) + "\n")
		case i == start && start > 0:
			// More above or below than the room shows: said at the edge.
			sb.WriteString(th.Dim.Render("^ ") + p.items[i] + "\n")
		case i == end-1 && end < len(p.items):
			sb.WriteString(th.Dim.Render("v ") + p.items[i] + "\n")
		default:
			sb.WriteString("  " + p.items[i] + "\n")
		}
	}
	return sb.String()
}
