// Package ui is kiki's terminal board, on Bubble Tea: play against the AI
// or another person, study effects (利き) and checks (逆利き), and replay,
// branch and save game records. The root Model routes messages; the
// board, hands, move list, status bar and dialogs draw themselves.
package ui

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path/filepath"
	"time"

	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
	"kiki/ai/nnue"
	"kiki/ai/review"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/analysis"
	"kiki/ui/engines"
	"kiki/ui/match"
	"kiki/ui/theme"
	"kiki/ui/tsume"
	"kiki/ui/widget"
)

// Options configure the program.
type Options struct {
	// Start is the position of a new game (the even start when nil).
	Start *game.Position
	// Record, when set, is opened for replay (RecordPath names its file).
	Record     *kif.Record
	RecordPath string
	// LoadError is shown at start (a record given on the command line
	// that could not be read).
	LoadError string
	ASCII     bool
	Theme     *Theme
	// NewEngine makes the AI; tests inject a deterministic one.
	NewEngine func() *ai.Engine
	// Net is the learned evaluation the built-in AI plays at full
	// strength (level 10, analysis, review) when NewEngine is not given;
	// nil: the hand-made one throughout.
	Net *nnue.Net
	// AILimits overrides the AI's thinking limits (tests: a fixed depth).
	AILimits *ai.Limits
	// Dir is where the open dialog lists records; Library adds the
	// embedded sample games.
	Dir     string
	Library fs.FS
	// Players and time control of the first game.
	Players [2]bool // true: AI
	Level   int
	Now     func() time.Time
	// Clipboard writes text to the terminal clipboard (OSC 52); nil: none.
	Clipboard func(string)
	// Opponent, when set, replaces the engine for the AI's moves (tests
	// play against a scripted opponent).
	Opponent func(p *game.Position) game.Move
	// RecoveryFile is where a game in progress is saved after every move
	// and offered back at the next start; "" turns this off.
	RecoveryFile string
	// RecordName names a record that has no file; "-" is standard input,
	// named in the screen's language.
	RecordName string
	// HideEval hides the AI's evaluation while it thinks.
	HideEval bool
	// Engine, when its Path is set, is the external USI engine that plays
	// the AI's side of the first game and analyses (--engine).
	Engine EngineConfig
	// ConfigDir is where the new-game dialog's engine is remembered
	// ("" : nowhere).
	ConfigDir string
	// Lang is the language of the screen.
	Lang Lang
	// Tsume is the tsume practice's library of problem sets (kif problem
	// sets at its top level, main.go gives the one shipped in assets); nil:
	// no problems.
	Tsume fs.FS
	// Rand draws the check lesson's questions; nil: a source seeded from
	// the clock (tests give a seeded one).
	Rand *rand.Rand
	// DataDir is where the game library's index and the recent files are
	// kept ("" : nowhere); LibraryDir, when set, is a folder whose games
	// the library lists at start (kiki DIR).
	DataDir, LibraryDir string
	// Review is the budget of the reviews of played games (T, and the
	// library's A); nil: review.DefaultSettings (--review-nodes, and tests,
	// give a smaller one). Its Name is the engine's that reviews.
	Review *review.Settings
}

// Model is the root Bubble Tea model.
type Model struct {
	opts   Options
	theme  Theme
	keys   keyMap
	help   help.Model
	width  int
	height int

	s      *session
	board  boardModel
	study  studyState
	replay bool // reading a record: ←/→ step through it
	// room is the room over the board while one is open: the editor
	// ("b"), the tsume practice ("t"), the check lesson ("L") or the drill
	// of problems from the player's games ("T"); nil shows the board.
	room coveringRoom

	dialog  widget.Dialog
	message string
	msgErr  bool
	// msgPassing: the message goes with the next move (setPassingMessage).
	msgPassing bool
	showHelp   bool
	helpPage   int // the full help's page on screen, when it takes several

	ai         aiState
	mateLine   string
	mateEvents chan tea.Msg
	analysis   analysis.State
	pendingG   bool // 'g' pressed: a number follows
	jumpDigits string
	quitting   bool
	ticking    bool // a clock tick is on its way
	recovery   recoveryState
	// discarded is the record the player last chose to discard, so that
	// the choice that follows (the open dialog, then the library's game)
	// does not ask again.
	discarded discardMark
	hideEval  bool
	ext       extState
	hint      hintState // the last hint, for the board to highlight
	lang      Lang

	// cands is the analysis's candidate moves (MultiPV).
	cands candidateState
	// tsume is the practice's library once read (read once a run:
	// checking a large set takes a while).
	tsume []tsume.Set
	// review is the review of the game on screen that makes problems
	// for the drill.
	review reviewState
	// library is the game library while it is open (kiki DIR, or a
	// folder chosen in the open dialog).
	library *libraryState
	// reviewName names the built-in AI's reviews in their cache: its
	// evaluation, and the network's weights.
	reviewName string
}

