package ui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
	"kiki/game"
	"kiki/ui/engines"
)

// optionLines are what the options engine declares: one option of each
// type, and fillers that make the list scroll.
var optionLines = func() []string {
	l := []string{
		"option name Threads type spin default 4 min 1 max 64",
		"option name USI_Hash type spin default 16 min 1 max 1024",
		"option name Depth type spin default 5 min 1 max 20",
		"option name Ponder type check default false",
		"option name Style type combo default Normal var Normal var Wild var Calm",
		"option name BookFile type filename default book.bin",
		"option name Greeting type string default <empty>",
		"option name Clear Hash type button",
	}
	for i := 1; i <= 30; i++ {
		l = append(l, fmt.Sprintf("option name Filler%02d type spin default 0 min 0 max 9", i))
	}
	return l
}()

// optionsEngine writes a shell script that speaks enough USI to be
// added and started: it declares optionLines, answers isready and
// appends every line it reads to the log it returns.
func optionsEngine(t *testing.T) (path, log string) {
	t.Helper()
	dir := t.TempDir()
	path, log = filepath.Join(dir, "optengine"), filepath.Join(dir, "in.log")
	var decl strings.Builder
	for _, l := range optionLines {
		decl.WriteString("      echo '" + l + "'\n")
	}
	script := "#!/bin/sh\nwhile IFS= read -r line; do\n  printf '%s\\n' \"$line\" >> " + log + "\n  case \"$line\" in\n" +
		"    usi)\n      echo 'id name OptEngine'\n" + decl.String() + "      echo usiok;;\n" +
		"    isready) echo readyok;;\n    quit) exit 0;;\n  esac\ndone\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path, log
}

// optionsEntry is the options engine's entry, as the registry adds it.
func optionsEntry(path string, values ...OptionSetting) EngineEntry {
	return EngineEntry{Name: "OptEngine", Path: path, IDName: "OptEngine", Declared: optionLines, Values: values}
}

// sentBeforeIsready runs the entry's engine as a game starts it and
// returns the setoption lines it read before isready.
func sentBeforeIsready(t *testing.T, e EngineEntry, log string) []string {
	t.Helper()
	os.Remove(log)
	p, err := startEngine(e.Config())
	if err != nil {
		t.Fatal(err)
	}
	p.c.Close()
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	i := slices.Index(lines, "isready")
	if i < 0 || lines[0] != "usi" || !slices.Contains(lines[i:], "usinewgame") {
		t.Fatalf("the engine read:\n%s", data)
	}
	return lines[1:i]
}

