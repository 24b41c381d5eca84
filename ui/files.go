package ui

// Opening and saving records: asking before the record on screen is
// replaced, the open and save-as dialogs' work, reading and writing
// files, and what a format would lose.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/kif"
	"kiki/ui/store"
	"kiki/ui/widget"
)

// askOpen opens the open dialog, asking first when something would be lost.
func (m *Model) askOpen() tea.Cmd {
	return m.confirmReplace(m.tr("open.title"), showOpenMsg{})
}

// unsaved reports whether replacing the session now would lose work: a
// change not saved, or a game in progress with a move on the board.
func (m *Model) unsaved() bool {
	return m.s.unsaved()
}

// unsaved reports whether dropping s would lose work: a change not saved,
// or a game in progress with a move on the board.
func (s *session) unsaved() bool {
	return s.dirty || s.playing && !s.end.over && s.node.Ply > 0
}

// confirmReplace acts on action, an action that replaces the record or
// the game on screen (new game, open, edit, play from here), at once when
// nothing would be lost, and otherwise asks first: save first, discard,
// or cancel. what names the action in the question. A record the player
// chose to discard, unchanged since, is not asked about again.
func (m *Model) confirmReplace(what string, action tea.Msg) tea.Cmd {
	if !m.unsaved() || m.discarded.holds(m.s) {
		cmd, _ := m.onAnswer(action)
		return cmd
	}
	m.dialog = &widget.Choice{Question: what + ": " + m.unsavedWhy(), Options: []widget.Option{
		widget.Opt("s", m.tr("ask.saveFirst"), saveThenMsg{action}),
		widget.Opt("d", m.tr("ask.discard"), discardThenMsg{action}),
		widget.Opt("esc", m.tr("ask.cancel"), nil),
	}}
	return nil
}

// discardMark is a record the player chose to discard, as it was then:
// one step on the way to replacing it (o, then a game of the library)
// asks once. Any change since, or another record, asks again.
type discardMark struct {
	s    *session
	data []byte
}

func markDiscard(s *session) discardMark {
	data, err := kif.Encode(s.rec, kif.FormatKIFU)
	if err != nil {
		return discardMark{}
	}
	return discardMark{s: s, data: data}
}

// holds reports whether s is the record discarded, unchanged since.
func (d discardMark) holds(s *session) bool {
	if d.s == nil || d.s != s {
		return false
	}
	data, err := kif.Encode(s.rec, kif.FormatKIFU)
	return err == nil && bytes.Equal(data, d.data)
}

// saveThen saves the record (asking for a file name when it has none, or
// when its format would lose something) and acts on then once it is saved.
func (m *Model) saveThen(then tea.Msg) tea.Cmd {
	m.fillHeaders()
	if m.s.path != "" && m.lossless(m.s.path) {
		if err := m.writeRecord(m.s.path); err != nil {
			m.setMessage(fileErrWords(m.lang, err), true)
			return nil
		}
		cmd, _ := m.onAnswer(then)
		return cmd
	}
	def := m.s.path
	if def == "" || !m.lossless(def) {
		def = m.defaultPath()
	}
	m.dialog = m.saveAsDialog(def, then)
	return nil
}

func (m *Model) defaultPath() string {
	// .kif is Shift_JIS: a record holding a character it cannot (☗, an
	// emoji in a comment) is offered as .kifu, UTF-8, instead.
	ext := ".kif"
	var ee *kif.EncodingError
	if _, err := kif.Encode(m.s.rec, kif.FormatKIF); errors.As(err, &ee) {
		ext = ".kifu"
	}
	if m.s.path != "" {
		return strings.TrimSuffix(m.s.path, filepath.Ext(m.s.path)) + ext
	}
	return filepath.Join(m.opts.Dir, "kiki-"+m.opts.Now().Format("20060102-150405")+ext)
}

// loadRecord reads a record file, "-" for standard input, or "lib:NAME"
// from the embedded library lib.
func loadRecord(lib fs.FS, path string) (*kif.Record, string, error) {
	if name, ok := strings.CutPrefix(path, "lib:"); ok {
		if lib == nil {
			return nil, "", fmt.Errorf("no library")
		}
		data, err := fs.ReadFile(lib, name)
		if err != nil {
			return nil, "", err
		}
		r, err := kif.Read(name, data)
		return r, "", err
	}
	if path == "-" {
		data, err := io.ReadAll(os.Stdin)
		if err != nil {
			return nil, "", err
		}
		r, err := kif.Read("stdin", data)
		return r, "", err
	}
	r, err := kif.ReadFile(path)
	return r, path, err
}

// recordName is how a record is called when it is not saved back to its
// file: a library game by its name, standard input as such, a file (of
// several games) by its name.
func recordName(l Lang, path string) string {
	if name, ok := strings.CutPrefix(path, "lib:"); ok {
		return tr(l, "open.sample") + name
	}
	if path == "-" {
		return tr(l, "open.stdin")
	}
	return filepath.Base(path)
}

