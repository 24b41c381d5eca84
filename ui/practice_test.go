package ui

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/mattn/go-runewidth"

	"kiki/game"
	"kiki/kif"
	"kiki/ui/board"
	"kiki/ui/tsume"
	"kiki/ui/widget"
)

// practiceLib is a small library: a 1-ply problem (G*5b), a 3-ply one
// (R*3d 3c3d 4b4d+) and a 3-ply game position where 3a4b mates only in 5.
var practiceLib = fstest.MapFS{
	"test.tsv": {Data: []byte("# test problems\n" +
		"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\t1\tG*5b\t\t頭金\n" +
		"7+P1/5R1s1/6ks1/9/5L1p1/9/9/9/9 b R2b4g2s4n3l16p 1\t3\tR*3d 3c3d 4b4d+\n" +
		"6+R2/1+B1k2n2/4p1Sp1/2pps1l1g/1p3PR2/2P6/1GNPP+pN2/3S5/1+lBKG4 b GNL4Psl4p 105\t3\tG*7c 6b5b 3c4b+\n")},
}

func practiceOptions(t *testing.T) Options {
	o := testOptions()
	o.Tsume = practiceLib
	o.ConfigDir = t.TempDir()
	return o
}

// practiceSession drives a model through teatest: keys, then a wait for
// text on the screen.
type practiceSession struct {
	t  *testing.T
	tm *teatest.TestModel
}

func newPracticeSession(t *testing.T, o Options, w, h int) *practiceSession {
	return &practiceSession{t, teatest.NewTestModel(t, New(o), teatest.WithInitialTermSize(w, h))}
}

func (s *practiceSession) keys(ks ...string) *practiceSession { keys(s.tm, ks...); return s }

func (s *practiceSession) waitFor(text string) *practiceSession {
	s.t.Helper()
	teatest.WaitFor(s.t, s.tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(text)) },
		teatest.WithDuration(15*time.Second))
	return s
}

func (s *practiceSession) final() *Model {
	s.tm.Send(tea.QuitMsg{})
	return s.tm.FinalModel(s.t, teatest.WithFinalTimeout(15*time.Second)).(*Model)
}

// A 1-ply problem solved with the board's keys: 't' opens the practice,
// 'n' the first unsolved mate in 1, Tab chooses the gold in hand, the
// cursor (on the king) goes down one and Enter drops it: solved, and
// remembered in the config folder; after a restart the picker counts it.
func TestPracticeSolveWithKeys(t *testing.T) {
	o := practiceOptions(t)
	m := newPracticeSession(t, o, 100, 30).keys("t").waitFor("0/1").
		keys("n").waitFor("you attack").
		keys("tab", "j", "enter").waitFor("solved: mate in 1!").final()
	if !m.practice().done || m.s.node.Ply != 1 || m.s.pos.LastMove().USI() != "G*5b" {
		t.Fatalf("not solved: done %v, ply %d, last %v", m.practice().done, m.s.node.Ply, m.s.pos.LastMove())
	}
	data, err := os.ReadFile(filepath.Join(o.ConfigDir, tsume.SolvedFileName))
	if err != nil || !strings.Contains(string(data), "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p") {
		t.Fatalf("solved file: %v\n%s", err, data)
	}
	// A new run with the same config folder: the picker counts it solved
	// and the next unsolved mate in 1 is none left, so n plays it again.
	m = newPracticeSession(t, o, 100, 30).keys("t").waitFor("1/1").keys("enter").waitFor("(solved)").final()
	if !m.practice().isSolved(&m.practice().sets[0].Problems[0]) {
		t.Error("the solved problem is not remembered after a restart")
	}
	if view := stripANSI(m.View()); !strings.Contains(view, "(solved)") {
		t.Errorf("the list does not mark it solved:\n%s", view)
	}
}

// A move that is not a check is refused and explained; the board stays.
func TestPracticeNotCheck(t *testing.T) {
	m := newPracticeSession(t, practiceOptions(t), 100, 30).keys("t").waitFor("0/1").keys("n").waitFor("you attack").
		keys(":", "G*1a", "enter").waitFor("is not a check").final()
	if m.s.node.Ply != 0 || m.practice().wrong {
		t.Errorf("the move was played: ply %d", m.s.node.Ply)
	}
	if !strings.Contains(m.message, "１一金打") {
		t.Errorf("message %q", m.message)
	}
}

