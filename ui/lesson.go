package ui

import (
	"fmt"
	"math/rand/v2"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
	"kiki/ui/lesson"
	"kiki/ui/widget"
)

// lessonState is the lesson while it is open.
type lessonState struct {
	questions []lesson.Question
	cur       int
	marks     game.Bitboard // the player's marks on the current question
	// graded: the current question is over, graded square by square
	// (the missed squares drawn show the whole answer, so there is no
	// second try); gaveUp: its answer was asked for before a grade.
	graded bool
	gaveUp bool
	// pick is the 先手 X and the 後手 Y chosen for a close-check question
	// (NoPieceType until chosen), pickRow the one the keys change.
	pick    [2]game.PieceType
	pickRow int
	// firstRight is each question's result, kept in the progress too.
	firstRight []bool
	done       bool // every question answered: the summary
	progress   map[string]lesson.Record
	saveErr    string // the progress file's error: nothing is saved
	// covered is the board it opened over, with the study's overlays
	// and the cursor, which the lesson's own marks replace.
	covered
	origStudy  studyState
	origCursor game.Square
}

// question is the question on the board.
func (ls *lessonState) question() lesson.Question { return ls.questions[ls.cur] }

// finished reports whether the current question is over.
func (ls *lessonState) finished() bool { return ls.graded }

// right reports whether the current question was answered right.
func (ls *lessonState) right() bool {
	if !ls.graded || ls.gaveUp {
		return false
	}
	if ls.isClose() {
		return ls.closeRight()
	}
	return ls.marks == ls.question().Answer()
}

// lessonRand is the lesson's random source: the options' (tests seed
// it), else one seeded from the clock, kept in the model.
func (m *Model) lessonRand() *rand.Rand {
	if m.opts.Rand == nil {
		t := uint64(m.opts.Now().UnixNano())
		m.opts.Rand = rand.New(rand.NewPCG(t, t>>32|1))
	}
	return m.opts.Rand
}

// startLesson opens the lesson ('L'), keeping the session on screen to
// come back to; during a game it refuses, as the practice does.
func (m *Model) startLesson() tea.Cmd {
	if m.roomGameOn("ls.gameOn") {
		return nil
	}
	ls := &lessonState{covered: m.cover(), origStudy: m.study, origCursor: m.board.cursor}
	progress, err := lesson.LoadProgress(m.opts.ConfigDir)
	ls.progress = progress
	if err != nil {
		ls.saveErr = fileErrWords(m.lang, err)
	}
	m.room = ls
	m.analysis.Reset()
	// The study's overlays would draw over the lesson's marks.
	m.study = studyState{}
	m.board.deselect()
	m.board.flipped = false // the king at the top, as the text draws it
	m.newLesson()
	return nil
}

// newLesson draws the lesson's questions and shows the first.
func (m *Model) newLesson() {
	ls := m.lesson()
	rng := m.lessonRand()
	ls.questions, ls.firstRight, ls.cur, ls.done = nil, nil, 0, false
	for _, k := range lesson.Order(ls.progress, lesson.Length) {
		ls.questions = append(ls.questions, lesson.NewQuestion(rng, k))
	}
	m.showQuestion()
}

// showQuestion puts the current question's position on the board.
func (m *Model) showQuestion() {
	ls := m.lesson()
	q := ls.question()
	ls.marks, ls.graded, ls.gaveUp = game.Empty, false, false
	ls.pick, ls.pickRow = [2]game.PieceType{}, 0
	p, err := q.Position()
	if err != nil { // cannot happen: the squares are on the board
		m.setMessage(err.Error(), true)
		return
	}
	m.s = newSession(p)
	m.replay = false
	m.board.cursor = q.King
	if ls.saveErr != "" {
		m.setMessage(ls.saveErr+"  "+m.tr("ls.notSaved"), true)
	}
}

