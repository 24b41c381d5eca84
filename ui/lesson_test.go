package ui

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/mattn/go-runewidth"

	"kiki/game"
	"kiki/ui/lesson"
	"kiki/ui/widget"
)

// lessonOptions are the test options with a seeded lesson and a config
// folder of the test's own.
func lessonOptions(t *testing.T) Options {
	o := testOptions()
	o.Rand = rand.New(rand.NewPCG(1, 2))
	o.ConfigDir = t.TempDir()
	return o
}

// bbOf is the squares named by file-rank numbers ("52 42").
func bbOf(t *testing.T, s string) game.Bitboard {
	t.Helper()
	var b game.Bitboard
	for _, f := range strings.Fields(s) {
		n, err := strconv.Atoi(f)
		if err != nil || n/10 < 1 || n/10 > 9 || n%10 < 1 {
			t.Fatalf("bad square %q", f)
		}
		b = b.Set(game.NewSquare(n/10, n%10))
	}
	return b
}

// playLesson opens the lesson and puts question q on the board.
func playLesson(t *testing.T, o Options, q lesson.Question) *Model {
	t.Helper()
	m := newTestModel(o)
	press(m, "L")
	if m.lesson() == nil {
		t.Fatalf("L opened no lesson (message %q)", m.message)
	}
	m.lesson().questions[m.lesson().cur] = q
	m.showQuestion()
	return m
}

// typeSquares marks squares through the ':' prompt, as USI names.
func typeSquares(m *Model, b game.Bitboard) {
	var names []string
	for _, s := range b.Squares() {
		names = append(names, s.USI())
	}
	press(m, ":")
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(strings.Join(names, " "))})
	press(m, "enter")
}

// cellMark is the mark column of square s on the compact board of a
// screen (100×30, not flipped): the screen's rank+2nd line, column
// 1+4×(9-file).
func cellMark(t *testing.T, screen string, s game.Square) rune {
	t.Helper()
	lines := strings.Split(stripANSI(screen), "\n")
	line := lines[s.Rank()+2]
	col, want := 0, 1+4*(9-s.File())
	for _, r := range line {
		if col == want {
			return r
		}
		col += runewidth.RuneWidth(r)
	}
	t.Fatalf("no column %d on %q", want, line)
	return 0
}

// lessonCases are one question of each kind the lesson asks.
var lessonCases = []lesson.Question{
	{Kind: lesson.SilverDrop, King: game.NewSquare(7, 3), Piece: game.Silver},
	{Kind: lesson.Drop, King: game.NewSquare(5, 2), Piece: game.Bishop},
	{Kind: lesson.KnightDest, King: game.NewSquare(7, 2), Piece: game.Knight},
	{Kind: lesson.RookDest, King: game.NewSquare(7, 3), Piece: game.Rook},
	{Kind: lesson.MoveDest, King: game.NewSquare(4, 4), Piece: game.Silver},
	{Kind: lesson.KnightOrigin, King: game.NewSquare(7, 2), Piece: game.Knight},
	{Kind: lesson.KnightTwoStep, King: game.NewSquare(7, 2), Piece: game.Knight},
	{Kind: lesson.BishopClose, King: game.NewSquare(7, 3), Piece: game.Bishop},
	{Kind: lesson.RookClose, King: game.NewSquare(5, 1), Piece: game.Rook},
	{Kind: lesson.BishopTwoStep, King: game.NewSquare(8, 1), Piece: game.Bishop},
}

// Every kind is covered by the cases.
func TestLessonCasesCoverEveryKind(t *testing.T) {
	seen := map[lesson.Kind]bool{}
	for _, q := range lessonCases {
		seen[q.Kind] = true
	}
	if len(seen) != int(lesson.NumKinds) {
		t.Errorf("%d kinds of %d covered", len(seen), lesson.NumKinds)
	}
}

// Each kind answered right: every answer square drawn '=', the screen
// says so, and the progress counts it right the first time.
func TestLessonRight(t *testing.T) {
	for _, q := range lessonCases {
		m := playLesson(t, lessonOptions(t), q)
		ans := q.Answer()
		answerRight(t, m, q)
		press(m, "s")
		v := m.View()
		if !strings.Contains(v, "right! ") {
			t.Errorf("問%d: no 'right' on\n%s", q.Kind.Info().Num, stripANSI(v))
		}
		for _, s := range ans.Squares() {
			if s == m.board.cursor {
				continue
			}
			if c := cellMark(t, v, s); c != '=' {
				t.Errorf("問%d: %s drawn %q, want '='", q.Kind.Info().Num, s.Japanese(), c)
			}
		}
		if r := m.lesson().progress[q.Kind.Info().ID]; r.Asked != 1 || r.RightFirst != 1 || r.LastMissed {
			t.Errorf("問%d: progress %+v", q.Kind.Info().Num, r)
		}
	}
}

