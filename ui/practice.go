package ui

import (
	"context"
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai/mate"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/tsume"
)

// Tsume practice ('t'): a picker of the library's problems by set and
// length, then the problem on the board. The player plays the attacker
// with the board's own controls; every move must check. kiki answers at
// once with the longest defence (the df-pn solver decides it, off the UI
// goroutine); a move that is no check is refused, a check that lets the
// king escape is shown with the escape drawn on the board, and one that
// mates only later than the problem's length with the longer mate, both
// to retry. 'i' asks the solver for a hint. Solved problems are
// remembered in the config folder (tsume-solved.json).
//
// Like the editor, the practice works on its own session: the record on
// screen when it opened comes back when it is left.

// practiceState is the practice mode: the picker, and the problem being
// played.
type practiceState struct {
	sets    []tsume.Set
	loaded  bool
	picker  practicePicker
	solved  map[string]string
	solver  *tsume.Solver
	playing bool
	set     int // the problem being played: its set and index
	idx     int
	// busy: a judgement or a hint is being searched; gen numbers them,
	// cancel stops the latest.
	busy   bool
	gen    int
	cancel context.CancelFunc
	// wrong: the player's last check was refuted (line shows how); the
	// next move is a retry.
	wrong   bool
	line    []game.Move
	done    bool // the problem on the board is solved
	saveErr string
	covered // the board it opened over (the problems turn it their way)
}

// practicePicker is the picker component: a set (up/down) and a length
// (left/right), with each length's count of problems and of solved ones.
type practicePicker struct {
	set, length int
}

// Messages of the practice: the library read, a judgement, a hint, and
// a problem chosen in the list.
type (
	practiceLoadedMsg struct {
		sets []tsume.Set
		err  error
	}
	practiceJudgedMsg struct {
		gen int
		v   tsume.Verdict
	}
	practiceHintMsg struct {
		gen int
		res mate.Result
	}
	practiceStartMsg struct{ set, idx int }
)

// problem is the problem being played (or previewed).
func (pr *practiceState) problem() *kif.Problem {
	if pr.set < 0 || pr.set >= len(pr.sets) || pr.idx < 0 || pr.idx >= len(pr.sets[pr.set].Problems) {
		return nil
	}
	return &pr.sets[pr.set].Problems[pr.idx]
}

// isSolved reports whether a problem is in the solved list.
func (pr *practiceState) isSolved(p *kif.Problem) bool {
	_, ok := pr.solved[tsume.ProblemKey(p)]
	return ok
}

// cell is the indexes of the problems of set s with length column l.
func (pr *practiceState) cell(s, l int) []int {
	if s < 0 || s >= len(pr.sets) {
		return nil
	}
	var out []int
	for i := range pr.sets[s].Problems {
		if tsume.LengthIdx(pr.sets[s].Problems[i].Length) == l {
			out = append(out, i)
		}
	}
	return out
}

// nextUnsolved is the first unsolved problem of the cell after index
// from (-1: from its start), wrapping round; the first of the cell when
// all are solved; -1 for an empty cell.
func (pr *practiceState) nextUnsolved(s, l, from int) int {
	c := pr.cell(s, l)
	if len(c) == 0 {
		return -1
	}
	start := 0
	for i, idx := range c {
		if idx > from {
			start = i
			break
		}
	}
	for k := 0; k < len(c); k++ {
		if i := c[(start+k)%len(c)]; !pr.isSolved(&pr.sets[s].Problems[i]) {
			return i
		}
	}
	if from >= 0 {
		return c[start]
	}
	return c[0]
}

// startPractice opens the practice's picker ('t'), keeping the session
// on screen to come back to.
func (m *Model) startPractice() tea.Cmd {
	if m.roomGameOn("pr.gameOn") {
		return nil
	}
	pr := &practiceState{solver: tsume.NewSolver(), covered: m.cover(), set: -1}
	solved, err := tsume.LoadSolved(m.opts.ConfigDir)
	pr.solved = solved
	if err != nil {
		pr.saveErr = fileErrWords(m.lang, err)
		m.setMessage(pr.saveErr, true)
	}
	m.room = pr
	m.analysis.Reset()
	m.board.deselect()
	if m.tsume != nil {
		pr.sets, pr.loaded = m.tsume, true
		m.setMessage(m.tr("pr.choose"), false)
		m.previewPractice()
		return nil
	}
	m.setMessage(m.tr("pr.loading"), false)
	fsys := m.opts.Tsume
	return func() tea.Msg {
		sets, err := tsume.LoadSets(fsys)
		return practiceLoadedMsg{sets, err}
	}
}