// leaveLesson closes the lesson and shows the session it opened over.
func (m *Model) leaveLesson() tea.Cmd {
	ls := m.lesson()
	m.room = nil
	cmd := m.uncover(ls.covered)
	m.study = ls.origStudy
	m.board.cursor = ls.origCursor
	m.setMessage(m.tr("ls.left"), false)
	return cmd
}

// lessonKeys are the lesson's own keys, beside the board's cursor keys.
type lessonKeys struct {
	Mark, Type, Grade, Answer, Next, Clear, Leave key.Binding
}

// lessonKeys is the lesson's key map with its help in the screen's
// language.
func (k keyMap) lessonKeys() lessonKeys {
	b := func(keys []string, name, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(name, tr(k.Lang, desc)))
	}
	return lessonKeys{
		Mark:   b([]string{"enter", " "}, "enter", "ls.key.mark"),
		Type:   b([]string{":"}, ":", "ls.key.type"),
		Grade:  b([]string{"s"}, "s", "ls.key.grade"),
		Answer: b([]string{"a"}, "a", "ls.key.answer"),
		Next:   b([]string{"n"}, "n", "ls.key.next"),
		Clear:  b([]string{"x"}, "x", "ls.key.clear"),
		Leave:  b([]string{"esc"}, "esc", "ls.key.leave"),
	}
}

// lessonKey handles a key in the lesson.
func (m *Model) lessonKey(msg tea.KeyMsg) tea.Cmd {
	ls := m.lesson()
	k := m.keys
	lk := k.lessonKeys()
	if cmd, ok := m.modeKey(msg); ok {
		return cmd
	}
	switch {
	case key.Matches(msg, lk.Leave):
		return m.answer(leaveRoomMsg{})
	}
	if ls.done {
		if key.Matches(msg, lk.Next, lk.Mark) {
			m.newLesson()
		}
		return nil
	}
	if ls.choosing() && m.closeKey(msg) {
		return nil
	}
	switch {
	case key.Matches(msg, k.Up):
		m.board.moveCursor(0, -1)
	case key.Matches(msg, k.Down):
		m.board.moveCursor(0, 1)
	case key.Matches(msg, k.Left, k.StepBack):
		m.board.moveCursor(-1, 0)
	case key.Matches(msg, k.Right, k.StepFwd):
		m.board.moveCursor(1, 0)
	case key.Matches(msg, lk.Mark):
		if ls.finished() {
			m.nextQuestion()
		} else {
			m.toggleLessonMark(m.board.cursor)
		}
		return nil
	case key.Matches(msg, lk.Type):
		if !ls.finished() {
			m.dialog = newSquaresLine(m.lang)
		}
	case key.Matches(msg, lk.Grade):
		m.gradeLesson()
	case key.Matches(msg, lk.Answer):
		m.showLessonAnswer()
	case key.Matches(msg, lk.Next):
		m.nextQuestion()
	case key.Matches(msg, lk.Clear):
		if !ls.finished() {
			ls.marks = game.Empty
		}
	}
	return nil
}

// lessonClick is a left click in the lesson: a square toggles its mark
// (or, once the question is over, goes on to the next).
func (m *Model) lessonClick(msg tea.MouseMsg) tea.Cmd {
	f := m.layout()
	if msg.X >= f.sideX {
		return nil
	}
	g := f.geom
	bv := m.board.renderer(m.s.pos)
	bv.Geom = g
	s, ok := bv.Hit(msg.X-g.BoardX(), msg.Y-g.BoardY())
	if !ok || m.lesson().done {
		return nil
	}
	m.board.cursor = s
	if m.lesson().finished() {
		return nil
	}
	m.toggleLessonMark(s)
	return nil
}

// toggleLessonMark marks s, or takes its mark off. The king's own square
// is never an answer: it is not marked, and the status says why.
func (m *Model) toggleLessonMark(s game.Square) {
	ls := m.lesson()
	if !s.Valid() || ls.finished() || ls.isClose() {
		return
	}
	if s == ls.question().King {
		m.setMessage(m.tr("ls.kingSquare"), true)
		return
	}
	if ls.marks.Has(s) {
		ls.marks = ls.marks.Clear(s)
	} else {
		ls.marks = ls.marks.Set(s)
	}
}