// A check that lets the king escape: the escape is drawn on the board
// (^ on the king, 1 where it goes) and said; u takes the check back.
func TestPracticeEscapeExplained(t *testing.T) {
	s := newPracticeSession(t, practiceOptions(t), 100, 30).keys("t").waitFor("0/1").keys("n").waitFor("you attack").
		keys(":", "G*4b", "enter").waitFor("escapes")
	m := s.final()
	if !m.practice().wrong || len(m.practice().line) != 1 || m.practice().line[0].Piece().Type() != game.King {
		t.Fatalf("wrong %v line %v", m.practice().wrong, m.practice().line)
	}
	layer := m.pvLayer()
	if layer == nil || layer[game.NewSquare(5, 1)] != '^' || layer[m.practice().line[0].To()] != '1' {
		t.Fatalf("the escape is not drawn: %v", layer)
	}
	view := stripANSI(m.View())
	if !strings.Contains(view, "^") || !strings.Contains(view, "escapes") {
		t.Errorf("view:\n%s", view)
	}
	m2 := newPracticeSession(t, practiceOptions(t), 100, 30).keys("t").waitFor("0/1").keys("n").waitFor("you attack").
		keys(":", "G*4b", "enter").waitFor("escapes").keys("u").waitFor("your move again").final()
	if m2.s.node.Ply != 0 || m2.practice().wrong || m2.pvLayer() != nil {
		t.Errorf("after u: ply %d wrong %v", m2.s.node.Ply, m2.practice().wrong)
	}
}

// A 3-ply problem: kiki answers the right first move with the longest
// defence (the main line's), and the mate solves it.
func TestPracticeThreePlies(t *testing.T) {
	m := newPracticeSession(t, practiceOptions(t), 100, 30).keys("t").waitFor("0/1").keys("l").waitFor("0/2").keys("n").waitFor("you attack").
		keys(":", "R*3d", "enter").waitFor("kiki answers").
		keys(":", "4b4d+", "enter").waitFor("solved: mate in 3!").final()
	if got := game.JoinUSI(m.s.pos.Moves()); got != "R*3d 3c3d 4b4d+" {
		t.Errorf("moves %s", got)
	}
}

// A check that mates, but later than the problem's length, is said so
// with the longest defence's line drawn.
func TestPracticeTooLong(t *testing.T) {
	m := newPracticeSession(t, practiceOptions(t), 100, 30).keys("t").waitFor("0/1").keys("l").waitFor("0/2").
		keys("enter").waitFor("esc close").keys("down", "enter").waitFor("you attack").
		keys(":", "3a4b", "enter").waitFor("a mate, but in 5 plies, not 3").final()
	if !m.practice().wrong || len(m.practice().line) < 2 || m.pvLayer() == nil {
		t.Errorf("wrong %v line %v", m.practice().wrong, m.practice().line)
	}
	// The longest defence is fixed; of the equally short mates after it
	// the solver shows the one that leaves the attacker fewer pieces
	// (▲７三金 then the lance dropped: five left; ▲７二金: six).
	if !strings.Contains(m.message, "the line: △５二香 ▲７三金") {
		t.Errorf("the line is not written out: %q", m.message)
	}
	p := m.s.pos.Clone()
	for _, mv := range m.practice().line {
		if !p.IsLegal(mv) {
			t.Fatalf("the line %v: %v is illegal", m.practice().line, mv)
		}
		p.DoMove(mv)
	}
	if !p.IsCheckmate() {
		t.Errorf("the line %v does not end in mate", m.practice().line)
	}
}

// The hint asks the solver and marks its move on the board with '&'.
func TestPracticeHint(t *testing.T) {
	m := newPracticeSession(t, practiceOptions(t), 100, 30).keys("t").waitFor("0/1").keys("n").waitFor("you attack").
		keys("i").waitFor("hint: ").final()
	if m.hint.mv.USI() != "G*5b" || m.highlightMove().USI() != "G*5b" {
		t.Fatalf("hint %v", m.hint.mv)
	}
	if !strings.Contains(stripANSI(m.View()), "&") {
		t.Errorf("no & on the board:\n%s", stripANSI(m.View()))
	}
}

// 'i' after a refuted check, or once the problem is solved, says why no
// hint comes (the move keys say the same) instead of doing nothing.
func TestPracticeHintRefused(t *testing.T) {
	m := newPracticeSession(t, practiceOptions(t), 100, 30).keys("t").waitFor("0/1").keys("n").waitFor("you attack").
		keys(":", "G*4b", "enter").waitFor("escapes").keys("i").waitFor("that check was refuted").final()
	if !m.practice().wrong || m.practice().busy || m.hint.mv != game.NoMove {
		t.Errorf("after i on a refuted check: wrong %v busy %v hint %v", m.practice().wrong, m.practice().busy, m.hint.mv)
	}
	m = newPracticeSession(t, practiceOptions(t), 100, 30).keys("t").waitFor("0/1").keys("n").waitFor("you attack").
		keys(":", "G*5b", "enter").waitFor("solved: mate in").keys("i").waitFor("solved! n: next").final()
	if !m.practice().done || m.practice().busy {
		t.Errorf("after i on a solved problem: done %v busy %v", m.practice().done, m.practice().busy)
	}
}

