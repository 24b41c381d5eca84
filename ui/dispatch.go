package ui

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/kif"
	"kiki/ui/widget"
)

// Keys go to the go-to-move prompt ('g') while it waits, else to the
// screen on top (screen.go): a room, or the board; on the board, to one
// group of keys after
// another (each reports whether the key was its own): the screen's own,
// stepping through the record, the board component, the study tools, the
// game, the record, and the engine.

// keyGroup handles the keys of one group; handled is false for the others.
type keyGroup func(m *Model, msg tea.KeyMsg) (cmd tea.Cmd, handled bool)

// boardGroups are the key groups of the board mode, in the order asked.
var boardGroups = []keyGroup{(*Model).screenKey, (*Model).navKey, (*Model).boardKey, (*Model).studyKey,
	(*Model).gameKey, (*Model).recordKey, (*Model).engineKey, (*Model).candidateKey}

// onKey handles a key when no dialog is open.
func (m *Model) onKey(msg tea.KeyMsg) tea.Cmd {
	if m.pendingG {
		return m.jumpKey(msg)
	}
	m.message = ""
	return m.screen().key(m, msg)
}

// onPaste takes a paste when no dialog is open. A paste is one event and
// never runs as keys (a pasted "od" must not open a dialog and answer
// it): on the board one line goes into the move prompt, for Enter to
// play; anything else is refused with a message.
func (m *Model) onPaste(msg tea.KeyMsg) tea.Cmd {
	text := strings.TrimSpace(string(msg.Runes))
	d := newMoveLine(m.lang)
	if m.editing() || m.pendingG || text == "" || strings.ContainsAny(text, "\r\n") || utf8.RuneCountInString(text) > d.in.CharLimit {
		m.setMessage(m.tr("msg.pasteRefused"), true)
		return nil
	}
	d.in.SetValue(text)
	m.dialog = d
	return nil
}

// helpClosed closes the full help on any key but help and quit, as in
// every mode; it reports whether the key did only that (Esc), the other
// keys going on to their own meaning.
func (m *Model) helpClosed(msg tea.KeyMsg) bool {
	if !m.showHelp || key.Matches(msg, m.keys.Help, m.keys.Quit) {
		return false
	}
	m.showHelp = false
	return key.Matches(msg, m.keys.Cancel)
}

// modeKey is what the practice and the lesson do with a key first, as
// the board does: close the full help, quit, or turn the help's pages.
// ok reports that the key was used up.
func (m *Model) modeKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	switch {
	case m.helpClosed(msg):
		return nil, true
	case key.Matches(msg, m.keys.Quit):
		return m.askQuit(), true
	case key.Matches(msg, m.keys.Help):
		cmd, _ := m.screenKey(msg)
		return cmd, true
	}
	return nil, false
}

// screenKey: quit, help, and Esc, which stops or closes the latest thing.
func (m *Model) screenKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Quit):
		return m.askQuit(), true
	case key.Matches(msg, k.Help):
		// ? opens the full help, turns its pages, and closes it after
		// the last one.
		switch {
		case !m.showHelp:
			m.showHelp, m.helpPage = true, 0
		case m.helpPage+1 < len(m.fullHelpPages()):
			m.helpPage++
		default:
			m.showHelp = false
		}
	case key.Matches(msg, k.Cancel):
		return m.cancel(), true
	default:
		return nil, false
	}
	return nil, true
}

// cancel is Esc: it stops a mate search or the game analysis, puts the
// selection back, turns off a study tool or the analysis, or goes back to
// the game library's list, the first that applies.
func (m *Model) cancel() tea.Cmd {
	switch {
	case m.ai.mating:
		m.ai.stop()
	case m.analysis.Running:
		m.analysis.Cancel()
	case m.board.hasSelection():
		m.board.deselect()
	case m.study.checkStudy:
		m.study.checkStudy = false
	case m.study.effectMap:
		m.study.effectMap = false
	case m.analysis.On:
		return m.toggleAnalysis()
	case m.library != nil:
		m.backToLibrary()
	}
	return nil
}

// navKey steps through the record (←→ step only while reading a record
// with nothing picked up; otherwise they move the cursor).
func (m *Model) navKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := m.keys
	stepping := m.replay && !m.board.hasSelection()
	switch {
	case key.Matches(msg, k.StepBack):
		if stepping {
			return m.step(-1), true
		}
		m.board.moveCursor(-1, 0)
	case key.Matches(msg, k.StepFwd):
		if stepping {
			return m.step(1), true
		}
		m.board.moveCursor(1, 0)
	case key.Matches(msg, k.PageBack):
		return m.step(-10), true
	case key.Matches(msg, k.PageFwd):
		return m.step(10), true
	case key.Matches(msg, k.First):
		return m.step(-10000), true
	case key.Matches(msg, k.Last):
		return m.step(10000), true
	case key.Matches(msg, k.Jump):
		m.pendingG = true
		m.jumpDigits = ""
		m.setMessage(m.tr("msg.gotoPrompt"), false)
	default:
		return nil, false
	}
	return nil, true
}

// boardKey gives the board component its keys; Select acts on the square
// under the cursor.
func (m *Model) boardKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	if key.Matches(msg, m.keys.Select) {
		return m.act(m.board.cursor), true
	}
	answer, ok := m.board.update(msg, m.s.pos)
	if !ok {
		return nil, false
	}
	return m.onBoard(answer), true
}

