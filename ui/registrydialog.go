package ui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai/usi"
	"kiki/ui/engines"
	"kiki/ui/textfit"
	"kiki/ui/widget"
)

// registryDialog lists the registry of engines (the built-in AI first)
// and adds, removes, renames them and sets the defaults. It writes the
// registry itself; each change is also sent to the root
// (registryChangedMsg), which uses the new defaults.
type registryDialog struct {
	lang     Lang
	dir      string
	reg      engines.Registry
	readOnly bool // the file could not be read: nothing is changed
	// timeout bounds each step of an engine's handshake when it is added.
	timeout time.Duration
	sel     int // 0 is the built-in AI, i+1 the registry's entry i
	mode    regMode
	in      textinput.Model
	note    string // the last change, or why it failed
	warn    bool
	opts    *optionsDialog // the selected engine's options, while open
}

type regMode uint8

const (
	regList regMode = iota
	regAdd
	regRename
	regRemove
	regAdding
)

// registryChangedMsg brings the registry after a change.
type registryChangedMsg struct{ reg engines.Registry }

// engineRegisteredMsg brings the outcome of adding an engine.
type engineRegisteredMsg struct {
	line  string
	entry EngineEntry
	err   error
}

var regKeys = struct{ Add, Rename, Remove, Play, Analysis key.Binding }{
	Add:      key.NewBinding(key.WithKeys("n")),
	Rename:   key.NewBinding(key.WithKeys("r")),
	Remove:   key.NewBinding(key.WithKeys("x")),
	Play:     key.NewBinding(key.WithKeys("p")),
	Analysis: key.NewBinding(key.WithKeys("a")),
}

func newRegistryDialog(l Lang, dir string) *registryDialog {
	d := &registryDialog{lang: l, dir: dir, timeout: engines.RegisterTimeout}
	reg, err := engines.LoadRegistry(dir)
	if err != nil {
		d.readOnly, d.note, d.warn = true, fileErrWords(l, err), true
	}
	d.reg = reg
	return d
}

func (d *registryDialog) Update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	if d.opts != nil {
		return nil, d.optionsKey(msg)
	}
	switch d.mode {
	case regAdd, regRename:
		return d.typing(msg)
	case regRemove:
		if key.Matches(msg, widget.KeyMap().Yes) {
			name := d.reg.Engines[d.sel-1].Name
			d.reg.Remove(d.sel - 1)
			d.sel--
			d.mode = regList
			return nil, d.save(fmt.Sprintf(tr(d.lang, "reg.removed"), name))
		}
		d.mode = regList
		return nil, nil
	case regAdding:
		return nil, nil // Esc included: the answer is on its way
	}
	if key.Matches(msg, widget.KeyMap().Close) {
		return widget.CloseMsg{}, nil
	}
	if key.Matches(msg, widget.KeyMap().Up) {
		d.sel = max(0, d.sel-1)
	} else if key.Matches(msg, widget.KeyMap().Down) {
		d.sel = min(len(d.reg.Engines), d.sel+1)
	} else if key.Matches(msg, optKeys.Options) {
		d.openOptions()
	} else {
		return nil, d.listKey(msg)
	}
	return nil, nil
}

// listKey: the keys that change the registry.
func (d *registryDialog) listKey(msg tea.KeyMsg) tea.Cmd {
	if !key.Matches(msg, regKeys.Add, regKeys.Rename, regKeys.Remove, regKeys.Play, regKeys.Analysis) {
		return nil
	}
	if d.readOnly {
		d.note, d.warn = tr(d.lang, "reg.readOnly"), true
		return nil
	}
	if d.sel == 0 && key.Matches(msg, regKeys.Rename, regKeys.Remove) {
		d.note, d.warn = tr(d.lang, "reg.builtinFixed"), true
		return nil
	}
	switch {
	case key.Matches(msg, regKeys.Add):
		d.startInput(regAdd, "")
	case key.Matches(msg, regKeys.Rename):
		d.startInput(regRename, d.reg.Engines[d.sel-1].Name)
	case key.Matches(msg, regKeys.Remove):
		d.mode = regRemove
	case key.Matches(msg, regKeys.Play):
		d.reg.SetDefault(d.sel-1, false)
		return d.save(fmt.Sprintf(tr(d.lang, "reg.defaultPlay"), d.selName()))
	case key.Matches(msg, regKeys.Analysis):
		d.reg.SetDefault(d.sel-1, true)
		return d.save(fmt.Sprintf(tr(d.lang, "reg.defaultAna"), d.selName()))
	}
	return nil
}

func (d *registryDialog) selName() string {
	if d.sel == 0 {
		return tr(d.lang, "reg.builtin")
	}
	return d.reg.Engines[d.sel-1].Name
}

func (d *registryDialog) startInput(mode regMode, value string) {
	d.mode = mode
	d.in = textinput.New()
	d.in.Prompt = "> "
	d.in.CharLimit = 400
	d.in.SetValue(value)
	d.in.Focus()
	d.note = ""
}

// typing: the command line of an engine to add, or a new name.
func (d *registryDialog) typing(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	switch {
	case key.Matches(msg, widget.KeyMap().Esc):
		d.mode, d.note = regList, ""
		return nil, nil
	case key.Matches(msg, widget.KeyMap().Enter):
		text := strings.TrimSpace(d.in.Value())
		if d.mode == regRename {
			if err := d.reg.Rename(d.sel-1, text); err != nil {
				d.note, d.warn = tr(d.lang, map[bool]string{true: "reg.noName", false: "reg.nameTaken"}[errors.Is(err, engines.ErrNoName)]), true
				return nil, nil
			}
			d.mode = regList
			return nil, d.save("")
		}
		if _, err := engines.SplitCommandLine(text); err != nil {
			d.note, d.warn = registerErrWords(d.lang, text, err), true
			return nil, nil
		}
		d.mode, d.note, d.warn = regAdding, fmt.Sprintf(tr(d.lang, "reg.adding"), text), false
		return nil, func() tea.Msg {
			e, err := engines.Register(text, d.timeout)
			return engineRegisteredMsg{line: text, entry: e, err: err}
		}
	}
	var cmd tea.Cmd
	d.in, cmd = d.in.Update(msg)
	return nil, cmd
}

