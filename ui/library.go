package ui

// The game library: the games under a folder (kif/library), listed with
// their date, players, result, length and opening, sorted and filtered;
// Enter opens one for replay and Esc on the board comes back to the list
// where it was. The first indexing of a folder runs off the UI's
// goroutine, showing its progress, and Esc cancels it.

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/kif/library"
	"kiki/ui/store"
	"kiki/ui/widget"
)

type (
	// openLibraryMsg opens the library of a folder (the open dialog's
	// answer).
	openLibraryMsg struct{ dir string }
	// libraryGameMsg opens the library's entry i for replay, once the
	// game on screen may be replaced.
	libraryGameMsg struct{ i int }
	// libraryProgressMsg and libraryLoadedMsg are the indexing's news.
	libraryProgressMsg struct {
		st          *libraryState
		done, total int
	}
	libraryLoadedMsg struct {
		st  *libraryState
		lib *library.Library
		err error
	}
)

// libSort is what the list is sorted by.
type libSort int

const (
	sortFile  libSort = iota // the files' order (folders, then names)
	sortDate                 // newest first
	sortBlack                // 先手's name
	sortWhite                // 後手's name
	sortMoves                // longest first
	numSorts
)

// libInput is what the line being typed filters by.
type libInput int

const (
	inputNone libInput = iota
	inputSearch
	inputPlayer
)

// libraryState is the library while it is open.
type libraryState struct {
	boardParts // (its own full-screen view draws neither)
	root       string
	// loading: the indexing runs; done of total files read so far.
	loading, started bool
	done, total      int
	cancel           context.CancelFunc
	progress         chan tea.Msg // libraryProgressMsg, one waiting at most
	finished         chan tea.Msg // the libraryLoadedMsg
	err              string       // why the folder could not be listed

	lib  *library.Library
	rows []libRow // every entry, as the screen writes it
	// shown are the indices into rows the list shows, in order; sel is
	// the cursor in shown and top the first line drawn.
	shown    []int
	sel, top int
	sortBy   libSort
	reverse  bool
	search   string // words every shown row holds (/)
	player   string // a name either player's holds (p)
	typing   libInput
	in       textinput.Model
	// hidden: a game opened from the list is on screen; Esc there shows
	// the list again.
	hidden bool
	// review is the review of the games listed (A), once started;
	// reviewed: some row has a review to show.
	review   *libReview
	reviewed bool
}

func newLibraryState(dir string) *libraryState {
	if abs, err := filepath.Abs(store.ExpandHome(dir)); err == nil {
		dir = abs
	}
	return &libraryState{root: dir, loading: true}
}

// libraryShown reports whether the library's list is on screen.
func (m *Model) libraryShown() bool { return m.library != nil && !m.library.hidden }

// startLibrary starts indexing the library's folder, once; nil when
// there is nothing to start.
func (m *Model) startLibrary() tea.Cmd {
	st := m.library
	if st == nil || st.started {
		return nil
	}
	st.started = true
	ctx, cancel := context.WithCancel(context.Background())
	st.cancel = cancel
	st.progress, st.finished = make(chan tea.Msg, 1), make(chan tea.Msg, 1)
	index := ""
	if m.opts.DataDir != "" {
		index = filepath.Join(m.opts.DataDir, library.IndexName)
	}
	go func() {
		lib, err := library.Open(ctx, st.root, library.Options{IndexFile: index, Progress: func(done, total int) {
			select {
			case st.progress <- libraryProgressMsg{st, done, total}:
			default: // the screen has not drawn the last one yet
			}
		}})
		st.finished <- libraryLoadedMsg{st, lib, err}
	}()
	return st.wait()
}

// wait waits for the indexing's next news.
func (st *libraryState) wait() tea.Cmd {
	return func() tea.Msg {
		select {
		case msg := <-st.finished:
			return msg
		case msg := <-st.progress:
			return msg
		}
	}
}

