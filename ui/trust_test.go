package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"kiki/ai"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/analysis"
	"kiki/ui/enginepanel"
	"kiki/ui/match"
	"kiki/ui/widget"
)

// Undo, then resign: the record says what happened in every format — the
// moves up to the resignation, then 投了, and a 結果 header that agrees.
func TestUndoThenResignRecordsWhatHappened(t *testing.T) {
	for _, ext := range []string{"kif", "kifu", "ki2", "ki2u", "csa"} {
		dir := t.TempDir()
		o := testOptions()
		o.Dir = dir
		m := newTestModel(o)
		press(m, ":", "7g7f", "enter", ":", "3c3d", "enter", ":", "2g2f", "enter", ":", "8c8d", "enter", "u")
		if m.s.node.Ply != 3 {
			t.Fatalf("%s: undo left ply %d, want 3", ext, m.s.node.Ply)
		}
		press(m, "x", "y")
		if !m.s.end.over || m.s.end.winner.String() != "先手" {
			t.Fatalf("%s: resign: %+v", ext, m.s.end)
		}
		press(m, "S")
		path := filepath.Join(dir, "g."+ext)
		typePath(t, m, path)
		press(m, "enter")
		if m.dialog != nil {
			// A format that loses the taken-back moves asks; save anyway.
			press(m, "y")
		}
		r, err := kif.ReadFile(path)
		if err != nil {
			t.Fatalf("%s: %v (message %q)", ext, err, m.message)
		}
		if got := len(r.MainMoves()); got != 3 {
			t.Errorf("%s: main line has %d moves, want 3", ext, got)
		}
		if e := r.Ending(); e == nil || e.Special != kif.Resign || e.Ply != 4 {
			t.Errorf("%s: ending %+v, want 投了 after move 3", ext, e)
		}
		if ext != "csa" {
			if v, _ := r.Get("結果"); !strings.Contains(v, "先手の勝ち") {
				t.Errorf("%s: 結果 %q", ext, v)
			}
		}
	}
}

// The quit prompt names the file it would write; on a file kiki opened
// where only moves were tried, Enter cancels instead of writing over it,
// and an edit of the record itself (a comment) makes Enter save.
func TestQuitPromptNamesFileAndKeepsOpenedFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "opened.kifu")
	orig := "# --- a line kiki does not model\n手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n"
	if err := os.WriteFile(path, []byte(orig), 0o644); err != nil {
		t.Fatal(err)
	}
	o := testOptions()
	o.Dir = dir
	o.Record, _ = kif.ReadFile(path)
	o.RecordPath = path
	m := newTestModel(o)
	// A move tried on the board: a new variation, unsaved.
	press(m, ":", "2g2f", "enter", "q")
	d, ok := m.dialog.(*widget.Choice)
	if !ok {
		t.Fatalf("q after a tried move: dialog %T", m.dialog)
	}
	if v := stripANSI(d.View(&m.theme, 80)); !strings.Contains(v, "save to opened.kifu and quit") {
		t.Fatalf("the prompt does not name the file: %q", v)
	}
	press(m, "enter")
	if m.quitting {
		t.Fatal("Enter quit")
	}
	if b, _ := os.ReadFile(path); string(b) != orig {
		t.Fatalf("Enter wrote over the opened file:\n%s", b)
	}
	// A comment is an edit: Enter now saves to the file and quits.
	press(m, "C", "a", "ctrl+s", "q", "enter")
	if !m.quitting {
		t.Fatalf("Enter after an edit did not save and quit (dialog %T, message %q)", m.dialog, m.message)
	}
	r, err := kif.ReadFile(path)
	if err != nil || len(r.MainMoves()) != 2 {
		t.Fatalf("saved file: %v", err)
	}
}

