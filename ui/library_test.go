package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/game/refdata"
	"kiki/kif"
	"kiki/kif/library"
	"kiki/ui/widget"
)

// copyRecords copies the record files of a shared data folder into dir
// (every third into a subfolder, to be found by the walk) and returns
// their number.
func copyRecords(t *testing.T, sub, dir string) int {
	t.Helper()
	src := refdata.Path(t, sub)
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		if _, ok := kif.FormatOfPath(e.Name()); !ok {
			continue
		}
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, e.Name())
		if n%3 == 2 {
			dst = filepath.Join(dir, "more", e.Name())
		}
		os.MkdirAll(filepath.Dir(dst), 0o755)
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
		n++
	}
	return n
}

// libraryModel opens the library of dir in a w×h model and waits for the
// indexing to end.
func libraryModel(t *testing.T, dir string, l Lang, w, h int) *Model {
	t.Helper()
	o := testOptions()
	o.Lang = l
	o.DataDir = t.TempDir()
	o.LibraryDir = dir
	m := New(o)
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	loadLibrary(t, m)
	return m
}

// loadLibrary runs the library's indexing to its end, as the program
// would, message by message.
func loadLibrary(t *testing.T, m *Model) {
	t.Helper()
	cmd := m.startLibrary()
	if cmd == nil && m.library != nil && m.library.loading {
		cmd = m.library.wait() // started by a key, whose command the test dropped
	}
	for cmd != nil {
		cmd = m.onLibraryMsg(cmd())
	}
	if m.library == nil || m.library.loading || m.library.err != "" {
		t.Fatalf("the library did not load (open %v)", m.library != nil)
	}
}

// The library of real records lists every one, and its screen at 80×24
// shows the six columns, the rows and the cursor's entry.
func TestLibraryListsRealRecords(t *testing.T) {
	dir := t.TempDir()
	n := copyRecords(t, "kif-wild", dir)
	m := libraryModel(t, dir, Japanese, 80, 24)
	st := m.library
	if len(st.rows) != n || len(st.shown) != n {
		t.Fatalf("%d rows, %d shown, want %d", len(st.rows), len(st.shown), n)
	}
	v := stripANSI(m.View())
	lines := strings.Split(v, "\n")
	if len(lines) != 24 {
		t.Errorf("%d lines on a 24-line screen", len(lines))
	}
	for _, want := range []string{"棋譜一覧", "日付", "先手", "後手", "結果", "手数", "戦型・序盤", "> 2026/04/05 Player1", "Daiius-seseraki-sample.kif"} {
		if !strings.Contains(v, want) {
			t.Errorf("the 80×24 screen lacks %q:\n%s", want, v)
		}
	}
	for i, line := range lines {
		if w := len([]rune(line)); w > 80 {
			t.Errorf("line %d is %d runes wide: %q", i, w, line)
		}
	}
	bad := 0
	for _, r := range st.rows {
		if r.e.Err != "" {
			bad++
		}
	}
	if bad == 0 || !strings.Contains(v, fmt.Sprintf("読めないもの%d件", bad)) {
		t.Errorf("%d unreadable files, not said in the title:\n%s", bad, v)
	}
}