// A corrupt solved file is reported and never overwritten.
func TestPracticeCorruptSolvedFile(t *testing.T) {
	o := practiceOptions(t)
	path := filepath.Join(o.ConfigDir, tsume.SolvedFileName)
	os.WriteFile(path, []byte("{not json"), 0o600)
	m := newPracticeSession(t, o, 100, 30).keys("t").waitFor("0/1").keys("n").waitFor("you attack").
		keys(":", "G*5b", "enter").waitFor("not remembered").final()
	if !m.practice().done {
		t.Error("not solved")
	}
	if data, _ := os.ReadFile(path); string(data) != "{not json" {
		t.Errorf("the corrupt file was overwritten: %s", data)
	}
}

// Esc in a problem goes back to the picker, Esc there leaves the practice
// and the record on screen before it comes back.
func TestPracticeLeave(t *testing.T) {
	m := newPracticeSession(t, practiceOptions(t), 100, 30).keys("t").waitFor("0/1").keys("n").waitFor("you attack").
		keys("esc").waitFor("choose a set").keys("esc").waitFor("left the tsume practice").final()
	if m.practice() != nil || m.s.pos.SFEN() != game.NewStartPosition().SFEN() {
		t.Errorf("practice %v, position %s", m.practice(), m.s.pos.SFEN())
	}
	// A board the player had turned (f) comes back turned, though the
	// problems turn it their own way.
	m = newPracticeSession(t, practiceOptions(t), 100, 30).keys("f", "t").waitFor("0/1").keys("n").waitFor("you attack").
		keys("esc").waitFor("choose a set").keys("esc").waitFor("left the tsume practice").final()
	if !m.board.flipped {
		t.Error("the board turned before the practice is no longer turned after it")
	}
}

// The practice fits 80×24: every line inside the width, the picker and
// the problem's panel on screen.
func TestPracticeAt80x24(t *testing.T) {
	m := newPracticeSession(t, practiceOptions(t), 80, 24).keys("t").waitFor("0/1").final()
	checkFits(t, m, 80, 24)
	m = newPracticeSession(t, practiceOptions(t), 80, 24).keys("t").waitFor("0/1").keys("n").waitFor("you attack").
		keys(":", "G*4b", "enter").waitFor("escapes").final()
	checkFits(t, m, 80, 24)
}

func checkFits(t *testing.T, m *Model, w, h int) {
	t.Helper()
	lines := strings.Split(stripANSI(m.View()), "\n")
	if len(lines) > h {
		t.Errorf("%d lines", len(lines))
	}
	for i, l := range lines {
		if lw := runewidth.StringWidth(l); lw > w {
			t.Errorf("line %d is %d columns: %q", i, lw, l)
		}
	}
}

// The escape at 80×24, as a golden: the refuting king move drawn from ^
// to 1, the cursor off it, the message under the board.
func TestPracticeEscapeView(t *testing.T) {
	m := newPracticeSession(t, practiceOptions(t), 80, 24).keys("t").waitFor("0/1").keys("n").waitFor("you attack").
		keys(":", "G*4b", "enter").waitFor("escapes").final()
	golden(t, m)
}

// The picker at 100×30, as a golden; leaving and coming back finds the
// library already read.
func TestPracticePickerView(t *testing.T) {
	m := newPracticeSession(t, practiceOptions(t), 100, 30).keys("t").waitFor("0/1").keys("esc").waitFor("left the tsume").keys("t").waitFor("choose a set").final()
	if m.practice() == nil || !m.practice().loaded || m.tsume == nil {
		t.Fatal("the practice did not come back with its library")
	}
	golden(t, m)
}

