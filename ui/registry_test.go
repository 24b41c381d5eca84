package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"kiki/ui/engines"

	tea "github.com/charmbracelet/bubbletea"
)

func TestRegisterFakeEngine(t *testing.T) {
	e, err := engines.Register(fakeEnginePath(t, "normal")+" --flag", 5*time.Second)
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
		_, err := engines.Register(c.line, 300*time.Millisecond)
		if err == nil {
			t.Fatalf("%s: added", c.line)
		}
		en, ja := registerErrWords(English, c.line, err), registerErrWords(Japanese, c.line, err)
		if !strings.Contains(en, c.en) || !strings.Contains(ja, c.ja) {
			t.Errorf("%s: %q / %q", c.line, en, ja)
		}
	}
	_, err := engines.Register(silentEngine(t), 300*time.Millisecond)
	if w := registerErrWords(English, "x", err); !strings.Contains(w, "no weights found") || !strings.Contains(w, "loading weights") {
		t.Errorf("stderr's last lines missing: %q", w)
	}
	_, err = engines.Register(dying, time.Second)
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
	r, err := engines.LoadRegistry(dir)
	if err != nil || len(r.Engines) != 1 || r.Engines[0].Name != "Mine" || !r.Engines[0].Analysis {
		t.Fatalf("file %+v %v", r, err)
	}
	// A failing engine stays out, said why; the line stays to be corrected.
	d.timeout = 300 * time.Millisecond
	press(m, "n")
	d.in.SetValue(silentEngine(t))
	_, cmd = m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m.Update(awaitMsg(t, cmd))
	if d.mode != regAdd || !strings.Contains(m.View(), "no weights found") {
		t.Fatalf("failing engine:\n%s", m.View())
	}
	press(m, "esc", "x", "y")
	if r, _ := engines.LoadRegistry(dir); len(r.Engines) != 0 {
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
		e, err := engines.Register(c.path, 30*time.Second)
		if err != nil {
			t.Errorf("%s: %v", c.path, err)
			continue
		}
		if !strings.Contains(strings.ToLower(e.IDName), strings.ToLower(c.id)) || len(e.Declared) == 0 {
			t.Errorf("%s: id name %q, %d options", c.path, e.IDName, len(e.Declared))
		}
	}
}

func TestRegistryCorruptKept(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, engines.RegistryName)
	if err := os.WriteFile(path, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := engines.LoadRegistry(dir); err == nil {
		t.Fatal("a corrupt registry read without error")
	}
	if err := engines.SaveRegistry(dir, engines.Registry{}); err == nil {
		t.Fatal("a corrupt registry was overwritten")
	}
	for _, l := range []Lang{English, Japanese} {
		d := newRegistryDialog(l, dir)
		if !d.readOnly || !strings.Contains(d.note, path) {
			t.Fatalf("dialog note %q", d.note)
		}
		d.Update(runeKey('n'))
		if d.mode != regList || d.note != tr(l, "reg.readOnly") {
			t.Fatalf("a read-only registry took n: %v %q", d.mode, d.note)
		}
	}
	if data, _ := os.ReadFile(path); string(data) != "{not json" {
		t.Fatalf("file changed: %q", data)
	}
}
