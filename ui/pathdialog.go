package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
)

// pathDialog asks for a file name (save as).
type pathDialog struct {
	lang  Lang
	in    textinput.Model
	title string
	err   string
	// check refuses a path (the error is shown and the dialog stays);
	// answer is the answer for a path it takes.
	check  func(path string) error
	answer func(path string) tea.Msg
}

func newPathDialog(l Lang, title, value string, check func(string) error, answer func(string) tea.Msg) *pathDialog {
	in := textinput.New()
	in.Prompt = "> "
	in.SetValue(value)
	in.CharLimit = 400
	in.Focus()
	return &pathDialog{lang: l, in: in, title: title, check: check, answer: answer}
}

func (d *pathDialog) update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	switch {
	case key.Matches(msg, dkeys.Esc):
		return closeDialogMsg{}, nil
	case key.Matches(msg, dkeys.Enter):
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

func (d *pathDialog) view(th *Theme, _ int) string {
	s := th.Title.Render(d.title) + th.Dim.Render(tr(d.lang, "path.keys")) + "\n" + d.in.View()
	if d.err != "" {
		s += "\n" + th.Warn.Render(d.err)
	}
	return s
}
