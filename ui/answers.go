package ui

import (
	"errors"
	"fmt"
	"os"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
	"kiki/kif"
	"kiki/ui/engines"
	"kiki/ui/widget"
)

// The answers of the dialogs that only the root can act on, beside those
// defined with their dialogs (playMoveMsg, startGameMsg, commentMsg,
// gotoVariationMsg ...). A question's answers are these messages, so a
// dialog never holds the model.
type (
	quitMsg            struct{}
	resignMsg          struct{}
	resumeGameMsg      struct{}                 // undo into a finished game and play on
	deleteVariationMsg struct{ node *kif.Node } // remove the variation starting at node
	// saveThenMsg saves the record (asking for a name when needed), then
	// acts on then.
	saveThenMsg struct{ then tea.Msg }
	// leaveRoomThenMsg closes the room on top (if it opened over the
	// board), then acts on then: for answers about the record under it.
	leaveRoomThenMsg struct{ then tea.Msg }
	// discardThenMsg drops the recovery file, then acts on then.
	discardThenMsg struct{ then tea.Msg }
	// saveAsMsg writes to path, asking first before overwriting another
	// file; then (may be nil) follows once the record is saved whole.
	saveAsMsg struct {
		path string
		then tea.Msg
	}
	writeMsg struct {
		path string
		then tea.Msg
	}
	openRecordMsg struct {
		rec        *kif.Record
		path, name string
	}
	resumeRecoveryMsg struct{ rec *kif.Record }
	dropRecoveryMsg   struct{}
	takeEditMsg       struct{ pos *game.Position } // the editor's position as a new record
	showNewGameMsg    struct{ fromHere bool }
	showOpenMsg       struct{}
)

// onAnswer acts on a dialog's answer; ok is false for any other message.
func (m *Model) onAnswer(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case widget.CloseMsg:
	case playMoveMsg:
		cmd = m.tryMove(msg.mv)
	case askPromotionMsg:
		m.dialog = &promoDialog{promo: msg.promo, plain: msg.plain, lang: m.lang}
	case deselectMsg:
		m.board.selected = game.NoSquare
	case mistakesAskMsg:
		cmd = m.reviewForProblems(msg.side, msg.stop)
	case drillStartMsg:
		cmd = m.startDrill()
	case startGameMsg:
		cmd = m.beginGame(msg)
	case commentMsg:
		msg.node.Comments = msg.lines
		m.s.markEdited()
	case gotoVariationMsg:
		m.s.goTo(msg.parent)
		if !msg.child.IsSpecial() {
			m.s.goTo(msg.child)
		}
		cmd = m.analysisFollow()
	case openRecordMsg:
		m.openRecord(msg.rec, msg.path, msg.name)
	default:
		return m.onQuestionAnswer(msg)
	}
	return cmd, true
}

// onQuestionAnswer acts on the answers of the questions the root asks.
func (m *Model) onQuestionAnswer(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case quitMsg:
		m.quitting = true
		if m.practice() != nil {
			m.practice().stop() // its search ends with the program
		}
		m.cancelAI()
		m.ext.closeEngines()
		m.stopLibraryReview() // what it searched is kept: the next A goes on
		m.dropRecovery()
		cmd = tea.Quit
	case resignMsg:
		loser := m.s.pos.Side()
		if m.s.humanVsAI() && m.s.match.Players[loser].AI {
			loser = loser.Opp()
		}
		m.cancelAI()
		m.s.finish(loser.Opp(), false, "投了", kif.Resign)
	case resumeGameMsg:
		cmd = m.takeBack(true)
	case unpauseMsg:
		if m.s.paused {
			cmd = m.togglePause()
		}
	case stopGameMsg:
		m.stopGame()
	case deleteVariationMsg:
		parent := msg.node.Parent
		kif.Remove(msg.node)
		m.s.goTo(parent)
		m.s.markEdited()
	case saveThenMsg:
		cmd = m.saveThen(msg.then)
	case engineFailAnswerMsg:
		cmd = m.onEngineFailAnswer(msg)
	case leaveRoomMsg:
		if m.room != nil {
			cmd = m.room.leave(m)
		}
	case leaveRoomThenMsg:
		if m.room != nil {
			m.room.leave(m)
		}
		cmd, _ = m.onAnswer(msg.then)
	case lessonSquaresMsg:
		m.onLessonSquares(msg)
	case discardThenMsg:
		m.dropRecovery()
		m.discarded = markDiscard(m.s)
		cmd, _ = m.onAnswer(msg.then)
	case saveAsMsg:
		cmd = m.saveAs(msg.path, msg.then)
	case writeMsg:
		cmd = m.writeThen(msg.path, msg.then)
	case resumeRecoveryMsg:
		cmd = m.resumeGame(msg.rec)
	case dropRecoveryMsg:
		m.dropRecovery()
	case takeEditMsg:
		m.takeEdit(msg.pos)
	case showNewGameMsg:
		m.dialog = m.newGameDialog(msg.fromHere)
	case showOpenMsg:
		m.dialog = m.newOpenDialog()
	case openLibraryMsg, libraryGameMsg, libraryProgressMsg, libraryLoadedMsg,
		libRevSummariesMsg, libRevProgressMsg, libRevGameMsg, libRevEndMsg, libProblemsMsg, libProblemsMadeMsg:
		cmd = m.onLibraryMsg(msg)
	default:
		return m.onPracticeMsg(msg)
	}
	return cmd, true
}