// onLibraryMsg acts on the library's messages.
func (m *Model) onLibraryMsg(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case openLibraryMsg:
		m.closeLibrary()
		m.library = newLibraryState(msg.dir)
		return m.startLibrary()
	case libraryGameMsg:
		m.openLibraryGame(msg.i)
	case libraryProgressMsg:
		if st := m.library; st == msg.st && st.loading {
			st.done, st.total = msg.done, msg.total
			return st.wait()
		}
	case libraryLoadedMsg:
		if st := m.library; st == msg.st {
			return m.libraryLoaded(msg)
		}
	default:
		return m.onLibReview(msg)
	}
	return nil
}

// libraryLoaded takes the indexing's result, and looks for the reviews
// kept of its games.
func (m *Model) libraryLoaded(msg libraryLoadedMsg) tea.Cmd {
	st := m.library
	st.loading, st.cancel = false, nil
	if msg.err != nil {
		st.err = fileErrWords(m.lang, msg.err)
		return nil
	}
	st.lib = msg.lib
	st.rows = make([]libRow, len(msg.lib.Entries))
	for i, e := range msg.lib.Entries {
		st.rows[i] = newLibRow(m.lang, e)
	}
	st.refilter(-1)
	if msg.lib.IndexErr != nil {
		m.setMessage(fileErrWords(m.lang, msg.lib.IndexErr), true)
	}
	if m.dataDir() == "" {
		return nil
	}
	return loadRowReviews(st, m.reviewSetup(), msg.lib.Entries)
}

// closeLibrary stops the indexing and the review, if they run, and
// closes the library.
func (m *Model) closeLibrary() {
	if st := m.library; st != nil && st.cancel != nil {
		st.cancel()
	}
	m.stopLibraryReview()
	m.library = nil
}

// backToLibrary shows the list again over the game opened from it.
func (m *Model) backToLibrary() {
	m.library.hidden = false
	m.board.deselect()
}

// libraryKey handles a key while the list is on screen.
func (m *Model) libraryKey(msg tea.KeyMsg) tea.Cmd {
	st := m.library
	if st.typing != inputNone {
		return m.libraryTyping(msg)
	}
	if cmd, ok := m.modeKey(msg); ok {
		return cmd
	}
	k := m.keys
	switch {
	case key.Matches(msg, k.LibBack):
		m.libraryBack()
	case key.Matches(msg, k.Open):
		return m.askOpen()
	case st.loading || st.lib == nil:
	case key.Matches(msg, k.LibOpen):
		if len(st.shown) > 0 {
			return m.confirmReplace(m.tr("lib.openGame"), libraryGameMsg{st.shown[st.sel]})
		}
	case key.Matches(msg, k.LibSearch):
		st.startTyping(inputSearch, m.tr("lib.searchPrompt"), st.search)
	case key.Matches(msg, k.LibPlayer):
		st.startTyping(inputPlayer, m.tr("lib.playerPrompt"), st.player)
	case key.Matches(msg, k.LibSort):
		st.sortBy = (st.sortBy + 1) % numSorts
		st.reverse = false
		st.refilter(st.current())
	case key.Matches(msg, k.LibReverse):
		st.reverse = !st.reverse
		st.refilter(st.current())
	case key.Matches(msg, k.LibReview):
		return m.libraryReview()
	case key.Matches(msg, k.LibProblems):
		return m.libraryProblemsMenu()
	default:
		st.move(msg, k, m.libraryListHeight())
	}
	return nil
}

// libraryBack is Esc on the list: it stops the indexing, else clears the
// filters, else closes the library.
func (m *Model) libraryBack() {
	st := m.library
	switch {
	case st.loading:
		m.closeLibrary()
		m.setMessage(m.tr("lib.cancelled"), false)
	case st.search != "" || st.player != "":
		st.search, st.player = "", ""
		st.refilter(st.current())
	default:
		m.closeLibrary()
	}
}

