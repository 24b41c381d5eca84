package ui

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
	"kiki/kif"
	"kiki/ui/store"
	"kiki/ui/widget"
)

// The check lesson ('L', issue 44 item 2): the questions of the
// reverse-effect text (../shared/reference/reverse-effect-check-tables.ja.txt),
// asked on the board. Each question puts a 後手 king on a random square
// and asks for a set of squares (where a drop checks, where a move lands
// checking, from where ...); the player marks them with the cursor, the
// mouse or typed squares and asks for a grade, square by square. The
// answers come from the rules core's reverse-effect sets
// (Position.CheckSets), never from a table here. How each kind of
// question went is kept in the config folder (lesson-progress.json), and
// the kinds missed last time are asked first.
//
// Like the practice, the lesson works on its own session: the record on
// screen when it opened comes back when it is left.

// lessonKind is a kind of question, after the text's numbering.
type lessonKind uint8

const (
	lessonSilverDrop    lessonKind = iota // 問1: where does a silver drop check
	lessonDrop                            // 問2: where does a drop of X check
	lessonKnightDest                      // 問3: where does a knight move to check
	lessonRookDest                        // 問4: where does a rook move to check
	lessonMoveDest                        // 問5: where does X move to check
	lessonKnightOrigin                    // 問6: from where can a knight move to check
	lessonKnightTwoStep                   // 問7: where was a quiet knight dropped
	lessonBishopClose                     // 問8: which two effects meet on a bishop's close checks
	lessonRookClose                       // 問9: which two effects meet on a rook's close checks
	lessonBishopTwoStep                   // 問10: where was a quiet bishop dropped
	numLessonKinds
)

// lessonSet is the set of squares a question asks for.
type lessonSet uint8

const (
	setDrops   lessonSet = iota // drop squares that check
	setDests                    // destinations of checking moves (promotion counts)
	setOrigins                  // origins of checking moves
	setTwoStep                  // quiet drops from which the next move checks
	// setClose: the drops next to the king that check, asked as the two
	// pieces whose effects meet there (lesson_close.go); answered by
	// choosing the pieces, not by marking squares.
	setClose
)

// lessonKindInfo describes a kind of question: its number in the text,
// its name in the progress file, the set it asks for and the pieces it
// asks about (one chosen at random).
type lessonKindInfo struct {
	num    int
	id     string
	set    lessonSet
	pieces []game.PieceType
}

// unpromoted are the kinds a player holds in hand and the text's X.
var unpromoted = []game.PieceType{game.Pawn, game.Lance, game.Knight, game.Silver, game.Gold, game.Bishop, game.Rook}

// lessonKinds are the kinds of question, in the text's order (read
// only: a description, not state).
var lessonKinds = [numLessonKinds]lessonKindInfo{
	lessonSilverDrop:    {1, "q1-silver-drop", setDrops, []game.PieceType{game.Silver}},
	lessonDrop:          {2, "q2-drop", setDrops, unpromoted},
	lessonKnightDest:    {3, "q3-knight-destination", setDests, []game.PieceType{game.Knight}},
	lessonRookDest:      {4, "q4-rook-destination", setDests, []game.PieceType{game.Rook}},
	lessonMoveDest:      {5, "q5-destination", setDests, unpromoted},
	lessonKnightOrigin:  {6, "q6-knight-origin", setOrigins, []game.PieceType{game.Knight}},
	lessonKnightTwoStep: {7, "q7-knight-two-step", setTwoStep, []game.PieceType{game.Knight}},
	lessonBishopClose:   {8, "q8-bishop-close", setClose, []game.PieceType{game.Bishop}},
	lessonRookClose:     {9, "q9-rook-close", setClose, []game.PieceType{game.Rook}},
	lessonBishopTwoStep: {10, "q10-bishop-two-step", setTwoStep, []game.PieceType{game.Bishop}},
}

// lessonLength is how many questions a lesson asks.
const lessonLength = 5

// lessonQuestion is one question: its kind, the 後手 king's square and
// the piece asked about.
type lessonQuestion struct {
	kind  lessonKind
	king  game.Square
	piece game.PieceType
}

// inHand reports whether the question's piece stands in 先手's hand: the
// questions about drops.
func (q lessonQuestion) inHand() bool {
	s := lessonKinds[q.kind].set
	return s == setDrops || s == setTwoStep || s == setClose
}

// position is the question's board: the 後手 king alone, 先手 to move,
// with the piece in hand where the question is about dropping it.
func (q lessonQuestion) position() (*game.Position, error) {
	hand := game.NoPieceType
	if q.inHand() {
		hand = q.piece
	}
	return lessonPosition(q.king, game.NoSquare, hand)
}