// Each kind answered wrong: one answer square left out and one wrong
// square marked, both drawn ('-' and 'X'), with the rule explained. (The
// close checks, answered by two pieces, are lesson_close_test.go's.)
func TestLessonWrong(t *testing.T) {
	for _, q := range lessonCases {
		if q.Kind.Info().Set == lesson.Close {
			continue
		}
		m := playLesson(t, lessonOptions(t), q)
		ans := q.Answer()
		missed := ans.Squares()[0]
		extra := game.Full.AndNot(ans).Clear(q.King).Last()
		typeSquares(m, ans.Clear(missed).Set(extra))
		press(m, "s")
		v := m.View()
		if notes := strings.Join(m.lessonNotes(), " "); !strings.Contains(notes, "1 missed (-), 1 extra (X)") || !strings.Contains(v, "not quite") {
			t.Errorf("問%d: no count of missed and extra on\n%s", q.Kind.Info().Num, stripANSI(v))
		}
		if !strings.Contains(stripANSI(v), m.ruleText(q)[:20]) {
			t.Errorf("問%d: the rule is not explained", q.Kind.Info().Num)
		}
		if c := cellMark(t, v, missed); c != '-' {
			t.Errorf("問%d: missed %s drawn %q", q.Kind.Info().Num, missed.Japanese(), c)
		}
		if c := cellMark(t, v, extra); c != 'X' {
			t.Errorf("問%d: extra %s drawn %q", q.Kind.Info().Num, extra.Japanese(), c)
		}
		if r := m.lesson().progress[q.Kind.Info().ID]; r.Asked != 1 || r.RightFirst != 0 || !r.LastMissed {
			t.Errorf("問%d: progress %+v", q.Kind.Info().Num, r)
		}
	}
}

// Each kind's answer shown ('a' with nothing marked): every answer square
// drawn, and the question counted as missed.
func TestLessonAnswerShown(t *testing.T) {
	for _, q := range lessonCases {
		m := playLesson(t, lessonOptions(t), q)
		press(m, "s") // nothing marked: not graded
		if m.lesson().graded {
			t.Fatalf("問%d: graded with no marks", q.Kind.Info().Num)
		}
		press(m, "a")
		v := m.View()
		if !strings.Contains(v, "the answer:") {
			t.Errorf("問%d: no answer line on\n%s", q.Kind.Info().Num, stripANSI(v))
		}
		for _, s := range q.Answer().Squares() {
			if s == m.board.cursor {
				continue
			}
			if c := cellMark(t, v, s); c != '-' {
				t.Errorf("問%d: answer %s drawn %q", q.Kind.Info().Num, s.Japanese(), c)
			}
		}
		if got := m.lesson().firstRight; len(got) != 1 || got[0] {
			t.Errorf("問%d: results %v", q.Kind.Info().Num, got)
		}
	}
}

