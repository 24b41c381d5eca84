package ui

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	"github.com/mattn/go-runewidth"

	"kiki/game"
	"kiki/ui/board"
	"kiki/ui/lesson"
	"kiki/ui/textfit"
)

// lessonMarks are the lesson's marks on the board: the player's marks
// ('?') while the question is open; once graded, each square as it went:
// '=' marked and right, '-' missed, 'X' marked but not an answer.
func (m *Model) lessonMarks() [game.NumSquares]board.Mark {
	ls := m.lesson()
	var mk markSet
	if ls.graded {
		ans := ls.question().Answer()
		mk.set(ls.marks.And(ans), board.MarkLessonHit)
		mk.set(ans.AndNot(ls.marks), board.MarkLessonMissed)
		mk.set(ls.marks.AndNot(ans), board.MarkLessonExtra)
	} else {
		mk.set(ls.marks, board.MarkLessonPick)
	}
	// Once graded, nothing is marked any more: the cursor would only hide
	// a grade.
	if !ls.done && !ls.graded && !ls.isClose() && m.board.cursor.Valid() {
		mk[m.board.cursor] = board.MarkCursor
	}
	return mk
}

// lessonRows is the board of the lesson in geometry g, with its marks.
func (m *Model) lessonRows(g board.Geom) []string {
	bv := m.board.renderer(m.s.pos)
	bv.Geom = g
	bv.Marks = m.lessonMarks()
	return bv.Render()
}

// kindName names a kind of question: 問7 (Q7 on the English screen).
func (m *Model) kindName(k lesson.Kind) string {
	return fmt.Sprintf(m.tr("ls.kind"), k.Info().Num)
}

// questionText asks the question in the screen's language.
func (m *Model) questionText(q lesson.Question) string {
	piece, king := pieceWord(m.lang, q.Piece), m.squareName(q.King)
	var format string
	switch q.Kind.Info().Set {
	case lesson.Drops:
		format = "ls.ask.drop"
	case lesson.Dests:
		format = "ls.ask.dest"
	case lesson.Origins:
		format = "ls.ask.origin"
	case lesson.Close:
		format = "ls.ask.close"
	default:
		format = "ls.ask.twoStep"
	}
	return fmt.Sprintf(m.tr(format), piece, king)
}

// ruleText is the rule behind a question's answer, in one sentence.
func (m *Model) ruleText(q lesson.Question) string {
	piece := pieceWord(m.lang, q.Piece)
	switch q.Kind.Info().Set {
	case lesson.Drops:
		return fmt.Sprintf(m.tr("ls.rule.drop"), piece)
	case lesson.Dests:
		if !q.Piece.CanPromote() {
			return fmt.Sprintf(m.tr("ls.rule.destPlain"), piece)
		}
		return fmt.Sprintf(m.tr("ls.rule.dest"), piece, pieceWord(m.lang, q.Piece.Promote()))
	case lesson.Origins:
		return fmt.Sprintf(m.tr("ls.rule.origin"), piece)
	case lesson.Close:
		return m.closeRule(q)
	}
	return fmt.Sprintf(m.tr("ls.rule.twoStep"), piece)
}

// lessonStatus is the status line of the lesson: where it stands and
// the square under the cursor, which the cursor's own mark hides.
func (m *Model) lessonStatus() string {
	ls := m.lesson()
	s := m.theme.Title.Render(m.tr("ls.title"))
	if ls.done {
		return s
	}
	s += fmt.Sprintf("  %d/%d", ls.cur+1, len(ls.questions))
	if c := m.board.cursor; c.Valid() && !ls.graded && !ls.isClose() {
		format := "ls.cursor"
		if ls.marks.Has(c) {
			format = "ls.cursorMarked"
		}
		s += "  " + fmt.Sprintf(m.tr(format), m.squareName(c))
	}
	return s
}

// lessonNotes are the lines under the board: the grade and the rule
// once a question is over, the score at the end.
func (m *Model) lessonNotes() []string {
	ls := m.lesson()
	if ls.done {
		return []string{m.theme.Good.Render(fmt.Sprintf(m.tr("ls.done"), ls.score(), len(ls.questions)))}
	}
	if !ls.graded {
		return nil
	}
	q := ls.question()
	if ls.isClose() {
		return []string{m.closeVerdict(), m.ruleText(q)}
	}
	ans := q.Answer()
	var verdict string
	switch {
	case ls.gaveUp:
		verdict = m.theme.Title.Render(fmt.Sprintf(m.tr("ls.shown"), ans.Count()))
	case ls.right():
		verdict = m.theme.Good.Render(fmt.Sprintf(m.tr("ls.right"), ans.Count()))
	default:
		hit, missed, extra := ls.marks.And(ans), ans.AndNot(ls.marks), ls.marks.AndNot(ans)
		verdict = m.theme.Bad.Render(fmt.Sprintf(m.tr("ls.wrong"), hit.Count(), missed.Count(), extra.Count()))
	}
	return []string{verdict, m.ruleText(q)}
}

