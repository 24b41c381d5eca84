package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
)

// playMoveMsg asks the root to play a legal move.
type playMoveMsg struct{ mv game.Move }

// askPromotionMsg asks the root to ask 成 or 不成 (a typed move that left
// it unsaid).
type askPromotionMsg struct{ promo, plain game.Move }

// deselectMsg puts the picked-up piece back (the promotion was cancelled).
type deselectMsg struct{}

// promoDialog asks 成 or 不成 when both are legal; 成 is the default.
type promoDialog struct {
	lang         Lang
	promo, plain game.Move
	no           bool // 不成 highlighted
}

func (d *promoDialog) update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	k := dkeys
	switch {
	case key.Matches(msg, k.Yes):
		return playMoveMsg{d.promo}, nil
	case key.Matches(msg, k.No):
		return playMoveMsg{d.plain}, nil
	case key.Matches(msg, k.Left, k.Right, k.Up, k.Down, k.Tab):
		d.no = !d.no
	case key.Matches(msg, k.Enter, k.Space):
		if d.no {
			return playMoveMsg{d.plain}, nil
		}
		return playMoveMsg{d.promo}, nil
	case key.Matches(msg, k.Esc):
		return deselectMsg{}, nil
	}
	return nil, nil
}

func (d *promoDialog) view(th *Theme, _ int) string {
	yes, no := "[成 y]", " 不成 n "
	if d.no {
		yes, no = " 成 y ", "[不成 n]"
	}
	return th.Title.Render(tr(d.lang, "promo.ask")) + yes + " " + no + th.Dim.Render(tr(d.lang, "promo.keys"))
}

// confirmDialog asks a yes/no question; yes is the answer to y.
type confirmDialog struct {
	question string
	yes      tea.Msg
}

func (d *confirmDialog) update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	switch {
	case key.Matches(msg, dkeys.Yes):
		return d.yes, nil
	case key.Matches(msg, dkeys.No, dkeys.Esc):
		return closeDialogMsg{}, nil
	}
	return nil, nil
}

func (d *confirmDialog) view(th *Theme, _ int) string { return th.Warn.Render(d.question) }

// choiceDialog asks a question with several answers, each on its own key
// (and left/right + Enter); Esc answers the last one, which is always "cancel".
type choiceDialog struct {
	question string
	choices  []choice
	sel      int
}

// choice is one answer of a choiceDialog; answer nil is "cancel".
type choice struct {
	key, label string
	answer     tea.Msg
}

func (d *choiceDialog) update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	pick := func(c choice) (tea.Msg, tea.Cmd) {
		if c.answer == nil {
			return closeDialogMsg{}, nil
		}
		return c.answer, nil
	}
	k := dkeys
	switch {
	case key.Matches(msg, k.Esc):
		return pick(d.choices[len(d.choices)-1])
	case key.Matches(msg, k.Left, k.BackTab):
		d.sel = (d.sel + len(d.choices) - 1) % len(d.choices)
	case key.Matches(msg, k.Right, k.Tab):
		d.sel = (d.sel + 1) % len(d.choices)
	case key.Matches(msg, k.Enter):
		return pick(d.choices[d.sel])
	default:
		for _, c := range d.choices {
			if key.Matches(msg, key.NewBinding(key.WithKeys(c.key))) {
				return pick(c)
			}
		}
	}
	return nil, nil
}

func (d *choiceDialog) view(th *Theme, _ int) string {
	var sb strings.Builder
	sb.WriteString(th.Warn.Render(d.question) + "\n")
	for i, c := range d.choices {
		label := c.key + " " + c.label
		if i == d.sel {
			sb.WriteString("[" + th.Current.Render(label) + "] ")
		} else {
			sb.WriteString(" " + label + "  ")
		}
	}
	return strings.TrimRight(sb.String(), " ")
}

// textDialog shows a text (help, a copied SFEN or record) until Esc.
type textDialog struct {
	lang        Lang
	title, text string
	offset      int
}

func (d *textDialog) update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	switch {
	case key.Matches(msg, dkeys.Close, dkeys.Enter):
		return closeDialogMsg{}, nil
	case key.Matches(msg, dkeys.Down):
		d.offset = min(d.offset+1, len(d.lines())-1)
	case key.Matches(msg, dkeys.Up):
		d.offset = max(0, d.offset-1)
	}
	return nil, nil
}

func (d *textDialog) lines() []string { return strings.Split(strings.TrimRight(d.text, "\n"), "\n") }

func (d *textDialog) view(th *Theme, room int) string {
	lines := d.lines()
	h := max(3, room-1)
	off := min(d.offset, len(lines)-1)
	lines = lines[off:min(len(lines), off+h)]
	return th.Title.Render(d.title) + th.Dim.Render(tr(d.lang, "text.keys")) + "\n" + strings.Join(lines, "\n")
}