// move moves the cursor by a key of the list, keeping it in view.
func (st *libraryState) move(msg tea.KeyMsg, k keyMap, page int) {
	n := len(st.shown)
	switch {
	case key.Matches(msg, k.LibUp):
		st.sel--
	case key.Matches(msg, k.LibDown):
		st.sel++
	case key.Matches(msg, k.LibPageUp):
		st.sel -= page
	case key.Matches(msg, k.LibPageDown):
		st.sel += page
	case key.Matches(msg, k.LibTop):
		st.sel = 0
	case key.Matches(msg, k.LibBottom):
		st.sel = n - 1
	}
	st.sel = max(0, min(st.sel, n-1))
	st.scroll(page)
}

// scroll keeps the cursor within the h lines drawn from top.
func (st *libraryState) scroll(h int) {
	h = max(h, 1)
	if st.sel < st.top {
		st.top = st.sel
	}
	if st.sel >= st.top+h {
		st.top = st.sel - h + 1
	}
	st.top = max(0, min(st.top, len(st.shown)-h))
}

// current is the entry under the cursor, -1 when none.
func (st *libraryState) current() int {
	if st.sel < len(st.shown) {
		return st.shown[st.sel]
	}
	return -1
}

// startTyping opens the line where a filter is typed.
func (st *libraryState) startTyping(what libInput, prompt, value string) {
	st.typing = what
	st.in = textinput.New()
	st.in.Prompt = prompt
	st.in.CharLimit = 100
	st.in.SetValue(value)
	st.in.Focus()
}

// libraryTyping handles a key on the filter line: the list follows what
// is typed; Enter keeps it, Esc puts back what was there before.
func (m *Model) libraryTyping(msg tea.KeyMsg) tea.Cmd {
	st := m.library
	switch {
	case key.Matches(msg, widget.KeyMap().Enter):
		st.typing = inputNone
		return nil
	case key.Matches(msg, widget.KeyMap().Esc):
		st.in.SetValue("")
		st.setFilter()
		st.typing = inputNone
		return nil
	}
	var cmd tea.Cmd
	st.in, cmd = st.in.Update(msg)
	st.setFilter()
	return cmd
}

// setFilter takes the typed line as the filter it is for.
func (st *libraryState) setFilter() {
	v := strings.TrimSpace(st.in.Value())
	if st.typing == inputSearch {
		st.search = v
	} else {
		st.player = v
	}
	st.refilter(st.current())
}

// openLibraryGame opens entry i for replay: a file of one game as that
// file (saved back to it), a game of a file holding several without one
// (a save asks for a name, so that the file's other games stay).
func (m *Model) openLibraryGame(i int) {
	st := m.library
	if st == nil || st.lib == nil || i < 0 || i >= len(st.lib.Entries) {
		return
	}
	e := st.lib.Entries[i]
	if e.Err != "" {
		m.setMessage(st.rows[i].why, true)
		return
	}
	path := filepath.Join(st.root, e.File)
	rec, err := libraryGame(path, e.Game)
	switch {
	case errors.Is(err, errLibChanged):
		m.setMessage(m.tr("lib.changed"), true)
		return
	case err != nil:
		m.setMessage(fileErrWords(m.lang, err), true)
		return
	}
	if e.Games > 1 {
		m.openRecord(rec, "", fmt.Sprintf("%s (%d/%d)", filepath.Base(path), e.Game+1, e.Games))
	} else {
		m.openRecord(rec, path, "")
	}
	m.showCachedReview(rec)
}

// libraryMouse: the wheel moves the cursor, a click chooses a row.
func (m *Model) libraryMouse(msg tea.MouseMsg) tea.Cmd {
	st := m.library
	h := m.libraryListHeight()
	switch {
	case msg.Button == tea.MouseButtonWheelUp:
		st.sel = max(0, st.sel-3)
	case msg.Button == tea.MouseButtonWheelDown:
		st.sel = max(0, min(len(st.shown)-1, st.sel+3))
	case msg.Button == tea.MouseButtonLeft && msg.Action == tea.MouseActionPress:
		i := st.top + msg.Y - libraryListY
		if msg.Y >= libraryListY && msg.Y < libraryListY+h && i < len(st.shown) {
			st.sel = i
		}
	}
	st.scroll(h)
	return nil
}
