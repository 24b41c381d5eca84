package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"

	"kiki/game"
	"kiki/kif"
	"kiki/ui/match"
)

func TestLangFromEnv(t *testing.T) {
	for env, want := range map[string]Lang{
		"":                              English,
		"LANG=ja_JP.UTF-8":              Japanese,
		"LANG=en_US.UTF-8":              English,
		"LANG=ja_JP.UTF-8 LC_ALL=C":     English,
		"LANG=C LC_MESSAGES=ja_JP.utf8": Japanese,
		"LC_ALL=ja LANG=en_US":          Japanese,
	} {
		vars := map[string]string{}
		for _, kv := range strings.Fields(env) {
			k, v, _ := strings.Cut(kv, "=")
			vars[k] = v
		}
		if got := LangFromEnv(func(k string) string { return vars[k] }); got != want {
			t.Errorf("%q: %v, want %v", env, got, want)
		}
	}
	if l, err := ParseLang("ja"); err != nil || l != Japanese {
		t.Error("ParseLang ja")
	}
	if _, err := ParseLang("fr"); err == nil {
		t.Error("ParseLang fr accepted")
	}
}

// Every entry has both languages, with the same format verbs, and the
// Japanese one is not the English one in disguise (a mixed "日本語
// (English)" message).
func TestCatalogueComplete(t *testing.T) {
	for k, e := range catalogue {
		if e[English] == "" || e[Japanese] == "" {
			t.Errorf("%s: an empty entry %q", k, e)
		}
		if strings.Count(e[English], "%") != strings.Count(e[Japanese], "%") {
			t.Errorf("%s: format verbs differ: %q / %q", k, e[English], e[Japanese])
		}
	}
}

// Every clock kind the new-game dialog offers has a name in the
// catalogue.
func TestClockKindNames(t *testing.T) {
	for _, k := range match.ClockKinds {
		if _, ok := catalogue[fmt.Sprintf("clock.%d", k)]; !ok {
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
		dialogs := map[string]dialog{
			"new game":   m.newGameDialog(false),
			"from here":  m.newGameDialog(true),
			"promotion":  &promoDialog{lang: l},
			"move line":  newMoveLine(l),
			"comment":    newCommentDialog(n, l),
			"open":       m.newOpenDialog(),
			"text":       &textDialog{lang: l, title: "SFEN" + tr(l, "copy.note"), text: p.SFEN()},
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
			screens[name] = stripANSI(d.view(&th, 20))
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