// New returns the model.
func New(o Options) *Model {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.NewEngine == nil {
		o.NewEngine = func() *ai.Engine {
			e := ai.NewEngine(64)
			e.Net = o.Net
			return e
		}
	}
	if o.Level == 0 {
		o.Level = 5
	}
	m := &Model{opts: o, keys: newKeyMapIn(o.Lang), help: help.New(), lang: o.Lang, reviewName: builtinReviewName(o.Net)}
	c, err := engines.LoadUserConfig(o.ConfigDir)
	if err != nil && o.Engine.Path == "" {
		defer m.setMessage(fileErrWords(m.lang, err), true)
	}
	m.ext.applyUserConfig(o.Engine, c)
	if reg, err := engines.LoadRegistry(o.ConfigDir); err != nil {
		if o.Engine.Path == "" {
			defer m.setMessage(fileErrWords(m.lang, err), true)
		}
	} else {
		m.useRegistry(reg)
	}
	if o.Theme != nil {
		m.theme = *o.Theme
	} else {
		m.theme = theme.Detect()
	}
	m.board = newBoardModel(&m.theme, o.ASCII, m.keys)
	m.help.ShortSeparator = "  "
	m.help.FullSeparator = "   "
	m.help.Ellipsis = "..."
	switch {
	case o.Record != nil:
		name := o.RecordName
		if name == "-" {
			name = recordName(m.lang, "-")
		}
		m.openRecord(o.Record, o.RecordPath, name)
	case o.LoadError != "" || o.LibraryDir != "":
		// The record asked for could not be read: show the error over an
		// empty board rather than start a game nobody asked for.
		start := o.Start
		if start == nil {
			start = game.NewStartPosition()
		}
		m.s = newSession(start)
		m.replay = true
	default:
		start := o.Start
		if start == nil {
			start = game.NewStartPosition()
		}
		players := [2]player{{AI: o.Players[0], Level: o.Level}, {AI: o.Players[1], Level: o.Level}}
		for i := range players {
			if players[i].AI && o.Engine.Path != "" {
				players[i] = enginePlayer(o.Engine, o.Level)
			}
		}
		m.startGame(start, players, timeControl{})
	}
	if o.LoadError != "" {
		m.setMessage(o.LoadError, true)
	} else if o.Record == nil {
		m.offerRecovery()
	}
	if o.LibraryDir != "" {
		m.library = newLibraryState(o.LibraryDir)
	}
	m.hideEval = o.HideEval
	return m
}

// startGame begins a new game from p.
func (m *Model) startGame(p *game.Position, players [2]player, tc timeControl) {
	m.cancelAI()
	m.s = newSession(p)
	m.s.match = match.New(players, tc, m.opts.Now())
	m.s.playing = true
	m.s.game = true
	for _, h := range m.s.match.Headers(m.s.sideNames()) {
		m.s.rec.Set(h[0], h[1])
	}
	m.s.dirty = false
	m.replay = false
	m.board.deselect()
	m.board.flipped = players[0].AI && !players[1].AI
}

// Init starts the AI if it moves first.
func (m *Model) Init() tea.Cmd {
	return tea.Batch(m.loadEngines(), m.maybeStartAI(), m.tick(), m.startLibrary())
}

func (m *Model) setMessage(s string, isErr bool) {
	m.message, m.msgErr, m.msgPassing = s, isErr, false
}

// setPassingMessage shows a message that the next move played clears as
// well as the next key (an engine ready: in a game no person plays, no
// key would ever clear it).
func (m *Model) setPassingMessage(s string) {
	m.setMessage(s, false)
	m.msgPassing = true
}

// Update routes a message, then starts the clock tick when a clock has
// started running.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.route(msg)
	cmd = tea.Batch(cmd, m.afterUpdate())
	if m.quitting {
		return m, cmd
	}
	return m, tea.Batch(cmd, m.tick())
}