// lessonPosition is the SFEN position of a 後手 king on k, a 先手 king on
// sk (NoSquare for none) and hand in 先手's hand (NoPieceType for none).
func lessonPosition(k, sk game.Square, hand game.PieceType) (*game.Position, error) {
	var rows []string
	for r := 1; r <= 9; r++ {
		var sb strings.Builder
		blank := 0
		for f := 9; f >= 1; f-- {
			s := game.NewSquare(f, r)
			letter := ""
			switch s {
			case k:
				letter = "k"
			case sk:
				letter = "K"
			}
			if letter == "" {
				blank++
				continue
			}
			if blank > 0 {
				fmt.Fprint(&sb, blank)
				blank = 0
			}
			sb.WriteString(letter)
		}
		if blank > 0 {
			fmt.Fprint(&sb, blank)
		}
		rows = append(rows, sb.String())
	}
	h := "-"
	if hand != game.NoPieceType {
		h = hand.Letter()
	}
	return game.ParseSFEN(strings.Join(rows, "/") + " b " + h + " 1")
}

// answer is the question's squares, from the rules core.
func (q lessonQuestion) answer() game.Bitboard {
	p, err := q.position()
	if err != nil {
		return game.Empty
	}
	return lessonAnswer(lessonKinds[q.kind].set, p, q.piece)
}

// lessonAnswer is set for 先手's piece kind t against the 後手 king of p,
// from the rules core's reverse-effect sets. The two-step set is the
// origins of checking moves where t may be dropped (the rules core says
// which drops are legal) less the squares where the drop itself checks:
// the text's "控えて打った" is a quiet drop.
func lessonAnswer(set lessonSet, p *game.Position, t game.PieceType) game.Bitboard {
	cs := p.CheckSets(game.Black, t)
	switch set {
	case setDrops:
		return cs.Drops
	case setDests:
		return cs.Destinations
	case setOrigins:
		return cs.Origins
	case setClose:
		return closeChecks(cs, p.King(game.White))
	}
	var out game.Bitboard
	for b := cs.Origins.AndNot(cs.Drops); b.NonZero(); {
		s := b.Pop()
		if p.IsLegal(game.NewDrop(game.NewPiece(game.Black, t), s)) {
			out = out.Set(s)
		}
	}
	return out
}

// newLessonQuestion draws a question of kind k: a king on ranks 一 to 五
// (where the promotion zone and the board's edge shape the answer, as in
// the text's examples) and one of the kind's pieces, again until the
// answer is not empty (a pawn cannot drop below a king on 九, say).
func newLessonQuestion(rng *rand.Rand, k lessonKind) lessonQuestion {
	info := lessonKinds[k]
	q := lessonQuestion{kind: k}
	for range 100 {
		q.king = game.NewSquare(1+rng.IntN(9), 1+rng.IntN(5))
		q.piece = info.pieces[rng.IntN(len(info.pieces))]
		if q.answer().NonZero() {
			break
		}
	}
	return q
}

// lessonRecord is how one kind of question has gone: how often it was
// asked, how often answered right at the first grade, and whether the
// last time it was not.
type lessonRecord struct {
	Asked      int  `json:"asked"`
	RightFirst int  `json:"right_first"`
	LastMissed bool `json:"last_missed"`
}

// lessonProgressName is the progress file in the config folder.
const lessonProgressName = "lesson-progress.json"

// lessonProgressFile is what the file holds: each kind's record by its id.
type lessonProgressFile struct {
	Kinds map[string]lessonRecord `json:"kinds"`
}

// loadLessonProgress reads the progress in dir. A missing file (or dir
// "") is a fresh start; a file that cannot be read or is not kiki's JSON
// is an error naming it (and it is never overwritten, see
// saveLessonProgress).
func loadLessonProgress(dir string) (map[string]lessonRecord, error) {
	out := map[string]lessonRecord{}
	var f lessonProgressFile
	if err := store.ReadJSON(dir, lessonProgressName, "kiki's lesson progress", &f); err != nil {
		return out, err
	}
	for k, v := range f.Kinds {
		out[k] = v
	}
	return out, nil
}

