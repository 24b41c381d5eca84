package ui

import tea "github.com/charmbracelet/bubbletea"

// A screen is what answers the keys when no dialog is open, and whose
// keys the help bar shows: the board (with the record, the game and the
// study tools), or a room that takes the screen over — the position
// editor, the tsume practice, the check lesson, the drill of problems
// from the player's games, the game library. Each room keeps its state in
// its own type; the root asks which one is on top, here alone, and
// routes to it.
type screen interface {
	// key handles a key; the root has already cleared the message line.
	key(m *Model, msg tea.KeyMsg) tea.Cmd
	// helpKeys are the keys the help bar shows for it.
	helpKeys(m *Model) helpKeys
	// panel is its side panel in w×h, or false for the board's (the
	// record, the move list, the engine).
	panel(m *Model, w, h int) ([]string, bool)
	// status is its status line under the board.
	status(m *Model) string
}

// boardParts gives a screen the board's side panel and status line; a
// room that draws its own says so by methods of its own.
type boardParts struct{}

func (boardParts) panel(*Model, int, int) ([]string, bool) { return nil, false }
func (boardParts) status(m *Model) string                  { return m.statusLine() }

// screen is the one on top: a room when one is open, else the board.
func (m *Model) screen() screen {
	switch {
	case m.editing && m.edit != nil:
		return m.edit
	case m.practice != nil:
		return m.practice
	case m.lesson != nil:
		return m.lesson
	case m.drill != nil:
		return m.drill
	case m.libraryShown():
		return m.library
	}
	return boardScreen{}
}

// boardScreen is the board: its keys go to one group after another.
type boardScreen struct{ boardParts }

func (boardScreen) key(m *Model, msg tea.KeyMsg) tea.Cmd {
	if m.helpClosed(msg) {
		return nil
	}
	for _, g := range boardGroups {
		if cmd, ok := g(m, msg); ok {
			return cmd
		}
	}
	return nil
}

func (boardScreen) helpKeys(m *Model) helpKeys {
	if m.engineGame() {
		return m.keys.engineGameHelp()
	}
	return m.keys.help(m.replay, m.study.checkStudy)
}

func (*editState) panel(m *Model, w, h int) ([]string, bool) { return m.editorPanel(w, h), true }
func (*editState) status(m *Model) string                    { return m.statusLine() }
func (*practiceState) panel(m *Model, w, h int) ([]string, bool) {
	return m.practicePanel(w, h), true
}
func (*practiceState) status(m *Model) string                  { return m.practiceStatus() + "  " + m.statusLine() }
func (*lessonState) panel(m *Model, w, h int) ([]string, bool) { return m.lessonPanel(w, h), true }
func (*lessonState) status(m *Model) string                    { return m.lessonStatus() }

func (*editState) key(m *Model, msg tea.KeyMsg) tea.Cmd     { return m.editKey(msg) }
func (*editState) helpKeys(m *Model) helpKeys               { return m.keys.editHelp() }
func (*practiceState) key(m *Model, msg tea.KeyMsg) tea.Cmd { return m.practiceKey(msg) }
func (p *practiceState) helpKeys(m *Model) helpKeys         { return m.keys.practiceHelp(p.playing) }
func (*lessonState) key(m *Model, msg tea.KeyMsg) tea.Cmd   { return m.lessonKey(msg) }
func (ls *lessonState) helpKeys(m *Model) helpKeys          { return m.keys.lessonHelp(ls.phase()) }
func (*drillState) key(m *Model, msg tea.KeyMsg) tea.Cmd    { return m.drillKey(msg) }
func (*drillState) helpKeys(m *Model) helpKeys              { return m.keys.drillHelp() }
func (*libraryState) key(m *Model, msg tea.KeyMsg) tea.Cmd  { return m.libraryKey(msg) }
func (st *libraryState) helpKeys(m *Model) helpKeys         { return m.keys.libraryHelp(st.lib == nil) }