// registered takes the outcome of adding an engine.
func (d *registryDialog) registered(msg engineRegisteredMsg) tea.Cmd {
	if d.mode != regAdding || d.line() != msg.line {
		return nil
	}
	if msg.err != nil {
		d.mode = regAdd // the line stays, to be corrected
		d.note, d.warn = registerErrWords(d.lang, msg.line, msg.err), true
		return nil
	}
	d.mode = regList
	d.reg.Add(msg.entry)
	d.sel = len(d.reg.Engines)
	return d.save(fmt.Sprintf(tr(d.lang, "reg.added"), d.reg.Engines[d.sel-1].Name))
}

func (d *registryDialog) line() string { return strings.TrimSpace(d.in.Value()) }

// save writes the registry and tells the root; note says what changed.
func (d *registryDialog) save(note string) tea.Cmd {
	if err := engines.SaveRegistry(d.dir, d.reg); err != nil {
		d.note, d.warn = fileErrWords(d.lang, err), true
		return nil
	}
	d.note, d.warn = note, false
	reg := d.reg
	return func() tea.Msg { return registryChangedMsg{reg: reg} }
}

func (d *registryDialog) View(th *Theme, room int) string {
	if d.opts != nil {
		return d.opts.view(th, room)
	}
	var sb strings.Builder
	sb.WriteString(th.Title.Render(tr(d.lang, "reg.title")) + "\n")
	rows := []string{d.row(tr(d.lang, "reg.builtin"), "", !d.hasDefault(false), !d.hasDefault(true))}
	for _, e := range d.reg.Engines {
		rows = append(rows, d.row(e.Name, e.IDAuthor, e.Play, e.Analysis))
	}
	p := widget.Picker{Items: rows, Sel: d.sel}
	sb.WriteString(p.View(th, max(1, room-6), d.mode == regList))
	if len(d.reg.Engines) == 0 {
		sb.WriteString(th.Dim.Render(tr(d.lang, "reg.empty")) + "\n")
	} else if d.sel > 0 {
		sb.WriteString(th.Dim.Render(d.details(d.reg.Engines[d.sel-1])) + "\n")
	}
	switch d.mode {
	case regAdd, regRename:
		sb.WriteString(tr(d.lang, map[bool]string{true: "reg.addPrompt", false: "reg.renamePrompt"}[d.mode == regAdd]) +
			th.Dim.Render(tr(d.lang, "reg.inputKeys")) + "\n" + d.in.View() + "\n")
	case regRemove:
		sb.WriteString(th.Warn.Render(fmt.Sprintf(tr(d.lang, "reg.removeAsk"), d.selName())) + "\n")
	case regList:
		sb.WriteString(th.Dim.Render(tr(d.lang, "opt.regKey")+"  "+tr(d.lang, "reg.keys")) + "\n")
	}
	if d.note != "" {
		style := th.Dim
		if d.warn {
			style = th.Warn
		}
		sb.WriteString(style.Render(d.note))
	}
	return strings.TrimRight(sb.String(), "\n")
}

func (d *registryDialog) hasDefault(analysis bool) bool {
	_, ok := d.reg.DefaultEntry(analysis)
	return ok
}

func (d *registryDialog) row(name, author string, play, analysis bool) string {
	s := name
	if author != "" {
		s += "  " + fmt.Sprintf(tr(d.lang, "reg.byAuthor"), author)
	}
	if play {
		s += " " + tr(d.lang, "reg.play")
	}
	if analysis {
		s += " " + tr(d.lang, "reg.analysis")
	}
	return s
}

// details: the selected engine's command line and what it declared.
func (d *registryDialog) details(e EngineEntry) string {
	s := fmt.Sprintf(tr(d.lang, "reg.command"), e.CommandLine())
	if e.IDName == "" && len(e.Declared) == 0 {
		return s + "  " + tr(d.lang, "reg.unchecked")
	}
	s += "  " + fmt.Sprintf(tr(d.lang, "reg.options"), len(e.Declared))
	if names := declaredOptions(e); names != "" {
		s += "\n" + names
	}
	return s
}

// declaredOptions lists an engine's options as it declared them, each
// with the value it will be given ("Threads=1 Hash=256 Ponder=false …"),
// in the engine's
// own words (they are its names, the same in both languages), cut after
// three lines' worth.
func declaredOptions(e EngineEntry) string {
	var parts []string
	used := engines.WithDefaultOptions(engines.ParseDeclared(e.Declared), engines.SentValues(e))
	for _, l := range e.Declared {
		o, ok := usi.ParseOptionLine(l)
		if !ok {
			continue
		}
		// The value the engine will be given: the user's, else kiki's
		// default, else the engine's own (as the options dialog shows).
		v := o.Default
		if i := engines.FindSetting(used, o.Name); i >= 0 {
			v = used[i].Value
		}
		if o.Type == "button" || v == "" {
			parts = append(parts, o.Name)
			continue
		}
		parts = append(parts, o.Name+"="+v)
	}
	return textfit.Ellipsis(strings.Join(parts, "  "), 3*60)
}