// The cursor, Enter and a click mark and unmark squares; the marks are
// drawn '?' until graded.
func TestLessonMarkByCursorAndMouse(t *testing.T) {
	m := playLesson(t, lessonOptions(t), lessonCases[0]) // 銀打ち, king ７三
	press(m, "j", "enter")                               // ７四
	if !m.lesson().marks.Has(game.NewSquare(7, 4)) {
		t.Fatalf("enter did not mark ７四: %v", m.lesson().marks)
	}
	// A click on ６二: compact board, its column 3 (files 9..1) and rank 2.
	col, row := 9-6, 2-1
	m.Update(tea.MouseMsg{X: 1 + 4*col + 1, Y: 1 + 2 + row, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if !m.lesson().marks.Has(game.NewSquare(6, 2)) {
		t.Fatalf("the click did not mark ６二: %v", m.lesson().marks)
	}
	press(m, "k", "k") // the cursor off both marks
	v := m.View()
	for _, s := range []game.Square{game.NewSquare(7, 4), game.NewSquare(6, 2)} {
		if c := cellMark(t, v, s); c != '?' {
			t.Errorf("%s drawn %q, want '?'", s.Japanese(), c)
		}
	}
	m.board.cursor = game.NewSquare(7, 4)
	press(m, "enter") // unmark ７四
	if m.lesson().marks.Has(game.NewSquare(7, 4)) {
		t.Errorf("enter did not unmark ７四")
	}
	press(m, "x")
	if m.lesson().marks.NonZero() {
		t.Errorf("x left marks %v", m.lesson().marks)
	}
}

// Squares typed in every spelling are read; anything else is refused
// with the word named, never a panic, and the prompt stays open.
func TestLessonTypedSquares(t *testing.T) {
	sqs, bad := lesson.ParseSquares("52, 4b ３三 2四、1I")
	want := []game.Square{game.NewSquare(5, 2), game.NewSquare(4, 2), game.NewSquare(3, 3), game.NewSquare(2, 4), game.NewSquare(1, 9)}
	if bad != "" || len(sqs) != len(want) {
		t.Fatalf("got %v bad %q", sqs, bad)
	}
	for i := range want {
		if sqs[i] != want[i] {
			t.Errorf("square %d: %v, want %v", i, sqs[i], want[i])
		}
	}
	for _, in := range []string{"0", "00", "5j", "10", "52x", "五二", "a", "９〇", "\x00\x01", "🀄🀄"} {
		if _, bad := lesson.ParseSquares(in); bad == "" {
			t.Errorf("%q read as squares", in)
		}
	}
	m := playLesson(t, lessonOptions(t), lessonCases[0])
	press(m, ":")
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("52 zz")})
	press(m, "enter")
	if m.dialog == nil || !strings.Contains(m.View(), "not a square: zz") {
		t.Errorf("a bad square closed the prompt or was not named:\n%s", stripANSI(m.View()))
	}
	if m.lesson().marks.NonZero() {
		t.Errorf("a refused line marked %v", m.lesson().marks)
	}
}

// A lesson of five questions, each answered right, ends with the score;
// n starts another and Esc gives back the board it opened over.
func TestLessonFiveQuestions(t *testing.T) {
	o := lessonOptions(t)
	m := newTestModel(o)
	press(m, ":", "7g7f", "enter", "u") // a record to come back to (at ply 0)
	press(m, "L")
	if m.lesson() == nil || len(m.lesson().questions) != lesson.Length {
		t.Fatalf("lesson %+v", m.lesson())
	}
	seen := map[lesson.Kind]bool{}
	for i := range lesson.Length {
		q := m.lesson().question()
		seen[q.Kind] = true
		if m.s.pos.King(game.White) != q.King {
			t.Fatalf("question %d: the board's king is on %v, not %v", i+1, m.s.pos.King(game.White), q.King)
		}
		typeSquares(m, q.Answer())
		press(m, "s", "enter")
	}
	if !m.lesson().done || m.lesson().score() != lesson.Length {
		t.Fatalf("done %v score %d", m.lesson().done, m.lesson().score())
	}
	if !strings.Contains(m.View(), "lesson over: 5 of 5") {
		t.Errorf("no score on\n%s", stripANSI(m.View()))
	}
	if len(seen) != lesson.Length {
		t.Errorf("a fresh lesson asked %d kinds, want %d", len(seen), lesson.Length)
	}
	press(m, "n")
	if m.lesson().done || m.lesson().cur != 0 {
		t.Errorf("n did not start another lesson")
	}
	press(m, "esc")
	if m.lesson() != nil || m.s.node.Ply != 0 || len(m.s.rec.Root.Children) != 1 {
		t.Errorf("esc did not give back the record: lesson %v ply %d", m.lesson(), m.s.node.Ply)
	}
}

// The progress is kept across a restart, and the kind missed comes back
// first.
func TestLessonProgressAcrossRestart(t *testing.T) {
	o := lessonOptions(t)
	m := playLesson(t, o, lessonCases[3]) // 問4
	press(m, "a")
	m2 := newTestModel(o)
	press(m2, "L")
	if got := m2.lesson().question().Kind; got != lesson.RookDest {
		t.Errorf("the first question after a restart is 問%d, want the missed 問4", got.Info().Num)
	}
	if r := m2.lesson().progress[lesson.RookDest.Info().ID]; r.Asked != 1 || !r.LastMissed {
		t.Errorf("progress after a restart: %+v", r)
	}
	if !strings.Contains(m2.View(), "(again)") {
		t.Errorf("the missed kind is not shown as asked again")
	}
	// Answered right this time, it no longer comes first.
	typeSquares(m2, m2.lesson().question().Answer())
	press(m2, "s")
	m3 := newTestModel(o)
	press(m3, "L")
	if got := m3.lesson().question().Kind; got == lesson.RookDest {
		t.Errorf("問4, answered right, still comes first")
	}
}