// leavePractice closes the practice and shows the session it opened over.
func (m *Model) leavePractice() tea.Cmd {
	pr := m.practice()
	pr.stop()
	m.room = nil
	cmd := m.uncover(pr.covered)
	m.hint = hintState{}
	m.setMessage(m.tr("pr.left"), false)
	return cmd
}

// stop cancels the practice's search, if any.
func (pr *practiceState) stop() {
	if pr.cancel != nil {
		pr.cancel()
		pr.cancel = nil
	}
	pr.busy = false
	pr.gen++
}

// onPracticeMsg acts on the practice's messages; ok is false for others.
func (m *Model) onPracticeMsg(msg tea.Msg) (tea.Cmd, bool) {
	pr := m.practice()
	switch msg := msg.(type) {
	case practiceLoadedMsg:
		if pr == nil {
			return nil, true
		}
		pr.sets, pr.loaded = msg.sets, true
		switch {
		case msg.err != nil:
			// Not kept: the next time the sets are read again, and the
			// error said again.
			m.setMessage(fileErrWords(m.lang, msg.err), true)
		case len(pr.sets) == 0:
			m.setMessage(m.tr("pr.empty"), true)
		default:
			m.tsume = pr.sets
			m.setMessage(m.tr("pr.choose"), false)
		}
		m.previewPractice()
	case practiceJudgedMsg:
		if pr != nil && msg.gen == pr.gen && pr.busy {
			pr.busy = false
			return m.onVerdict(msg.v), true
		}
	case practiceHintMsg:
		if pr != nil && msg.gen == pr.gen && pr.busy {
			pr.busy = false
			m.onPracticeHint(msg.res)
		}
	case practiceStartMsg:
		if pr != nil {
			m.startProblem(msg.set, msg.idx)
		}
	default:
		return nil, false
	}
	return nil, true
}

// previewPractice shows on the board the problem the picker would start.
func (m *Model) previewPractice() {
	pr := m.practice()
	pk := pr.picker
	i := pr.nextUnsolved(pk.set, pk.length, -1)
	if i < 0 {
		// A length with no problems: an empty board (the panel says why),
		// not the last preview left standing as if it were of this length.
		pr.set, pr.idx = pk.set, -1
		if pos, err := game.ParseSFEN(emptyBoardSFEN); err == nil {
			m.s = newSession(pos)
			m.replay = false
			m.board.deselect()
		}
		return
	}
	pr.set, pr.idx = pk.set, i
	m.showProblem()
	// A preview takes no keys: the cursor waits on an empty square, away
	// from the pieces, so that it tints nothing.
	for f := 1; f <= 9; f++ {
		if sq := game.NewSquare(f, 9); m.s.pos.PieceAt(sq) == game.NoPiece {
			m.board.cursor = sq
			break
		}
	}
}

// emptyBoardSFEN is the picker's board for a length with no problems.
const emptyBoardSFEN = "9/9/9/9/9/9/9/9/9 b - 1"

// showProblem puts the current problem's position on the board, the
// attacker at the bottom.
func (m *Model) showProblem() {
	pr := m.practice()
	p := pr.problem()
	if p == nil {
		return
	}
	pos, err := p.Position()
	if err != nil { // ReadProblems checked it; say so if it ever fails
		m.setMessage(err.Error(), true)
		return
	}
	m.s = newSession(pos)
	m.replay = false
	m.board.deselect()
	m.board.flipped = pos.Side() == game.White
	if k := pos.King(pos.Side().Opp()); k != game.NoSquare {
		m.board.cursor = k
	}
	m.hint = hintState{}
	pr.wrong, pr.line, pr.done = false, nil, false
}

// startProblem plays problem idx of set s.
func (m *Model) startProblem(s, idx int) {
	pr := m.practice()
	pr.stop()
	pr.set, pr.idx = s, idx
	pr.picker.set = s
	if p := pr.problem(); p != nil {
		pr.picker.length = tsume.LengthIdx(p.Length)
	}
	m.showProblem()
	pr.playing = true
	p := pr.problem()
	if p == nil {
		return
	}
	msg := fmt.Sprintf(m.tr("pr.started"), p.Length)
	if p.Length > 11 {
		msg += m.tr("pr.longNote")
	}
	m.setMessage(msg, false)
}

