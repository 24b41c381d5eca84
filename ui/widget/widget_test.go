package widget

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"kiki/ui/lang"
	"kiki/ui/theme"
)

// The widgets are tested alone: keys in, answers out, no root model.

var th = theme.New(true, true)

// key1 is one key press by name ("enter", "esc" ...) or rune.
func key1(k string) tea.KeyMsg {
	switch k {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "tab":
		return tea.KeyMsg{Type: tea.KeyTab}
	case "shift+tab":
		return tea.KeyMsg{Type: tea.KeyShiftTab}
	case "backspace":
		return tea.KeyMsg{Type: tea.KeyBackspace}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// answer sends keys to d and returns the first answer (nil: still open).
func answer(d Dialog, ks ...string) tea.Msg {
	for _, k := range ks {
		if a, _ := d.Update(key1(k)); a != nil {
			return a
		}
	}
	return nil
}

// Answers the tests ask for, standing for the root's messages.
type (
	yesMsg  struct{}
	saveMsg struct{}
	quitMsg struct{}
	pathMsg struct{ path string }
)

func TestQuestionDialogs(t *testing.T) {
	c := &Confirm{Question: "q?", Yes: yesMsg{}}
	if answer(c, "x", "a") != nil || answer(c, "Y") != (yesMsg{}) {
		t.Error("confirm: y is not yes, or another key answered")
	}
	if answer(&Confirm{Yes: yesMsg{}}, "esc") != (CloseMsg{}) {
		t.Error("confirm: esc does not close")
	}
	choices := func() *Choice {
		return &Choice{Question: "?", Options: []Option{Opt("s", "save", saveMsg{}), Opt("y", "quit", quitMsg{}), Opt("n", "cancel", nil)}}
	}
	for keys, want := range map[string]tea.Msg{
		"y": quitMsg{}, "s": saveMsg{}, "n": CloseMsg{}, "esc": CloseMsg{},
		"enter": saveMsg{}, "tab enter": quitMsg{}, "shift+tab enter": CloseMsg{}, "l l l enter": saveMsg{},
	} {
		if got := answer(choices(), strings.Fields(keys)...); got != want {
			t.Errorf("choice %q: %#v, want %#v", keys, got, want)
		}
	}
}

func TestTextDialogScrollsWithinText(t *testing.T) {
	var lines []string
	for i := 0; i < 10; i++ {
		lines = append(lines, fmt.Sprintf("line%d", i))
	}
	d := &Text{Title: "T", Text: strings.Join(lines, "\n") + "\n"}
	for i := 0; i < 30; i++ {
		if answer(d, "j") != nil {
			t.Fatal("j closed the text")
		}
	}
	if d.offset != 9 {
		t.Fatalf("offset %d after scrolling past the end, want 9 (the last line)", d.offset)
	}
	answer(d, "k", "k")
	v := d.View(&th, 4)
	if !strings.Contains(v, "line7\nline8\nline9") || strings.Contains(v, "line6") {
		t.Errorf("view at offset 7 in 4 lines:\n%s", v)
	}
	for _, k := range []string{"esc", "q", "enter"} {
		if answer(d, k) != (CloseMsg{}) {
			t.Errorf("%s does not close", k)
		}
	}
}

// The path dialog shows what its check says of a path and stays open;
// a path the check takes is answered.
func TestPathDialogChecks(t *testing.T) {
	check := func(p string) error {
		if !strings.HasSuffix(p, ".kif") {
			return errors.New("not a record name")
		}
		return nil
	}
	d := NewPath(lang.English, "save", "x.txt", check, func(p string) tea.Msg { return pathMsg{p} })
	if a := answer(d, "enter"); a != nil || d.err == "" || !strings.Contains(ansi.Strip(d.View(&th, 3)), "not a record name") {
		t.Fatalf("a .txt name: answer %#v err %q", a, d.err)
	}
	d.in.SetValue("x.kif")
	if a := answer(d, "enter"); a != (pathMsg{"x.kif"}) {
		t.Fatalf("x.kif: %#v", a)
	}
	if a := answer(d, "esc"); a != (CloseMsg{}) {
		t.Fatalf("esc: %#v", a)
	}
}

// A list longer than its room says so at its edges: ^ where rows are
// above, v where rows are below (a new user missed engines hidden under
// the registry's first row).
func TestPickerSaysMoreRows(t *testing.T) {
	p := Picker{Items: []string{"a", "b", "c", "d", "e"}, Sel: 0}
	rows := strings.Split(strings.TrimRight(ansi.Strip(p.View(&th, 3, true)), "\n"), "\n")
	if rows[0] != "> a" || rows[2] != "v c" {
		t.Errorf("at the top: %q", rows)
	}
	p.Sel = 4
	rows = strings.Split(strings.TrimRight(ansi.Strip(p.View(&th, 3, true)), "\n"), "\n")
	if rows[0] != "^ c" || rows[2] != "> e" {
		t.Errorf("at the bottom: %q", rows)
	}
	p.Sel = 2
	rows = strings.Split(strings.TrimRight(ansi.Strip(p.View(&th, 5, true)), "\n"), "\n")
	if rows[0] != "  a" || rows[4] != "  e" {
		t.Errorf("all shown: %q", rows)
	}
	if !p.Update(key1("j")) || p.Sel != 3 || p.Update(key1("x")) {
		t.Errorf("j moves down and x is not the picker's: sel %d", p.Sel)
	}
}
