package ui

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/kif"
	"kiki/ui/store"
	"kiki/ui/widget"
)

// openDialog lists what can be opened: at the folder it opens in, the
// recent files; then the folder as a game library, its parent, its
// subfolders and its records (Enter on a folder goes into it); and the
// sample games. A path may be typed too, Tab completing it.
type openDialog struct {
	lang    Lang
	list    widget.Picker
	entries []openEntry
	// dir is the folder listed ("" when the dialog does not browse:
	// lister is nil); a typed relative path is taken from it.
	dir    string
	lister func(dir string) []openEntry
	in     textinput.Model
	typing bool
	// lastTab is the typed text the last Tab left; a second Tab on it
	// lists the candidates, cands.
	lastTab string
	cands   []string
	err     string
	// load reads a record; an error is shown and the dialog stays.
	load func(path string) (tea.Msg, error)
}

// openKind is what an entry of the open dialog opens.
type openKind int

const (
	openRecordFile openKind = iota // a record (a file, or "lib:NAME")
	openFolder                     // a folder to list
	openLibrary                    // a folder's game library
)

// openEntry is one line of the open dialog.
type openEntry struct {
	label string
	path  string // a file, a folder, or "lib:NAME" for the embedded library
	kind  openKind
}

// recordEntries lists what the open dialog offers in dir: at home (the
// folder it opened in) the recent files first and the samples last; the
// folder as a library, its parent, its subfolders (not the hidden ones)
// and its record files.
func recordEntries(l Lang, dir string, home bool, lib fs.FS, recent []string) []openEntry {
	var out []openEntry
	if dir == "" {
		dir = "."
	}
	if home {
		for _, p := range recent {
			out = append(out, openEntry{label: tr(l, "open.recent") + filepath.Base(p) + "  (" + filepath.Dir(p) + ")", path: p})
		}
	}
	out = append(out, openEntry{label: tr(l, "open.library"), path: dir, kind: openLibrary})
	if parent := filepath.Dir(dir); parent != dir {
		out = append(out, openEntry{label: ".." + string(filepath.Separator), path: parent, kind: openFolder})
	}
	var files []openEntry
	if ents, err := os.ReadDir(dir); err == nil {
		for _, e := range ents {
			name := e.Name()
			switch {
			case strings.HasPrefix(name, "."):
			case isDirEntry(dir, e):
				out = append(out, openEntry{label: name + string(filepath.Separator), path: filepath.Join(dir, name), kind: openFolder})
			default:
				if _, ok := kif.FormatOfPath(name); ok {
					files = append(files, openEntry{label: name, path: filepath.Join(dir, name)})
				}
			}
		}
	}
	out = append(out, files...)
	if lib != nil && home {
		names, _ := readDirFS(lib)
		sort.Strings(names)
		for _, n := range names {
			out = append(out, openEntry{label: tr(l, "open.sample") + n, path: "lib:" + n})
		}
	}
	return out
}

// isDirEntry reports whether e, in dir, is a folder or a link to one.
func isDirEntry(dir string, e fs.DirEntry) bool {
	if e.IsDir() {
		return true
	}
	if e.Type()&fs.ModeSymlink == 0 {
		return false
	}
	st, err := os.Stat(filepath.Join(dir, e.Name()))
	return err == nil && st.IsDir()
}

func newOpenDialog(l Lang, entries []openEntry, load func(string) (tea.Msg, error)) *openDialog {
	d := &openDialog{lang: l, load: load}
	d.setEntries(entries)
	d.in = textinput.New()
	d.in.Prompt = tr(l, "open.prompt")
	d.in.CharLimit = 400
	return d
}

// browsing makes the dialog list dir and the folders chosen from it.
func (d *openDialog) browsing(dir string, lister func(string) []openEntry) *openDialog {
	d.dir, d.lister = dir, lister
	return d
}

func (d *openDialog) setEntries(entries []openEntry) {
	d.entries = entries
	d.list = widget.Picker{}
	for _, e := range entries {
		d.list.Items = append(d.list.Items, e.label)
	}
}

// chdir lists folder dir, the cursor on the folder it came from, if any.
func (d *openDialog) chdir(dir string) {
	from := d.dir
	d.dir = dir
	d.setEntries(d.lister(dir))
	for i, e := range d.entries {
		if e.kind == openFolder && e.path == from && filepath.Dir(e.path) == dir {
			d.list.Sel = i // back up: on the folder just left (not on its ..)
		}
	}
	d.err = ""
}

func (d *openDialog) Update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	k := widget.KeyMap()
	if d.typing {
		return d.typingKey(msg)
	}
	switch {
	case key.Matches(msg, k.Close):
		return widget.CloseMsg{}, nil
	case d.list.Update(msg):
	case key.Matches(msg, k.TypePath):
		d.typing = true
		return nil, d.in.Focus()
	case msg.Type == tea.KeyBackspace && d.lister != nil:
		d.chdir(filepath.Dir(d.dir))
	case key.Matches(msg, k.Enter):
		if len(d.entries) == 0 {
			d.typing = true
			return nil, d.in.Focus()
		}
		e := d.entries[d.list.Sel]
		switch e.kind {
		case openFolder:
			d.chdir(e.path)
			return nil, nil
		case openLibrary:
			return openLibraryMsg{e.path}, nil
		}
		return d.open(e.path)
	}
	return nil, nil
}

