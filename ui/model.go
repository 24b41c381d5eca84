// Package ui is kiki's terminal board, on Bubble Tea: play against the AI
// or another person, study effects (利き) and checks (逆利き), and replay,
// branch and save game records. The root Model routes messages; the
// board, hands, move list, status bar and dialogs draw themselves.
package ui

import (
	"fmt"
	"io/fs"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
	"kiki/game"
	"kiki/kif"
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
	// RecordName names a record that has no file (standard input).
	RecordName string
	// HideEval hides the AI's evaluation while it thinks.
	HideEval bool
}

// Model is the root Bubble Tea model.
type Model struct {
	opts   Options
	theme  Theme
	keys   keyMap
	help   help.Model
	width  int
	height int

	s        *session
	cursor   game.Square
	flipped  bool
	selected game.Square
	dropKind game.PieceType
	study    studyState
	replay   bool // reading a record: ←/→ step through it
	editing  bool // free study board: place and remove pieces
	edit     *editState

	dialog   dialog
	message  string
	msgErr   bool
	showHelp bool

	ai         aiState
	hint       game.Move
	mateLine   string
	mateEvents chan tea.Msg
	analysis   analysisState
	// listTop and listNodes map the move list's rows on screen to nodes
	// (set by View, used by mouse clicks).
	listTop    int
	listNodes  []*kif.Node
	pendingG   bool // 'g' pressed: a number follows
	jumpDigits string
	quitting   bool
	recovery   recoveryState
	hideEval   bool
	// dialogRoom is the number of lines a dialog may use (set by View).
	dialogRoom int
}

// New returns the model.
func New(o Options) *Model {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.NewEngine == nil {
		o.NewEngine = func() *ai.Engine { return ai.NewEngine(64) }
	}
	if o.Level == 0 {
		o.Level = 5
	}
	m := &Model{opts: o, keys: newKeyMap(), help: help.New(), selected: game.NoSquare, cursor: game.NewSquare(5, 7)}
	if o.Theme != nil {
		m.theme = *o.Theme
	} else {
		m.theme = DetectTheme()
	}
	m.help.ShortSeparator = "  "
	m.help.FullSeparator = "   "
	m.help.Ellipsis = "..."
	switch {
	case o.Record != nil:
		m.openRecord(o.Record, o.RecordPath, o.RecordName)
	case o.LoadError != "":
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
		m.startGame(start, [2]player{{ai: o.Players[0], level: o.Level}, {ai: o.Players[1], level: o.Level}}, timeControl{})
	}
	if o.LoadError != "" {
		m.setMessage(o.LoadError, true)
	} else if o.Record == nil {
		m.offerRecovery()
	}
	m.hideEval = o.HideEval
	return m
}

// startGame begins a new game from p.
func (m *Model) startGame(p *game.Position, players [2]player, tc timeControl) {
	m.cancelAI()
	m.s = newSession(p)
	m.s.players = players
	m.s.tc = tc
	m.s.playing = true
	m.s.game = true
	m.s.started = m.opts.Now()
	m.s.clock = [2]time.Duration{tc.main, tc.main}
	m.s.byo = [2]time.Duration{tc.byoyomi, tc.byoyomi}
	m.s.turnAt = m.opts.Now()
	names := m.s.sideNames()
	m.s.rec.Set("開始日時", m.s.started.Format("2006/01/02 15:04:05"))
	if tc.kind != "" {
		m.s.rec.Set("持ち時間", tc.String())
	}
	m.s.rec.Set(names[0], players[0].String())
	m.s.rec.Set(names[1], players[1].String())
	m.s.dirty = false
	m.replay = false
	m.selected, m.dropKind = game.NoSquare, game.NoPieceType
	m.flipped = players[0].ai && !players[1].ai
	m.hint = game.NoMove
}

// Init starts the AI if it moves first.
func (m *Model) Init() tea.Cmd {
	return tea.Batch(m.maybeStartAI(), m.tick())
}

func (m *Model) setMessage(s string, isErr bool) {
	m.message, m.msgErr = s, isErr
}

// Update routes a message.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	defer m.autosave()
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.help.Width = msg.Width
		return m, nil
	case aiInfoMsg:
		return m, m.onAIInfo(msg)
	case aiDoneMsg:
		return m, m.onAIDone(msg)
	case tickMsg:
		return m, m.onTick(msg)
	case mateDoneMsg:
		m.onMateDone(msg)
		return m, nil
	case mateProgressMsg:
		return m, m.onMateProgress(msg)
	case analysisMsg:
		return m, m.onAnalysis(msg)
	case tea.MouseMsg:
		return m, m.onMouse(msg)
	case tea.KeyMsg:
		if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !(msg.Paste && m.dialog != nil) {
			return m, m.eachRune(msg)
		}
		if d := m.dialog; d != nil {
			done, cmd := d.update(msg, m)
			// An answer may open the next dialog (save as, overwrite?).
			if done && m.dialog == d {
				m.dialog = nil
			}
			return m, cmd
		}
		cmd := m.onKey(msg)
		if m.quitting {
			return m, tea.Quit
		}
		return m, cmd
	}
	if m.dialog != nil {
		if d, ok := m.dialog.(interface{ updateOther(tea.Msg) tea.Cmd }); ok {
			return m, d.updateOther(msg)
		}
	}
	return m, nil
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

