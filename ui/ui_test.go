package ui

import (
	"bytes"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/mattn/go-runewidth"
	"github.com/muesli/termenv"

	"kiki/ai"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/board"
	"kiki/ui/match"
	"kiki/ui/textfit"
)

func init() {
	// Goldens are plain text: every highlight must show as a mark.
	lipgloss.SetColorProfile(termenv.Ascii)
}

var fixedNow = func() time.Time { return time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC) }

func testOptions() Options {
	th := NewTheme(true, true)
	return Options{Theme: &th, Now: fixedNow, Players: [2]bool{false, false}, Level: 5,
		NewEngine: func() *ai.Engine {
			e := ai.NewEngine(8)
			e.Threads = 1
			e.Seed(1)
			return e
		},
		AILimits: &ai.Limits{Depth: 2}}
}

func keys(tm *teatest.TestModel, ks ...string) {
	for _, k := range ks {
		if t, ok := namedKeys[k]; ok {
			tm.Send(tea.KeyMsg{Type: t})
			continue
		}
		for _, r := range k {
			tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		}
	}
}

// namedKeys are the key names the tests send as one key, not as runes.
var namedKeys = map[string]tea.KeyType{
	"enter": tea.KeyEnter, "esc": tea.KeyEsc, "tab": tea.KeyTab,
	"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
	"end": tea.KeyEnd, "home": tea.KeyHome, "ctrl+s": tea.KeyCtrlS,
}

// run plays a key sequence and returns the final model.
func run(t *testing.T, o Options, w, h int, ks ...string) *Model {
	t.Helper()
	return runUntil(t, o, w, h, "", ks...)
}

// runUntil is run that waits for a text on the screen before quitting
// (an AI reply arrives from another goroutine).
func runUntil(t *testing.T, o Options, w, h int, until string, ks ...string) *Model {
	t.Helper()
	tm := teatest.NewTestModel(t, New(o), teatest.WithInitialTermSize(w, h))
	keys(tm, ks...)
	if until != "" {
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(until)) }, teatest.WithDuration(10*time.Second))
	}
	// Wait until the program has handled the keys: a marker message that
	// quits once everything before it is processed.
	tm.Send(tea.QuitMsg{})
	return tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
}

func golden(t *testing.T, m *Model) {
	t.Helper()
	teatest.RequireEqualOutput(t, []byte(m.View()))
}

func TestStartPositionView(t *testing.T) {
	m := run(t, testOptions(), 100, 30)
	golden(t, m)
}

func TestSelectedPieceView(t *testing.T) {
	// Cursor from ５七 to ８八 (the bishop) after ７六歩: the bishop's legal
	// destinations (+) differ from its effect (*).
	// The cursor follows the last move (３四): five files left, four ranks down.
	m := run(t, testOptions(), 100, 30, ":", "7g7f", "enter", ":", "3c3d", "enter", "h", "h", "h", "h", "h", "j", "j", "j", "j", "enter")
	if m.board.selected != game.NewSquare(8, 8) {
		t.Fatalf("selected %v", m.board.selected)
	}
	golden(t, m)
}

func TestEffectMapView(t *testing.T) {
	m := run(t, testOptions(), 100, 30, "e")
	golden(t, m)
}

// The check study for 後手玉 ７二 with a knight reproduces the diagrams of
// the reference text (問3 destinations, 問6 origins).
func TestCheckStudyKnightView(t *testing.T) {
	o := testOptions()
	o.Start, _ = game.ParseSFEN("9/2k6/9/9/9/9/9/9/8K b N 1")
	m := run(t, o, 100, 30, "c", "O") // starts at 桂, the kind in hand; O: every origin
	if m.study.kind() != game.Knight {
		t.Fatalf("kind %v", m.study.kind())
	}
	mk, ci := m.marks()
	var dests, origins []string
	for s := game.Square(0); s < game.NumSquares; s++ {
		switch mk[s] {
		case board.MarkCheckDest, board.MarkCheckDrop, board.MarkCheckMove:
			dests = append(dests, s.Japanese())
		case board.MarkCheckDestOrigin, board.MarkCheckDropOrigin:
			dests = append(dests, s.Japanese())
			origins = append(origins, s.Japanese())
		case board.MarkCheckOrigin:
			origins = append(origins, s.Japanese())
		}
	}
	// 問3: ７一 ８二 ６二 ８三 ７三 ６三 ８四 ６四 (the drops ８四 ６四 are the
	// two legal checks here, marked !).
	if got := strings.Join(dests, " "); got != "６二 ６三 ６四 ７一 ７三 ８二 ８三 ８四" {
		t.Errorf("destinations %s", got)
	}
	// 問6: ８三 ６三 ９四 ７四 ５四 ９五 ８五 ７五 ６五 ５五 ９六 ７六 ５六.
	if got := strings.Join(origins, " "); got != "５四 ５五 ５六 ６三 ６五 ７四 ７五 ７六 ８三 ８五 ９四 ９五 ９六" {
		t.Errorf("origins %s", got)
	}
	if len(ci.checks) != 2 || len(ci.mates) != 0 {
		t.Errorf("checks %v mates %v", ci.checks, ci.mates)
	}
	golden(t, m)
}