// beginGame starts the game the new-game dialog set up.
func (m *Model) beginGame(msg startGameMsg) tea.Cmd {
	// A new game gets fresh engine processes; the engine chosen is
	// remembered for the next run.
	m.cancelAI()
	m.ext.closeEngines()
	m.ext.cfg, m.ext.analyse = msg.engine, msg.analyse
	if msg.analyse {
		m.ext.cfg = msg.analyser
	}
	if msg.engine.Path != "" {
		remember := engines.UserConfig{Engine: msg.engine, Analyser: msg.analyse && engines.SameConfig(msg.analyser, msg.engine)}
		if err := engines.SaveUserConfig(m.opts.ConfigDir, remember); err != nil {
			defer m.setMessage(fileErrWords(m.lang, err), true)
		}
	}
	if msg.start == nil {
		start := m.s.pos.Clone()
		rec := m.s.rec
		node := m.s.node
		wasGame := m.s.game
		m.startGame(start, msg.players, msg.tc)
		// Keep the record: the game continues from the chosen node.
		m.s.rec, m.s.node = rec, node
		m.s.pos = rec.Position(node)
		m.s.dirty = true
		if wasGame {
			// The record is this game's own (a resumed game whose engine
			// is gone, say): its header names who plays it now.
			names := m.s.sideNames()
			for c, pl := range m.s.match.Players {
				rec.Set(names[c], pl.String())
			}
		}
	} else {
		m.startGame(msg.start, msg.players, msg.tc)
	}
	m.setMessage(m.tr("game.started"), false)
	return tea.Batch(m.loadEngines(), m.maybeStartAI())
}

// newGameDialog opens the new-game (or play-from-here) dialog on the
// game on screen.
func (m *Model) newGameDialog(fromHere bool) *gameDialog {
	var players [2]player
	names := evenNames
	if m.s != nil {
		players, names = m.s.match.Players, m.s.sideNames()
	}
	d := newGameDialog(m.opts.Level, players, names, fromHere).withEngine(m.ext.cfg, m.ext.analyse, m.lang).suggesting(m.suggestedEngine())
	if m.s != nil {
		d.withClock(m.s.match.Clock.TC) // the last game's clock, again
	}
	reg, _ := engines.LoadRegistry(m.opts.ConfigDir) // a registry that cannot be read was reported at start
	return d.withRegistry(reg.Engines)
}

// suggestedEngine is the engine the new-game dialog offers: the
// registry's default for play, else the one config.json remembers.
func (m *Model) suggestedEngine() EngineConfig {
	if m.ext.playCfg.Path != "" {
		return m.ext.playCfg
	}
	return m.rememberedEngine()
}

// newOpenDialog lists the recent files, the records and folders of the
// folder, and the sample games.
func (m *Model) newOpenDialog() *openDialog {
	lib := m.opts.Library
	l := m.lang
	home := m.opts.Dir
	if home == "" {
		home, _ = os.Getwd()
	}
	recent := loadRecent(m.opts.DataDir)
	lister := func(dir string) []openEntry { return recordEntries(l, dir, dir == home, lib, recent) }
	d := newOpenDialog(l, lister(home), func(path string) (tea.Msg, error) {
		rec, label, err := loadRecord(lib, path)
		if err != nil {
			return nil, err
		}
		return openRecordMsg{rec, label, recordName(l, path)}, nil
	})
	return d.browsing(home, lister)
}

// saveAs writes the record to path, first asking before overwriting
// another file.
func (m *Model) saveAs(path string, then tea.Msg) tea.Cmd {
	if _, err := os.Stat(path); err == nil && !sameFile(path, m.s.path) {
		m.dialog = &widget.Choice{Question: path + m.tr("ask.exists"), Options: []widget.Option{
			widget.Opt("y", m.tr("ask.overwrite"), writeMsg{path, then}),
			widget.Opt("esc", m.tr("ask.cancel"), nil),
		}}
		return nil
	}
	return m.writeThen(path, then)
}

// writeThen writes the record to path and acts on then (may be nil) once
// the record is saved without loss.
func (m *Model) writeThen(path string, then tea.Msg) tea.Cmd {
	if err := m.writeRecord(path); err != nil {
		m.setMessage(fileErrWords(m.lang, err), true)
		return nil
	}
	if then != nil && !m.s.dirty {
		cmd, _ := m.onAnswer(then)
		return cmd
	}
	return nil
}

// checkSavePath refuses a file name the record cannot be saved under.
func checkSavePath(l Lang, path string) error {
	if path == "" {
		return errors.New(tr(l, "file.noName"))
	}
	if _, ok := kif.FormatOfPath(path); !ok {
		return fmt.Errorf(tr(l, "file.badExt"), path)
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf(tr(l, "file.isFolder"), path)
	}
	return nil
}