// saveLessonProgress writes the progress in dir (nothing when dir is "")
// through a temporary file and a rename, as the practice's solved file
// is; a file there that kiki cannot read is reported, not overwritten.
func saveLessonProgress(dir string, pr map[string]lessonRecord) error {
	if dir == "" {
		return nil
	}
	if _, err := loadLessonProgress(dir); err != nil {
		return err
	}
	data, err := json.MarshalIndent(lessonProgressFile{Kinds: pr}, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return kif.WriteAtomic(filepath.Join(dir, lessonProgressName), append(data, '\n'))
}

// lessonOrder is the kinds of a lesson of n questions: those missed the
// last time first, then the least asked, in the text's order among
// equals, so that every kind comes round.
func lessonOrder(pr map[string]lessonRecord, n int) []lessonKind {
	kinds := make([]lessonKind, numLessonKinds)
	for i := range kinds {
		kinds[i] = lessonKind(i)
	}
	sort.SliceStable(kinds, func(i, j int) bool {
		a, b := pr[lessonKinds[kinds[i]].id], pr[lessonKinds[kinds[j]].id]
		if a.LastMissed != b.LastMissed {
			return a.LastMissed
		}
		return a.Asked < b.Asked
	})
	if n >= len(kinds) {
		return kinds
	}
	// The missed come back first, but take at most n-2 places: a lesson
	// whose answers were all given up (a) would otherwise ask the same
	// kinds for ever, and the others never.
	missed := 0
	for missed < len(kinds) && pr[lessonKinds[kinds[missed]].id].LastMissed {
		missed++
	}
	if keep := max(n-2, 1); missed > keep {
		// The missed beyond keep go after the others, not away: a lesson
		// needs n kinds.
		order := append([]lessonKind(nil), kinds[:keep]...)
		order = append(order, kinds[missed:]...)
		kinds = append(order, kinds[keep:missed]...)
	}
	return kinds[:n]
}

// lessonState is the lesson while it is open.
type lessonState struct {
	questions []lessonQuestion
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
	progress   map[string]lessonRecord
	saveErr    string // the progress file's error: nothing is saved
	// covered is the board it opened over, with the study's overlays
	// and the cursor, which the lesson's own marks replace.
	covered
	origStudy  studyState
	origCursor game.Square
}

// question is the question on the board.
func (ls *lessonState) question() lessonQuestion { return ls.questions[ls.cur] }

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
	return ls.marks == ls.question().answer()
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
	m.cancelAI()
	m.analysis.cancel()
	ls := &lessonState{covered: m.cover(), origStudy: m.study, origCursor: m.board.cursor}
	progress, err := loadLessonProgress(m.opts.ConfigDir)
	ls.progress = progress
	if err != nil {
		ls.saveErr = fileErrWords(m.lang, err)
	}
	m.room = ls
	m.analysis.reset()
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
	for _, k := range lessonOrder(ls.progress, lessonLength) {
		ls.questions = append(ls.questions, newLessonQuestion(rng, k))
	}
	m.showQuestion()
}

// showQuestion puts the current question's position on the board.
func (m *Model) showQuestion() {
	ls := m.lesson()
	q := ls.question()
	ls.marks, ls.graded, ls.gaveUp = game.Empty, false, false
	ls.pick, ls.pickRow = [2]game.PieceType{}, 0
	p, err := q.position()
	if err != nil { // cannot happen: the squares are on the board
		m.setMessage(err.Error(), true)
		return
	}
	m.s = newSession(p)
	m.replay = false
	m.board.cursor = q.king
	if ls.saveErr != "" {
		m.setMessage(ls.saveErr+"  "+m.tr("ls.notSaved"), true)
	}
}

// leaveLesson closes the lesson and shows the session it opened over.
func (m *Model) leaveLesson() {
	ls := m.lesson()
	m.room = nil
	m.uncover(ls.covered)
	m.study = ls.origStudy
	m.board.cursor = ls.origCursor
	m.setMessage(m.tr("ls.left"), false)
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
		m.leaveLesson()
		return nil
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
	if s == ls.question().king {
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
		if s != ls.question().king {
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
	id := lessonKinds[ls.question().kind].id
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
	if err := saveLessonProgress(m.opts.ConfigDir, ls.progress); err != nil {
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
		sqs, bad := parseSquares(d.in.Value())
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

// parseSquares reads squares apart by spaces or commas; bad is the first
// word that is not a square ("" when all are).
func parseSquares(text string) (sqs []game.Square, bad string) {
	words := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '、' || r == '　' })
	for _, w := range words {
		s, ok := parseLessonSquare(w)
		if !ok {
			return nil, w
		}
		sqs = append(sqs, s)
	}
	return sqs, ""
}

// parseLessonSquare reads one square: a file digit (ASCII or full width)
// and a rank as a digit, a USI letter (a-i) or a kanji numeral.
func parseLessonSquare(w string) (game.Square, bool) {
	rs := []rune(w)
	if len(rs) != 2 {
		return game.NoSquare, false
	}
	digit := func(r rune) int {
		switch {
		case r >= '1' && r <= '9':
			return int(r - '0')
		case r >= '１' && r <= '９':
			return int(r - '１' + 1)
		}
		return 0
	}
	f := digit(rs[0])
	r := digit(rs[1])
	switch {
	case rs[1] >= 'a' && rs[1] <= 'i':
		r = int(rs[1]-'a') + 1
	case rs[1] >= 'A' && rs[1] <= 'I':
		r = int(rs[1]-'A') + 1
	case r == 0:
		for i := 1; i <= 9; i++ {
			if string(rs[1]) == game.KanjiNumerals[i] {
				r = i
			}
		}
	}
	if f == 0 || r == 0 {
		return game.NoSquare, false
	}
	return game.NewSquare(f, r), true
}