// typingKey handles a key while a path is typed: Enter opens it (or
// lists it, a folder), Tab completes it, Esc goes back to the list.
func (d *openDialog) typingKey(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	switch {
	case key.Matches(msg, widget.KeyMap().Esc):
		d.typing, d.cands = false, nil
		d.in.Blur()
		return nil, nil
	case key.Matches(msg, widget.KeyMap().Enter):
		path := d.resolve(strings.TrimSpace(d.in.Value()))
		if st, err := os.Stat(path); err == nil && st.IsDir() && d.lister != nil {
			d.typing, d.cands = false, nil
			d.in.Blur()
			d.in.SetValue("")
			d.chdir(path)
			return nil, nil
		}
		return d.open(path)
	case key.Matches(msg, widget.KeyMap().Tab):
		d.complete()
		return nil, nil
	}
	var cmd tea.Cmd
	d.in, cmd = d.in.Update(msg)
	d.cands, d.err = nil, ""
	return nil, cmd
}

// resolve reads a typed path: ~ is the home folder, and a relative path
// is taken from the folder listed.
func (d *openDialog) resolve(path string) string {
	if path == "" || path == "-" || strings.HasPrefix(path, "lib:") {
		return path
	}
	path = store.ExpandHome(path)
	if !filepath.IsAbs(path) && d.dir != "" {
		path = filepath.Join(d.dir, path)
	}
	return path
}

// complete is Tab: the typed path grows to what every file and folder
// beginning so shares; a second Tab with nothing to add lists them.
func (d *openDialog) complete() {
	v := d.in.Value()
	done, cands := completePath(d.dir, v)
	d.err = ""
	switch {
	case len(cands) == 0:
		d.err, d.cands = tr(d.lang, "open.noMatch"), nil
	case done != v:
		d.in.SetValue(done)
		d.in.CursorEnd()
		d.lastTab, d.cands = done, nil
	case len(cands) > 1 && d.lastTab == v:
		d.cands = cands
	default:
		d.lastTab = v
	}
}

// completePath completes typed, a path in folder dir (or absolute, or
// from ~): the names in its folder that begin with its last part (record
// files, and folders with a separator after them; hidden ones only when
// the part begins with a dot), and typed grown to what they all share.
func completePath(dir, typed string) (string, []string) {
	sep := strings.LastIndex(typed, string(filepath.Separator))
	head, prefix := typed[:sep+1], typed[sep+1:]
	look := store.ExpandHome(head)
	if look == "" {
		look = "."
	}
	if !filepath.IsAbs(look) && dir != "" {
		look = filepath.Join(dir, look)
	}
	ents, err := os.ReadDir(look)
	if err != nil {
		return typed, nil
	}
	var cands []string
	for _, e := range ents {
		name := e.Name()
		if !strings.HasPrefix(name, prefix) || strings.HasPrefix(name, ".") && !strings.HasPrefix(prefix, ".") {
			continue
		}
		if isDirEntry(look, e) {
			cands = append(cands, name+string(filepath.Separator))
		} else if _, ok := kif.FormatOfPath(name); ok {
			cands = append(cands, name)
		}
	}
	if len(cands) == 0 {
		return typed, nil
	}
	common := cands[0]
	for _, c := range cands[1:] {
		for !strings.HasPrefix(c, common) {
			_, size := utf8.DecodeLastRuneInString(common)
			common = common[:len(common)-size]
		}
	}
	return head + common, cands
}

func (d *openDialog) open(path string) (tea.Msg, tea.Cmd) {
	if path == "" {
		return nil, nil
	}
	answer, err := d.load(path)
	if err != nil {
		d.err = fileErrWords(d.lang, err)
		return nil, nil
	}
	return answer, nil
}

func (d *openDialog) View(th *Theme, room int) string {
	var sb strings.Builder
	keys := "open.keys"
	if d.typing {
		keys = "open.keys2"
	}
	sb.WriteString(th.Title.Render(tr(d.lang, "open.title")) + th.Dim.Render(tr(d.lang, keys)) + "\n")
	if d.dir != "" {
		sb.WriteString(th.Dim.Render(tr(d.lang, "open.folder")+d.dir) + "\n")
		room--
	}
	if !d.typing || len(d.cands) == 0 {
		sb.WriteString(d.list.View(th, max(3, room-3), !d.typing))
	}
	if len(d.entries) == 0 {
		sb.WriteString(th.Dim.Render(tr(d.lang, "open.none")) + "\n")
	}
	if d.typing {
		sb.WriteString(d.in.View() + "\n")
		d.viewCands(&sb, max(2, room-3))
	}
	if d.err != "" {
		sb.WriteString(th.Warn.Render(d.err) + "\n")
	}
	return strings.TrimRight(sb.String(), "\n")
}

// viewCands lists Tab's candidates in at most h lines.
func (d *openDialog) viewCands(sb *strings.Builder, h int) {
	for i, c := range d.cands {
		if i == h-1 && len(d.cands) > h {
			fmt.Fprintf(sb, tr(d.lang, "open.more")+"\n", len(d.cands)-i)
			break
		}
		sb.WriteString("  " + c + "\n")
	}
}
