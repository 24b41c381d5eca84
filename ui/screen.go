package ui

import (
	tea "github.com/charmbracelet/bubbletea"

	"kiki/ui/analysis"
)

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
	case m.room != nil:
		return m.room
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

// covered is the board a room opened over: the record's session, replay
// or not, the side the board was turned to and the analysis. It comes
// back when the room closes, and meanwhile it is what a quit asks about
// and what the recovery file keeps: the room's own positions are not
// the player's record.
type covered struct {
	s       *session
	replay  bool
	flipped bool
	an      analysis.State
}

// cover is the board as it is now, for a room opening over it; what was
// at work on it (the AI, the analyses) stops until the room closes.
func (m *Model) cover() covered {
	c := covered{s: m.s, replay: m.replay, flipped: m.board.flipped, an: m.analysis}
	m.cancelAI()
	m.analysis.Cancel()
	return c
}

// uncover shows again the board a room opened over, and what was at work
// on it goes on: the whole-game analysis the room stopped, the
// continuous analysis, the AI if it is to move.
func (m *Model) uncover(c covered) tea.Cmd {
	m.s, m.replay, m.board.flipped = c.s, c.replay, c.flipped
	var cmds []tea.Cmd
	if m.analysis.Restore(c.an) {
		cmds = append(cmds, m.resumeAnalysis())
	}
	m.board.deselect()
	return tea.Batch(append(cmds, m.analysisFollow(), m.maybeStartAI())...)
}

// A coveringRoom shows positions of its own over the player's record
// (the editor, the practice, the lesson, the drill).
type coveringRoom interface {
	screen
	// under is the board it opened over.
	under() *covered
	// leave closes it and shows that board again.
	leave(m *Model) tea.Cmd
}

// leaveRoomMsg is a room's answer when the player leaves it: the root
// closes the room on top and shows the board it opened over.
type leaveRoomMsg struct{}

// answer acts on a room's answer at once, as on a dialog's.
func (m *Model) answer(msg tea.Msg) tea.Cmd {
	cmd, _ := m.onAnswer(msg)
	return cmd
}

// roomGameOn refuses a room over a game being played (its clock and its
// engines would go on unseen), saying why in the room's words; it
// reports whether it refused. A game not begun is being played too when
// its clock runs or an engine is to move in it.
func (m *Model) roomGameOn(why string) bool {
	if m.gameOn() {
		m.setMessage(m.tr(why), true)
		return true
	}
	return false
}

// gameOn reports whether a game is being played on the board: moves made
// in it, or, before its first, its clock running or an engine to move.
func (m *Model) gameOn() bool {
	s := m.s
	return s.playing && !s.end.over && (s.node.Ply > 0 || s.clockRunning() || s.aiToMove())
}

// recordSession is the player's record: the one under the room on top,
// or the one on the board.
func (m *Model) recordSession() *session {
	if m.room != nil {
		return m.room.under().s
	}
	return m.s
}

func (e *editState) under() *covered      { return &e.covered }
func (pr *practiceState) under() *covered { return &pr.covered }
func (ls *lessonState) under() *covered   { return &ls.covered }
func (d *drillState) under() *covered     { return &d.covered }

func (*practiceState) leave(m *Model) tea.Cmd { return m.leavePractice() }
func (*lessonState) leave(m *Model) tea.Cmd   { return m.leaveLesson() }
func (*drillState) leave(m *Model) tea.Cmd    { return m.leaveDrill() }

// leave cancels the editor: the board it opened over comes back as it
// was, and the AI goes on if it is to move there.
func (*editState) leave(m *Model) tea.Cmd {
	cmd := m.cancelEdit()
	m.setMessage(m.tr("edit.cancelled"), false)
	return cmd
}

// The rooms over the board, each nil unless it is the one open.

func (m *Model) edit() *editState         { r, _ := m.room.(*editState); return r }
func (m *Model) practice() *practiceState { r, _ := m.room.(*practiceState); return r }
func (m *Model) lesson() *lessonState     { r, _ := m.room.(*lessonState); return r }
func (m *Model) drill() *drillState       { r, _ := m.room.(*drillState); return r }
