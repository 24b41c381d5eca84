package ui

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/mattn/go-runewidth"

	"kiki/game"
	"kiki/game/refdata"
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

// The lesson's answers agree with libosl's reverse-effect sets
// (../shared/data/reverse-effect.tsv) for every row whose king, piece and
// set a kind of question asks about: drops (問1-2), move destinations
// (問3-5) and knight origins (問6). The sets are computed on the file's
// position (its 先手 king stands on １九) and, on the lesson's own board
// (the king alone), differ from it at most on １九.
func TestLessonAnswersAgreeWithReference(t *testing.T) {
	sk := game.NewSquare(1, 9)
	rows, compared := 0, 0
	for _, r := range refdata.ReverseEffects(t) {
		rows++
		line := fmt.Sprintf("%d %c %s", r.King, r.Piece, r.Set)
		king := game.NewSquare(r.King/10, r.King%10)
		piece, ok := game.HandTypeFromLetter(r.Piece)
		if !ok {
			t.Fatalf("bad piece %q", r.Piece)
		}
		var want game.Bitboard
		for _, n := range r.Squares {
			want = want.Set(game.NewSquare(n/10, n%10))
		}
		var kinds []lessonKind
		switch r.Set {
		case "drop":
			kinds = []lessonKind{lessonDrop}
			if piece == game.Silver {
				kinds = append(kinds, lessonSilverDrop)
			}
		case "move-destination":
			kinds = []lessonKind{lessonMoveDest}
			switch piece {
			case game.Knight:
				kinds = append(kinds, lessonKnightDest)
			case game.Rook:
				kinds = append(kinds, lessonRookDest)
			}
		case "move-origin":
			if piece == game.Knight {
				kinds = []lessonKind{lessonKnightOrigin}
			}
		default:
			t.Fatalf("bad set %q", r.Set)
		}
		for _, k := range kinds {
			info := lessonKinds[k]
			if !containsPiece(info.pieces, piece) {
				t.Fatalf("%s: kind %d does not ask about %s", line, info.num, piece.Name())
			}
			q := lessonQuestion{kind: k, king: king, piece: piece}
			hand := game.NoPieceType
			if q.inHand() {
				hand = piece
			}
			p, err := lessonPosition(king, sk, hand)
			if err != nil {
				t.Fatal(err)
			}
			if got := lessonAnswer(info.set, p, piece); got != want {
				t.Errorf("問%d king %s %s: got\n%swant\n%s", info.num, king.Japanese(), piece.Name(), got, want)
			}
			if got := q.answer().Clear(sk); got != want.Clear(sk) {
				t.Errorf("問%d king %s %s on the lesson's board: got\n%swant\n%s", info.num, king.Japanese(), piece.Name(), got, want)
			}
			compared++
		}
	}
	if rows != 91 {
		t.Errorf("%d rows read, want 91", rows)
	}
	// 7 drops (+1 silver), 42 destinations (+6 knight, +6 rook), 6 knight origins.
	if compared != 68 {
		t.Errorf("%d comparisons, want 68", compared)
	}
}

func containsPiece(ts []game.PieceType, t game.PieceType) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

// placedSFEN is the SFEN of a 後手 king on k and a 先手 t on s, 先手 to move.
func placedSFEN(k, s game.Square, t game.PieceType) string {
	var rows []string
	for r := 1; r <= 9; r++ {
		row, blank := "", 0
		for f := 9; f >= 1; f-- {
			sq := game.NewSquare(f, r)
			letter := ""
			switch sq {
			case k:
				letter = "k"
			case s:
				letter = t.Letter()
			}
			if letter == "" {
				blank++
				continue
			}
			if blank > 0 {
				row += strconv.Itoa(blank)
				blank = 0
			}
			row += letter
		}
		if blank > 0 {
			row += strconv.Itoa(blank)
		}
		rows = append(rows, row)
	}
	return strings.Join(rows, "/") + " b - 1"
}

// The two-step questions (問7 knight, 問10 bishop, and the same rule for
// every kind in hand) agree with the rules core's legal moves over every
// king square: a square is an answer when dropping the piece there is
// legal and no check, and the piece, left there, has a legal move that
// checks.
func TestLessonTwoStepAgreesWithLegalMoves(t *testing.T) {
	for _, piece := range unpromoted {
		for k := game.Square(0); k < game.NumSquares; k++ {
			p, err := lessonPosition(k, game.NoSquare, piece)
			if err != nil {
				t.Fatal(err)
			}
			got := lessonAnswer(setTwoStep, p, piece)
			var want game.Bitboard
			for s := game.Square(0); s < game.NumSquares; s++ {
				drop := game.NewDrop(game.NewPiece(game.Black, piece), s)
				if !p.IsLegal(drop) || p.GivesCheck(drop) {
					continue
				}
				after, err := game.ParseSFEN(placedSFEN(k, s, piece))
				if err != nil {
					t.Fatalf("%s: %v", placedSFEN(k, s, piece), err)
				}
				var ml game.MoveList
				after.LegalMoves(&ml)
				for _, mv := range ml.Slice() {
					if mv.From() == s && after.GivesCheck(mv) {
						want = want.Set(s)
						break
					}
				}
			}
			if got != want {
				t.Errorf("%s, king %s: got\n%swant\n%s", piece.Name(), k.Japanese(), got, want)
			}
		}
	}
	// The text's 問10 answer for the king on ８一, read off its diagram.
	p, _ := lessonPosition(game.NewSquare(8, 1), game.NoSquare, game.Bishop)
	want := bbOf(t, "91 71 61 41 21 82 62 52 32 12 93 83 73 53 43 23 94 74 64 44 34 14 85 65 55 35 25 96 76 56 46 26 16 "+
		"87 67 47 37 17 98 78 58 38 28 89 69 49 29 19")
	if got := lessonAnswer(setTwoStep, p, game.Bishop); got != want {
		t.Errorf("問10 king ８一: got\n%swant (the text's diagram)\n%s", got, want)
	}
}