func TestPromotionPromptView(t *testing.T) {
	o := testOptions()
	o.Start, _ = game.ParseSFEN("4k4/9/9/6S2/9/9/9/9/4K4 b - 1")
	// Cursor starts on ５七: to ３四 is two files right, three ranks up.
	m := run(t, o, 100, 30, "l", "l", "k", "k", "k", "enter", "k", "enter")
	if _, ok := m.dialog.(*promoDialog); !ok {
		t.Fatalf("no promotion prompt, dialog %T, message %q", m.dialog, m.message)
	}
	golden(t, m)
}

// A short game against a scripted opponent, played with the keys: a rook
// drop chosen with Tab, a capture by the king, and a rook move that
// promotes (answered at the prompt) and mates.
func TestShortGameAgainstScriptedOpponent(t *testing.T) {
	o := testOptions()
	o.Start, _ = game.ParseSFEN("7+P1/5R1s1/6ks1/9/5L1p1/9/9/9/9 b R2b4g2s4n3l16p 1")
	o.Players = [2]bool{false, true}
	replies := map[string]string{"R*3d": "3c3d"}
	o.Opponent = func(p *game.Position) game.Move {
		mv, err := p.ParseUSIMove(replies[p.LastMove().USI()])
		if err != nil {
			panic(err)
		}
		return mv
	}
	// Cursor starts on ５七. Drop the rook on ３四 (Tab picks it), then
	// move the rook from ４二 to ４四 and promote.
	m := run(t, o, 100, 30,
		"tab", "l", "l", "k", "k", "k", "enter", // R*3d; 後手 takes with the king
		":", "4b4d+", "enter")
	if !m.s.end.over || m.s.end.reason != "詰み" || m.s.end.winner != game.Black {
		t.Fatalf("ending %+v at %s", m.s.end, m.s.pos.SFEN())
	}
	if got := m.s.pos.SFEN(); got != "7+P1/7s1/7s1/5+Rk2/5L1p1/9/9/9/9 w r2b4g2s4n3l16p 4" {
		t.Errorf("final SFEN %s", got)
	}
	golden(t, m)
}

func TestQuitAsksDuringGame(t *testing.T) {
	tm := teatest.NewTestModel(t, New(testOptions()), teatest.WithInitialTermSize(100, 30))
	keys(tm, ":", "7g7f", "enter", "q")
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte("save and quit")) }, teatest.WithDuration(5*time.Second))
	keys(tm, "n")
	tm.Send(tea.QuitMsg{})
	m := tm.FinalModel(t).(*Model)
	if m.quitting {
		t.Fatal("quit without confirmation")
	}
}