// onKey handles a key when no dialog is open.
func (m *Model) onKey(msg tea.KeyMsg) tea.Cmd {
	k := m.keys
	if m.pendingG {
		return m.jumpKey(msg)
	}
	m.message = ""
	if m.editing {
		return m.editKey(msg)
	}
	if m.showHelp && !key.Matches(msg, k.Help, k.Quit) {
		m.showHelp = false
		if key.Matches(msg, k.Cancel) {
			return nil
		}
	}
	switch {
	case key.Matches(msg, k.Quit):
		return m.askQuit()
	case key.Matches(msg, k.Help):
		m.showHelp = !m.showHelp
	case key.Matches(msg, k.Cancel):
		switch {
		case m.ai.mating:
			m.ai.stop()
		case m.analysis.running:
			m.analysis.cancel()
		case m.selected != game.NoSquare || m.dropKind != game.NoPieceType:
			m.selected, m.dropKind = game.NoSquare, game.NoPieceType
		case m.study.checkStudy:
			m.study.checkStudy = false
		case m.study.effectMap:
			m.study.effectMap = false
		case m.analysis.on:
			return m.toggleAnalysis()
		}
	case key.Matches(msg, k.Up):
		m.moveCursor(0, -1)
	case key.Matches(msg, k.Down):
		m.moveCursor(0, 1)
	case key.Matches(msg, k.Left):
		m.moveCursor(-1, 0)
	case key.Matches(msg, k.Right):
		m.moveCursor(1, 0)
	case key.Matches(msg, k.StepBack):
		if m.replay && m.selected == game.NoSquare && m.dropKind == game.NoPieceType {
			return m.step(-1)
		}
		m.moveCursor(-1, 0)
	case key.Matches(msg, k.StepFwd):
		if m.replay && m.selected == game.NoSquare && m.dropKind == game.NoPieceType {
			return m.step(1)
		}
		m.moveCursor(1, 0)
	case key.Matches(msg, k.PageBack):
		return m.step(-10)
	case key.Matches(msg, k.PageFwd):
		return m.step(10)
	case key.Matches(msg, k.First):
		return m.step(-10000)
	case key.Matches(msg, k.Last):
		return m.step(10000)
	case key.Matches(msg, k.Jump):
		m.pendingG = true
		m.jumpDigits = ""
		m.setMessage("go to move: type a number, then Enter", false)
	case key.Matches(msg, k.Select):
		return m.act(m.cursor)
	case key.Matches(msg, k.HandNext):
		m.cycleHand(1)
	case key.Matches(msg, k.HandPrev):
		m.cycleHand(-1)
	case key.Matches(msg, k.MoveLine):
		m.dialog = newMoveLine()
	case key.Matches(msg, k.EffectMap):
		m.study.effectMap = !m.study.effectMap
	case key.Matches(msg, k.CheckStudy):
		m.toggleCheckStudy()
	case key.Matches(msg, k.KindNext):
		m.study.kindIdx = (m.study.kindIdx + 1) % len(studyKinds)
		m.study.checkStudy = true
	case key.Matches(msg, k.KindPrev):
		m.study.kindIdx = (m.study.kindIdx + len(studyKinds) - 1) % len(studyKinds)
		m.study.checkStudy = true
	case key.Matches(msg, k.Attacker):
		m.study.attacker = m.study.attackerFor(m.s.pos).Opp()
		m.study.fixed = true
		m.study.checkStudy = true
	case key.Matches(msg, k.Undo):
		return m.undo()
	case key.Matches(msg, k.Redo):
		return m.redo()
	case key.Matches(msg, k.Flip):
		m.flipped = !m.flipped
	case key.Matches(msg, k.NewGame):
		return m.confirmReplace("新しい対局 (new game)", func(m *Model) tea.Cmd {
			m.dialog = newGameDialog(m)
			return nil
		})
	case key.Matches(msg, k.Resign):
		if m.s.playing && !m.s.end.over {
			m.dialog = &confirmDialog{question: "投了しますか? (resign) y/n", yes: func(m *Model) tea.Cmd {
				loser := m.s.pos.Side()
				if m.s.humanVsAI() && m.s.players[loser].ai {
					loser = loser.Opp()
				}
				m.cancelAI()
				m.s.finish(loser.Opp(), false, "投了", kif.Resign)
				return nil
			}}
		}
	case key.Matches(msg, k.Declare):
		if m.s.playing && !m.s.end.over && !m.s.players[m.s.pos.Side()].ai {
			if m.s.pos.CanDeclare() {
				m.s.finish(m.s.pos.Side(), false, "入玉宣言", kif.EnteringKing)
			} else {
				pts, n := m.s.pos.DeclarationPoints(m.s.pos.Side())
				m.setMessage(fmt.Sprintf("宣言できません: %d点, 敵陣に%d枚 (28/27点と10枚, 玉が敵陣, 王手なし)", pts, n), true)
			}
		}
	case key.Matches(msg, k.MoveNow):
		if m.ai.thinking {
			m.ai.stop()
		}
	case key.Matches(msg, k.Hint):
		return m.askHint()
	case key.Matches(msg, k.HideEval):
		m.hideEval = !m.hideEval
		if m.hideEval {
			m.setMessage("AIの評価を隠します (E: show)", false)
		} else {
			m.setMessage("AIの評価を表示します (E: hide)", false)
		}
	case key.Matches(msg, k.Edit):
		m.startEdit()
	case key.Matches(msg, k.PrevBranch):
		return m.switchBranch(-1)
	case key.Matches(msg, k.NextBranch):
		return m.switchBranch(1)
	case key.Matches(msg, k.Variations):
		m.openVariations()
	case key.Matches(msg, k.Open):
		return m.askOpen()
	case key.Matches(msg, k.Save):
		return m.save(false)
	case key.Matches(msg, k.SaveAs):
		return m.save(true)
	case key.Matches(msg, k.Comment):
		m.dialog = newCommentDialog(m.s.node)
	case key.Matches(msg, k.Promote):
		m.promoteVariation()
	case key.Matches(msg, k.Delete):
		m.deleteVariation()
	case key.Matches(msg, k.CopySFEN):
		m.copyText("SFEN", m.s.pos.SFEN())
	case key.Matches(msg, k.CopyKIF):
		m.copyText("KIF", kif.WriteKIF(m.s.rec, "UTF-8"))
	case key.Matches(msg, k.Analysis):
		return m.toggleAnalysis()
	case key.Matches(msg, k.AnalyzeAll):
		return m.analyzeGame()
	case key.Matches(msg, k.WriteAnalysis):
		m.writeAnalysisComments()
	case key.Matches(msg, k.MateSearch):
		return m.startMateSearch()
	case key.Matches(msg, k.PlayFromHere):
		return m.confirmReplace("ここから対局 (play from here)", func(m *Model) tea.Cmd {
			m.dialog = newPlayFromHereDialog(m)
			return nil
		})
	}
	return nil
}

