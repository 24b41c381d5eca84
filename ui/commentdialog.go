package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textarea"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/kif"
	"kiki/ui/widget"
)

// commentDialog edits the comment of the current move.
type commentDialog struct {
	lang Lang
	ta   textarea.Model
	node *kif.Node
}

// commentMsg asks the root to set the comment lines of a node.
type commentMsg struct {
	node  *kif.Node
	lines []string
}

func newCommentDialog(n *kif.Node, l Lang) *commentDialog {
	ta := textarea.New()
	ta.SetValue(strings.Join(n.Comments, "\n"))
	ta.SetWidth(60)
	ta.SetHeight(4)
	ta.ShowLineNumbers = false
	ta.Prompt = "| " // the default "┃" is ambiguous-width
	ta.Focus()
	return &commentDialog{ta: ta, node: n, lang: l}
}

func (d *commentDialog) Update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	switch {
	case key.Matches(msg, widget.KeyMap().Esc):
		return widget.CloseMsg{}, nil
	case key.Matches(msg, widget.KeyMap().Save):
		text := strings.TrimRight(d.ta.Value(), "\n")
		var lines []string
		if text != "" {
			lines = strings.Split(text, "\n")
		}
		if strings.Join(lines, "\n") == strings.Join(d.node.Comments, "\n") {
			return widget.CloseMsg{}, nil
		}
		return commentMsg{d.node, lines}, nil
	}
	var cmd tea.Cmd
	d.ta, cmd = d.ta.Update(msg)
	return nil, cmd
}

func (d *commentDialog) View(th *Theme, _ int) string {
	return th.Title.Render(tr(d.lang, "comment.title")) + th.Dim.Render(tr(d.lang, "comment.keys")) + "\n" + d.ta.View()
}