// lessonPanel is the side panel of the lesson, inside w columns and h
// rows: the question, the marks' legend and the player's marks, then
// each kind's record; at the end, each question's result.
func (m *Model) lessonPanel(w, h int) []string {
	ls := m.lesson()
	var out []string
	add := func(s string) { out = append(out, textfit.Truncate(s, w)) }
	addWrapped := func(s string) {
		for _, l := range textfit.Wrap(s, w) {
			add(l)
		}
	}
	add(m.theme.Title.Render(m.tr("ls.title")))
	if ls.done {
		for i, q := range ls.questions {
			res := m.theme.Bad.Render(m.tr("ls.missedShort"))
			if i < len(ls.firstRight) && ls.firstRight[i] {
				res = m.theme.Good.Render(m.tr("ls.rightShort"))
			}
			add(fmt.Sprintf("%d. %s %s %s  ", i+1, textfit.PadRight(m.kindName(q.Kind), 5), q.Piece.Name(), m.squareName(q.King)) + res)
		}
		add("")
		out = append(out, m.progressRows(w)...)
		return out
	}
	q := ls.question()
	add(m.theme.Title.Render(m.kindName(q.Kind)) + "  " + m.theme.Dim.Render(fmt.Sprintf(m.tr("ls.number"), ls.cur+1, len(ls.questions))))
	addWrapped(m.questionText(q))
	add("")
	if ls.isClose() {
		for _, l := range m.closePanel() {
			add(l)
		}
	}
	switch {
	case ls.choosing():
		// No marks to explain or list yet: the answer is two pieces.
	case ls.graded:
		add(m.legendMark(board.MarkLessonHit) + " " + m.tr("ls.legend.hit") + "  " + m.legendMark(board.MarkLessonMissed) + " " + m.tr("ls.legend.missed"))
		extra := "ls.legend.extra"
		if ls.isClose() {
			extra = "ls.close.extra"
		}
		add(m.legendMark(board.MarkLessonExtra) + " " + m.tr(extra))
	default:
		add(m.legendMark(board.MarkLessonPick) + " " + m.tr("ls.legend.pick"))
	}
	if !ls.choosing() {
		label := m.tr("ls.marked")
		if ls.isClose() {
			label = m.tr("ls.close.meet")
		}
		add(label + m.squareList(ls.marks, w-runewidth.StringWidth(label)))
	}
	if len(out)+int(lesson.NumKinds)+3 <= h {
		add("")
		out = append(out, m.progressRows(w)...)
	}
	return out
}

// progressRows is each kind's record: right the first time of asked.
func (m *Model) progressRows(w int) []string {
	ls := m.lesson()
	out := []string{m.theme.Dim.Render(textfit.Truncate(m.tr("ls.progress"), w))}
	for k := range lesson.Kind(lesson.NumKinds) {
		r := ls.progress[k.Info().ID]
		row := fmt.Sprintf("%s %s %3d/%d", textfit.PadRight(m.kindName(k), 5), textfit.PadRight(m.tr(kindWords[k.Info().Set]), 14), r.RightFirst, r.Asked)
		if r.LastMissed {
			row += " " + m.tr("ls.again")
		}
		out = append(out, textfit.Truncate(row, w))
	}
	return out
}

// kindWords are the catalogue keys of each set's short name.
var kindWords = [...]string{lesson.Drops: "ls.set.drops", lesson.Dests: "ls.set.dests", lesson.Origins: "ls.set.origins", lesson.TwoStep: "ls.set.twoStep",
	lesson.Close: "ls.set.close"}

// lessonPhase is where the lesson stands, for its help bar.
type lessonPhase uint8

const (
	phaseAsking   lessonPhase = iota // marking squares
	phaseChoosing                    // choosing two pieces (問8-9)
	phaseGraded                      // the question is over
	phaseDone                        // the summary
)

// phase is where the lesson stands.
func (ls *lessonState) phase() lessonPhase {
	switch {
	case ls.done:
		return phaseDone
	case ls.graded:
		return phaseGraded
	case ls.isClose():
		return phaseChoosing
	}
	return phaseAsking
}

// lessonHelp is the help bar of the lesson in phase ph.
func (k keyMap) lessonHelp(ph lessonPhase) helpKeys {
	lk := k.lessonKeys()
	var short []key.Binding
	switch ph {
	case phaseAsking:
		// A narrow bar drops keys from the end: clear first (it is in the
		// full help), never the way out.
		short = []key.Binding{k.Up, lk.Mark, lk.Grade, lk.Leave, lk.Type, lk.Answer, lk.Clear, k.Help, k.Quit}
	case phaseChoosing:
		short = k.closeHelp()
	case phaseGraded:
		next := key.NewBinding(key.WithKeys("n", "enter"), key.WithHelp("n enter", tr(k.Lang, "ls.key.next")))
		short = []key.Binding{next, lk.Leave, k.Help, k.Quit}
	default:
		again := key.NewBinding(key.WithKeys("n"), key.WithHelp("n", tr(k.Lang, "ls.key.again")))
		short = []key.Binding{again, lk.Leave, k.Help, k.Quit}
	}
	full := [][]key.Binding{short}
	if ph == phaseAsking {
		full = [][]key.Binding{{k.Up, lk.Mark, lk.Type}, {lk.Grade, lk.Answer, lk.Clear, lk.Leave, k.Help, k.Quit}, lessonLegend(k.Lang)}
	}
	return helpKeys{short: short, full: full}
}

// lessonLegend is the full help's column of the lesson's marks (entries
// that answer no key, as the board's legend).
func lessonLegend(l Lang) []key.Binding {
	out := []key.Binding{key.NewBinding(key.WithKeys("legend:lesson"), key.WithHelp(tr(l, "mark.title"), ""))}
	for _, e := range [][2]string{{"?", "ls.legend.pick"}, {"=", "ls.legend.hit"}, {"-", "ls.legend.missed"}, {"X", "ls.legend.extra"}} {
		out = append(out, key.NewBinding(key.WithKeys("legend:"+e[0]), key.WithHelp(e[0], tr(l, e[1]))))
	}
	return out
}
