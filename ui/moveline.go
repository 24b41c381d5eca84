package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
	"kiki/kif"
	"kiki/ui/widget"
)

// moveLine is the typed-move prompt opened with ':' — USI (7g7f, P*5e) or
// Japanese (76歩, 同歩, 55角打, 24歩成, 58金右). The root keeps pos and
// canMove up to date (the AI may move while the prompt is open).
type moveLine struct {
	lang    Lang
	in      textinput.Model
	err     string
	pos     *game.Position
	canMove bool
}

func newMoveLine(l Lang) *moveLine {
	return &moveLine{in: widget.Prompt("7g7f, P*5e, 76歩, 同歩, 55角打, 58金右", 40), lang: l}
}

func (d *moveLine) Update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	switch {
	case key.Matches(msg, widget.KeyMap().Esc):
		return widget.CloseMsg{}, nil
	case key.Matches(msg, widget.KeyMap().Enter):
		text := strings.TrimSpace(d.in.Value())
		if text == "" {
			return widget.CloseMsg{}, nil
		}
		if !d.canMove || d.pos == nil {
			d.err = tr(d.lang, "move.aiTurn")
			return nil, nil
		}
		mv, err := parseTypedMove(d.pos, text)
		if err != nil {
			// Keep the prompt open with the error, ready for a new move.
			d.err = typedMoveWords(d.lang, d.pos, text, err)
			d.in.SetValue("")
			return nil, nil
		}
		if promo, ask := promotionUnsaid(d.pos, text, mv); ask {
			return askPromotionMsg{promo: promo, plain: mv}, nil
		}
		return playMoveMsg{mv}, nil
	}
	var cmd tea.Cmd
	d.in, cmd = d.in.Update(msg)
	d.err = ""
	return nil, cmd
}

func (d *moveLine) View(th *Theme, _ int) string {
	s := d.in.View()
	if d.err != "" {
		s += "\n" + th.Warn.Render(d.err)
	}
	return s
}

// parseTypedMove reads USI first, then Japanese notation.
func parseTypedMove(p *game.Position, text string) (game.Move, error) {
	if isUSIish(text) {
		return p.ParseUSIMove(text)
	}
	return kif.ParseJapanese(p, text, p.LastMove())
}

// promotionUnsaid reports whether a typed Japanese move left the
// promotion unsaid (neither 成 nor 不成/生) while both are legal, and
// returns the promoting move to offer. USI says it with '+'.
func promotionUnsaid(p *game.Position, text string, mv game.Move) (game.Move, bool) {
	if isUSIish(text) || mv.IsDrop() || mv.IsPromotion() {
		return game.NoMove, false
	}
	if mt, err := kif.ParseMoveText(text); err != nil || mt.Promote || mt.NoPromo {
		return game.NoMove, false
	}
	promo := game.NewMove(mv.From(), mv.To(), mv.Piece(), mv.Captured(), true)
	return promo, p.IsLegal(promo)
}

func isUSIish(s string) bool {
	if len(s) < 4 || len(s) > 5 {
		return false
	}
	for _, r := range s {
		if r > 127 {
			return false
		}
	}
	return s[1] == '*' || s[1] >= 'a' && s[1] <= 'i'
}
