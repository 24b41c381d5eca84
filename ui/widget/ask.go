package widget

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/ui/lang"
	"kiki/ui/theme"
)

// Confirm asks a yes/no question; Yes is the answer to y.
type Confirm struct {
	Question string
	Yes      tea.Msg
}

// Update answers y with Yes, and n or Esc with CloseMsg.
func (d *Confirm) Update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	switch {
	case key.Matches(msg, keys.Yes):
		return d.Yes, nil
	case key.Matches(msg, keys.No, keys.Esc):
		return CloseMsg{}, nil
	}
	return nil, nil
}

// View is the question.
func (d *Confirm) View(th *theme.Theme, _ int) string { return th.Warn.Render(d.Question) }

// Choice asks a question with several answers, each on its own key (and
// left/right + Enter); Esc answers the last one, which is always
// "cancel". Sel is the answer Enter gives at first.
type Choice struct {
	Question string
	Options  []Option
	Sel      int
}

// Option is one answer of a Choice; Answer nil is "cancel".
type Option struct {
	Key, Label string
	Answer     tea.Msg
}

// Opt is the answer to key, labelled label (nil: cancel).
func Opt(key, label string, answer tea.Msg) Option {
	return Option{Key: key, Label: label, Answer: answer}
}

// Update answers an option's key, or Enter on the one chosen with
// left/right.
func (d *Choice) Update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	pick := func(c Option) (tea.Msg, tea.Cmd) {
		if c.Answer == nil {
			return CloseMsg{}, nil
		}
		return c.Answer, nil
	}
	k := keys
	switch {
	case key.Matches(msg, k.Esc):
		return pick(d.Options[len(d.Options)-1])
	case key.Matches(msg, k.Left, k.BackTab):
		d.Sel = (d.Sel + len(d.Options) - 1) % len(d.Options)
	case key.Matches(msg, k.Right, k.Tab):
		d.Sel = (d.Sel + 1) % len(d.Options)
	case key.Matches(msg, k.Enter):
		return pick(d.Options[d.Sel])
	default:
		for _, c := range d.Options {
			if key.Matches(msg, key.NewBinding(key.WithKeys(c.Key))) {
				return pick(c)
			}
		}
	}
	return nil, nil
}

// View is the question over its answers, the chosen one in brackets.
func (d *Choice) View(th *theme.Theme, _ int) string {
	var sb strings.Builder
	sb.WriteString(th.Warn.Render(d.Question) + "\n")
	for i, c := range d.Options {
		label := c.Key + " " + c.Label
		if i == d.Sel {
			sb.WriteString("[" + th.Current.Render(label) + "] ")
		} else {
			sb.WriteString(" " + label + "  ")
		}
	}
	return strings.TrimRight(sb.String(), " ")
}

// Text shows a text (help, a copied SFEN or record) until Esc.
type Text struct {
	Lang        lang.Lang
	Title, Text string
	offset      int
}

// Update scrolls the text, and closes on Esc, q or Enter.
func (d *Text) Update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	switch {
	case key.Matches(msg, keys.Close, keys.Enter):
		return CloseMsg{}, nil
	case key.Matches(msg, keys.Down):
		d.offset = min(d.offset+1, len(d.lines())-1)
	case key.Matches(msg, keys.Up):
		d.offset = max(0, d.offset-1)
	}
	return nil, nil
}

func (d *Text) lines() []string { return strings.Split(strings.TrimRight(d.Text, "\n"), "\n") }

// View is the title over as many of the text's lines as room holds.
func (d *Text) View(th *theme.Theme, room int) string {
	lines := d.lines()
	h := max(3, room-1)
	off := min(d.offset, len(lines)-1)
	lines = lines[off:min(len(lines), off+h)]
	return th.Title.Render(d.Title) + th.Dim.Render(lang.Tr(d.Lang, "text.keys")) + "\n" + strings.Join(lines, "\n")
}
