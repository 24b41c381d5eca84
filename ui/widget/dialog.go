// Package widget holds the screen's generic dialogs: the dialog
// interface the root routes keys to, the list picker, the yes/no and
// several-answer questions, the text viewer, the path prompt and the
// record opener. A widget knows nothing of the root model: its Update
// returns an answer, a message the root acts on, or nil while it stays
// open.
package widget

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/ui/theme"
)

// Dialog is a component drawn over the status area that takes the keys
// while it is open. Update returns an answer (CloseMsg when it only
// closes), or nil while it stays open; cmd is its own work (a text
// input's). Esc always closes it.
type Dialog interface {
	Update(msg tea.KeyMsg) (answer tea.Msg, cmd tea.Cmd)
	// View draws the dialog in at most room lines (when it scrolls).
	View(th *theme.Theme, room int) string
}

// CloseMsg is the answer of a dialog that closes without asking for
// anything (Esc, or "cancel").
type CloseMsg struct{}

// Keys are the keys the dialogs read: one key map, like the board's,
// instead of key names spelt out in each dialog.
type Keys struct {
	Up, Down, Left, Right key.Binding
	Tab, BackTab, Space   key.Binding
	Enter, Esc, Close     key.Binding
	Yes, No               key.Binding
	Save                  key.Binding // the comment editor
	TypePath              key.Binding // the open dialog
}

// keys is the dialogs' key map; it is never changed (KeyMap hands out
// copies).
var keys = Keys{
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

// KeyMap is the dialogs' key map, for dialogs outside this package.
func KeyMap() Keys { return keys }
