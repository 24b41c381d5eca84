package ui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/mattn/go-runewidth"

	"kiki/ui/engines"
	"kiki/ui/textfit"
	"kiki/ui/widget"
)

// optionsDialog sets a registered engine's options, one row for each
// option it declared, with the value it will be given. It is opened from
// the registry screen (o or Enter), which saves what it answers into
// engines.json; Esc leaves the values as they were.
type optionsDialog struct {
	lang   Lang
	name   string // the engine's name in the registry
	rows   []optionRow
	orig   []optionRow   // as opened, to mark the rows changed
	list   widget.Picker // its items are drawn afresh by view
	typing bool
	in     textinput.Model
	note   string
	warn   bool
}

// optionsOutcome is how a key leaves the options dialog.
type optionsOutcome uint8

const (
	optionsOpen optionsOutcome = iota
	optionsSave
	optionsDiscard
)

var optKeys = struct{ Options, Reset, Save key.Binding }{
	Options: key.NewBinding(key.WithKeys("o", "enter")),
	Reset:   key.NewBinding(key.WithKeys("d")),
	Save:    key.NewBinding(key.WithKeys("s", "ctrl+s")),
}

func newOptionsDialog(l Lang, e EngineEntry) *optionsDialog {
	rows := optionRows(e)
	d := &optionsDialog{lang: l, name: e.Name, rows: rows, orig: slices.Clone(rows)}
	d.list.Items = make([]string, len(rows))
	return d
}

// values are the user's values as the dialog holds them.
func (d *optionsDialog) values() []OptionSetting { return rowValues(d.rows) }

// changed reports whether any value differs from the one it opened with.
func (d *optionsDialog) changed() bool {
	return slices.ContainsFunc(d.rows, func(r optionRow) bool { return d.rowChanged(r) })
}

// rowChanged reports whether row r differs from how it was opened.
func (d *optionsDialog) rowChanged(r optionRow) bool {
	i := slices.IndexFunc(d.orig, func(o optionRow) bool { return o.opt.Name == r.opt.Name })
	return i < 0 || d.orig[i].set != r.set || d.orig[i].value != r.value
}

func (d *optionsDialog) update(msg tea.KeyMsg) (optionsOutcome, tea.Cmd) {
	if d.typing {
		return optionsOpen, d.typingKey(msg)
	}
	if len(d.rows) == 0 {
		return optionsDiscard, nil // not opened so: openOptions refuses
	}
	r := &d.rows[d.list.Sel]
	d.note, d.warn = "", false
	switch {
	case key.Matches(msg, widget.KeyMap().Esc):
		return optionsDiscard, nil
	case key.Matches(msg, optKeys.Save):
		return optionsSave, nil
	case d.list.Update(msg):
	case key.Matches(msg, optKeys.Reset):
		r.reset()
	case key.Matches(msg, widget.KeyMap().Left):
		r.step(-1)
	case key.Matches(msg, widget.KeyMap().Right, widget.KeyMap().Space):
		r.step(1)
	case key.Matches(msg, widget.KeyMap().Enter):
		if r.typed() {
			d.startTyping(r, "")
		} else {
			r.step(1)
		}
	case r.opt.Type == "spin" && !r.unknown && msg.Type == tea.KeyRunes && strings.Trim(string(msg.Runes), "-0123456789") == "":
		// A number typed on a spin row starts its field.
		d.startTyping(r, string(msg.Runes))
	}
	return optionsOpen, nil
}

// startTyping opens the field of row r, holding its value (or text, the
// first key typed).
func (d *optionsDialog) startTyping(r *optionRow, text string) {
	if text == "" {
		text, _ = r.effective()
		if text == usiEmpty {
			text = ""
		}
	}
	d.typing = true
	d.in = textinput.New()
	d.in.Prompt = "> "
	d.in.CharLimit = 1000
	d.in.SetValue(text)
	d.in.Focus()
}

// typingKey: Enter gives the row the typed value (a spin's out of its
// range is refused, saying the range, and the field stays open); Esc
// closes the field, the value unchanged.
func (d *optionsDialog) typingKey(msg tea.KeyMsg) tea.Cmd {
	r := &d.rows[d.list.Sel]
	switch {
	case key.Matches(msg, widget.KeyMap().Esc):
		d.typing, d.note = false, ""
		return nil
	case key.Matches(msg, widget.KeyMap().Enter):
		if err := r.setTyped(d.in.Value()); err != nil {
			old, _ := r.effective()
			d.note = fmt.Sprintf(tr(d.lang, "opt.outOfRange"), r.opt.Name, r.opt.Min, r.opt.Max, strings.TrimSpace(d.in.Value()), old)
			d.warn = true
			return nil
		}
		d.typing, d.note = false, ""
		return nil
	}
	var cmd tea.Cmd
	d.in, cmd = d.in.Update(msg)
	return cmd
}

// optNameWidth bounds the names' column (fairy-stockfish's longest is
// "Minimum Thinking Time").
const (
	optNameWidth  = 22
	optValueWidth = 28
)