// openRecord shows a record for replay.
// name labels a record without a file (standard input, the library).
func (m *Model) openRecord(r *kif.Record, path, name string) {
	if path != "" && r.FileGames > 1 {
		// The first of several games: a save must not put it in the
		// place of them all, so it asks for a name.
		m.rememberRecent(path)
		name, path = fmt.Sprintf("%s (1/%d)", filepath.Base(path), r.FileGames), ""
	}
	m.rememberRecent(path)
	if m.library != nil {
		m.library.hidden = true // the record on the board; Esc there goes back to the list
	}
	m.cancelAI()
	m.analysis.Reset()
	m.s = sessionFromRecord(r, path)
	m.replay = true
	m.board.flipped = false
	m.board.deselect()
	if path != "" {
		name = filepath.Base(path)
	}
	if name == "" {
		name = "record"
	}
	msg := fmt.Sprintf(m.tr("file.opened"), name, len(r.MainMoves()))
	if len(r.Warnings) > 0 {
		msg += fmt.Sprintf(m.tr("file.warnings"), len(r.Warnings), r.Warnings[0])
	}
	m.setMessage(msg, len(r.Warnings) > 0)
}

// save writes the record to its file, or asks for one. The format follows
// the extension: .kif (Shift_JIS) .kifu (UTF-8) .ki2 .csa.
func (m *Model) save(as bool) tea.Cmd {
	m.fillHeaders()
	if !as && m.s.path != "" {
		if err := m.writeRecord(m.s.path); err != nil {
			m.setMessage(fileErrWords(m.lang, err), true)
		}
		return nil
	}
	def := m.s.path
	if def == "" {
		def = m.defaultPath()
	}
	m.dialog = m.saveAsDialog(def, nil)
	return nil
}

// saveAsDialog asks for a file name, asks again before overwriting
// another file, writes, and acts on then (may be nil) once the record is
// saved without loss.
func (m *Model) saveAsDialog(def string, then tea.Msg) *widget.Path {
	l := m.lang
	return widget.NewPath(l, m.tr("ask.saveAs"), def, func(path string) error { return checkSavePath(l, path) },
		func(path string) tea.Msg { return saveAsMsg{path, then} })
}

// sameFile reports whether a and b name the same file.
func sameFile(a, b string) bool {
	if b == "" {
		return false
	}
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	if err1 != nil || err2 != nil {
		return filepath.Clean(a) == filepath.Clean(b)
	}
	return os.SameFile(sa, sb)
}

// lost says what a format cannot hold of the record ("" when nothing):
// CSA has no variations and no comments.
func lost(r *kif.Record, f kif.Format, l Lang) string {
	if f != kif.FormatCSA {
		return ""
	}
	vars, comments := 0, 0
	var walk func(n *kif.Node)
	walk = func(n *kif.Node) {
		comments += len(n.Comments)
		for _, c := range n.Children {
			walk(c)
		}
		// CSA writes the first child only: every other one is lost, a
		// move beside an ending (taken back before a resignation) too.
		if len(n.Children) > 1 {
			vars += len(n.Children) - 1
		}
	}
	walk(r.Root)
	var parts []string
	if vars > 0 {
		parts = append(parts, fmt.Sprintf(tr(l, "file.vars"), vars))
	}
	if comments > 0 {
		parts = append(parts, fmt.Sprintf(tr(l, "file.comments"), comments))
	}
	return strings.Join(parts, tr(l, "file.and"))
}

// lossless reports whether saving to path keeps everything the record has.
func (m *Model) lossless(path string) bool {
	f, ok := kif.FormatOfPath(path)
	return ok && lost(m.s.rec, f, m.lang) == ""
}

func (m *Model) writeRecord(path string) error {
	f, ok := kif.FormatOfPath(path)
	if !ok || f == kif.FormatUSI || f == kif.FormatSFEN {
		return fmt.Errorf(m.tr("file.badExt"), path)
	}
	if err := kif.WriteFile(path, m.s.rec, f); err != nil {
		return err
	}
	m.s.path, m.s.format = path, f
	m.rememberRecent(path)
	// The file is now one kiki wrote: saving over it again is expected.
	m.s.opened, m.s.edited = false, false
	if l := lost(m.s.rec, f, m.lang); l != "" {
		// The file lacks part of the record: it stays unsaved, so quitting
		// or replacing it still asks.
		m.s.dirty = true
		m.setMessage(fmt.Sprintf(m.tr("file.csaLoss"), path, l), true)
		return nil
	}
	m.s.dirty = false
	m.dropRecovery()
	m.setMessage(m.tr("file.saved")+path, false)
	return nil
}

