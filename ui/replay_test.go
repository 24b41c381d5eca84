package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"kiki/game"
	"kiki/game/refdata"
	"kiki/kif"
	"kiki/ui/board"
)

func replayOptions(t *testing.T, path string) Options {
	t.Helper()
	rec, err := kif.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	o := testOptions()
	o.Record, o.RecordPath = rec, path
	return o
}

// TestReplayRecord opens a corpus record with variations and comments,
// steps to a move and checks the view and the position.
func TestReplayRecord(t *testing.T) {
	path := refdata.Path(t, "kif", "sugyan-Shogidokoro.kifu")
	o := replayOptions(t, path)
	m := run(t, o, 100, 30, "right", "right", "right", "right", "right", "right", "right")
	if m.s.node.Ply != 7 {
		t.Fatalf("at ply %d", m.s.node.Ply)
	}
	want := o.Record.Position(o.Record.MainLine()[6]).SFEN()
	if got := m.s.pos.SFEN(); got != want {
		t.Fatalf("position %s, want %s", got, want)
	}
	if len(m.s.node.Comments) == 0 {
		t.Fatal("the move's comment is not there")
	}
	golden(t, m)
}

// TestNavigation covers PgDn, End, Home, g+number and branch switching.
func TestNavigation(t *testing.T) {
	path := refdata.Path(t, "kif", "jkf-fork.kif")
	o := replayOptions(t, path)
	m := run(t, o, 100, 30, "end")
	if m.s.node.Ply != 3 {
		t.Fatalf("End: ply %d", m.s.node.Ply)
	}
	m = run(t, o, 100, 30, "end", "]")
	if m.s.node.IsMainLine() {
		t.Fatalf("] did not move to a variation (at %s)", m.s.node.Move)
	}
	m = run(t, o, 100, 30, "g", "2", "enter")
	if m.s.node.Ply != 2 {
		t.Fatalf("g2: ply %d", m.s.node.Ply)
	}
	m = run(t, o, 100, 30, "end", "home")
	if m.s.node.Ply != 0 {
		t.Fatalf("Home: ply %d", m.s.node.Ply)
	}
	m = run(t, o, 100, 30, "V", "down", "enter")
	if m.s.node.Move.USI() != "2g2f" {
		t.Fatalf("variations list: at %s", m.s.node.Move)
	}
}

// TestVariationSaveReload makes a different move in a record (a new
// variation), comments on it, saves, reloads and compares.
func TestVariationSaveReload(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "game.kifu")
	os.WriteFile(src, []byte("手合割：平手\n先手：A\n後手：B\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n"), 0o644)
	o := replayOptions(t, src)
	o.Dir = dir
	// Step to move 2, play ▲６六歩 instead of ▲２六歩, comment it, save.
	m := run(t, o, 100, 30, "right", "right", ":", "6g6f", "enter", "C", "新手", "ctrl+s", "s")
	if m.s.dirty {
		t.Fatalf("not saved: %q", m.message)
	}
	back, err := kif.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if ok, why := kif.Equal(m.s.rec, back); !ok {
		t.Fatalf("saved record differs: %s", why)
	}
	if back.CountBranches() != 1 {
		t.Fatalf("branches %d", back.CountBranches())
	}
	n := back.MainLine()[1].Children[1]
	if n.Move.USI() != "6g6f" || len(n.Comments) != 1 || n.Comments[0] != "新手" {
		t.Fatalf("variation %s %q", n.Move, n.Comments)
	}
	if got := back.MainMoves(); len(got) != 3 {
		t.Fatalf("main line changed: %v", got)
	}
}

// TestQuitWithUnsavedChangesAsks: a new variation is unsaved work.
func TestQuitWithUnsavedChangesAsks(t *testing.T) {
	path := refdata.Path(t, "kif", "jkf-fork.kif")
	tm := teatest.NewTestModel(t, New(replayOptions(t, path)), teatest.WithInitialTermSize(100, 30))
	keys(tm, "right", ":", "1c1d", "enter", "q")
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return strings.Contains(string(b), "quit without saving") }, teatest.WithDuration(5*time.Second))
	keys(tm, "y")
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
	if m := tm.FinalModel(t).(*Model); !m.quitting {
		t.Fatal("y did not quit")
	}
}