// studyKey: the effect map and the check study.
func (m *Model) studyKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := m.keys
	st := &m.study
	switch {
	case key.Matches(msg, k.EffectMap):
		st.effectMap = !st.effectMap
	case key.Matches(msg, k.CheckStudy):
		m.toggleCheckStudy()
	case key.Matches(msg, k.KindNext):
		st.kindIdx = (st.kindIdx + 1) % len(studyKinds)
		st.checkStudy = true
		m.dropOtherHandPiece()
	case key.Matches(msg, k.KindPrev):
		st.kindIdx = (st.kindIdx + len(studyKinds) - 1) % len(studyKinds)
		st.checkStudy = true
		m.dropOtherHandPiece()
	case key.Matches(msg, k.Attacker):
		st.attacker = st.attackerFor(m.s.pos).Opp()
		st.fixed = true
		st.checkStudy = true
	case key.Matches(msg, k.AllOrigins):
		st.allOrigins = !st.allOrigins
		st.checkStudy = true
	default:
		return nil, false
	}
	return nil, true
}

// gameKey: the keys of a game: typed move, undo and redo, new game,
// resign, declare, move now, hint, play from here, the editor.
func (m *Model) gameKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := m.keys
	switch {
	case key.Matches(msg, k.MoveLine):
		m.dialog = newMoveLine(m.lang)
	case key.Matches(msg, k.Undo):
		return m.undo(), true
	case key.Matches(msg, k.Redo):
		return m.redo(), true
	case key.Matches(msg, k.NewGame):
		return m.confirmReplace(m.tr("game.title"), showNewGameMsg{}), true
	case key.Matches(msg, k.PlayFromHere):
		return m.confirmReplace(m.tr("game.titleHere"), showNewGameMsg{fromHere: true}), true
	case key.Matches(msg, k.Resign):
		if m.s.playing && !m.s.end.over {
			m.dialog = &widget.Confirm{Question: m.tr("ask.resign"), Yes: resignMsg{}}
		}
	case key.Matches(msg, k.Declare):
		m.declare()
	case key.Matches(msg, k.Pause):
		return m.togglePause(), true
	case key.Matches(msg, k.Stop):
		m.askStop()
	case key.Matches(msg, k.MoveNow):
		return m.moveNow(), true
	case key.Matches(msg, k.Hint):
		return m.askHint(), true
	case key.Matches(msg, k.Edit):
		m.startEdit()
	case key.Matches(msg, k.Practice):
		return m.startPractice(), true
	case key.Matches(msg, k.Lesson):
		return m.startLesson(), true
	case key.Matches(msg, k.Mistakes):
		return m.mistakesMenu(), true
	default:
		return nil, false
	}
	return nil, true
}

// moveNow is m: the AI thinking on its turn plays its best move so far.
// Otherwise it says why nothing happens, or starts an AI whose turn it is
// and that is not thinking.
func (m *Model) moveNow() tea.Cmd {
	switch {
	case m.ai.thinking:
		m.ai.stop()
	case !m.s.playing || m.s.end.over:
		m.setMessage(m.tr("msg.moveNowNoGame"), true)
	case m.s.match.Players[m.s.pos.Side()].AI:
		return m.maybeStartAI()
	default:
		m.setMessage(m.tr("msg.moveNowYourTurn"), true)
	}
	return nil
}

// declare is 入玉宣言 by the person to move: it wins when the position
// allows it, else the message says what is missing.
func (m *Model) declare() {
	p := m.s.pos
	if !m.s.playing || m.s.end.over || m.s.match.Players[p.Side()].AI {
		return
	}
	if p.CanDeclare() {
		m.s.finish(p.Side(), false, "入玉宣言", kif.EnteringKing)
		return
	}
	pts, n := p.DeclarationPoints(p.Side())
	m.setMessage(fmt.Sprintf(m.tr("msg.noDeclare"), pts, n), true)
}

// recordKey: branches, variations, open and save, comments, copying.
func (m *Model) recordKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := m.keys
	switch {
	case key.Matches(msg, k.PrevBranch):
		return m.switchBranch(-1), true
	case key.Matches(msg, k.NextBranch):
		return m.switchBranch(1), true
	case key.Matches(msg, k.Variations):
		m.openVariations()
	case key.Matches(msg, k.Open):
		return m.askOpen(), true
	case key.Matches(msg, k.Save):
		return m.save(false), true
	case key.Matches(msg, k.SaveAs):
		return m.save(true), true
	case key.Matches(msg, k.Comment):
		m.dialog = newCommentDialog(m.s.node, m.lang)
	case key.Matches(msg, k.Promote):
		m.promoteVariation()
	case key.Matches(msg, k.Delete):
		m.deleteVariation()
	case key.Matches(msg, k.CopySFEN):
		m.copyText("SFEN", m.s.pos.SFEN())
	case key.Matches(msg, k.CopyKIF):
		m.copyText("KIF", kif.WriteKIF(m.s.rec, "UTF-8"))
	default:
		return nil, false
	}
	return nil, true
}

// engineKey: analysis, game analysis, its comments, mate search, and
// hiding the AI's evaluation.
func (m *Model) engineKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Analysis):
		return m.toggleAnalysis(), true
	case key.Matches(msg, k.AnalyzeAll):
		return m.analyzeGame(), true
	case key.Matches(msg, k.WriteAnalysis):
		m.writeAnalysisComments()
	case key.Matches(msg, k.MateSearch):
		return m.startMateSearch(), true
	case key.Matches(msg, k.Engines):
		m.dialog = newRegistryDialog(m.lang, m.opts.ConfigDir)
	case key.Matches(msg, k.HideEval):
		m.hideEval = !m.hideEval
		if m.hideEval {
			m.setMessage(m.tr("msg.evalHidden"), false)
		} else {
			m.setMessage(m.tr("msg.evalShown"), false)
		}
	default:
		return nil, false
	}
	return nil, true
}