// lessonSquaresMsg is the typed squares' answer: marks to add.
type lessonSquaresMsg struct{ squares []game.Square }

// onLessonSquares marks the squares typed after ':'.
func (m *Model) onLessonSquares(msg lessonSquaresMsg) {
	ls := m.lesson()
	if ls == nil || ls.done || ls.finished() || ls.isClose() {
		return
	}
	for _, s := range msg.squares {
		if s != ls.question().King {
			ls.marks = ls.marks.Set(s)
		}
	}
}

// gradeLesson grades the marks ('s'), which ends the question; the notes
// say how it went and the rule behind the answer.
func (m *Model) gradeLesson() {
	ls := m.lesson()
	switch {
	case ls.finished():
		return
	case ls.isClose():
		m.gradeClose()
		return
	case ls.marks.IsZero():
		// An empty grade is a slip more often than an answer: 'a' gives up.
		m.setMessage(m.tr("ls.noMarks"), true)
		return
	}
	ls.graded = true
	m.recordLesson(ls.right())
}

// showLessonAnswer ends the question with its answer drawn ('a'), over
// the player's marks; it counts as missed.
func (m *Model) showLessonAnswer() {
	ls := m.lesson()
	if ls.finished() {
		return
	}
	ls.graded, ls.gaveUp = true, true
	m.recordLesson(false)
}

// recordLesson keeps the current question's first result, in the
// lesson and in the progress file (not when that file could not be
// read: it is left as it is).
func (m *Model) recordLesson(right bool) {
	ls := m.lesson()
	ls.firstRight = append(ls.firstRight, right)
	id := ls.question().Kind.Info().ID
	r := ls.progress[id]
	r.Asked++
	if right {
		r.RightFirst++
	}
	r.LastMissed = !right
	ls.progress[id] = r
	if ls.saveErr != "" {
		return
	}
	if err := lesson.SaveProgress(m.opts.ConfigDir, ls.progress); err != nil {
		ls.saveErr = fileErrWords(m.lang, err)
	}
}

// nextQuestion goes on to the next question ('n', or Enter once this
// one is over), or to the summary after the last.
func (m *Model) nextQuestion() {
	ls := m.lesson()
	if !ls.finished() {
		m.setMessage(m.tr("ls.finishFirst"), true)
		return
	}
	if ls.cur+1 < len(ls.questions) {
		ls.cur++
		m.showQuestion()
		return
	}
	ls.done = true
}

// score is how many questions of the lesson were right.
func (ls *lessonState) score() int {
	n := 0
	for _, r := range ls.firstRight {
		if r {
			n++
		}
	}
	return n
}

// squaresLine is the lesson's prompt for typed squares (':'): numbers
// (52), USI (5b) or kifu (５二), apart by spaces or commas.
type squaresLine struct {
	lang Lang
	in   textinput.Model
	err  string
}

func newSquaresLine(l Lang) *squaresLine {
	return &squaresLine{in: widget.Prompt("52 42, 5b 4b, ５二", 200), lang: l}
}

func (d *squaresLine) Update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	switch {
	case key.Matches(msg, widget.KeyMap().Esc):
		return widget.CloseMsg{}, nil
	case key.Matches(msg, widget.KeyMap().Enter):
		sqs, bad := lesson.ParseSquares(d.in.Value())
		if bad != "" {
			d.err = fmt.Sprintf(tr(d.lang, "ls.badSquare"), bad)
			return nil, nil
		}
		return lessonSquaresMsg{sqs}, nil
	}
	var cmd tea.Cmd
	d.in, cmd = d.in.Update(msg)
	d.err = ""
	return nil, cmd
}

func (d *squaresLine) View(th *Theme, _ int) string {
	s := d.in.View()
	if d.err != "" {
		s += "\n" + th.Warn.Render(d.err)
	}
	return s
}