func TestBrokenFileShowsError(t *testing.T) {
	o := testOptions()
	o.LoadError = "broken.kif:3: 手合割 after the moves have begun"
	m := run(t, o, 100, 30)
	if !strings.Contains(m.View(), "broken.kif:3") {
		t.Fatal("the error is not shown")
	}
}

func TestEditBoard(t *testing.T) {
	o := testOptions()
	o.Start, _ = game.ParseSFEN("9/9/9/9/9/9/9/9/4K4 b - 1")
	// Place a 後手 king (v: the next piece is 後手's; 8: 玉) on ５一; the
	// cursor starts on ５七; Enter keeps the position.
	m := run(t, o, 100, 30, "b", "up", "up", "up", "up", "up", "up", "v", "8", "enter")
	if m.s.pos.King(game.White) != game.NewSquare(5, 1) {
		t.Fatalf("後手 king at %v: %s (%s)", m.s.pos.King(game.White), m.s.pos.SFEN(), m.message)
	}
	// Two pawns on a file are refused with the reason.
	m = run(t, o, 100, 30, "b", "1", "up", "1")
	if m.edit() == nil || !strings.Contains(m.edit().Err, "二歩") {
		t.Fatalf("nifu accepted: %+v", m.edit())
	}
}

// BenchmarkOpenAndStep opens a 300-move record with comments and steps
// through every move (ms per step is reported).
func BenchmarkOpenAndStep(b *testing.B) {
	p := game.NewStartPosition()
	r := kif.NewRecord(p)
	n := r.Root
	seed := uint64(7)
	for i := 0; i < 300; i++ {
		var ml game.MoveList
		p.LegalMoves(&ml)
		if ml.Len() == 0 {
			break
		}
		seed = seed*6364136223846793005 + 1442695040888963407
		mv := ml.At(int(seed>>33) % ml.Len())
		n = n.AddChild(&kif.Node{Move: mv, Comments: []string{"コメント " + mv.USI()}})
		p.DoMove(mv)
	}
	text := []byte(kif.WriteKIF(r, "UTF-8"))
	th := NewTheme(true, false)
	steps := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rec, err := kif.Read("long.kifu", text)
		if err != nil {
			b.Fatal(err)
		}
		m := New(Options{Theme: &th, Record: rec, Now: fixedNow})
		m.width, m.height = 100, 30
		for {
			m.Update(tea.KeyMsg{Type: tea.KeyRight})
			_ = m.View()
			steps++
			if len(m.s.node.Children) == 0 {
				break
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(steps), "ms/step")
}

func TestMouse(t *testing.T) {
	path := refdata.Path(t, "kif", "jkf-fork.kif")
	o := replayOptions(t, path)
	m := New(o)
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	// Click the third move in the list: no View first, the click finds
	// the list where View would draw it.
	m.Update(tea.MouseMsg{X: board.Width + 6, Y: m.layout().list.top + 3, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if m.s.node.Ply != 3 {
		t.Fatalf("click on the list: ply %d", m.s.node.Ply)
	}
	// Click on ２六 (the pawn) then ２五: a move, making a new variation.
	bv := m.board.renderer(m.s.pos)
	col, row := bv.CellOf(game.NewSquare(2, 6))
	m.Update(tea.MouseMsg{X: 1 + col*board.CellWidth + 2, Y: 1 + 2 + row, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if m.board.selected != game.NoSquare {
		t.Fatalf("selected %v on a square of the side not to move", m.board.selected)
	}
	col, row = bv.CellOf(game.NewSquare(8, 3))
	m.Update(tea.MouseMsg{X: 1 + col*board.CellWidth + 2, Y: 1 + 2 + row, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if m.board.selected != game.NewSquare(8, 3) {
		t.Fatalf("click did not pick up ８三: %v %q", m.board.selected, m.message)
	}
	col, row = bv.CellOf(game.NewSquare(8, 4))
	m.Update(tea.MouseMsg{X: 1 + col*board.CellWidth + 2, Y: 1 + 2 + row, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if m.s.node.Move.USI() != "8c8d" {
		t.Fatalf("click move: at %s (%q)", m.s.node.Move, m.message)
	}
}