// A paste is one event: on the board it goes into the move prompt, never
// to the key map ("od" must not open the discard question and answer it).
func TestPasteGoesToMovePrompt(t *testing.T) {
	m := newTestModel(testOptions())
	press(m, ":", "7g7f", "enter")
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("od"), Paste: true})
	d, ok := m.dialog.(*moveLine)
	if !ok {
		t.Fatalf("paste of od: dialog %T, want the move prompt", m.dialog)
	}
	if d.in.Value() != "od" || m.s.node.Ply != 1 {
		t.Fatalf("prompt %q, ply %d", d.in.Value(), m.s.node.Ply)
	}
	press(m, "esc")
	// A pasted move is played with Enter, not before.
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("34歩"), Paste: true})
	if m.s.node.Ply != 1 {
		t.Fatal("the paste played the move")
	}
	press(m, "enter")
	if m.s.node.Ply != 2 || m.dialog != nil {
		t.Fatalf("Enter after the paste: ply %d, dialog %T", m.s.node.Ply, m.dialog)
	}
	// Several lines (a record) are refused with a message, not run.
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("n\ny\n"), Paste: true})
	if m.dialog != nil || m.s.node.Ply != 2 || m.message == "" {
		t.Fatalf("multi-line paste: dialog %T, ply %d, message %q", m.dialog, m.s.node.Ply, m.message)
	}
	// In the editor a paste does nothing but say so.
	m2 := newTestModel(testOptions())
	press(m2, "b")
	if !m2.editing() {
		t.Fatal("b did not open the editor")
	}
	m2.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("qy"), Paste: true})
	if !m2.editing() || m2.quitting || m2.message == "" {
		t.Fatalf("paste in the editor: editing %v quitting %v message %q", m2.editing(), m2.quitting, m2.message)
	}
}

// statusRow is the screen row of the status line (the one saying whose
// move it is).
func statusRow(t *testing.T, m *Model) int {
	t.Helper()
	for i, l := range strings.Split(stripANSI(m.View()), "\n") {
		if strings.Contains(l, " to move") {
			return i
		}
	}
	t.Fatalf("no status line in\n%s", stripANSI(m.View()))
	return -1
}

// At 80×24 the status line keeps its row whatever the move list's length
// and while the move prompt is open.
func TestStatusLineKeepsItsPlace(t *testing.T) {
	m := newTestModel(testOptions())
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	want := statusRow(t, m)
	moves := []string{"7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "6i7h", "4a3b", "3i3h", "7a7b", "5g5f", "5c5d",
		"4g4f", "6a5b", "3g3f", "1c1d", "1g1f", "9c9d", "9g9f", "5a4b", "4i5h", "7c7d", "5i6h", "7b7c"}
	for i, mv := range moves {
		press(m, ":", mv, "enter")
		if got := statusRow(t, m); got != want {
			t.Fatalf("after %d moves the status line is on row %d, was %d:\n%s", i+1, got, want, stripANSI(m.View()))
		}
	}
	press(m, ":")
	if got := statusRow(t, m); got != want {
		t.Fatalf("with the move prompt open the status line is on row %d, was %d", got, want)
	}
}

// The new-game dialog at 80×24 keeps each field on its line: no value
// wraps onto a line of its own.
func TestNewGameDialogFieldsOnOneLine(t *testing.T) {
	m := newTestModel(testOptions())
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	press(m, "n")
	v := stripANSI(m.View())
	for _, want := range [][2]string{{"seconds", "30 s"}, {"engine", "(none: type a path)"}} {
		ok := false
		for _, l := range strings.Split(v, "\n") {
			if strings.Contains(l, want[0]) && strings.Contains(l, want[1]) {
				ok = true
			}
		}
		if !ok {
			t.Errorf("no line with both %q and %q in\n%s", want[0], want[1], v)
		}
	}
	for _, orphan := range []string{"(byoyomi/increment)", "a USI engine)"} {
		if strings.Contains(v, orphan) {
			t.Errorf("orphan %q in\n%s", orphan, v)
		}
	}
}

// A clock with no time is refused in the dialog; byoyomi alone starts
// with 0:00 of main time.
func TestNoTimeOnTheClockRefused(t *testing.T) {
	d := newGameDialog(5, [2]player{{}, {AI: true, Level: 5}}, sideNames(false), false)
	d.lang = English
	d.mainMin = 0
	for i, k := range match.ClockKinds {
		d.tcKind = i
		msg, why := d.start()
		switch k {
		case match.NoClock:
			if why != "" {
				t.Errorf("no clock refused: %s", why)
			}
		case match.Byoyomi:
			if why != "" || msg.tc.Main != 0 || msg.tc.Byoyomi != 30*time.Second {
				t.Errorf("byoyomi 0 min + 30 s: %+v, %q", msg.tc, why)
			}
		default:
			if why == "" {
				t.Errorf("%v with 0 min started: %+v", k, msg.tc)
			}
		}
	}
	d.tcKind, d.second = 1, 0
	if _, why := d.start(); why == "" {
		t.Error("byoyomi 0 min + 0 s started")
	}
}