func TestTooSmall(t *testing.T) {
	m := New(testOptions())
	m.Update(tea.WindowSizeMsg{Width: 30, Height: 10})
	// The message is wrapped inside the terminal, never cut.
	v := m.View()
	if joined := strings.Join(strings.Fields(v), " "); !strings.Contains(joined, "at least") || !strings.Contains(joined, "press q to quit.") {
		t.Fatalf("small terminal: %q", v)
	}
	for _, l := range strings.Split(v, "\n") {
		if lipgloss.Width(l) > 30 {
			t.Fatalf("small terminal: line %q wider than 30", l)
		}
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if v := m.View(); strings.Contains(v, "at least") || lipgloss.Height(v) > 24 {
		t.Fatalf("80×24 view has %d lines", lipgloss.Height(v))
	}
	for _, l := range strings.Split(m.View(), "\n") {
		if lipgloss.Width(l) > 80 {
			t.Fatalf("line wider than 80: %q", l)
		}
	}
}

// TestBoardWidthUnderAmbiguousWidths renders the board with East-Asian
// ambiguous characters counted both narrow and wide: every line must have
// the same width either way (no ambiguous character on the grid).
func TestBoardWidthUnderAmbiguousWidths(t *testing.T) {
	defer func(v bool) { runewidth.DefaultCondition.EastAsianWidth = v }(runewidth.DefaultCondition.EastAsianWidth)
	p, _ := game.ParseSFEN("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1")
	for _, ascii := range []bool{false, true} {
		for _, wide := range []bool{false, true} {
			runewidth.DefaultCondition.EastAsianWidth = wide
			th := NewTheme(true, true)
			m := New(Options{Theme: &th, Start: p, Now: fixedNow, ASCII: ascii})
			m.width, m.height = 100, 30
			m.study.effectMap = true
			bv := m.board.renderer(m.s.pos)
			mk, _ := m.marks()
			bv.Marks = mk
			lines := append([]string{textfit.PadRight(m.handLine(game.White), board.Width+1)}, bv.Render()...)
			lines = append(lines, textfit.PadRight(m.handLine(game.Black), board.Width+1))
			for i, l := range lines[1 : len(lines)-1] {
				if w := runewidth.StringWidth(stripANSI(l)); w != board.Width {
					t.Errorf("ascii=%v wide=%v: board line %d is %d columns, want %d: %q", ascii, wide, i, w, board.Width, l)
				}
			}
			for _, l := range []string{lines[0], lines[len(lines)-1]} {
				if w := runewidth.StringWidth(stripANSI(l)); w != board.Width+1 {
					t.Errorf("ascii=%v wide=%v: hand line is %d columns: %q", ascii, wide, w, l)
				}
			}
		}
	}
}

func BenchmarkView(b *testing.B) {
	p, _ := game.ParseSFEN("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1")
	th := NewTheme(true, false)
	m := New(Options{Theme: &th, Start: p, Now: fixedNow})
	m.width, m.height = 120, 40
	m.study.effectMap = true
	m.study.checkStudy = true
	m.study.kindIdx = 6
	m.board.cursor = game.NewSquare(5, 5)
	for i := 0; i < b.N; i++ {
		_ = m.View()
	}
}

// TestClocksAndTimeLoss: with a byoyomi clock the side to move runs out of
// time and loses (時間切れ), shown in the banner.
func TestClocksAndTimeLoss(t *testing.T) {
	now := fixedNow()
	o := testOptions()
	o.Now = func() time.Time { return now }
	m := New(o)
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m.startGame(game.NewStartPosition(), [2]player{{}, {}}, timeControl{Kind: match.Byoyomi, Main: time.Minute, Byoyomi: 10 * time.Second})
	if got := m.clockFor(game.Black); got != "1:00" {
		t.Fatalf("clock %q", got)
	}
	now = now.Add(65 * time.Second)
	if got := m.clockFor(game.Black); got != "秒読み5" {
		t.Fatalf("clock in byoyomi %q", got)
	}
	now = now.Add(6 * time.Second)
	m.Update(tickMsg(now))
	if !m.s.end.over || m.s.end.reason != "時間切れ" || m.s.end.winner != game.White {
		t.Fatalf("ending %+v", m.s.end)
	}
	if !strings.Contains(m.View(), "後手 wins (time)") {
		t.Fatal("no banner")
	}
}

// TestUndoAgainstAIAndResign: 待った against the AI goes back to the
// player's own turn; resigning ends the game with its banner.
func TestUndoAgainstAIAndResign(t *testing.T) {
	o := testOptions()
	o.Players = [2]bool{false, true}
	o.Opponent = func(p *game.Position) game.Move {
		var ml game.MoveList
		p.LegalMoves(&ml)
		for _, mv := range ml.Slice() {
			if mv.USI() == "3c3d" || mv.USI() == "8c8d" {
				return mv
			}
		}
		return ml.At(0)
	}
	tm := teatest.NewTestModel(t, New(o), teatest.WithInitialTermSize(100, 30))
	wait := func(text string) {
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(text)) }, teatest.WithDuration(10*time.Second))
	}
	keys(tm, ":", "7g7f", "enter")
	wait("move 2")
	keys(tm, ":", "2g2f", "enter")
	wait("move 4")
	keys(tm, "u")
	tm.Send(tea.QuitMsg{})
	m := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
	if m.s.node.Ply != 2 || m.s.pos.Side() != game.Black {
		t.Fatalf("undo: ply %d, %s to move", m.s.node.Ply, m.s.pos.Side())
	}
	m = run(t, o, 100, 30, ":", "7g7f", "enter", "x", "y")
	if !m.s.end.over || m.s.end.reason != "投了" || m.s.end.winner != game.White {
		t.Fatalf("resign: %+v", m.s.end)
	}
	if !strings.Contains(m.View(), "後手 wins (resignation)") {
		t.Fatal("no banner")
	}
	if e := m.s.rec.Ending(); e == nil || e.Special != kif.Resign {
		t.Fatal("the record does not end with 投了")
	}
}