// askQuit quits, first offering to save when something would be lost.
func (m *Model) askQuit() tea.Cmd {
	quit := func(m *Model) tea.Cmd {
		m.quitting = true
		m.cancelAI()
		m.dropRecovery()
		return tea.Quit
	}
	if !m.unsaved() {
		quit(m)
		return nil
	}
	why := "保存していない変更があります (unsaved changes)"
	if m.s.playing && !m.s.end.over {
		why = "対局中です (a game is on)"
	}
	m.dialog = &choiceDialog{question: "終了しますか? (quit) " + why, choices: []choice{
		{"s", "保存して終了 (save and quit)", func(m *Model) tea.Cmd { return m.saveThen(quit) }},
		{"y", "保存せず終了 (quit without saving)", quit},
		{"n", "戻る (cancel)", nil},
	}}
	return nil
}

func (m *Model) moveCursor(df, dr int) {
	col, row := m.board().cellOf(m.cursor)
	col = (col + df + 9) % 9
	row = (row + dr + 9) % 9
	m.cursor = m.board().squareAt(col, row)
}

// humanToMove reports whether a person may move now.
func (m *Model) humanToMove() bool {
	if m.s.end.over && m.s.playing {
		return false
	}
	if m.s.playing && m.s.players[m.s.pos.Side()].ai {
		return false
	}
	return !m.ai.thinking || m.analysis.on
}