func (d *optionsDialog) view(th *Theme, room int) string {
	var sb strings.Builder
	sb.WriteString(th.Title.Render(fmt.Sprintf(tr(d.lang, "opt.title"), d.name)) + "\n")
	if len(d.rows) == 0 {
		return sb.String()
	}
	nameW, typeW := 0, 0
	for _, r := range d.rows {
		nameW = max(nameW, runewidth.StringWidth(r.opt.Name))
		typeW = max(typeW, runewidth.StringWidth(d.typeWord(r)))
	}
	nameW = min(nameW, optNameWidth)
	for i, r := range d.rows {
		mark := " "
		if d.rowChanged(r) {
			mark = "*"
		}
		d.list.Items[i] = mark + textfit.PadRight(textfit.Ellipsis(r.opt.Name, nameW), nameW) + "  " + textfit.PadRight(d.typeWord(r), typeW) + "  " + d.valueWords(r)
	}
	// Under the list: the row's details, the field when typing, the
	// keys, the note; the list has the rest of the room.
	var tail strings.Builder
	tail.WriteString(th.Dim.Render(d.details(d.rows[d.list.Sel])) + "\n")
	if d.typing {
		tail.WriteString(d.in.View() + th.Dim.Render(tr(d.lang, "opt.typeKeys")) + "\n")
	} else {
		tail.WriteString(th.Dim.Render(tr(d.lang, "opt.keys")) + "\n")
	}
	if d.note != "" {
		style := th.Dim
		if d.warn {
			style = th.Warn
		}
		tail.WriteString(style.Render(d.note) + "\n")
	}
	sb.WriteString(d.list.View(th, max(1, room-1-strings.Count(tail.String(), "\n")), true))
	sb.WriteString(tail.String())
	return strings.TrimRight(sb.String(), "\n")
}

// typeWord names the row's type in the screen's words.
func (d *optionsDialog) typeWord(r optionRow) string {
	if r.unknown {
		return tr(d.lang, "opt.type.unknown")
	}
	return trOr(d.lang, "opt.type."+r.opt.Type, r.opt.Type)
}

// valueWords is the row's value as shown: a check's on or off, a
// button's pressed or not, "<empty>" as nothing; a default is marked as
// the engine's or kiki's.
func (d *optionsDialog) valueWords(r optionRow) string {
	v, from := r.effective()
	switch {
	case r.unknown:
		return textfit.Ellipsis(v, optValueWidth)
	case r.opt.Type == "check":
		v = tr(d.lang, map[bool]string{true: "opt.on", false: "opt.off"}[v == "true"])
	case r.opt.Type == "button":
		v = tr(d.lang, map[bool]string{true: "opt.pressed", false: "opt.notPressed"}[r.set])
	case v == usiEmpty:
		v = ""
	}
	v = textfit.Ellipsis(v, optValueWidth)
	switch from {
	case kikiDefaultValue:
		v += " " + tr(d.lang, "opt.kikiDefault")
	case engineDefault:
		if r.opt.Type != "button" {
			v = strings.TrimLeft(v+" "+tr(d.lang, "opt.default"), " ")
		}
	}
	return v
}

// details says what the selected row takes, and its defaults.
func (d *optionsDialog) details(r optionRow) string {
	l := d.lang
	if r.unknown {
		return fmt.Sprintf(tr(l, "opt.unknownHelp"), r.opt.Name)
	}
	def := r.opt.Default
	if def == usiEmpty {
		def = ""
	}
	var s string
	switch r.opt.Type {
	case "spin":
		s = fmt.Sprintf(tr(l, "opt.spinHelp"), r.opt.Min, r.opt.Max, def)
		if v, ok := engines.KikiDefault(r.opt); ok {
			s += fmt.Sprintf(tr(l, "opt.kikiHelp"), v)
		}
	case "check":
		s = tr(l, "opt.checkHelp")
	case "combo":
		s = textfit.Ellipsis(fmt.Sprintf(tr(l, "opt.comboHelp"), strings.Join(r.opt.Vars, ", ")), 110)
	case "string":
		s = tr(l, "opt.stringHelp")
	case "filename":
		s = tr(l, "opt.fileHelp")
	case "button":
		s = tr(l, "opt.buttonHelp")
	}
	return r.opt.Name + ": " + s
}

// openOptions opens the options dialog of the selected engine; the
// built-in AI has none (its level is set in the new-game dialog).
func (d *registryDialog) openOptions() {
	switch {
	case d.sel == 0:
		d.note, d.warn = tr(d.lang, "opt.builtin"), true
	case d.readOnly:
		d.note, d.warn = tr(d.lang, "reg.readOnly"), true
	case len(engines.ParseDeclared(d.reg.Engines[d.sel-1].Declared)) == 0:
		// Never run from the registry (taken from config.json), its
		// options are not known; or it declares none.
		e := d.reg.Engines[d.sel-1]
		if e.IDName == "" {
			d.note, d.warn = tr(d.lang, "opt.notKnown"), true
		} else {
			d.note, d.warn = fmt.Sprintf(tr(d.lang, "opt.noOptions"), e.Name), true
		}
	default:
		d.opts, d.note = newOptionsDialog(d.lang, d.reg.Engines[d.sel-1]), ""
	}
}

// optionsKey passes a key to the options dialog; its values are saved
// into the registry when it is closed with save.
func (d *registryDialog) optionsKey(msg tea.KeyMsg) tea.Cmd {
	out, cmd := d.opts.update(msg)
	switch out {
	case optionsSave:
		e := &d.reg.Engines[d.sel-1]
		e.Values = d.opts.values()
		d.opts = nil
		return d.save(fmt.Sprintf(tr(d.lang, "opt.saved"), e.Name))
	case optionsDiscard:
		if d.opts.changed() {
			d.note, d.warn = fmt.Sprintf(tr(d.lang, "opt.discarded"), d.opts.name), false
		}
		d.opts = nil
	}
	return cmd
}