// Sorting by date, players and moves; reversing; filtering by a player
// and searching; Esc clears the filters, then closes the library.
func TestLibrarySortFilterSearch(t *testing.T) {
	dir := t.TempDir()
	copyRecords(t, "kif-wild", dir)
	m := libraryModel(t, dir, English, 100, 30)
	st := m.library
	col := func(f func(r *libRow) string) []string {
		var out []string
		for _, i := range st.shown {
			out = append(out, f(&st.rows[i]))
		}
		return out
	}
	press(m, "s") // date, newest first
	dates := col(func(r *libRow) string { return r.date })
	for i := 1; i < len(dates); i++ {
		if dates[i] != "" && dates[i] > dates[i-1] {
			t.Fatalf("by date: %q after %q", dates[i], dates[i-1])
		}
	}
	press(m, "s") // 先手
	blacks := col(func(r *libRow) string { return r.black })
	for i := 1; i < len(blacks); i++ {
		if blacks[i] != "" && (blacks[i-1] == "" || blacks[i] < blacks[i-1]) {
			t.Fatalf("by 先手: %q after %q", blacks[i], blacks[i-1])
		}
	}
	press(m, "s", "s") // moves, longest first
	moves := col(func(r *libRow) string { return r.moves })
	first, _ := strconv.Atoi(moves[0])
	press(m, "r")
	moves = col(func(r *libRow) string { return r.moves })
	if last, _ := strconv.Atoi(moves[len(moves)-1]); last != first || !strings.Contains(stripANSI(m.View()), "sorted by moves, longest first, reversed") {
		t.Errorf("reversed by moves: the longest %d should be last, got %s", first, moves[len(moves)-1])
	}
	press(m, "p", "Illya", "enter")
	if len(st.shown) != 2 {
		t.Fatalf("player Illya: %d rows", len(st.shown))
	}
	for _, i := range st.shown {
		if r := st.rows[i]; r.black != "Illya" && r.white != "Illya" {
			t.Errorf("player Illya: row %s vs %s", r.black, r.white)
		}
	}
	press(m, "/", "yagura", "enter")
	if len(st.shown) != 1 || st.rows[st.shown[0]].opening != "Yagura" {
		t.Errorf("Illya and yagura: %d rows", len(st.shown))
	}
	// The opening's Japanese name finds it on the English screen too.
	press(m, "esc", "p", "Illya", "enter", "/", "矢倉", "enter")
	if len(st.shown) != 1 || st.rows[st.shown[0]].opening != "Yagura" {
		t.Errorf("Illya and 矢倉 on the English screen: %d rows", len(st.shown))
	}
	press(m, "esc")
	if st.player != "" || st.search != "" || len(st.shown) != len(st.rows) || m.library == nil {
		t.Errorf("esc: filters %q %q, %d of %d shown", st.player, st.search, len(st.shown), len(st.rows))
	}
	// Full-width letters find half-width ones; every word must match.
	press(m, "/", "ｆｌｏｏｄｇａｔｅ")
	if len(st.shown) == 0 {
		t.Error("a full-width search finds nothing")
	}
	press(m, "esc")
	if st.search != "" || st.typing != inputNone {
		t.Errorf("esc while typing keeps %q", st.search)
	}
	press(m, "esc")
	if m.library != nil {
		t.Error("esc with no filter does not close the library")
	}
}

// Enter opens the game under the cursor for replay; Esc on the board
// comes back to the list on the same row; a file of several games opens
// each game without its file (a save asks for a name).
func TestLibraryOpenAndBack(t *testing.T) {
	dir := t.TempDir()
	copyRecords(t, "kif-wild", dir)
	os.WriteFile(filepath.Join(dir, "multi.csa"), []byte("N+A\nN-B\nPI\n+\n+7776FU\n%TORYO\n/\nN+C\nN-D\nPI\n+\n+2726FU\n-8384FU\n%CHUDAN\n"), 0o644)
	m := libraryModel(t, dir, English, 100, 30)
	st := m.library
	press(m, "j", "j", "j", "j", "j", "j", "j")
	row := st.rows[st.shown[st.sel]]
	for row.e.Err != "" {
		press(m, "j")
		row = st.rows[st.shown[st.sel]]
	}
	sel := st.sel
	press(m, "enter")
	if !st.hidden || m.libraryShown() {
		t.Fatal("enter did not open the game")
	}
	if b, _ := m.s.rec.Get(kif.SideNames(row.e.Handicap)[0]); strings.TrimSpace(b) != row.black || len(m.s.rec.MainMoves()) != row.e.Moves {
		t.Errorf("opened %q with %d moves, the row says %q, %d", b, len(m.s.rec.MainMoves()), row.black, row.e.Moves)
	}
	if m.s.path != filepath.Join(dir, row.e.File) {
		t.Errorf("a one-game file opens as that file: path %q", m.s.path)
	}
	press(m, "right", "right", "esc")
	if !m.libraryShown() || st.sel != sel {
		t.Fatalf("esc on the board: shown %v, row %d, want %d", m.libraryShown(), st.sel, sel)
	}
	if v := stripANSI(m.View()); !strings.Contains(v, "> "+row.date) {
		t.Errorf("the cursor is not on the row opened:\n%s", v)
	}
	press(m, "/", "multi.csa (2/2)", "enter", "enter")
	if m.s.path != "" || !strings.Contains(m.message, "multi.csa (2/2)") || len(m.s.rec.MainMoves()) != 2 {
		t.Errorf("the second game of multi.csa: path %q, message %q", m.s.path, m.message)
	}
}

