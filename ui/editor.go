package ui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
	"kiki/ui/editor"
	"kiki/ui/widget"
)

// The position editor's room: the editor's model (ui/editor) over the
// board it opened on, the keys it shares with the board, and its panel.

// editState is the editor while it is open.
type editState struct {
	*editor.Editor

	// covered is the board the editor opened over: shown again on Esc,
	// replaced only when the editor is left with Enter.
	covered
}

func (m *Model) startEdit() {
	if m.roomGameOn("edit.gameOn") {
		return
	}
	m.room = &editState{Editor: editor.New(m.s.pos, m.lang), covered: m.cover()}
	m.analysis.Reset()
	m.board.deselect()
	m.applyEdit()
}

// applyEdit shows the edited position (the study overlays follow it) if it
// is a possible one; otherwise the board shows the pieces as placed and
// the error says what is wrong.
func (m *Model) applyEdit() {
	p, why := m.edit().Position()
	m.edit().Err = why
	if p != nil {
		m.s = newSession(p)
		m.replay = true
	}
}

// editKey handles a key in the editor, rune by rune when several arrive
// in one message (keys typed or repeated quickly).
func (m *Model) editKey(msg tea.KeyMsg) tea.Cmd {
	if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Paste {
		var cmds []tea.Cmd
		for _, r := range msg.Runes {
			cmds = append(cmds, m.editKey(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}))
			if !m.editing() {
				break
			}
		}
		return tea.Batch(cmds...)
	}
	removing := m.edit().Remove
	m.edit().Remove = false
	if cmd, ok := m.editorKey(msg); ok {
		return cmd
	}
	if m.editPiece(msg.String(), removing) {
		m.applyEdit()
	}
	return nil
}

// editorKey handles the keys that leave the editor, move the cursor or
// work the study tools; ok is false for the keys that edit.
func (m *Model) editorKey(msg tea.KeyMsg) (cmd tea.Cmd, ok bool) {
	switch msg.String() {
	case "enter":
		return m.finishEdit(), true
	case "esc":
		return m.answer(leaveRoomMsg{}), true
	}
	if cmd, ok := m.editorSharedKey(msg); ok {
		return cmd, true
	}
	switch msg.String() {
	case "q", "ctrl+c":
		m.askQuit()
		if m.quitting {
			return tea.Quit, true
		}
	default:
		return nil, false
	}
	return nil, true
}

// editorSharedKey handles the keys the editor shares with the board: the
// cursor and the flip (the board component's own), the full help, and
// the effect map and check study, which work on the position being set
// up. ok is false for every other key.
func (m *Model) editorSharedKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Up, k.Down, k.Left, k.Right, k.Flip):
		m.board.update(msg, m.s.pos)
		return nil, true
	case key.Matches(msg, k.StepBack):
		// No record to step through here: ← and → move the cursor.
		m.board.moveCursor(-1, 0)
		return nil, true
	case key.Matches(msg, k.StepFwd):
		m.board.moveCursor(1, 0)
		return nil, true
	case key.Matches(msg, k.Help):
		return m.screenKey(msg)
	case key.Matches(msg, k.EffectMap, k.CheckStudy, k.KindNext, k.KindPrev):
		m.helpClosed(msg)
		return m.studyKey(msg)
	}
	return nil, false
}

// editPiece makes the change a key asks for on the cursor's square; it
// reports whether the key was one of them.
func (m *Model) editPiece(s string, removing bool) bool {
	ok, warn := m.edit().Key(s, m.board.cursor, removing)
	if warn != "" {
		m.setMessage(warn, true)
	}
	return ok
}

// closeEdit closes the editor, leaving the board as it is.
func (m *Model) closeEdit() {
	m.room = nil
}

// cancelEdit closes the editor and shows the board it opened over; the
// side the board was turned to in the editor stays.
func (m *Model) cancelEdit() tea.Cmd {
	c := m.edit().covered
	m.closeEdit()
	c.flipped = m.board.flipped
	cmd := m.uncover(c)
	return cmd
}

// finishEdit leaves the editor with its position as a new record, asking
// first when the record on screen has unsaved work.
func (m *Model) finishEdit() tea.Cmd {
	e := m.edit()
	p, why := e.Position()
	if p == nil {
		m.setMessage(m.tr("edit.bad")+why, true)
		return nil
	}
	if p.SFEN() == e.covered.s.pos.SFEN() {
		// Nothing changed: back to the record as it was.
		return m.cancelEdit()
	}
	if u := e.covered.s; u.dirty || u.playing && !u.end.over && u.node.Ply > 0 {
		m.dialog = &widget.Confirm{
			Question: m.tr("ask.takeEdit"),
			Yes:      takeEditMsg{p},
		}
		return nil
	}
	m.takeEdit(p)
	return nil
}

// takeEdit leaves the editor with p as a new record.
func (m *Model) takeEdit(p *game.Position) {
	m.closeEdit()
	m.s = newSession(p)
	m.s.dirty = true
	m.replay = true
	m.analysis.Reset()
	m.setMessage(m.tr("edit.taken"), false)
}

// shownHand is a side's hand as drawn: the editor's while editing.
func (m *Model) shownHand(c game.Color) game.Hand {
	if m.editing() {
		return m.edit().Hands[c]
	}
	return m.s.pos.Hand(c)
}

// editHelp is the help bar while editing, in the key map's language.
func (k keyMap) editHelp() helpKeys {
	b := func(name, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(name), key.WithHelp(name, tr(k.Lang, desc)))
	}
	short := []key.Binding{b("hjkl", "edit.cursor"), b("1-8", "edit.pieces"), b("t", "edit.target"), b("x", "edit.toBox"),
		b("+", "edit.promote"), b("v", "edit.side"), b("w", "edit.turn"), b("enter", "edit.done"), b("esc", "edit.cancel")}
	full := [][]key.Binding{short[:5], append(short[5:7:7], b("z", "edit.clear"), b("s", "edit.start"), b("m", "edit.tsume")), short[7:]}
	return helpKeys{short: short, full: full}
}

// editHandNote marks the hand the number keys fill while editing.
func (m *Model) editHandNote(c game.Color) string {
	if !m.editing() || m.edit().Target != editor.BlackHand+editor.Target(c) {
		return ""
	}
	return m.theme.Selected.Render(" <- " + m.tr("edit.here"))
}

// editing reports whether the position editor is open.
func (m *Model) editing() bool { return m.edit() != nil }