// fillHeaders completes a played game's header before saving.
func (m *Model) fillHeaders() {
	r := m.s.rec
	if _, ok := r.Get("開始日時"); !ok && m.s.match.Started.IsZero() == false {
		r.Set("開始日時", m.s.match.Started.Format("2006/01/02 15:04:05"))
	}
	if m.s.end.over {
		if _, ok := r.Get("終了日時"); !ok {
			r.Set("終了日時", m.opts.Now().Format("2006/01/02 15:04:05"))
		}
		if _, ok := r.Get("結果"); !ok {
			r.Set("結果", m.s.end.banner(m.s.sideNames()))
		}
	}
}

// fileErrWords says in l what went wrong reading or writing a file: the
// OS's common failures and a record that cannot be read in the screen's
// own words, with the file (and line); a failure it has no words for
// keeps the OS's or reader's own detail after them.
func fileErrWords(l Lang, err error) string {
	var pe *kif.ParseError
	if errors.As(err, &pe) {
		where := pe.File
		if pe.Line > 0 {
			where = fmt.Sprintf(tr(l, "file.line"), pe.File, pe.Line)
		}
		if l == English {
			return fmt.Sprintf(tr(l, "file.notRecord"), where) + ": " + pe.Msg
		}
		return fmt.Sprintf(tr(l, "file.notRecord"), where)
	}
	var ee *kif.EncodingError
	if errors.As(err, &ee) {
		return encodingErrWords(l, err, ee)
	}
	var ce *store.CorruptFileError
	if errors.As(err, &ce) {
		return fmt.Sprintf(tr(l, "file.corrupt"), ce.Path)
	}
	path := ""
	var pathErr *fs.PathError
	if errors.As(err, &pathErr) {
		path = pathErr.Path
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Sprintf(tr(l, "file.notExist"), path)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Sprintf(tr(l, "file.permission"), path)
	case errors.Is(err, syscall.EISDIR):
		return fmt.Sprintf(tr(l, "file.isFolder"), path)
	case errors.Is(err, syscall.ENOSPC):
		return fmt.Sprintf(tr(l, "file.noSpace"), path)
	}
	if path == "" {
		return err.Error()
	}
	return fmt.Sprintf(tr(l, "file.failed"), path) + ": " + err.Error()
}

// encodingErrWords says which character a legacy encoding cannot hold,
// with the file's name that err carries before it.
func encodingErrWords(l Lang, err error, ee *kif.EncodingError) string {
	where := strings.TrimSuffix(strings.TrimSuffix(err.Error(), ee.Error()), ": ")
	what := fmt.Sprintf(tr(l, "file.encodeLine"), ee.Line, ee.Encoding)
	if ee.Char != 0 {
		what = fmt.Sprintf(tr(l, "file.encodeChar"), ee.Line, string(ee.Char), ee.Encoding)
	}
	if where == "" {
		return what
	}
	return where + ": " + what
}

// readDirFS lists the record files at the top of an fs.FS.
func readDirFS(f fs.FS) ([]string, error) {
	ents, err := fs.ReadDir(f, ".")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		if _, ok := kif.FormatOfPath(e.Name()); ok && !e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out, nil
}

// recentName is the file of the recent files in the data folder.
const recentName = "recent.json"

// recentMax is how many recent files are kept.
const recentMax = 8

// recentFiles is recent.json: the record files opened or saved last,
// the latest first.
type recentFiles struct {
	Files []string `json:"files"`
}

// loadRecent lists the recent files that still exist. A missing or
// unreadable list is an empty one: it is a convenience, rebuilt as files
// are opened.
func loadRecent(dataDir string) []string {
	if dataDir == "" {
		return nil
	}
	data, err := os.ReadFile(filepath.Join(dataDir, recentName))
	if err != nil {
		return nil
	}
	var r recentFiles
	if json.Unmarshal(data, &r) != nil {
		return nil
	}
	var out []string
	for _, p := range r.Files {
		if st, err := os.Stat(p); err == nil && !st.IsDir() && len(out) < recentMax {
			out = append(out, p)
		}
	}
	return out
}

// rememberRecent puts a record file first among the recent files. A
// failure to write the list is not worth a message over the record just
// opened: the list is only a convenience.
func (m *Model) rememberRecent(path string) {
	dir := m.opts.DataDir
	if dir == "" || path == "" || path == "-" || strings.HasPrefix(path, "lib:") {
		return
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	files := []string{path}
	for _, p := range loadRecent(dir) {
		if p != path && len(files) < recentMax {
			files = append(files, p)
		}
	}
	data, err := json.MarshalIndent(recentFiles{files}, "", "  ")
	if err != nil || os.MkdirAll(dir, 0o700) != nil {
		return
	}
	_ = kif.WriteAtomic(filepath.Join(dir, recentName), append(data, '\n'))
}
