package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/kif"
	"kiki/ui/widget"
)

// variationsDialog lists the alternatives to the next move.
type variationsDialog struct {
	lang   Lang
	parent *kif.Node
	list   widget.Picker
}

// gotoVariationMsg asks the root to show a variation: child of parent
// (parent itself when child is an ending).
type gotoVariationMsg struct{ parent, child *kif.Node }

// newVariationsDialog lists parent's children with cur chosen.
func newVariationsDialog(parent, cur *kif.Node, l Lang) *variationsDialog {
	d := &variationsDialog{parent: parent, lang: l}
	for i, c := range parent.Children {
		label := nodeLabel(c)
		if i == 0 {
			label += tr(l, "var.main")
		}
		d.list.Items = append(d.list.Items, label)
		if c == cur {
			d.list.Sel = i
		}
	}
	return d
}

func (d *variationsDialog) Update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	switch {
	case key.Matches(msg, widget.KeyMap().Close):
		return widget.CloseMsg{}, nil
	case d.list.Update(msg):
	case key.Matches(msg, widget.KeyMap().Enter):
		return gotoVariationMsg{d.parent, d.parent.Children[d.list.Sel]}, nil
	}
	return nil, nil
}

func (d *variationsDialog) View(th *Theme, room int) string {
	head := th.Title.Render(fmt.Sprintf(tr(d.lang, "var.title"), d.parent.Ply+1)) + th.Dim.Render(tr(d.lang, "var.keys")) + "\n"
	return strings.TrimRight(head+d.list.View(th, max(len(d.list.Items), room-1), true), "\n")
}

// nodeLabel is a node as the move list writes it.
func nodeLabel(n *kif.Node) string {
	if n.IsSpecial() {
		return n.Text()
	}
	return kif.MoveLabel(n.Move, n.Parent.Move)
}
