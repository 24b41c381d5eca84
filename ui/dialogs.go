package ui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
	"kiki/ui/widget"
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

func (d *promoDialog) Update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	k := widget.KeyMap()
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

func (d *promoDialog) View(th *Theme, _ int) string {
	yes, no := "[成 y]", " 不成 n "
	if d.no {
		yes, no = " 成 y ", "[不成 n]"
	}
	return th.Title.Render(tr(d.lang, "promo.ask")) + yes + " " + no + th.Dim.Render(tr(d.lang, "promo.keys"))
}
