package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ui/widget"
)

const tinyRecord = "先手：A\n後手：B\n手合割：平手\n   1 ７六歩(77)\n   2 投了\n"

// openTree makes a folder with a record, a subfolder holding another, a
// hidden folder, a file that is not a record and a CSA file of two games.
func openTree(t *testing.T) string {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"a.kif": tinyRecord, "sub/b.kifu": tinyRecord, ".hidden/c.kif": tinyRecord, "notes.txt": "x",
		"two.csa": "N+A\nN-B\nPI\n+\n+7776FU\n%TORYO\n/\nN+C\nN-D\nPI\n+\n+2726FU\n%TORYO\n",
	} {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func openLabels(d *openDialog) []string {
	var out []string
	for _, e := range d.entries {
		out = append(out, e.label)
	}
	return out
}

// The open dialog lists the folder as a library, its parent, its
// subfolders and records (not hidden ones, not other files); Enter on a
// folder goes into it, Backspace and .. go up, the cursor coming back
// to the folder left.
func TestOpenDialogBrowsesFolders(t *testing.T) {
	dir := openTree(t)
	o := testOptions()
	o.Dir = dir
	m := newTestModel(o)
	press(m, "o")
	d, ok := m.dialog.(*openDialog)
	if !ok {
		t.Fatalf("o: dialog %T", m.dialog)
	}
	want := []string{tr(English, "open.library"), "../", "sub/", "a.kif", "two.csa"}
	if got := openLabels(d); !reflect.DeepEqual(got, want) {
		t.Fatalf("entries %q, want %q", got, want)
	}
	press(m, "j", "j", "enter")
	if d.dir != filepath.Join(dir, "sub") || !reflect.DeepEqual(openLabels(d), []string{tr(English, "open.library"), "../", "b.kifu"}) || d.list.Sel != 0 {
		t.Fatalf("in sub: %s %q, cursor %d", d.dir, openLabels(d), d.list.Sel)
	}
	if v := stripANSI(d.View(&th, 10)); !strings.Contains(v, "folder: "+filepath.Join(dir, "sub")) {
		t.Errorf("the folder listed is not named:\n%s", v)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyBackspace})
	if d.dir != dir || d.entries[d.list.Sel].label != "sub/" {
		t.Errorf("backspace: in %s on %q", d.dir, d.entries[d.list.Sel].label)
	}
	press(m, "k", "enter")
	if d.dir != filepath.Dir(dir) {
		t.Errorf(".. went to %s", d.dir)
	}
	// The library row opens the folder's library.
	d.chdir(dir)
	d.list.Sel = 0
	press(m, "enter")
	if m.dialog != nil || m.library == nil || m.library.root != dir {
		t.Fatalf("the library row: dialog %T, library %+v", m.dialog, m.library)
	}
	loadLibrary(t, m)
	if len(m.library.rows) != 4 { // a.kif, sub/b.kifu, two.csa's two games
		t.Errorf("%d rows in the library of the folder", len(m.library.rows))
	}
}

// Records opened are remembered, the latest first, a handful at most;
// the next open dialog lists them first, those still there.
func TestOpenDialogRecentFiles(t *testing.T) {
	dir := openTree(t)
	o := testOptions()
	o.Dir, o.DataDir = dir, t.TempDir()
	m := newTestModel(o)
	press(m, "o", "j", "j", "j", "enter") // a.kif
	if m.dialog != nil || m.s.path != filepath.Join(dir, "a.kif") {
		t.Fatalf("a.kif not opened: %q", m.s.path)
	}
	press(m, "o")
	d := m.dialog.(*openDialog)
	if got := d.entries[0]; !strings.HasPrefix(got.label, "[recent] a.kif") || got.path != filepath.Join(dir, "a.kif") {
		t.Fatalf("first entry %+v, want the recent a.kif", got)
	}
	press(m, "enter")
	if m.s.path != filepath.Join(dir, "a.kif") {
		t.Errorf("the recent entry did not open a.kif")
	}
	var paths []string
	for i := range recentMax + 3 {
		p := filepath.Join(dir, fmt.Sprintf("r%02d.kif", i))
		os.WriteFile(p, []byte(tinyRecord), 0o644)
		m.rememberRecent(p)
		paths = append(paths, p)
	}
	os.Remove(paths[len(paths)-2])
	got := loadRecent(o.DataDir)
	if len(got) != recentMax-1 || got[0] != paths[len(paths)-1] || got[1] != paths[len(paths)-3] {
		t.Errorf("recent files %q", got)
	}
}

// Tab completes a typed path to what the names beginning so share; a
// second Tab lists them; a typed folder is listed on Enter.
func TestOpenDialogTabCompletion(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"game01.kif", "game02.kif", "games/x.kif", "other.csa", "notes.txt", ".hid.kif"} {
		p := filepath.Join(dir, n)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(tinyRecord), 0o644)
	}
	for _, c := range []struct {
		typed, done string
		cands       []string
	}{
		{"ga", "game", []string{"game01.kif", "game02.kif", "games/"}},
		{"o", "other.csa", []string{"other.csa"}},
		{"games/", "games/x.kif", []string{"x.kif"}},
		{"n", "n", nil},
		{".h", ".hid.kif", []string{".hid.kif"}},
		{dir + "/game0", dir + "/game0", []string{"game01.kif", "game02.kif"}},
	} {
		done, cands := completePath(dir, c.typed)
		if done != c.done || !reflect.DeepEqual(cands, c.cands) {
			t.Errorf("%q: %q %q, want %q %q", c.typed, done, cands, c.done, c.cands)
		}
	}
	o := testOptions()
	o.Dir = dir
	m := newTestModel(o)
	press(m, "o", "/", "ga", "tab")
	d := m.dialog.(*openDialog)
	if d.in.Value() != "game" || d.cands != nil {
		t.Fatalf("tab: %q, candidates %q", d.in.Value(), d.cands)
	}
	press(m, "tab")
	if v := stripANSI(d.View(&th, 12)); len(d.cands) != 3 || !strings.Contains(v, "  games/") {
		t.Fatalf("second tab lists nothing:\n%s", v)
	}
	press(m, "s", "tab")
	if d.in.Value() != "games/" {
		t.Fatalf("tab after s: %q", d.in.Value())
	}
	press(m, "enter")
	if d.typing || d.dir != filepath.Join(dir, "games") {
		t.Fatalf("enter on a typed folder: typing %v, in %s", d.typing, d.dir)
	}
	press(m, "/", "zz", "tab")
	if d.err != tr(English, "open.noMatch") {
		t.Errorf("no match: %q", d.err)
	}
	// A relative path is taken from the folder listed.
	d.in.SetValue("x.kif")
	press(m, "enter")
	if m.dialog != nil || m.s.path != filepath.Join(dir, "games", "x.kif") {
		t.Errorf("x.kif typed in games: %q", m.s.path)
	}
}

// A file of several games opens its first without the file: a save
// asks for a name instead of putting one game in the place of two.
func TestOpenDialogManyGamesFile(t *testing.T) {
	dir := openTree(t)
	o := testOptions()
	o.Dir = dir
	m := newTestModel(o)
	press(m, "o", "/", "two.csa", "enter")
	if m.dialog != nil || m.s.path != "" || !strings.Contains(m.message, "two.csa (1/2)") || !strings.Contains(m.message, "holds 2 games") {
		t.Fatalf("two.csa: path %q, message %q", m.s.path, m.message)
	}
	press(m, "s")
	if _, ok := m.dialog.(*widget.Path); !ok {
		t.Errorf("s on the first of two games: %T, want a file name", m.dialog)
	}
}
