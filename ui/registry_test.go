package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

func TestRegistryRoundTrip(t *testing.T) {
	dir := t.TempDir()
	r := engineRegistry{Migrated: true}
	r.add(EngineEntry{Name: "Fake", Path: "/x/fake", Args: []string{"usi"}, IDName: "Fake", IDAuthor: "me",
		Declared: []string{"option name Depth type spin default 1 min 1 max 9"}, Values: []OptionSetting{{"Depth", "3"}}})
	r.add(EngineEntry{Name: "Fake", Path: "/x/other"})
	r.setDefault(1, true)
	if err := saveRegistry(dir, r); err != nil {
		t.Fatal(err)
	}
	got, err := loadRegistry(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Engines) != 2 || got.Engines[1].Name != "Fake (2)" || !got.Engines[1].Analysis || got.Engines[0].Values[0].Value != "3" {
		t.Fatalf("round trip: %+v", got)
	}
	if e, ok := got.defaultEntry(true); !ok || e.Path != "/x/other" {
		t.Fatalf("analysis default %+v %v", e, ok)
	}
	if _, ok := got.defaultEntry(false); ok {
		t.Fatal("the built-in AI should be the default for play")
	}
	if err := got.rename(0, "Fake (2)"); err != errNameTaken {
		t.Fatalf("rename to a taken name: %v", err)
	}
	if err := got.rename(0, " "); err != errNoName {
		t.Fatalf("rename to nothing: %v", err)
	}
	if err := got.rename(0, "Mine"); err != nil || got.Engines[0].Name != "Mine" {
		t.Fatal(err)
	}
	got.setDefault(-1, true)
	got.remove(1)
	if len(got.Engines) != 1 || got.Engines[0].Name != "Mine" {
		t.Fatalf("after remove %+v", got.Engines)
	}
	if _, ok := got.defaultEntry(true); ok {
		t.Fatal("the built-in AI should be the default for analysis")
	}
}

func TestRegistryCorruptKept(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, registryName)
	if err := os.WriteFile(path, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := loadRegistry(dir); err == nil {
		t.Fatal("a corrupt registry read without error")
	}
	if err := saveRegistry(dir, engineRegistry{}); err == nil {
		t.Fatal("a corrupt registry was overwritten")
	}
	for _, l := range []Lang{English, Japanese} {
		d := newRegistryDialog(l, dir)
		if !d.readOnly || !strings.Contains(d.note, path) {
			t.Fatalf("dialog note %q", d.note)
		}
		d.update(runeKey('n'))
		if d.mode != regList || d.note != tr(l, "reg.readOnly") {
			t.Fatalf("a read-only registry took n: %v %q", d.mode, d.note)
		}
	}
	if data, _ := os.ReadFile(path); string(data) != "{not json" {
		t.Fatalf("file changed: %q", data)
	}
}

func TestRegistryMigratesConfig(t *testing.T) {
	for _, def := range []bool{false, true} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, configName), []byte(`{"engine":{"path":"/x/eng","args":["-q"]},"analyser":true,"default":`+map[bool]string{true: "true", false: "false"}[def]+`}`), 0o600); err != nil {
			t.Fatal(err)
		}
		r, err := loadRegistry(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Engines) != 1 || r.Engines[0].Path != "/x/eng" || r.Engines[0].Args[0] != "-q" || r.Engines[0].Play != def || r.Engines[0].Analysis != def {
			t.Fatalf("default %v: migrated %+v", def, r)
		}
		// Once: removed, it does not come back.
		r.remove(0)
		if err := saveRegistry(dir, r); err != nil {
			t.Fatal(err)
		}
		if r, _ := loadRegistry(dir); len(r.Engines) != 0 {
			t.Fatalf("the migrated engine came back: %+v", r)
		}
	}
}

func TestSplitCommandLine(t *testing.T) {
	got, err := splitCommandLine(` kiki  usi 'a b' "c d"`)
	if err != nil || strings.Join(got, "|") != "kiki|usi|a b|c d" {
		t.Fatalf("%q %v", got, err)
	}
	if _, err := splitCommandLine(`x 'y`); err != errUnclosedQuote {
		t.Fatal(err)
	}
	if _, err := splitCommandLine("  "); err != errNoCommand {
		t.Fatal(err)
	}
}