// practiceKey handles a key in the practice: the picker's, or the
// problem's (the board's own keys and the practice's).
func (m *Model) practiceKey(msg tea.KeyMsg) tea.Cmd {
	pr := m.practice()
	k := m.keys
	if cmd, ok := m.modeKey(msg); ok {
		return cmd
	}
	if !pr.playing {
		return m.pickerKey(msg)
	}
	switch {
	case key.Matches(msg, k.Cancel):
		if m.board.hasSelection() {
			m.board.deselect()
			return nil
		}
		pr.stop()
		pr.playing = false
		m.previewPractice()
		m.setMessage(m.tr("pr.choose"), false)
		return nil
	case pr.wrong && key.Matches(msg, k.Undo, k.Select):
		m.practiceRetry()
		return nil
	case key.Matches(msg, k.Undo):
		m.practiceUndo()
		return nil
	case key.Matches(msg, k.Hint):
		return m.practiceHint()
	case key.Matches(msg, k.NewGame):
		pk := pr.picker
		if i := pr.nextUnsolved(pk.set, pk.length, pr.idx); i >= 0 {
			m.startProblem(pk.set, i)
		}
		return nil
	case key.Matches(msg, k.MoveLine):
		m.dialog = newMoveLine(m.lang)
		return nil
	case key.Matches(msg, k.StepBack):
		m.board.moveCursor(-1, 0)
		return nil
	case key.Matches(msg, k.StepFwd):
		m.board.moveCursor(1, 0)
		return nil
	}
	for _, g := range []keyGroup{(*Model).boardKey, (*Model).studyKey} {
		if cmd, ok := g(m, msg); ok {
			return cmd
		}
	}
	return nil
}

// Answers of the picker: play the next unsolved problem of a choice,
// list its problems, leave the practice (leaveRoomMsg); pickerMovedMsg when the choice
// changed (the board shows its problem).
type (
	pickNextMsg    struct{ set, length int }
	pickListMsg    struct{ set, length int }
	pickerMovedMsg struct{}
)

// update is the picker's keys: up/down the set, left/right the length
// (of sets sets), n the next unsolved problem of the choice, Enter the
// list of its problems, Esc leaves. It answers what the root must do;
// nil when the key is not its own.
func (pk *practicePicker) update(msg tea.KeyMsg, k keyMap, sets int) tea.Msg {
	if key.Matches(msg, k.Cancel) {
		return leaveRoomMsg{}
	}
	if sets == 0 {
		return nil
	}
	switch {
	case key.Matches(msg, k.Up):
		pk.set = max(0, pk.set-1)
	case key.Matches(msg, k.Down):
		pk.set = min(sets-1, pk.set+1)
	case key.Matches(msg, k.Left, k.StepBack):
		pk.length = max(0, pk.length-1)
	case key.Matches(msg, k.Right, k.StepFwd):
		pk.length = min(tsume.NumLengths-1, pk.length+1)
	case key.Matches(msg, k.NewGame):
		return pickNextMsg{pk.set, pk.length}
	case key.Matches(msg, k.Select):
		return pickListMsg{pk.set, pk.length}
	default:
		return nil
	}
	return pickerMovedMsg{}
}

// pickerKey gives a key to the picker and acts on its answer.
func (m *Model) pickerKey(msg tea.KeyMsg) tea.Cmd {
	pr := m.practice()
	switch {
	case key.Matches(msg, m.keys.Lesson):
		// The check lesson and the problems from the player's own games
		// (自分の対局から) are the picker's other ways to practise.
		return tea.Batch(m.leavePractice(), m.startLesson())
	case key.Matches(msg, m.keys.Mistakes):
		return tea.Batch(m.leavePractice(), m.startDrill())
	}
	n := 0
	if pr.loaded {
		n = len(pr.sets)
	}
	switch a := pr.picker.update(msg, m.keys, n).(type) {
	case leaveRoomMsg:
		return m.answer(a)
	case pickerMovedMsg:
		m.previewPractice()
	case pickNextMsg:
		if i := pr.nextUnsolved(a.set, a.length, -1); i >= 0 {
			m.startProblem(a.set, i)
		} else {
			m.setMessage(m.tr("pr.none"), true)
		}
	case pickListMsg:
		if len(pr.cell(a.set, a.length)) == 0 {
			m.setMessage(m.tr("pr.none"), true)
		} else {
			m.dialog = m.problemList(a.set, a.length)
		}
	}
	return nil
}