// route sends a message where it belongs.
func (m *Model) route(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		return nil
	case aiInfoMsg:
		return m.onAIInfo(msg)
	case aiDoneMsg:
		return tea.Batch(m.onAIDone(msg), m.learnGoForms())
	case tickMsg:
		return m.onTick(msg)
	case mateDoneMsg:
		m.onMateDone(msg)
		return nil
	case mateProgressMsg:
		return m.onMateProgress(msg)
	case reviewProgress:
		return m.onReview(msg, msg.ch)
	case reviewDoneMsg:
		return m.onReview(msg, nil)
	case drillSaveErrMsg:
		m.setMessage(fileErrWords(m.lang, msg.err), true)
		return nil
	case analysisMsg:
		return tea.Batch(m.onAnalysis(msg), m.learnGoForms())
	case enginesReadyMsg:
		return m.onEnginesReady(msg)
	case engineRegisteredMsg:
		if d, ok := m.dialog.(*registryDialog); ok {
			return d.registered(msg)
		}
		return nil
	case registryChangedMsg:
		m.useRegistry(msg.reg)
		return nil
	case tea.MouseMsg:
		if m.libraryShown() {
			return m.libraryMouse(msg)
		}
		return m.onMouse(msg)
	case recoveryFailedMsg:
		m.setMessage(m.tr("recovery.failed")+msg.err.Error(), true)
		return nil
	case practiceLoadedMsg, practiceJudgedMsg, practiceHintMsg:
		cmd, _ := m.onPracticeMsg(msg)
		return cmd
	case tea.KeyMsg:
		if msg.Paste && m.dialog == nil && !m.libraryShown() {
			return m.onPaste(msg)
		}
		if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Paste {
			return m.eachRune(msg)
		}
		if d := m.dialog; d != nil {
			return m.dialogKey(d, msg)
		}
		cmd := m.onKey(msg)
		if m.quitting {
			return tea.Quit
		}
		return cmd
	}
	if cmd, ok := m.onAnswer(msg); ok {
		return cmd
	}
	return nil
}

// dialogKey gives a key to the open dialog and acts on its answer: the
// dialog closes first, so an answer may open the next one (save as,
// overwrite?).
func (m *Model) dialogKey(d widget.Dialog, msg tea.KeyMsg) tea.Cmd {
	if ml, ok := d.(*moveLine); ok {
		ml.pos, ml.canMove = m.s.pos, m.humanToMove()
	}
	answer, cmd := d.Update(msg)
	if answer == nil {
		return cmd
	}
	if m.dialog == d {
		m.dialog = nil
	}
	acmd, _ := m.onAnswer(answer)
	return tea.Batch(cmd, acmd)
}

// afterUpdate brings derived state up to date after every message: the
// board's legal moves for its selection, and the recovery file (whose
// writing it returns).
func (m *Model) afterUpdate() tea.Cmd {
	m.board.sync(m.s.pos)
	m.followHand()
	return m.autosave()
}

// eachRune handles a key message that holds several runes (keys typed
// quickly, a held key, a slow link: the terminal delivers them in one
// read) as that many key presses, so that "kk" moves the cursor twice
// and "g50" jumps.
func (m *Model) eachRune(msg tea.KeyMsg) tea.Cmd {
	var cmds []tea.Cmd
	for _, r := range msg.Runes {
		one := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: msg.Alt}
		if r == ' ' {
			one.Type = tea.KeySpace
		}
		_, cmd := m.Update(one)
		cmds = append(cmds, cmd)
		if m.quitting {
			break
		}
	}
	return tea.Batch(cmds...)
}

// unsavedWhy says what would be lost: a game on, or unsaved changes.
func (m *Model) unsavedWhy() string {
	return m.unsavedWhyOf(m.s)
}

// unsavedWhyOf says what dropping s would lose: a game on, or unsaved
// changes.
func (m *Model) unsavedWhyOf(s *session) string {
	if s.playing && !s.end.over {
		return m.tr("ask.gameOn")
	}
	return m.tr("ask.unsaved")
}

// askQuit quits, first offering to save when something would be lost.
// In a room over the board (the editor, the practice, the lesson, the
// drill) the question is about the record it opened over: saving leaves
// the room first (so the record saved is that one), and cancelling keeps
// the room as it was.
func (m *Model) askQuit() tea.Cmd {
	s := m.recordSession()
	var save tea.Msg = saveThenMsg{quitMsg{}}
	if m.room != nil {
		save = leaveRoomThenMsg{save}
	}
	if !s.unsaved() {
		m.onAnswer(quitMsg{})
		return nil
	}
	q := m.tr("ask.quit") + m.unsavedWhyOf(s)
	if m.room != nil {
		// Not the room's own work: the record it opened over.
		q = m.tr("ask.quit") + m.tr("ask.under") + m.unsavedWhyOf(s)
	}
	d := &widget.Choice{Question: q, Options: []widget.Option{
		widget.Opt("s", m.saveQuitLabel(s), save),
		widget.Opt("y", m.tr("ask.quitNoSave"), quitMsg{}),
		widget.Opt("n", m.tr("ask.cancel"), nil),
	}}
	if s.opened && !s.edited {
		// Only moves tried on the board changed a file kiki opened: Enter
		// must not write them over it; s still does, saying where.
		d.Sel = len(d.Options) - 1
	}
	m.dialog = d
	return nil
}

// saveQuitLabel names the file that "save and quit" writes, or says that
// it will ask for one.
func (m *Model) saveQuitLabel(s *session) string {
	if s.path != "" && m.lossless(s.path) {
		return fmt.Sprintf(m.tr("ask.saveToQuit"), filepath.Base(s.path))
	}
	return m.tr("ask.saveAsQuit")
}