// The picker component answers its keys without the root: moves within
// the sets and lengths, n, Enter and Esc as messages.
func TestPracticePickerComponent(t *testing.T) {
	k := newKeyMap()
	var pk practicePicker
	key := func(s string) tea.KeyMsg {
		if t, ok := namedKeys[s]; ok {
			return tea.KeyMsg{Type: t}
		}
		return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
	}
	if a := pk.update(key("up"), k, 3); a != (pickerMovedMsg{}) || pk.set != 0 {
		t.Errorf("up at the top: %v %d", a, pk.set)
	}
	for range 5 {
		pk.update(key("down"), k, 3)
		pk.update(key("right"), k, 3)
		pk.update(key("l"), k, 3)
	}
	if pk.set != 2 || pk.length != tsume.Long {
		t.Errorf("set %d length %d", pk.set, pk.length)
	}
	if a := pk.update(key("n"), k, 3); a != (pickNextMsg{2, tsume.Long}) {
		t.Errorf("n: %v", a)
	}
	if a := pk.update(key("enter"), k, 3); a != (pickListMsg{2, tsume.Long}) {
		t.Errorf("enter: %v", a)
	}
	if a := pk.update(key("esc"), k, 0); a != (leaveRoomMsg{}) {
		t.Errorf("esc: %v", a)
	}
	if a := pk.update(key("n"), k, 0); a != nil {
		t.Errorf("n with no sets: %v", a)
	}
	if a := pk.update(key("x"), k, 3); a != nil {
		t.Errorf("x: %v", a)
	}
}

// The next unsolved problem of a length follows the one played, past
// the solved ones, round to the first (the sets' own reading and naming
// are tested in ui/tsume).
func TestPracticeNextUnsolved(t *testing.T) {
	sets, err := tsume.LoadSets(practiceLib)
	if err != nil {
		t.Fatal(err)
	}
	pr := &practiceState{sets: sets, solved: map[string]string{}}
	if i := pr.nextUnsolved(0, 1, -1); i != 1 {
		t.Errorf("next unsolved mate in 3: %d", i)
	}
	pr.solved[tsume.ProblemKey(&sets[0].Problems[1])] = "2026-01-02"
	if i := pr.nextUnsolved(0, 1, -1); i != 2 {
		t.Errorf("after solving the first: %d", i)
	}
	pr.solved[tsume.ProblemKey(&sets[0].Problems[2])] = "2026-01-02"
	if i := pr.nextUnsolved(0, 1, 2); i != 1 {
		t.Errorf("all solved, after the last: %d", i)
	}
}