// Header values too long for the side panel end in "...".
func TestLongHeaderEllipsis(t *testing.T) {
	o := testOptions()
	o.Record, _ = kif.Read("x.kifu", []byte("棋戦：第一回とても長い名前の将棋大会の予選の決勝トーナメント一回戦\n手合割：平手\n   1 ７六歩(77)\n"))
	m := newTestModel(o)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if v := stripANSI(m.View()); !strings.Contains(v, "event 第一回") || !strings.Contains(v, "...") {
		t.Fatalf("long 棋戦 not ellipsised:\n%s", v)
	}
}

// m on the player's own turn says why nothing happens.
func TestMoveNowSaysWhy(t *testing.T) {
	m := newTestModel(testOptions())
	press(m, "m")
	if m.message == "" {
		t.Fatal("m outside a game's AI turn said nothing")
	}
}

// The move list's time column ends at the same column for 0:01 and 10:00.
func TestMoveListTimeAligned(t *testing.T) {
	r, err := kif.Read("x.kifu", []byte("手合割：平手\n   1 ７六歩(77)   ( 0:01/00:00:01)\n   2 ３四歩(33)   (10:00/00:10:00)\n"))
	if err != nil {
		t.Fatal(err)
	}
	l := moveList{lang: English, theme: &Theme{}, root: r.Root}
	line := r.MainLine()
	a, b := l.row(line[0]), l.row(line[1])
	if ia, ib := strings.Index(a, "0:01")+4, strings.Index(b, "10:00")+5; ia != ib {
		t.Fatalf("time columns end at %d and %d:\n%q\n%q", ia, ib, a, b)
	}
}

// The candidates' heading says its keys whole in every layout, wrapped
// rather than cut at the side panel's edge (it was cut at 120 columns).
func TestCandidatesHeadingWhole(t *testing.T) {
	for _, ls := range layoutSizes {
		m := run(t, testOptions(), ls.w, ls.h)
		analysing(t, m)
		if v := stripANSI(m.View()); !strings.Contains(v, "board)") || !strings.Contains(v, "how many") {
			t.Errorf("%dx%d: the candidates' heading is cut:\n%s", ls.w, ls.h, stripANSI(m.View()))
		}
	}
}

// A CSA engine comment ('** score line) is shown as the evaluation it is,
// with its line in notation, not as "* 100000".
func TestCSAEngineCommentShown(t *testing.T) {
	csa := "V2.2\nN+a\nN-b\nPI\n+\n+7776FU\n'** 35 -3334FU +2726FU\n-3334FU\n'** 100000\n"
	for _, c := range []struct {
		lang        Lang
		want, want2 string
	}{
		{English, "engine's score for 先手 +35, line ☖３四歩 ☗２六歩", "engine's score for 先手 +100000 (mate)"},
		{Japanese, "評価値 +35 読み筋 ☖３四歩 ☗２六歩", "評価値 +100000 (詰み)"},
	} {
		o := testOptions()
		o.Lang = c.lang
		var err error
		if o.Record, err = kif.Read("g.csa", []byte(csa)); err != nil {
			t.Fatal(err)
		}
		m := newTestModel(o)
		press(m, "right")
		if v := stripANSI(widthSafe(m.View())); !strings.Contains(v, c.want) || strings.Contains(v, "* 35") {
			t.Errorf("%v, move 1: no %q in\n%s", c.lang, c.want, v)
		}
		press(m, "right")
		if v := stripANSI(widthSafe(m.View())); !strings.Contains(v, c.want2) {
			t.Errorf("%v, move 2: no %q in\n%s", c.lang, c.want2, v)
		}
	}
}