// A file that cannot be read is listed with its reason; Enter on it
// says why and stays on the list.
func TestLibraryUnreadableListed(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "good.kifu"), []byte("先手：A\n後手：B\n手合割：平手\n   1 ７六歩(77)\n   2 投了\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "broken.kif"), []byte("\n\n"), 0o644)
	m := libraryModel(t, dir, English, 100, 30)
	v := stripANSI(m.View())
	if !strings.Contains(v, "not a record kiki can read: broken.kif: not a game record") {
		t.Fatalf("the unreadable file is not listed with its reason:\n%s", v)
	}
	press(m, "enter") // the broken file sorts first
	if !m.libraryShown() || !m.msgErr || !strings.Contains(m.message, "not a game record") {
		t.Errorf("enter on an unreadable file: shown %v, message %q", m.libraryShown(), m.message)
	}
}

// 10,000 games: the cursor goes to the end and back by pages, and only
// the rows in view are drawn.
func TestLibraryScrollsTenThousand(t *testing.T) {
	o := testOptions()
	m := New(o)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.library = newLibraryState(t.TempDir())
	lib := &library.Library{Root: m.library.root}
	for i := range 10000 {
		lib.Entries = append(lib.Entries, library.Entry{File: fmt.Sprintf("g%05d.kif", i), Black: fmt.Sprintf("b%05d", i), White: "w", Moves: i % 200, Date: "2024/01/01"})
	}
	m.library.started = true
	m.onLibraryMsg(libraryLoadedMsg{m.library, lib, nil})
	h := m.libraryListHeight()
	press(m, "end")
	v := stripANSI(m.View())
	if m.library.sel != 9999 || !strings.Contains(v, "> 2024/01/01 b09999") || strings.Contains(v, "b09999-h") {
		t.Fatalf("end: row %d\n%s", m.library.sel, v)
	}
	if got := strings.Count(v, "g0") + strings.Count(v, "b0"); got > 2*h+2 {
		t.Errorf("%d rows drawn for %d lines", got/2, h)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyPgUp})
	if m.library.sel != 9999-h || !strings.Contains(stripANSI(m.View()), fmt.Sprintf("> 2024/01/01 b%05d", 9999-h)) {
		t.Errorf("page up: row %d, want %d", m.library.sel, 9999-h)
	}
	press(m, "home")
	if m.library.sel != 0 || m.library.top != 0 {
		t.Errorf("home: row %d, top %d", m.library.sel, m.library.top)
	}
	// A screen too small says so, and keys still move the cursor.
	m.Update(tea.WindowSizeMsg{Width: 30, Height: 6})
	m.showHelp = true
	press(m, "j")
	if v := m.View(); !strings.Contains(v, "least 40x10") || m.library.sel != 1 {
		t.Errorf("30×6: row %d\n%s", m.library.sel, v)
	}
}