// practiceMove is the player's move in a problem: refused unless it
// checks; a mate solves the problem; otherwise kiki looks for the longest
// defence in the background.
func (m *Model) practiceMove(mv game.Move) tea.Cmd {
	pr := m.practice()
	m.board.deselect()
	if !m.practiceReady() {
		return nil
	}
	label := kif.MoveLabel(mv, m.s.pos.LastMove())
	if !m.s.pos.GivesCheck(mv) {
		m.setMessage(fmt.Sprintf(m.tr("pr.notCheck"), label), true)
		return nil
	}
	m.hint = hintState{}
	m.s.play(mv, 0)
	m.s.dirty = false
	m.board.cursor = mv.To()
	p := pr.problem()
	if m.s.pos.IsCheckmate() {
		m.practiceSolved()
		return nil
	}
	plies := m.s.node.Ply
	left := p.Length - plies - 1
	main := game.NoMove
	if m.onMainLine() && plies < len(p.Moves) {
		main = p.Moves[plies]
	}
	pr.stop()
	pr.busy = true
	m.setMessage(m.tr("pr.thinking"), false)
	if p.Length > 11 && main != game.NoMove && m.s.pos.IsLegal(main) {
		// A long problem on its main line: the line is the answer (a
		// search of hundreds of plies is not done while the player waits).
		gen := pr.gen
		return func() tea.Msg {
			return practiceJudgedMsg{gen, tsume.Verdict{Kind: tsume.Reply, Reply: main, MateIn: p.Length - plies - 1, Line: []game.Move{main}}}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	pr.cancel = cancel
	gen, sv, pos, strict := pr.gen, pr.solver, m.s.pos.Clone(), p.Length <= 11
	return func() tea.Msg {
		return practiceJudgedMsg{gen, tsume.Judge(ctx, sv, pos, left, main, strict)}
	}
}

// practiceAttacker is the side the player plays: the side to move in
// the problem.
func (m *Model) practiceAttacker() game.Color {
	return m.s.rec.Position(m.s.rec.Root).Side()
}

// onMainLine reports whether the moves played so far follow the
// problem's main line.
func (m *Model) onMainLine() bool {
	p := m.practice().problem()
	if p == nil || len(p.Moves) == 0 {
		return false
	}
	var played []game.Move
	for n := m.s.node; n.Parent != nil; n = n.Parent {
		played = append(played, n.Move)
	}
	if len(played) > len(p.Moves) {
		return false
	}
	for i, mv := range played {
		if p.Moves[len(played)-1-i] != mv {
			return false
		}
	}
	return true
}

// onVerdict plays the defence, or shows why the check was wrong.
func (m *Model) onVerdict(v tsume.Verdict) tea.Cmd {
	pr := m.practice()
	p := pr.problem()
	pos := m.s.pos
	label := kif.MoveLabel(v.Reply, pos.LastMove())
	switch v.Kind {
	case tsume.Escape:
		pr.wrong, pr.line = true, v.Line
		m.clearLine()
		m.setMessage(fmt.Sprintf(m.tr("pr.escape"), label), true)
		return nil
	case tsume.TooLong:
		pr.wrong, pr.line = true, v.Line
		m.clearLine()
		total := m.s.node.Ply + 1 + v.MateIn
		m.setMessage(fmt.Sprintf(m.tr("pr.tooLong"), total, p.Length, label)+"\n"+m.tr("pr.line")+kif.LineText(pos, v.Line, pvLineMoves), true)
		return nil
	}
	if v.Reply == game.NoMove || !pos.IsLegal(v.Reply) {
		return nil
	}
	m.s.play(v.Reply, 0)
	m.s.dirty = false
	msg := fmt.Sprintf(m.tr("pr.reply"), label)
	if v.MateIn < 0 {
		msg += m.tr("pr.unproven")
	}
	m.setMessage(msg, false)
	return nil
}

// clearLine moves the cursor off the line drawn on the board and off
// the pieces (its mark and the effect of the piece under it would hide
// the line's): to the origin of the check, else to the first empty
// square the line leaves free.
func (m *Model) clearLine() {
	layer := m.practiceLayer()
	if layer == nil {
		return
	}
	if lm := m.s.pos.LastMove(); lm != game.NoMove && !lm.IsDrop() && layer[lm.From()] == 0 {
		m.board.cursor = lm.From()
		return
	}
	if layer[m.board.cursor] == 0 && m.s.pos.PieceAt(m.board.cursor) == game.NoPiece {
		return
	}
	for sq := game.Square(0); sq < game.NumSquares; sq++ {
		if layer[sq] == 0 && m.s.pos.PieceAt(sq) == game.NoPiece {
			m.board.cursor = sq
			return
		}
	}
}

// practiceSolved marks the problem solved and remembers it.
func (m *Model) practiceSolved() {
	pr := m.practice()
	p := pr.problem()
	pr.done = true
	msg := fmt.Sprintf(m.tr("pr.solved"), m.s.node.Ply)
	if !pr.isSolved(p) {
		pr.solved[tsume.ProblemKey(p)] = tsume.Today(m.opts.Now)
		if pr.saveErr == "" {
			if err := tsume.SaveSolved(m.opts.ConfigDir, pr.solved); err != nil {
				pr.saveErr = fileErrWords(m.lang, err)
			}
		}
	}
	if pr.saveErr != "" {
		m.setMessage(msg+"  "+m.tr("pr.notSaved")+pr.saveErr, true)
		return
	}
	m.setMessage(msg, false)
}

// practiceRetry takes back the refuted check.
func (m *Model) practiceRetry() {
	pr := m.practice()
	pr.wrong, pr.line = false, nil
	m.s.back()
	m.board.deselect()
	m.setMessage(m.tr("pr.retry"), false)
}

// practiceUndo takes back to the player's previous turn (a judgement
// under way is cancelled and its check taken back).
func (m *Model) practiceUndo() {
	pr := m.practice()
	if pr.busy {
		pr.stop()
		m.s.back()
		m.setMessage(m.tr("pr.retry"), false)
		return
	}
	if m.s.node.Ply == 0 {
		m.setMessage(m.tr("msg.atStart"), true)
		return
	}
	pr.done, pr.wrong, pr.line = false, false, nil
	m.s.back()
	if m.s.pos.Side() != m.practiceAttacker() {
		m.s.back()
	}
	m.hint = hintState{}
	m.board.deselect()
}

// practiceReady reports whether it is the player's turn to move or ask a
// hint; when it is not because of a search under way, the problem solved
// or a refuted check to take back first, the message says so.
func (m *Model) practiceReady() bool {
	pr := m.practice()
	switch {
	case !pr.playing:
		return false
	case pr.busy:
		m.setMessage(m.tr("pr.busy"), true)
		return false
	case pr.done:
		m.setMessage(m.tr("pr.alreadySolved"), false)
		return false
	case pr.wrong:
		m.setMessage(m.tr("pr.retryFirst"), true)
		return false
	}
	return m.s.pos.Side() == m.practiceAttacker()
}

// hintTime bounds the solver's search for a hint.
const hintTime = 10 * time.Second

// practiceHint asks the solver for the next move of the quickest mate
// (practiceReady says why not when it is not the player's turn).
func (m *Model) practiceHint() tea.Cmd {
	pr := m.practice()
	if !m.practiceReady() {
		return nil
	}
	pr.stop()
	pr.busy = true
	m.setMessage(m.tr("pr.hintThinking"), false)
	ctx, cancel := context.WithTimeout(context.Background(), hintTime)
	pr.cancel = cancel
	gen, sv, pos := pr.gen, pr.solver, m.s.pos.Clone()
	return func() tea.Msg {
		return practiceHintMsg{gen, sv.Solve(ctx, pos)}
	}
}

// onPracticeHint highlights the hint's move on the board (as the AI's
// hint is): the solver's, else the main line's when it is being followed.
func (m *Model) onPracticeHint(r mate.Result) {
	pr := m.practice()
	mv := game.NoMove
	if r.Status == mate.Mate && len(r.Moves) > 0 {
		mv = r.Moves[0]
	} else if p := pr.problem(); m.onMainLine() && m.s.node.Ply < len(p.Moves) {
		mv = p.Moves[m.s.node.Ply]
	}
	if mv == game.NoMove || !m.s.pos.IsLegal(mv) {
		m.setMessage(m.tr("pr.noHint"), true)
		return
	}
	m.hint = hintState{mv: mv, key: m.s.pos.Key()}
	text := fmt.Sprintf(m.tr("pr.hint"), kif.MoveLabel(mv, m.s.pos.LastMove()))
	if r.Status == mate.Mate {
		text += fmt.Sprintf(m.tr("pr.hintLen"), r.Length)
	}
	m.setMessage(text, false)
}

// practiceLayer is the refuting line drawn on the board after a wrong
// check, as the analysis draws its line: the escape from '^' to '1', the
// next moves' destinations numbered; nil when there is none.
func (m *Model) practiceLayer() *[game.NumSquares]byte {
	pr := m.practice()
	if pr == nil || !pr.wrong || len(pr.line) == 0 {
		return nil
	}
	return lineLayer(m.s.pos, pr.line)
}