func TestRegisterFakeEngine(t *testing.T) {
	e, err := registerEngine(fakeEnginePath(t, "normal")+" --flag", 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if e.Name != "Fakenormal" || e.IDAuthor != "kiki tests" || len(e.Declared) != 1 || e.Args[0] != "--flag" {
		t.Fatalf("%+v", e)
	}
}

// silentEngine is a script that prints on stderr and then nothing.
func silentEngine(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "silent")
	if err := os.WriteFile(path, []byte("#!/bin/sh\necho loading weights >&2\necho no weights found >&2\nexec sleep 30\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestRegisterFailingEngines(t *testing.T) {
	dir := t.TempDir()
	dying := filepath.Join(dir, "dying")
	notExec := filepath.Join(dir, "plain")
	os.WriteFile(dying, []byte("#!/bin/sh\necho cannot open book >&2\nexit 3\n"), 0o755)
	os.WriteFile(notExec, []byte("x"), 0o644)
	cases := []struct{ line, en, ja string }{
		{silentEngine(t), "no answer to the USI handshake within 300ms", "300ms 以内に USI の応答がありません"},
		{dying, "exit code 3", "終了コード 3"},
		{notExec, "not allowed to run it", "実行する権限がありません"},
		{filepath.Join(dir, "none"), "no such program", "プログラムが見つかりません"},
		{"no-such-engine-kiki-test", "no such program", "プログラムが見つかりません"},
	}
	for _, c := range cases {
		_, err := registerEngine(c.line, 300*time.Millisecond)
		if err == nil {
			t.Fatalf("%s: added", c.line)
		}
		en, ja := registerErrWords(English, c.line, err), registerErrWords(Japanese, c.line, err)
		if !strings.Contains(en, c.en) || !strings.Contains(ja, c.ja) {
			t.Errorf("%s: %q / %q", c.line, en, ja)
		}
	}
	_, err := registerEngine(silentEngine(t), 300*time.Millisecond)
	if w := registerErrWords(English, "x", err); !strings.Contains(w, "no weights found") || !strings.Contains(w, "loading weights") {
		t.Errorf("stderr's last lines missing: %q", w)
	}
	_, err = registerEngine(dying, time.Second)
	if w := registerErrWords(Japanese, "x", err); !strings.Contains(w, "cannot open book") {
		t.Errorf("stderr's last lines missing: %q", w)
	}
}

func runeKey(r rune) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}} }

// awaitMsg runs cmd (batches too) until it yields a message of the
// registry, which it returns.
func awaitMsg(t *testing.T, cmd tea.Cmd) tea.Msg {
	t.Helper()
	out := make(chan tea.Msg, 16)
	var run func(tea.Cmd)
	run = func(c tea.Cmd) {
		if c == nil {
			return
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			for _, c := range msg {
				go run(c)
			}
		case engineRegisteredMsg, registryChangedMsg:
			out <- msg
		}
	}
	go run(cmd)
	select {
	case msg := <-out:
		return msg
	case <-time.After(20 * time.Second):
		t.Fatal("no answer from the registry")
	}
	return nil
}

func TestRegistryScreen(t *testing.T) {
	dir := t.TempDir()
	m := newTestModel(Options{ConfigDir: dir})
	press(m, "R")
	d, ok := m.dialog.(*registryDialog)
	if !ok {
		t.Fatalf("R opened %T", m.dialog)
	}
	if v := m.View(); !strings.Contains(v, "kiki's own AI") || !strings.Contains(v, "no engine registered yet") {
		t.Fatalf("screen:\n%s", v)
	}
	press(m, "x")
	if d.note != tr(English, "reg.builtinFixed") {
		t.Fatalf("note %q", d.note)
	}
	fake := fakeEnginePath(t, "normal")
	press(m, "n")
	press(m, fake)
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	msg := awaitMsg(t, cmd)
	_, cmd = m.Update(msg)
	m.Update(awaitMsg(t, cmd))
	if v := m.View(); !strings.Contains(v, "Fakenormal") || !strings.Contains(v, "by kiki tests") || !strings.Contains(v, "1 options declared") {
		t.Fatalf("after adding:\n%s", v)
	}
	_, cmd = m.Update(runeKey('a'))
	m.Update(awaitMsg(t, cmd))
	if !m.ext.analyse || m.ext.cfg.Path != fake {
		t.Fatalf("the analysis default is not used: %+v", m.ext)
	}
	press(m, "r")
	d.in.SetValue("Mine")
	_, cmd = m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m.Update(awaitMsg(t, cmd))
	r, err := loadRegistry(dir)
	if err != nil || len(r.Engines) != 1 || r.Engines[0].Name != "Mine" || !r.Engines[0].Analysis {
		t.Fatalf("file %+v %v", r, err)
	}
	// A failing engine stays out, said why; the line stays to be corrected.
	registryTimeout = 300 * time.Millisecond
	defer func() { registryTimeout = 10 * time.Second }()
	press(m, "n")
	d.in.SetValue(silentEngine(t))
	_, cmd = m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m.Update(awaitMsg(t, cmd))
	if d.mode != regAdd || !strings.Contains(m.View(), "no weights found") {
		t.Fatalf("failing engine:\n%s", m.View())
	}
	press(m, "esc", "x", "y")
	if r, _ := loadRegistry(dir); len(r.Engines) != 0 {
		t.Fatalf("not removed: %+v", r)
	}
	press(m, "esc")
	if m.dialog != nil {
		t.Fatalf("esc left %T open", m.dialog)
	}
}

func TestRegisterRealEngines(t *testing.T) {
	for _, c := range []struct{ path, id string }{{"/usr/games/fairy-stockfish", "Fairy-Stockfish"}, {"/usr/games/gpsusi", "gpsshogi"}} {
		if _, err := os.Stat(c.path); err != nil {
			t.Logf("%s is not installed: skipped", c.path)
			continue
		}
		e, err := registerEngine(c.path, 30*time.Second)
		if err != nil {
			t.Errorf("%s: %v", c.path, err)
			continue
		}
		if !strings.Contains(strings.ToLower(e.IDName), strings.ToLower(c.id)) || len(e.Declared) == 0 {
			t.Errorf("%s: id name %q, %d options", c.path, e.IDName, len(e.Declared))
		}
	}
}