// The values saved for an engine are sent with setoption before isready,
// in the order saved, then kiki's defaults for Threads and USI_Hash
// unless the user set them; a value of an option the engine no longer
// declares is not sent.
func TestStartEngineSendsOptions(t *testing.T) {
	path, log := optionsEngine(t)
	e := optionsEntry(path, OptionSetting{Name: "Depth", Value: "7"}, OptionSetting{Name: "Ponder", Value: "true"}, OptionSetting{Name: "Style", Value: "Wild"},
		OptionSetting{Name: "Greeting", Value: "hello there"}, OptionSetting{Name: "Clear Hash", Value: buttonPressed}, OptionSetting{Name: "Gone", Value: "1"})
	want := []string{"setoption name Depth value 7", "setoption name Ponder value true", "setoption name Style value Wild",
		"setoption name Greeting value hello there", "setoption name Clear Hash",
		"setoption name Threads value 1", "setoption name USI_Hash value 256"}
	if got := sentBeforeIsready(t, e, log); !slices.Equal(got, want) {
		t.Fatalf("sent:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	e.Values = []OptionSetting{{Name: "USI_Hash", Value: "32"}, {Name: "Threads", Value: "3"}}
	want = []string{"setoption name USI_Hash value 32", "setoption name Threads value 3"}
	if got := sentBeforeIsready(t, e, log); !slices.Equal(got, want) {
		t.Fatalf("the user's values should win: %q", got)
	}
}

// optionsScreen opens the registry, with the options engine registered
// (and values), and the engine's options dialog.
func optionsScreen(t *testing.T, values ...OptionSetting) (m *Model, d *registryDialog, dir string) {
	t.Helper()
	dir = t.TempDir()
	path, _ := optionsEngine(t)
	if err := engines.SaveRegistry(dir, engines.Registry{Migrated: true, Engines: []EngineEntry{optionsEntry(path, values...)}}); err != nil {
		t.Fatal(err)
	}
	m = newTestModel(Options{ConfigDir: dir})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	press(m, "R", "down", "o")
	d, _ = m.dialog.(*registryDialog)
	if d == nil || d.opts == nil {
		t.Fatalf("no options dialog: %T\n%s", m.dialog, m.View())
	}
	return m, d, dir
}

// selectOption moves the dialog's cursor to the option named name with
// the arrow keys.
func selectOption(t *testing.T, m *Model, d *registryDialog, name string) {
	t.Helper()
	i := slices.IndexFunc(d.opts.rows, func(r optionRow) bool { return r.opt.Name == name })
	if i < 0 {
		t.Fatalf("no option %s", name)
	}
	for d.opts.list.Sel > i {
		press(m, "up")
	}
	for d.opts.list.Sel < i {
		press(m, "down")
	}
}

// rowValue is the value the dialog holds for option name ("" unset).
func rowValue(d *registryDialog, name string) string {
	for _, r := range d.opts.rows {
		if r.opt.Name == name && r.set {
			return r.value
		}
	}
	return ""
}

// screenRow is option name's row on the screen.
func screenRow(m *Model, name string) string {
	for _, l := range strings.Split(stripANSI(m.View()), "\n") {
		if strings.Contains(l, " "+name+" ") || strings.Contains(l, "*"+name+" ") {
			return l
		}
	}
	return ""
}

// Each type of option in the dialog, through the root model as the
// registry screen opens it: the rows as opened (kiki's defaults, the
// engine's, an unknown value), each edited, then saved with s into
// engines.json, read back; the unknown value is kept there, not sent.
func TestOptionsDialogTypes(t *testing.T) {
	m, d, dir := optionsScreen(t, OptionSetting{Name: "Gone", Value: "1"})
	defer stopWork(m)
	for name, want := range map[string]string{"Threads": "1 (kiki's default)", "USI_Hash": "256 (kiki's default)", "Depth": "5 (default)",
		"Ponder": "off (default)", "Style": "Normal (default)", "Greeting": "(default)", "Clear Hash": "not pressed", "Gone": "unknown  1"} {
		selectOption(t, m, d, name)
		if r := screenRow(m, name); !strings.Contains(r, want) || strings.Contains(r, usiEmpty) {
			t.Errorf("%s's row %q lacks %q", name, r, want)
		}
	}
	selectOption(t, m, d, "Threads")
	if v := m.View(); !strings.Contains(v, "Options of OptEngine") || !strings.Contains(v, "s save and close") || !strings.Contains(v, "kiki gives 1 unless you set it") {
		t.Errorf("screen:\n%s", v)
	}
	editSpin(t, m, d)
	editChoices(t, m, d)
	editTexts(t, m, d)
	_, cmd := m.Update(runeKey('s'))
	m.Update(awaitMsg(t, cmd))
	if d.opts != nil || !strings.Contains(m.View(), "options of OptEngine saved") {
		t.Fatalf("after s:\n%s", m.View())
	}
	r, err := engines.LoadRegistry(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []OptionSetting{{Name: "Depth", Value: "9"}, {Name: "Ponder", Value: "true"}, {Name: "Style", Value: "Normal"},
		{Name: "BookFile", Value: "/tmp/my book.bin"}, {Name: "Greeting", Value: "hello there"},
		{Name: "Clear Hash", Value: buttonPressed}, {Name: "Gone", Value: "1"}}
	if !slices.Equal(r.Engines[0].Values, want) {
		t.Fatalf("engines.json holds %v\nwant %v", r.Engines[0].Values, want)
	}
	if got := r.Engines[0].Config().Options; slices.ContainsFunc(got, func(o OptionSetting) bool { return o.Name == "Gone" }) || len(got) != len(want)-1 {
		t.Fatalf("sent %v: the undeclared Gone should stay out", got)
	}
}

// editSpin: a spin stepped, typed (after Enter, and from a digit), a
// value out of its range or not a number refused.
func editSpin(t *testing.T, m *Model, d *registryDialog) {
	t.Helper()
	selectOption(t, m, d, "Depth")
	press(m, "right", "right", "left")
	if rowValue(d, "Depth") != "6" || !strings.Contains(screenRow(m, "Depth"), "*Depth") {
		t.Fatalf("Depth stepped: %q, row %q", rowValue(d, "Depth"), screenRow(m, "Depth"))
	}
	press(m, "enter")
	d.opts.in.SetValue("12")
	press(m, "enter")
	press(m, "9", "enter")
	if rowValue(d, "Depth") != "9" || d.opts.typing {
		t.Fatalf("Depth typed: %q", rowValue(d, "Depth"))
	}
	for _, bad := range []string{"99", "0", "seven", ""} {
		press(m, "enter")
		d.opts.in.SetValue(bad)
		press(m, "enter")
		if rowValue(d, "Depth") != "9" || !d.opts.typing || !strings.Contains(m.View(), "Depth takes a whole number from 1 to 20") ||
			!strings.Contains(m.View(), "9 kept") {
			t.Fatalf("%q taken: %q\n%s", bad, rowValue(d, "Depth"), m.View())
		}
		press(m, "esc")
	}
	if d.opts.typing || rowValue(d, "Depth") != "9" {
		t.Fatal("esc should close the field, the value kept")
	}
}

// editChoices: a check toggled; a combo cycled both ways.
func editChoices(t *testing.T, m *Model, d *registryDialog) {
	t.Helper()
	selectOption(t, m, d, "Ponder")
	press(m, " ")
	if rowValue(d, "Ponder") != "true" || !strings.Contains(screenRow(m, "Ponder"), "on") {
		t.Fatalf("Ponder: %q %q", rowValue(d, "Ponder"), screenRow(m, "Ponder"))
	}
	press(m, "right", "left")
	selectOption(t, m, d, "Style")
	var seen []string
	for range 4 {
		press(m, "right")
		seen = append(seen, rowValue(d, "Style"))
	}
	press(m, "left")
	if strings.Join(seen, " ") != "Wild Calm Normal Wild" || rowValue(d, "Style") != "Normal" {
		t.Fatalf("Style cycled %v, back to %q", seen, rowValue(d, "Style"))
	}
}

// editTexts: a string and a file name typed (the file's row says it is
// a path); a button pressed; Threads set, then reset to kiki's default.
func editTexts(t *testing.T, m *Model, d *registryDialog) {
	t.Helper()
	selectOption(t, m, d, "Greeting")
	press(m, "enter")
	if d.opts.in.Value() != "" {
		t.Fatalf("<empty> offered as %q", d.opts.in.Value())
	}
	press(m, "hello there", "enter")
	selectOption(t, m, d, "BookFile")
	if !strings.Contains(m.View(), "a file's path") {
		t.Errorf("no hint that BookFile is a path:\n%s", m.View())
	}
	press(m, "enter")
	d.opts.in.SetValue("")
	press(m, "/tmp/my book.bin", "enter")
	// button pressed; Threads set, then reset to kiki's default.
	selectOption(t, m, d, "Clear Hash")
	press(m, "enter")
	if !strings.Contains(screenRow(m, "Clear Hash"), "pressed at each start") {
		t.Fatalf("button: %q", screenRow(m, "Clear Hash"))
	}
	selectOption(t, m, d, "Threads")
	press(m, "right", "right")
	if rowValue(d, "Threads") != "3" {
		t.Fatalf("Threads stepped from kiki's 1: %q", rowValue(d, "Threads"))
	}
	press(m, "d")
	if rowValue(d, "Threads") != "" || !strings.Contains(screenRow(m, "Threads"), "1 (kiki's default)") {
		t.Fatalf("Threads reset: %q", screenRow(m, "Threads"))
	}
}

// Esc discards the changes; d resets a value the file held; the
// built-in AI has no options dialog.
func TestOptionsDialogDiscardAndReset(t *testing.T) {
	m, d, dir := optionsScreen(t, OptionSetting{Name: "Depth", Value: "3"})
	defer stopWork(m)
	before, _ := os.ReadFile(filepath.Join(dir, engines.RegistryName))
	selectOption(t, m, d, "Ponder")
	press(m, " ")
	selectOption(t, m, d, "Depth")
	press(m, "d")
	if !strings.Contains(screenRow(m, "Depth"), "5 (default)") {
		t.Fatalf("Depth reset: %q", screenRow(m, "Depth"))
	}
	press(m, "esc")
	if d.opts != nil || m.dialog != d || !strings.Contains(m.View(), "changes to the options of OptEngine discarded") {
		t.Fatalf("after esc (%T):\n%s", m.dialog, m.View())
	}
	if after, _ := os.ReadFile(filepath.Join(dir, engines.RegistryName)); string(after) != string(before) {
		t.Fatalf("esc changed engines.json:\n%s", after)
	}
	press(m, "enter") // Enter opens it too
	if d.opts == nil || rowValue(d, "Depth") != "3" || rowValue(d, "Ponder") != "" {
		t.Fatalf("reopened: Depth %q Ponder %q", rowValue(d, "Depth"), rowValue(d, "Ponder"))
	}
	selectOption(t, m, d, "Depth")
	press(m, "d")
	_, cmd := m.Update(runeKey('s'))
	m.Update(awaitMsg(t, cmd))
	if r, _ := engines.LoadRegistry(dir); len(r.Engines[0].Values) != 0 {
		t.Fatalf("reset and saved: %v", r.Engines[0].Values)
	}
	press(m, "up", "o")
	if d.opts != nil || d.note != tr(English, "opt.builtin") {
		t.Fatalf("o on the built-in AI: %v %q", d.opts != nil, d.note)
	}
}

// Thirty-eight options scroll in the room the dialog gets: the cursor's
// row is always drawn, and the screen never holds more lines than the
// terminal.
func TestOptionsDialogScrolls(t *testing.T) {
	m, d, _ := optionsScreen(t)
	defer stopWork(m)
	if strings.Contains(m.View(), "Filler30") {
		t.Fatalf("the whole list fits 40 lines?\n%s", m.View())
	}
	for range len(optionLines) {
		press(m, "down")
		row := d.opts.rows[d.opts.list.Sel].opt.Name
		if v := stripANSI(m.View()); !strings.Contains(v, "> "+" "+row) || strings.Count(v, "\n") >= 40 {
			t.Fatalf("%s not drawn:\n%s", row, v)
		}
	}
	if strings.Contains(m.View(), " Threads ") {
		t.Fatalf("the first rows should have scrolled away:\n%s", m.View())
	}
}

// The dialog speaks the screen's language (the options' names and
// choices are the engine's own words) and holds no ambiguous-width
// character.
func TestOptionsDialogOneLanguage(t *testing.T) {
	e := optionsEntry("/x/opt", OptionSetting{Name: "Gone", Value: "1"}, OptionSetting{Name: "Ponder", Value: "true"})
	// The engine's words, longest first (Filler01 before 0).
	engineWords := []string{e.Name, "Gone"}
	for _, o := range engines.ParseDeclared(optionLines) {
		engineWords = append(append(engineWords, o.Name, o.Default), o.Vars...)
	}
	engineWords = slices.DeleteFunc(engineWords, func(w string) bool { return w == "" })
	slices.SortFunc(engineWords, func(a, b string) int { return len(b) - len(a) })
	for _, l := range []Lang{English, Japanese} {
		d := newOptionsDialog(l, e)
		for i := range d.rows {
			d.list.Sel = i
			s := stripANSI(d.view(&th, 20))
			if a := ambiguous(s); a != "" {
				t.Errorf("%v: ambiguous-width %q in\n%s", l, a, s)
			}
			for _, w := range engineWords {
				s = strings.ReplaceAll(s, w, " ")
			}
			if bad := mixed(l, s); bad != "" {
				t.Errorf("%v: %q on\n%s", l, bad, s)
			}
		}
	}
}

// A real engine: fairy-stockfish added as the registry adds it, MultiPV
// set to 3 in its options dialog and saved; started as a game starts it,
// it reads the setoption lines (with kiki's Threads and Hash) before
// isready, and its search reports three lines.
func TestOptionsFairyStockfish(t *testing.T) {
	const fsf = "/usr/games/fairy-stockfish"
	if _, err := os.Stat(fsf); err != nil {
		t.Skip(fsf + " is not installed (apt-get install fairy-stockfish)")
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.log"), filepath.Join(dir, "out.log")
	wrapper := filepath.Join(dir, "fsf")
	script := fmt.Sprintf("#!/bin/sh\ntee -a %s | %s | tee -a %s\n", in, fsf, out)
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	e, err := engines.Register(wrapper, 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	d := newOptionsDialog(English, e)
	for i, r := range d.rows {
		if r.opt.Name == "MultiPV" {
			d.list.Sel = i
		}
	}
	for _, k := range []string{"right", "right", "s"} {
		if out, _ := d.update(key1(k)); out == optionsSave {
			e.Values = d.values()
		}
	}
	if !slices.Equal(e.Values, []OptionSetting{{Name: "MultiPV", Value: "3"}}) {
		t.Fatalf("values %v", e.Values)
	}
	os.Remove(in)
	p, err := startEngine(e.Config())
	if err != nil {
		t.Fatal(err)
	}
	res := <-p.Go(context.Background(), game.NewStartPosition(), ai.Request{Limits: ai.Limits{Depth: 6}})
	p.c.Close()
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	sent, _ := os.ReadFile(in)
	lines := strings.Split(string(sent), "\n")
	want := []string{"usi", "setoption name MultiPV value 3", "setoption name Threads value 1", "setoption name Hash value 256", "isready"}
	if len(lines) < len(want) || !slices.Equal(lines[:len(want)], want) {
		t.Fatalf("fairy-stockfish read:\n%s", sent)
	}
	said, _ := os.ReadFile(out)
	if !strings.Contains(string(said), " multipv 3 ") || strings.Contains(string(said), "No such option") {
		t.Fatalf("MultiPV 3 did not take; fairy-stockfish said:\n%s", said)
	}
}

// The path from the registry to the engine: the analysis default's
// values, saved in its options dialog, become the analyser's
// configuration at once, and the analyser kiki then starts reads them
// (with kiki's defaults, without the undeclared value) before isready.
func TestOptionsReachTheAnalyser(t *testing.T) {
	dir := t.TempDir()
	path, log := optionsEngine(t)
	e := optionsEntry(path, OptionSetting{Name: "Gone", Value: "1"})
	e.Analysis = true
	if err := engines.SaveRegistry(dir, engines.Registry{Migrated: true, Engines: []EngineEntry{e}}); err != nil {
		t.Fatal(err)
	}
	m := newTestModel(Options{ConfigDir: dir})
	defer stopWork(m)
	if !m.ext.analyse || m.ext.cfg.Path != path || len(m.ext.cfg.Options) != 0 {
		t.Fatalf("the analysis default is not used: %+v", m.ext)
	}
	press(m, "R", "down", "o")
	d := m.dialog.(*registryDialog)
	selectOption(t, m, d, "Depth")
	press(m, "right", "right")
	_, cmd := m.Update(runeKey('s'))
	m.Update(awaitMsg(t, cmd))
	if !slices.Equal(m.ext.cfg.Options, []OptionSetting{{Name: "Depth", Value: "7"}}) {
		t.Fatalf("the analyser's options: %v", m.ext.cfg.Options)
	}
	press(m, "esc")
	os.Remove(log)
	ready, ok := m.loadEngines()().(enginesReadyMsg)
	if !ok || ready.analyser == nil {
		t.Fatalf("the analyser did not start: %+v", ready)
	}
	ready.analyser.c.Close()
	data, _ := os.ReadFile(log)
	want := "usi\nsetoption name Depth value 7\nsetoption name Threads value 1\nsetoption name USI_Hash value 256\nisready\n"
	if !strings.HasPrefix(string(data), want) {
		t.Fatalf("the analyser read:\n%s\nwant first:\n%s", data, want)
	}
}

// The registry's summary of an engine's options gives the values the
// engine will be given, as the options dialog does: the user's, else
// kiki's default, else the engine's own (it once showed the engine's
// defaults after the user had saved others).
func TestRegistrySummaryShowsValuesUsed(t *testing.T) {
	e := EngineEntry{Name: "fsf", Path: "/x", Declared: []string{
		"option name Threads type spin default 8 min 1 max 64",
		"option name Hash type spin default 16 min 1 max 1024",
		"option name Skill Level type spin default 20 min 0 max 20",
		"option name Ponder type check default false",
	}, Values: []OptionSetting{{Name: "Skill Level", Value: "17"}, {Name: "Hash", Value: "64"}}}
	got := declaredOptions(e)
	for _, want := range []string{"Threads=1", "Hash=64", "Skill Level=17", "Ponder=false"} {
		if !strings.Contains(got, want) {
			t.Errorf("summary %q lacks %q", got, want)
		}
	}
}