// act is Enter (or a click) on square s: pick up, put down, or drop.
func (m *Model) act(s game.Square) tea.Cmd {
	p := m.s.pos
	if !m.humanToMove() {
		if m.s.end.over && m.s.playing {
			m.setMessage("対局は終了しています (n: new game)", true)
		} else {
			m.setMessage("AIの手番です (m: move now)", true)
		}
		return nil
	}
	if m.dropKind != game.NoPieceType {
		mv := game.NewDrop(game.NewPiece(p.Side(), m.dropKind), s)
		return m.tryMove(mv)
	}
	if m.selected == game.NoSquare {
		pc := p.PieceAt(s)
		switch {
		case pc == game.NoPiece:
			m.setMessage("駒がありません", true)
		case pc.Color() != p.Side():
			m.setMessage("相手の駒です", true)
		default:
			m.selected = s
		}
		return nil
	}
	if s == m.selected {
		m.selected = game.NoSquare
		return nil
	}
	if pc := p.PieceAt(s); pc != game.NoPiece && pc.Color() == p.Side() {
		m.selected = s // pick up another piece instead
		return nil
	}
	from := m.selected
	pc := p.PieceAt(from)
	promo := game.NewMove(from, s, pc, p.PieceAt(s), true)
	plain := game.NewMove(from, s, pc, p.PieceAt(s), false)
	switch canP, canN := p.IsLegal(promo), p.IsLegal(plain); {
	case canP && canN:
		m.dialog = &promoDialog{promo: promo, plain: plain}
		return nil
	case canP:
		return m.tryMove(promo)
	default:
		return m.tryMove(plain)
	}
}

// tryMove plays a move the player chose, or explains why it is illegal.
func (m *Model) tryMove(mv game.Move) tea.Cmd {
	if why := m.s.pos.WhyIllegal(mv); why != "" {
		m.setMessage("指せません: "+why, true)
		return nil
	}
	return m.playMove(mv)
}

// playMove makes a legal move on the board and lets the game go on.
func (m *Model) playMove(mv game.Move) tea.Cmd {
	spent := time.Duration(0)
	if m.s.playing {
		spent = m.spendClock()
	}
	m.s.play(mv, spent)
	m.selected, m.dropKind = game.NoSquare, game.NoPieceType
	m.hint = game.NoMove
	m.mateLine = ""
	m.cursor = mv.To()
	if m.s.playing {
		m.s.checkEnd()
	} else if !m.s.end.over {
		m.replay = true
	}
	return tea.Batch(m.maybeStartAI(), m.analysisFollow())
}

func (m *Model) cycleHand(dir int) {
	p := m.s.pos
	h := p.Hand(p.Side())
	var kinds []game.PieceType
	for _, t := range game.HandTypes {
		if h.Has(t) {
			kinds = append(kinds, t)
		}
	}
	if len(kinds) == 0 {
		m.setMessage("持ち駒がありません", true)
		return
	}
	m.selected = game.NoSquare
	idx := -1
	for i, t := range kinds {
		if t == m.dropKind {
			idx = i
		}
	}
	switch {
	case idx < 0 && dir > 0:
		idx = 0
	case idx < 0:
		idx = len(kinds) - 1
	default:
		idx += dir
	}
	if idx < 0 || idx >= len(kinds) {
		m.dropKind = game.NoPieceType
		return
	}
	m.dropKind = kinds[idx]
}

// undo takes back a move (待った). Against the AI it goes back to the
// player's own previous turn. After a game has ended it asks first, and
// the result stays in the record until a new move replaces it.
func (m *Model) undo() tea.Cmd {
	if m.s.node.Parent == nil {
		m.cancelAI()
		m.setMessage("これ以上戻れません", true)
		return nil
	}
	if m.s.end.over && !m.s.playing && m.s.game && !m.replay {
		m.dialog = &choiceDialog{question: "対局は終了しています (" + m.s.end.reason + ")。待ったして対局を再開しますか? (undo and resume the game?)", choices: []choice{
			{"y", "再開する (resume)", func(m *Model) tea.Cmd { return m.takeBack(true) }},
			{"n", "やめる (cancel)", nil},
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
	m.s.back()
	if (m.s.playing || resume) && m.s.humanVsAI() {
		for m.s.players[m.s.pos.Side()].ai && m.s.node.Parent != nil {
			m.s.back()
		}
	}
	if resume {
		m.s.pendingEnd = m.s.rec.Ending()
		m.s.end = ending{}
		m.s.playing = true
	}
	m.selected, m.dropKind = game.NoSquare, game.NoPieceType
	m.s.turnAt = m.opts.Now()
	return m.analysisFollow()
}

func (m *Model) redo() tea.Cmd {
	if !m.s.forward() {
		m.setMessage("これ以上進めません", true)
		return nil
	}
	if m.s.playing && m.s.humanVsAI() {
		for m.s.players[m.s.pos.Side()].ai && m.s.forward() {
		}
	}
	return tea.Batch(m.maybeStartAI(), m.analysisFollow())
}

// board returns the board renderer for the current state.
func (m *Model) board() *boardView {
	return &boardView{pos: m.s.pos, flipped: m.flipped, ascii: m.opts.ASCII, theme: &m.theme}
}

// copyText puts text on the clipboard (OSC 52) when the terminal allows,
// and always shows it too.
func (m *Model) copyText(what, text string) {
	if m.opts.Clipboard != nil {
		m.opts.Clipboard(text)
	}
	m.dialog = &textDialog{title: what + " (copied to the clipboard where the terminal supports OSC 52)", text: text}
}