// The first indexing shows its progress, and Esc stops it.
func TestLibraryProgressAndCancel(t *testing.T) {
	dir := t.TempDir()
	copyRecords(t, "kif", dir)
	o := testOptions()
	o.LibraryDir = dir
	m := newTestModel(o)
	st := m.library
	st.started = true // the test gives the news itself
	m.onLibraryMsg(libraryProgressMsg{st, 40, 107})
	if v := stripANSI(m.View()); !strings.Contains(v, "reading the records: 40 of 107 files") || !strings.Contains(v, "esc stops") {
		t.Errorf("progress not shown:\n%s", v)
	}
	press(m, "esc")
	if m.library != nil || !strings.Contains(m.message, "indexing stopped") {
		t.Errorf("esc while indexing: library %v, message %q", m.library != nil, m.message)
	}
	// The real indexing, cancelled at once, ends without a word.
	m.library = newLibraryState(dir)
	cmd := m.startLibrary()
	live := m.library
	press(m, "esc")
	for cmd != nil {
		msg := cmd()
		if _, done := msg.(libraryLoadedMsg); done {
			break
		}
		cmd = live.wait()
	}
	if m.library != nil {
		t.Error("the cancelled library came back")
	}
}

// The library's screens speak one language: the list, the filter line,
// the full help and the progress, in English and in Japanese.
func TestLibraryOneLanguage(t *testing.T) {
	names := map[Lang][2][2]string{English: {{"Alice", "Bob"}, {"Carol", "Dave"}}, Japanese: {{"羽生", "谷川"}, {"森内", "佐藤"}}}
	dirs := map[Lang]string{}
	for l, pairs := range names {
		dir := t.TempDir()
		for i, p := range pairs {
			rec := fmt.Sprintf("開始日時：2024/01/0%d\n先手：%s\n後手：%s\n手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ６六歩(67)\n   4 ８四歩(83)\n   5 ６八飛(28)\n   6 投了\n", i+1, p[0], p[1])
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("g%d.kifu", i)), []byte(rec), 0o644)
		}
		os.WriteFile(filepath.Join(dir, "bad.kif"), []byte("\n"), 0o644)
		dirs[l] = dir
	}
	for _, l := range []Lang{English, Japanese} {
		for _, size := range [][2]int{{80, 24}, {200, 50}} {
			dir := dirs[l]
			m := libraryModel(t, dir, l, size[0], size[1])
			screens := map[string]string{"list": m.View()}
			press(m, "p", "a")
			screens["typing"] = m.View()
			press(m, "enter", "s", "r", "?")
			screens["help"] = m.View()
			press(m, "esc", "esc", "esc")
			m.library = newLibraryState(dir)
			m.onLibraryMsg(libraryProgressMsg{m.library, 1, 3})
			screens["progress"] = m.View()
			for name, s := range screens {
				for _, line := range strings.Split(stripANSI(s), "\n") {
					if bad := mixed(l, line); bad != "" {
						t.Errorf("%v %d×%d %s: %q in %q", l, size[0], size[1], name, bad, line)
					}
				}
				if a := ambiguous(stripANSI(s)); a != "" {
					t.Errorf("%v %s: ambiguous-width %q", l, name, a)
				}
			}
		}
	}
}