// TestPracticeKeyStorm: random keys and clicks in the practice (re-opened
// whenever a key leaves it), the small library's problems played and
// refuted at random: no panic, and the board's record always replays to
// the position on screen.
func TestPracticeKeyStorm(t *testing.T) {
	keys := stormKeys()
	o := practiceOptions(t)
	o.Clipboard = func(string) {}
	t.Chdir(t.TempDir())
	s := &storm{t: t, m: New(o), pending: make(chan tea.Msg, 1024)}
	s.send(tea.WindowSizeMsg{Width: 100, Height: 30})
	rng := rand.New(rand.NewPCG(7, 0x6b696b69))
	playing, solved, maxPly := 0, 0, 0
	for s.events = 0; s.events < 4000; s.events++ {
		s.drain()
		if s.m.lesson() != nil && s.m.dialog == nil {
			// L in the picker opens the lesson: back to the practice.
			s.send(stormKey("esc"))
			continue
		}
		if s.m.practice() == nil && s.m.dialog == nil {
			s.send(stormKey("t"))
			time.Sleep(time.Millisecond)
			continue
		}
		if r := rng.IntN(100); r < 92 {
			s.send(stormKey(keys[rng.IntN(len(keys))]))
		} else {
			s.send(tea.MouseMsg{X: rng.IntN(100), Y: rng.IntN(30), Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
		}
		if s.events%25 == 0 {
			_ = s.m.View()
		}
		s.check()
		if pr := s.m.practice(); pr != nil && pr.playing {
			playing++
			maxPly = max(maxPly, s.m.s.node.Ply)
			if pr.done {
				solved++
			}
		}
	}
	t.Logf("%d events in a problem, %d on a solved one, up to ply %d", playing, solved, maxPly)
	if playing == 0 || maxPly == 0 {
		t.Error("the storm never played a move in a problem")
	}
	if s.m.practice() != nil {
		s.m.practice().stop()
	}
}

// The picker's counts, drawn each frame over the whole library, allocate
// nothing.
func TestPracticeCounts(t *testing.T) {
	sets, err := tsume.LoadSets(practiceLib)
	if err != nil {
		t.Fatal(err)
	}
	pr := &practiceState{sets: sets, loaded: true, solved: map[string]string{tsume.ProblemKey(&sets[0].Problems[0]): "2026-01-02"}}
	c := pr.counts(0)
	if sv, tot := c.sum(); sv != 1 || tot != 3 || c.solved[0] != 1 || c.total[0] != 1 || c.total[1] != 2 {
		t.Fatalf("counts: %d/%d, by length %v", sv, tot, c)
	}
	if n := testing.AllocsPerRun(10, func() { pr.counts(0) }); n != 0 {
		t.Errorf("counts allocates %v times a call", n)
	}
}

// BenchmarkPracticeCounts: the picker's counts over a library of 20,000
// problems, as one frame draws them.
func BenchmarkPracticeCounts(b *testing.B) {
	one, err := tsume.LoadSets(practiceLib)
	if err != nil {
		b.Fatal(err)
	}
	var big []kif.Problem
	for len(big) < 20000 {
		big = append(big, one[0].Problems...)
	}
	pr := &practiceState{sets: []tsume.Set{{File: "big.tsv", Problems: big}}, loaded: true, solved: map[string]string{}}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		pr.counts(0)
	}
}

// q in the practice asks about the record the practice opened over:
// cancelling the question keeps the problem on screen as it was; saving
// leaves the practice first, so the record saved is that one, then quits.
func TestPracticeQuitAsksAboutTheRecord(t *testing.T) {
	o := practiceOptions(t)
	o.Dir = t.TempDir()
	m := newTestModel(o)
	m.s.dirty = true // an unsaved change in the record on screen
	if cmd := m.startPractice(); cmd != nil {
		m.Update(cmd())
	}
	press(m, "n")
	prob := m.s
	if m.practice() == nil || !m.practice().playing || prob == m.practice().covered.s {
		t.Fatalf("no problem on: %q", m.message)
	}
	press(m, "q")
	if _, ok := m.dialog.(*widget.Choice); !ok {
		t.Fatalf("q: dialog %T, want the quit question", m.dialog)
	}
	press(m, "n")
	if m.dialog != nil || m.quitting || m.practice() == nil || !m.practice().playing || m.s != prob {
		t.Fatalf("cancelled: dialog %T, quitting %v, practice %v, problem kept %v", m.dialog, m.quitting, m.practice(), m.s == prob)
	}
	press(m, "q", "s")
	if m.practice() != nil {
		t.Fatal("saving did not leave the practice")
	}
	path := filepath.Join(o.Dir, "kept.kif")
	typePath(t, m, path)
	press(m, "enter")
	r, err := kif.ReadFile(path)
	if err != nil || !m.quitting {
		t.Fatalf("saved %v, quitting %v", err, m.quitting)
	}
	if got := r.StartPosition().SFEN(); got != game.NewStartPosition().SFEN() {
		t.Errorf("saved the problem, not the record: %s", got)
	}
}

// A length with no problems shows an empty board and says so, rather
// than the last preview as if it were of that length.
func TestPracticePickerEmptyLength(t *testing.T) {
	m := newTestModel(practiceOptions(t))
	if cmd := m.startPractice(); cmd != nil {
		m.Update(cmd())
	}
	press(m, "right")
	if m.s.pos.King(game.White) == game.NoSquare {
		t.Fatal("mate in 3: no problem on the board")
	}
	press(m, "right") // mate in 5: none in the test library
	for sq := range game.Square(81) {
		if pc := m.s.pos.PieceAt(sq); pc != game.NoPiece {
			t.Fatalf("mate in 5 (0/0): %v on %v, want an empty board", pc, sq)
		}
	}
	view := stripANSI(m.View())
	if !strings.Contains(view, "no problems of this length") || strings.Contains(view, "on the board:") {
		t.Errorf("the panel does not say the length is empty:\n%s", view)
	}
	press(m, "left")
	if m.s.pos.King(game.White) == game.NoSquare || !strings.Contains(stripANSI(m.View()), "on the board:") {
		t.Error("back to mate in 3: no preview")
	}
}

// The side panel keeps its column between previews, though the
// defender's hand (all the rest of the pieces in a mate in 1) is wider
// than the board: the hand line packs its pieces to fit.
func TestPracticePanelColumnFixed(t *testing.T) {
	m := newTestModel(practiceOptions(t))
	if cmd := m.startPractice(); cmd != nil {
		m.Update(cmd())
	}
	title := m.tr("pr.title")
	want := m.geom().ColumnWidth() + board.SideGap
	for _, k := range []string{"", "right", "left"} {
		press(m, k) // mate in 1, 3 and 1 again
		first := strings.Split(stripANSI(m.View()), "\n")[0]
		i := strings.Index(first, title)
		if c := runewidth.StringWidth(first[:max(i, 0)]); i < 0 || c != want {
			t.Errorf("after %q the panel is at column %d, want %d: %q", k, c, want, first)
		}
		if k != "right" && !strings.Contains(first, "歩17") {
			t.Errorf("the defender's hand is cut: %q", first)
		}
	}
}
