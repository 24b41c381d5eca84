package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/mattn/go-runewidth"

	"kiki/game"
	"kiki/kif"
	"kiki/ui/board"
	"kiki/ui/lang"
	"kiki/ui/match"
	"kiki/ui/widget"
)

// Every clock kind the new-game dialog offers has a name in the
// catalogue.
func TestClockKindNames(t *testing.T) {
	for _, k := range match.ClockKinds {
		if !lang.Has(fmt.Sprintf("clock.%d", k)) {
			t.Errorf("clock kind %v has no catalogue entry", k)
		}
	}
}

// ambiguous lists the ambiguous-width runes of s (they take one or two
// columns depending on the terminal's East-Asian setting).
func ambiguous(s string) string {
	var out []rune
	for _, r := range s {
		if runewidth.IsAmbiguousWidth(r) {
			out = append(out, r)
		}
	}
	return string(out)
}

// The help (keys and the legend of board marks) and the dialogs hold no
// ambiguous-width character, in either language, and each speaks one
// language: the English screens hold no Japanese beyond shogi's words.
func TestHelpAndDialogsOneLanguageNoAmbiguousWidth(t *testing.T) {
	for _, l := range []Lang{English, Japanese} {
		o := testOptions()
		o.Lang = l
		m := newTestModel(o)
		m.showHelp = true
		help := stripANSI(m.helpBar(200, 40))
		for _, mk := range boardMarks {
			if !strings.Contains(help, tr(l, mk[1])) {
				t.Errorf("%v: the help's legend lacks %s (%s)", l, mk[0], tr(l, mk[1]))
			}
		}
		n := &kif.Node{Comments: []string{"c"}}
		p := game.NewStartPosition()
		hm := m.help
		hm.ShowAll = true
		screens := map[string]string{"help": help, "editor help": stripANSI(hm.View(m.keys.editHelp()))}
		if l == Japanese && !strings.Contains(screens["editor help"], "駒箱へ") || l == English && !strings.Contains(screens["editor help"], "to the box") {
			t.Errorf("%v: editor help\n%s", l, screens["editor help"])
		}
		dialogs := map[string]widget.Dialog{
			"new game":   m.newGameDialog(false),
			"from here":  m.newGameDialog(true),
			"promotion":  &promoDialog{lang: l},
			"move line":  newMoveLine(l),
			"comment":    newCommentDialog(n, l),
			"open":       m.newOpenDialog(),
			"text":       &widget.Text{Lang: l, Title: "SFEN" + tr(l, "copy.note"), Text: p.SFEN()},
			"save as":    m.saveAsDialog("game.kif", nil),
			"quit":       nil,
			"game on":    nil,
			"recovering": nil,
		}
		press(m, ":", "7g7f", "enter", "q")
		dialogs["quit"] = m.dialog
		m.dialog = nil
		press(m, "n")
		dialogs["game on"] = m.dialog
		m.dialog = nil
		for name, d := range dialogs {
			if d == nil {
				continue
			}
			screens[name] = stripANSI(d.View(&th, 20))
		}
		for name, s := range screens {
			if a := ambiguous(s); a != "" {
				t.Errorf("%v %s: ambiguous-width %q in\n%s", l, name, a, s)
			}
			if l == English {
				for _, w := range []string{"保存", "します", "ください", "対局", "取消", "終了"} {
					if strings.Contains(s, w) {
						t.Errorf("English %s holds Japanese %q:\n%s", name, w, s)
					}
				}
			}
		}
	}
}

// Whole screens, in every layout and both languages, with the effect map,
// the check study, the analysis's candidates, a hint, the whole-game
// analysis and a dialog open: no ambiguous-width character reaches the
// screen (the move marks ▲ △ are spelt ☗ ☖), and the English screens
// hold none of the program's Japanese words.
func TestScreensNoAmbiguousWidth(t *testing.T) {
	jaWords := []string{"の番", "最終手", "棋譜", "開始局面", "逆利き", "候補手", "読み筋", "最善", "なし", "持駒", "深さ", "検討", "対局", "保存", "取消"}
	for _, l := range []Lang{English, Japanese} {
		for _, ls := range append(layoutSizes, struct {
			size board.Size
			w, h int
		}{board.Compact, 80, 24}) {
			o := testOptions()
			o.Lang = l
			o.Record = longRecord(40)
			m := New(o)
			m.Update(tea.WindowSizeMsg{Width: ls.w, Height: ls.h})
			m.step(20)
			screens := map[string]string{}
			m.study.effectMap = true
			screens["effect map"] = m.View()
			m.study.effectMap, m.study.checkStudy = false, true
			screens["check study"] = m.View()
			m.study.checkStudy = false
			analysing(t, m)
			screens["analysis"] = m.View()
			m.ai.thinking = false
			var ml game.MoveList
			m.s.pos.LegalMoves(&ml)
			m.hint = hintState{mv: ml.At(0), key: m.s.pos.Key()}
			m.message = tr(l, "ai.hint") + "x"
			screens["hint"] = m.View()
			m.dialog = m.newGameDialog(false)
			screens["dialog"] = m.View()
			m.dialog = nil
			m.showHelp = true
			screens["help"] = m.View()
			for name, s := range screens {
				s = stripANSI(s)
				where := fmt.Sprintf("%v %d×%d %s", l, ls.w, ls.h, name)
				if a := ambiguous(s); a != "" {
					t.Errorf("%s: ambiguous-width %q in\n%s", where, a, s)
				}
				if l == English {
					for _, w := range jaWords {
						if strings.Contains(s, w) {
							t.Errorf("%s: Japanese %q on the English screen:\n%s", where, w, s)
						}
					}
				}
			}
		}
	}
}