// Over a game in progress, Enter on a row asks first, on the library's
// screen; discarding opens the game. The wheel and a click move the
// cursor; o opens a record over the list, and Esc comes back to it.
func TestLibraryAsksAndMouse(t *testing.T) {
	dir := t.TempDir()
	copyRecords(t, "kif", dir)
	o := testOptions()
	o.DataDir = t.TempDir()
	o.Dir = dir
	m := newTestModel(o)
	press(m, ":", "7g7f", "enter")
	m.onLibraryMsg(openLibraryMsg{dir})
	loadLibrary(t, m)
	m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if m.library.sel != 3 {
		t.Errorf("wheel down: row %d, want 3", m.library.sel)
	}
	m.Update(tea.MouseMsg{X: 5, Y: libraryListY + 1, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	if m.library.sel != 1 {
		t.Errorf("click on the second row: row %d", m.library.sel)
	}
	press(m, "enter")
	v := stripANSI(m.View())
	if _, ok := m.dialog.(*widget.Choice); !ok || !m.libraryShown() || !strings.Contains(v, "open a game of the library") {
		t.Fatalf("enter over a game on: dialog %T\n%s", m.dialog, v)
	}
	press(m, "d")
	if m.libraryShown() || m.s.playing {
		t.Fatalf("discard: the game was not opened (shown %v)", m.libraryShown())
	}
	press(m, "esc", "o")
	d, ok := m.dialog.(*openDialog)
	if !ok || !m.libraryShown() || !strings.Contains(stripANSI(m.View()), "open a record") {
		t.Fatalf("o on the list: dialog %T", m.dialog)
	}
	d.typing = true
	d.in.SetValue(filepath.Join(dir, "jkf-noeol.kif"))
	press(m, "enter")
	if m.libraryShown() || !strings.HasSuffix(m.s.path, "jkf-noeol.kif") {
		t.Errorf("a record opened from the list's o: shown %v, path %q", m.libraryShown(), m.s.path)
	}
	press(m, "esc")
	if !m.libraryShown() {
		t.Error("esc does not come back to the list")
	}
}

// BenchmarkLibraryShow10000 is the screen's part of opening a library of
// 10,000 games (the index's part is kif/library's
// BenchmarkOpenIndexed10000): the rows written, the list drawn, a search
// typed a letter at a time and the cursor sent to the end.
func BenchmarkLibraryShow10000(b *testing.B) {
	lib := &library.Library{Root: "/games"}
	for i := range 10000 {
		lib.Entries = append(lib.Entries, library.Entry{File: fmt.Sprintf("y%02d/g%05d.kifu", i%30, i), Black: fmt.Sprintf("羽生%04d", i%997),
			White: fmt.Sprintf("player%04d", i%991), Date: fmt.Sprintf("%04d/%02d/01", 1990+i%35, 1+i%12), Moves: i % 200,
			Result: library.Result(i % 4), Ending: "投了", Opening: library.Yagura, FirstMoves: "▲７六歩 △３四歩 ▲２六歩"})
	}
	o := testOptions()
	for range b.N {
		m := New(o)
		m.Update(tea.WindowSizeMsg{Width: 200, Height: 50})
		m.library = newLibraryState("/games")
		m.library.started = true
		m.onLibraryMsg(libraryLoadedMsg{m.library, lib, nil})
		_ = m.View()
		press(m, "/", "羽生12", "enter", "end")
		_ = m.View()
	}
}

// A record discarded on the way to the library is not asked about again
// when a game of the library is opened: o, discard, the library, Enter.
// A change made after the discard asks again.
func TestLibraryAfterDiscardAsksOnce(t *testing.T) {
	dir := t.TempDir()
	copyRecords(t, "kif", dir)
	o := testOptions()
	o.DataDir = t.TempDir()
	o.Dir = dir
	m := newTestModel(o)
	press(m, ":", "7g7f", "enter", "o")
	if _, ok := m.dialog.(*widget.Choice); !ok {
		t.Fatalf("o over a changed record: %T, want the question", m.dialog)
	}
	press(m, "d")
	if _, ok := m.dialog.(*openDialog); !ok {
		t.Fatalf("discard: %T, want the open dialog", m.dialog)
	}
	m.dialog = nil
	m.onLibraryMsg(openLibraryMsg{dir})
	loadLibrary(t, m)
	press(m, "enter")
	if m.libraryShown() || m.dialog != nil {
		t.Fatalf("Enter after discard asks again (dialog %T, library shown %v)", m.dialog, m.libraryShown())
	}

	m = newTestModel(o)
	press(m, ":", "7g7f", "enter", "o", "d", "esc")
	if !m.s.unsaved() || m.dialog != nil || m.s.node.Ply != 1 {
		t.Fatalf("a move, o, discard, esc: unsaved %v, dialog %T, ply %d", m.s.unsaved(), m.dialog, m.s.node.Ply)
	}
	press(m, "o")
	if _, ok := m.dialog.(*openDialog); !ok {
		t.Fatalf("o again, the record as discarded: %T, want the open dialog", m.dialog)
	}
	press(m, "esc", ":", "3c3d", "enter", "o")
	if _, ok := m.dialog.(*widget.Choice); !ok || m.s.node.Ply != 2 {
		t.Errorf("o after a change made since the discard: %T, want the question", m.dialog)
	}
}