// playLesson opens the lesson and puts question q on the board.
func playLesson(t *testing.T, o Options, q lessonQuestion) *Model {
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
var lessonCases = []lessonQuestion{
	{lessonSilverDrop, game.NewSquare(7, 3), game.Silver},
	{lessonDrop, game.NewSquare(5, 2), game.Bishop},
	{lessonKnightDest, game.NewSquare(7, 2), game.Knight},
	{lessonRookDest, game.NewSquare(7, 3), game.Rook},
	{lessonMoveDest, game.NewSquare(4, 4), game.Silver},
	{lessonKnightOrigin, game.NewSquare(7, 2), game.Knight},
	{lessonKnightTwoStep, game.NewSquare(7, 2), game.Knight},
	{lessonBishopClose, game.NewSquare(7, 3), game.Bishop},
	{lessonRookClose, game.NewSquare(5, 1), game.Rook},
	{lessonBishopTwoStep, game.NewSquare(8, 1), game.Bishop},
}

// Every kind is covered by the cases.
func TestLessonCasesCoverEveryKind(t *testing.T) {
	seen := map[lessonKind]bool{}
	for _, q := range lessonCases {
		seen[q.kind] = true
	}
	if len(seen) != int(numLessonKinds) {
		t.Errorf("%d kinds of %d covered", len(seen), numLessonKinds)
	}
}

// Each kind answered right: every answer square drawn '=', the screen
// says so, and the progress counts it right the first time.
func TestLessonRight(t *testing.T) {
	for _, q := range lessonCases {
		m := playLesson(t, lessonOptions(t), q)
		ans := q.answer()
		answerRight(t, m, q)
		press(m, "s")
		v := m.View()
		if !strings.Contains(v, "right! ") {
			t.Errorf("問%d: no 'right' on\n%s", lessonKinds[q.kind].num, stripANSI(v))
		}
		for _, s := range ans.Squares() {
			if s == m.board.cursor {
				continue
			}
			if c := cellMark(t, v, s); c != '=' {
				t.Errorf("問%d: %s drawn %q, want '='", lessonKinds[q.kind].num, s.Japanese(), c)
			}
		}
		if r := m.lesson().progress[lessonKinds[q.kind].id]; r.Asked != 1 || r.RightFirst != 1 || r.LastMissed {
			t.Errorf("問%d: progress %+v", lessonKinds[q.kind].num, r)
		}
	}
}

// Each kind answered wrong: one answer square left out and one wrong
// square marked, both drawn ('-' and 'X'), with the rule explained. (The
// close checks, answered by two pieces, are lesson_close_test.go's.)
func TestLessonWrong(t *testing.T) {
	for _, q := range lessonCases {
		if lessonKinds[q.kind].set == setClose {
			continue
		}
		m := playLesson(t, lessonOptions(t), q)
		ans := q.answer()
		missed := ans.Squares()[0]
		extra := game.Full.AndNot(ans).Clear(q.king).Last()
		typeSquares(m, ans.Clear(missed).Set(extra))
		press(m, "s")
		v := m.View()
		if notes := strings.Join(m.lessonNotes(), " "); !strings.Contains(notes, "1 missed (-), 1 extra (X)") || !strings.Contains(v, "not quite") {
			t.Errorf("問%d: no count of missed and extra on\n%s", lessonKinds[q.kind].num, stripANSI(v))
		}
		if !strings.Contains(stripANSI(v), m.ruleText(q)[:20]) {
			t.Errorf("問%d: the rule is not explained", lessonKinds[q.kind].num)
		}
		if c := cellMark(t, v, missed); c != '-' {
			t.Errorf("問%d: missed %s drawn %q", lessonKinds[q.kind].num, missed.Japanese(), c)
		}
		if c := cellMark(t, v, extra); c != 'X' {
			t.Errorf("問%d: extra %s drawn %q", lessonKinds[q.kind].num, extra.Japanese(), c)
		}
		if r := m.lesson().progress[lessonKinds[q.kind].id]; r.Asked != 1 || r.RightFirst != 0 || !r.LastMissed {
			t.Errorf("問%d: progress %+v", lessonKinds[q.kind].num, r)
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
			t.Fatalf("問%d: graded with no marks", lessonKinds[q.kind].num)
		}
		press(m, "a")
		v := m.View()
		if !strings.Contains(v, "the answer:") {
			t.Errorf("問%d: no answer line on\n%s", lessonKinds[q.kind].num, stripANSI(v))
		}
		for _, s := range q.answer().Squares() {
			if s == m.board.cursor {
				continue
			}
			if c := cellMark(t, v, s); c != '-' {
				t.Errorf("問%d: answer %s drawn %q", lessonKinds[q.kind].num, s.Japanese(), c)
			}
		}
		if got := m.lesson().firstRight; len(got) != 1 || got[0] {
			t.Errorf("問%d: results %v", lessonKinds[q.kind].num, got)
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
	sqs, bad := parseSquares("52, 4b ３三 2四、1I")
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
		if _, bad := parseSquares(in); bad == "" {
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
	if m.lesson() == nil || len(m.lesson().questions) != lessonLength {
		t.Fatalf("lesson %+v", m.lesson())
	}
	seen := map[lessonKind]bool{}
	for i := range lessonLength {
		q := m.lesson().question()
		seen[q.kind] = true
		if m.s.pos.King(game.White) != q.king {
			t.Fatalf("question %d: the board's king is on %v, not %v", i+1, m.s.pos.King(game.White), q.king)
		}
		typeSquares(m, q.answer())
		press(m, "s", "enter")
	}
	if !m.lesson().done || m.lesson().score() != lessonLength {
		t.Fatalf("done %v score %d", m.lesson().done, m.lesson().score())
	}
	if !strings.Contains(m.View(), "lesson over: 5 of 5") {
		t.Errorf("no score on\n%s", stripANSI(m.View()))
	}
	if len(seen) != lessonLength {
		t.Errorf("a fresh lesson asked %d kinds, want %d", len(seen), lessonLength)
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
	if got := m2.lesson().question().kind; got != lessonRookDest {
		t.Errorf("the first question after a restart is 問%d, want the missed 問4", lessonKinds[got].num)
	}
	if r := m2.lesson().progress[lessonKinds[lessonRookDest].id]; r.Asked != 1 || !r.LastMissed {
		t.Errorf("progress after a restart: %+v", r)
	}
	if !strings.Contains(m2.View(), "(again)") {
		t.Errorf("the missed kind is not shown as asked again")
	}
	// Answered right this time, it no longer comes first.
	typeSquares(m2, m2.lesson().question().answer())
	press(m2, "s")
	m3 := newTestModel(o)
	press(m3, "L")
	if got := m3.lesson().question().kind; got == lessonRookDest {
		t.Errorf("問4, answered right, still comes first")
	}
}

// A corrupt progress file is reported and never overwritten.
func TestLessonCorruptProgress(t *testing.T) {
	o := lessonOptions(t)
	path := filepath.Join(o.ConfigDir, lessonProgressName)
	junk := []byte("{not json")
	if err := os.WriteFile(path, junk, 0o600); err != nil {
		t.Fatal(err)
	}
	m := playLesson(t, o, lessonCases[0])
	v := stripANSI(m.View())
	if !strings.Contains(v, lessonProgressName) || !strings.Contains(v, "not saved") {
		t.Errorf("the corrupt file is not reported:\n%s", v)
	}
	typeSquares(m, lessonCases[0].answer())
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
	king := m.lesson().question().king
	m.toggleLessonMark(king)
	m.onLessonSquares(lessonSquaresMsg{squares: []game.Square{king}})
	if m.lesson().marks.Has(king) || m.message == "" {
		t.Fatalf("the king's square %s was marked (message %q)", king.Japanese(), m.message)
	}
}

// Kinds given up come back first, but leave room for others: a player
// who answers everything with a still meets new kinds.
func TestLessonOrderLeavesRoomForNewKinds(t *testing.T) {
	pr := map[string]lessonRecord{}
	for k := range lessonKind(numLessonKinds) {
		if k < 9 {
			pr[lessonKinds[k].id] = lessonRecord{Asked: 1, LastMissed: true}
		}
	}
	got := lessonOrder(pr, 5)
	if len(got) != 5 {
		t.Fatalf("%d kinds, want 5", len(got))
	}
	// The one kind not missed is in the lesson, after three missed ones.
	if got[3] != lessonKind(9) {
		t.Fatalf("lesson %v: the kind not missed last time is not fourth", got)
	}
	for _, k := range got[:3] {
		if !pr[lessonKinds[k].id].LastMissed {
			t.Fatalf("lesson %v: %d was not missed, yet comes first", got, k)
		}
	}
	all := lessonOrder(map[string]lessonRecord{}, int(numLessonKinds))
	if len(all) != int(numLessonKinds) {
		t.Fatalf("a lesson of every kind has %d", len(all))
	}
}