// humanToMove reports whether a person may move now.
func (m *Model) humanToMove() bool {
	if m.s.end.over && m.s.playing {
		return false
	}
	if m.s.playing && m.s.match.Players[m.s.pos.Side()].AI {
		return false
	}
	return !m.ai.thinking || m.analysis.On
}

// act is Enter (or a click) on square s: pick up, put down, or drop,
// when a person may move.
func (m *Model) act(s game.Square) tea.Cmd {
	if !m.humanToMove() {
		if m.s.end.over && m.s.playing {
			m.setMessage(m.tr("msg.gameOver"), true)
		} else {
			m.setMessage(m.tr("msg.aiTurn"), true)
		}
		return nil
	}
	if cmd, ok := m.playStudyCheck(s); ok {
		return cmd
	}
	return m.onBoard(m.board.act(m.s.pos, s))
}

// onBoard acts on the board component's answer.
func (m *Model) onBoard(answer tea.Msg) tea.Cmd {
	switch a := answer.(type) {
	case moveChosenMsg:
		return m.playMove(a.mv)
	case noticeMsg:
		m.setMessage(a.text, a.err)
	case askPromotionMsg:
		m.dialog = &promoDialog{promo: a.promo, plain: a.plain, lang: m.lang}
	}
	return nil
}

// tryMove plays a move the player chose, or explains why it is illegal.
func (m *Model) tryMove(mv game.Move) tea.Cmd {
	if why := illegalWords(m.lang, m.s.pos, mv); why != "" {
		m.setMessage(m.tr("msg.illegal")+why, true)
		return nil
	}
	return m.playMove(mv)
}

// playMove makes a legal move on the board and lets the game go on.
func (m *Model) playMove(mv game.Move) tea.Cmd {
	if m.practice() != nil {
		return m.practiceMove(mv)
	}
	if m.drill() != nil {
		return m.drillMove(mv)
	}
	if m.msgPassing {
		m.setMessage("", false)
	}
	spent := time.Duration(0)
	if m.s.playing {
		spent = m.spendClock()
	}
	m.s.play(mv, spent)
	m.board.deselect()
	m.mateLine = ""
	m.board.cursor = mv.To()
	if m.s.playing {
		m.s.checkEnd()
		m.judgeMaxPlies()
	} else if !m.s.end.over {
		m.replay = true
	}
	return tea.Batch(m.maybeStartAI(), m.analysisFollow())
}

// undo takes back a move (待った). Against the AI it goes back to the
// player's own previous turn. After a game has ended it asks first, and
// the result stays in the record until a new move replaces it.
func (m *Model) undo() tea.Cmd {
	if m.s.node.Parent == nil {
		m.cancelAI()
		m.setMessage(m.tr("msg.atStart"), true)
		return nil
	}
	if m.s.end.over && !m.s.playing && m.s.game && !m.replay {
		m.dialog = &widget.Choice{Question: fmt.Sprintf(m.tr("ask.undoResume"), m.s.end.reasonIn(m.lang)), Options: []widget.Option{
			widget.Opt("y", m.tr("ask.resume"), resumeGameMsg{}),
			widget.Opt("n", m.tr("ask.cancel"), nil),
		}}
		return nil
	}
	return m.takeBack(false)
}

// takeBack steps back one move (or to the player's turn against the AI);
// resume reopens a finished game, keeping its ending node in the record
// for the next move to replace.
func (m *Model) takeBack(resume bool) tea.Cmd {
	m.cancelAI()
	for n := match.UndoPlies(m.s.match.Players, m.s.pos.Side(), m.s.depth(), m.s.playing || resume); n > 0; n-- {
		m.s.back()
	}
	if resume {
		m.s.pendingEnd = m.s.rec.Ending()
		m.s.end = ending{}
		m.s.playing = true
	}
	m.board.deselect()
	m.s.match.Clock.TurnAt = m.opts.Now()
	return m.analysisFollow()
}

func (m *Model) redo() tea.Cmd {
	if !m.s.forward() {
		m.setMessage(m.tr("msg.atEnd"), true)
		return nil
	}
	if m.s.playing && m.s.humanVsAI() {
		for m.s.match.Players[m.s.pos.Side()].AI && m.s.forward() {
		}
	}
	return tea.Batch(m.maybeStartAI(), m.analysisFollow())
}

// copyText puts text on the clipboard (OSC 52) when the terminal allows,
// and always shows it too.
func (m *Model) copyText(what, text string) {
	if m.opts.Clipboard != nil {
		m.opts.Clipboard(text)
	}
	m.dialog = &widget.Text{Title: what + m.tr("copy.note"), Text: text, Lang: m.lang}
}
