package widget

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/ui/lang"
	"kiki/ui/theme"
)

// Path asks for a file name (save as).
type Path struct {
	lang  lang.Lang
	in    textinput.Model
	title string
	err   string
	// check refuses a path (the error is shown and the dialog stays);
	// answer is the answer for a path it takes.
	check  func(path string) error
	answer func(path string) tea.Msg
}

// NewPath asks for a path under title, value typed already; check
// refuses a path, answer is the answer for one it takes.
func NewPath(l lang.Lang, title, value string, check func(string) error, answer func(string) tea.Msg) *Path {
	in := textinput.New()
	in.Prompt = "> "
	in.SetValue(value)
	in.CharLimit = 400
	in.Focus()
	return &Path{lang: l, in: in, title: title, check: check, answer: answer}
}

// Value is the path as typed so far.
func (d *Path) Value() string { return d.in.Value() }

// SetValue replaces the typed path (as a paste would).
func (d *Path) SetValue(path string) { d.in.SetValue(path) }

// Update edits the path; Enter answers it, if check takes it.
func (d *Path) Update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	switch {
	case key.Matches(msg, keys.Esc):
		return CloseMsg{}, nil
	case key.Matches(msg, keys.Enter):
		path := strings.TrimSpace(d.in.Value())
		if err := d.check(path); err != nil {
			d.err = err.Error()
			return nil, nil
		}
		return d.answer(path), nil
	}
	var cmd tea.Cmd
	d.in, cmd = d.in.Update(msg)
	d.err = ""
	return nil, cmd
}

// View is the title, the field and what check said of the last path.
func (d *Path) View(th *theme.Theme, _ int) string {
	s := th.Title.Render(d.title) + th.Dim.Render(lang.Tr(d.lang, "path.keys")) + "\n" + d.in.View()
	if d.err != "" {
		s += "\n" + th.Warn.Render(d.err)
	}
	return s
}

// Prompt is a focused one-line field after ": ", as the typed-move and
// typed-squares prompts show it, holding at most limit characters.
func Prompt(placeholder string, limit int) textinput.Model {
	in := textinput.New()
	in.Prompt = ": "
	in.Placeholder = placeholder
	in.CharLimit = limit
	in.Focus()
	return in
}