// A corrupt progress file is reported and never overwritten.
func TestLessonCorruptProgress(t *testing.T) {
	o := lessonOptions(t)
	path := filepath.Join(o.ConfigDir, lesson.ProgressFileName)
	junk := []byte("{not json")
	if err := os.WriteFile(path, junk, 0o600); err != nil {
		t.Fatal(err)
	}
	m := playLesson(t, o, lessonCases[0])
	v := stripANSI(m.View())
	if !strings.Contains(v, lesson.ProgressFileName) || !strings.Contains(v, "not saved") {
		t.Errorf("the corrupt file is not reported:\n%s", v)
	}
	typeSquares(m, lessonCases[0].Answer())
	press(m, "s", "enter")
	if got, _ := os.ReadFile(path); !bytes.Equal(got, junk) {
		t.Errorf("the corrupt file was overwritten: %q", got)
	}
}

// The lesson cannot start during a game, as the practice cannot.
func TestLessonRefusedDuringGame(t *testing.T) {
	m := newTestModel(lessonOptions(t))
	press(m, ":", "7g7f", "enter", "L")
	if m.lesson() != nil || !strings.Contains(m.message, "during a game") {
		t.Errorf("lesson %v, message %q", m.lesson(), m.message)
	}
}

// The practice's picker opens the lesson too.
func TestLessonFromPracticePicker(t *testing.T) {
	m := newTestModel(lessonOptions(t))
	press(m, "t", "L")
	if m.practice() != nil || m.lesson() == nil {
		t.Errorf("practice %v, lesson %v", m.practice() != nil, m.lesson() != nil)
	}
}

// Quitting from the lesson asks about the record it opened over.
func TestLessonQuitAsksAboutTheRecord(t *testing.T) {
	m := newTestModel(lessonOptions(t))
	press(m, ":", "7g7f", "enter", "u", "L", "q")
	if _, ok := m.dialog.(*widget.Choice); !ok {
		t.Fatalf("q in the lesson over an unsaved record: dialog %T", m.dialog)
	}
	press(m, "n")
	if m.lesson() == nil {
		t.Errorf("cancelling the quit left the lesson")
	}
}

// TestLessonKeyStorm: random keys, typed text and clicks in the lesson
// (re-opened whenever a key leaves it), at several terminal sizes: no
// panic, every frame drawn, and the lesson's counts stay whole.
func TestLessonKeyStorm(t *testing.T) {
	ks := []string{"h", "j", "k", "l", "up", "down", "left", "right", "enter", " ", "s", "a", "n", "x", ":", "esc", "?",
		"tab", "e", "c", ".", "u", "f", "L", "9", "z", "5", "b", "、", "５", "二"}
	rng := rand.New(rand.NewPCG(3, 44))
	m := newTestModel(lessonOptions(t))
	sizes := [][2]int{{80, 24}, {100, 30}, {200, 50}, {120, 40}, {30, 10}}
	for i := range 3000 {
		if m.lesson() == nil && m.dialog == nil {
			press(m, "L")
		}
		if i%300 == 0 {
			sz := sizes[rng.IntN(len(sizes))]
			m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		}
		switch r := rng.IntN(100); {
		case r < 85:
			k := ks[rng.IntN(len(ks))]
			if msg, ok := keyMsg(k); ok {
				m.Update(msg)
			} else {
				m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
			}
		case r < 90:
			m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("52 5b ５二 0 zz,,")[:rng.IntN(8)]})
		default:
			m.Update(tea.MouseMsg{X: rng.IntN(210), Y: rng.IntN(55), Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
		}
		_ = m.View()
		if ls := m.lesson(); ls != nil {
			if ls.cur < 0 || ls.cur >= len(ls.questions) || len(ls.firstRight) > len(ls.questions) {
				t.Fatalf("event %d: question %d of %d, %d results", i, ls.cur, len(ls.questions), len(ls.firstRight))
			}
		}
	}
	if m.dialog != nil {
		press(m, "esc")
	}
}

// The king's own square cannot be marked (it was graded as extra).
func TestLessonKingSquareNotMarked(t *testing.T) {
	m := newTestModel(testOptions())
	press(m, "L")
	if m.lesson() == nil {
		t.Fatal("L did not open the lesson")
	}
	for m.lesson().isClose() {
		m.lesson().cur++
	}
	king := m.lesson().question().King
	m.toggleLessonMark(king)
	m.onLessonSquares(lessonSquaresMsg{squares: []game.Square{king}})
	if m.lesson().marks.Has(king) || m.message == "" {
		t.Fatalf("the king's square %s was marked (message %q)", king.Japanese(), m.message)
	}
}
