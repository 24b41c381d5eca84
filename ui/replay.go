package ui

import (
	"fmt"
	"strconv"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/kif"
	"kiki/ui/widget"
)

// step moves n plies through the line on screen (negative: back).
func (m *Model) step(n int) tea.Cmd {
	if m.s.playing && !m.s.end.over {
		m.setMessage(m.tr("rp.gameOn"), true)
		return nil
	}
	m.cancelAIUnlessAnalysis()
	for ; n < 0 && m.s.back(); n++ {
	}
	for ; n > 0 && m.s.forward(); n-- {
	}
	m.board.deselect()
	return m.analysisFollow()
}

func (m *Model) cancelAIUnlessAnalysis() {
	if m.ai.thinking && m.ai.purpose != purposeAnalysis {
		m.cancelAI()
	}
}

// jumpKey collects the digits after 'g' and jumps on Enter.
func (m *Model) jumpKey(msg tea.KeyMsg) tea.Cmd {
	s := msg.String()
	switch {
	case len(s) == 1 && s[0] >= '0' && s[0] <= '9':
		m.jumpDigits += s
		m.setMessage(m.tr("rp.goto")+m.jumpDigits, false)
		return nil
	case s == "backspace" && m.jumpDigits != "":
		m.jumpDigits = m.jumpDigits[:len(m.jumpDigits)-1]
		m.setMessage(m.tr("rp.goto")+m.jumpDigits, false)
		return nil
	case s == "enter":
		m.pendingG = false
		n, err := strconv.Atoi(m.jumpDigits)
		if err != nil {
			m.setMessage(m.tr("rp.noNumber"), true)
			return nil
		}
		m.setMessage("", false)
		return m.step(n - m.s.node.Ply)
	}
	m.pendingG = false
	m.setMessage("", false)
	return nil
}

// switchBranch moves to the previous or next alternative of the nearest
// move (at or before the current one) that has alternatives.
func (m *Model) switchBranch(dir int) tea.Cmd {
	for n := m.s.node; n != nil && n.Parent != nil; n = n.Parent {
		sib := n.Parent.Children
		if len(sib) < 2 {
			continue
		}
		i := (n.Index() + dir + len(sib)) % len(sib)
		target := sib[i]
		if target.IsSpecial() {
			m.s.goTo(n.Parent)
		} else {
			m.s.goTo(target)
		}
		m.setMessage(fmt.Sprintf(m.tr("rp.variation"), i+1, len(sib), target.Ply), false)
		return m.analysisFollow()
	}
	m.setMessage(m.tr("rp.noVariations"), true)
	return nil
}

// openVariations lists the alternatives to the next move (or, at the end
// of a line, to the current one).
func (m *Model) openVariations() {
	parent := m.s.node
	if len(parent.Children) < 2 && parent.Parent != nil && len(parent.Parent.Children) >= 2 {
		parent = parent.Parent
	}
	if len(parent.Children) < 2 {
		m.setMessage(m.tr("rp.noVariations"), true)
		return
	}
	m.dialog = newVariationsDialog(parent, m.s.node, m.lang)
}

// promoteVariation makes the current line the main line.
func (m *Model) promoteVariation() {
	if m.s.node.IsMainLine() {
		m.setMessage(m.tr("rp.alreadyMain"), true)
		return
	}
	kif.Promote(m.s.node)
	m.s.markEdited()
	m.setMessage(m.tr("rp.nowMain"), false)
}

// deleteVariation removes the variation the current move belongs to.
func (m *Model) deleteVariation() {
	n := m.s.node
	for n.Parent != nil && n.Index() == 0 {
		n = n.Parent
	}
	if n.Parent == nil {
		m.setMessage(m.tr("rp.cannotDelete"), true)
		return
	}
	m.dialog = &widget.Confirm{Question: fmt.Sprintf(m.tr("ask.deleteVar"), n.Ply, nodeLabel(n)), Yes: deleteVariationMsg{n}}
}