// Mates in the move list, the graph and the candidates say who mates in
// the screen's language.
func TestMateScoresInTheScreensLanguage(t *testing.T) {
	n := &kif.Node{}
	a := &analysis.State{Results: map[*kif.Node]analysis.Eval{n: {Score: ai.MateScore - 5}}}
	if got := a.EvalText(English, n); got != "+M5" {
		t.Errorf("English: %q", got)
	}
	if got := a.EvalText(Japanese, n); got != "先詰5" {
		t.Errorf("Japanese: %q", got)
	}
	if got := enginepanel.ScoreShort(English, -(ai.MateScore - 7), game.Black); got != "-M7" {
		t.Errorf("English short: %q", got)
	}
	if got := enginepanel.ScoreShort(Japanese, -(ai.MateScore - 7), game.Black); got != "詰-7" {
		t.Errorf("Japanese short: %q", got)
	}
}

// A config folder file that is not what kiki wrote is reported in the
// screen's language and left as it is.
func TestCorruptConfigInTheScreensLanguage(t *testing.T) {
	for _, l := range []Lang{English, Japanese} {
		dir := t.TempDir()
		path := filepath.Join(dir, "config.json")
		if err := os.WriteFile(path, []byte("{"), 0o644); err != nil {
			t.Fatal(err)
		}
		o := testOptions()
		o.Lang, o.ConfigDir = l, dir
		m := newTestModel(o)
		if !strings.Contains(m.message, path) || mixed(l, m.message) != "" {
			t.Errorf("%v: message %q", l, m.message)
		}
		if b, _ := os.ReadFile(path); string(b) != "{" {
			t.Errorf("%v: the file was changed: %q", l, b)
		}
	}
}

// Quit without saving means it: the recovery file is not written again
// after the quit removed it, so the next start offers nothing.
func TestQuitWithoutSavingLeavesNoRecovery(t *testing.T) {
	dir := t.TempDir()
	o := testOptions()
	o.Dir = dir
	o.RecoveryFile = filepath.Join(dir, "data", "recovered.kifu")
	m := newTestModel(o)
	press(m, ":", "7g7f", "enter")
	settleRecovery(m)
	if _, err := os.Stat(o.RecoveryFile); err != nil {
		t.Fatalf("no recovery file during the game: %v", err)
	}
	press(m, "q", "y")
	if !m.quitting {
		t.Fatal("q y did not quit")
	}
	if _, err := os.Stat(o.RecoveryFile); !os.IsNotExist(err) {
		t.Fatalf("the recovery file is still there after quitting without saving: %v", err)
	}
	if m2 := newTestModel(o); m2.dialog != nil {
		t.Fatalf("the next start offers the game back: %T", m2.dialog)
	}
}

// Playing a game on from here with other players (a resumed game whose
// engine is gone, say) makes the record name who plays now.
func TestPlayFromHereRenamesPlayersOfAGame(t *testing.T) {
	m := newTestModel(testOptions())
	press(m, ":", "7g7f", "enter", "x", "y", "p")
	if _, ok := m.dialog.(*widget.Choice); ok {
		press(m, "d") // the finished game is not saved: discard
	}
	d, ok := m.dialog.(*gameDialog)
	if !ok || !d.fromHere {
		t.Fatalf("p after the game: dialog %T", m.dialog)
	}
	d.players[1] = true
	press(m, "enter")
	if !m.s.playing || !m.s.match.Players[1].AI {
		t.Fatalf("not playing on with the AI as 後手: %+v", m.s.match.Players)
	}
	if v, _ := m.s.rec.Get("後手"); v != m.s.match.Players[1].String() {
		t.Fatalf("the record's 後手 is %q, the game's %q", v, m.s.match.Players[1].String())
	}
}

// A click on a piece of the compact hand line chooses that piece, not
// the next one in the hand.
func TestClickOnCompactHandChoosesThePiece(t *testing.T) {
	o := testOptions()
	o.Start, _ = game.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b GSN 1")
	m := newTestModel(o)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for _, want := range []game.PieceType{game.Knight, game.Gold, game.Silver} {
		m.board.deselect()
		lines := strings.Split(stripANSI(m.View()), "\n")
		x, y := -1, -1
		for i, l := range lines {
			if strings.HasPrefix(l, "先手*") {
				y = i
				if j := strings.Index(l, want.Name()); j >= 0 {
					x = ansi.StringWidth(l[:j])
				}
			}
		}
		if x < 0 {
			t.Fatalf("no %s on 先手's hand line:\n%s", want.Name(), strings.Join(lines, "\n"))
		}
		m.Update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
		if m.board.dropKind != want {
			t.Errorf("a click on %s chose %v", want.Name(), m.board.dropKind)
		}
	}
}
