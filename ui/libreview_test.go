package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
	"kiki/ai/nnue"
	"kiki/ai/review"
	"kiki/game/refdata"
	"kiki/ui/widget"
)

// habuGames are three real records of ../shared/data/kif in which 羽生善治
// plays (先手, 後手, 先手), 103 to 117 moves each.
var habuGames = []string{"jkf-oui201407080101.kif", "jkf-ouza201410070101.kif", "jkf-ryuou201409020101.kif"}

// reviewLibrary is a folder of the three records and an unreadable file.
func reviewLibrary(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range habuGames {
		data, err := os.ReadFile(refdata.Path(t, "kif", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "broken.kif"), []byte("\n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// tinyReview is a review budget that takes seconds for the three games.
func tinyReview() *review.Settings {
	return &review.Settings{Limits: ai.Limits{Nodes: 3000}, MultiPV: 3, MateNodes: 3000, MatePlies: 15}
}

// reviewModel opens the library of dir with the data folder data, at
// w×h in language l, sorted by file (habuGames' order, then broken.kif first).
func reviewModel(t *testing.T, dir, data string, l Lang, w, h int) *Model {
	t.Helper()
	o := testOptions()
	o.Lang = l
	o.DataDir = data
	o.LibraryDir = dir
	o.Review = tinyReview()
	m := New(o)
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	loadLibrary(t, m)
	t.Cleanup(func() { m.closeLibrary(); stopWork(m) })
	return m
}

// keyUpdate sends one key through Update and returns its command.
func keyUpdate(m *Model, k string) tea.Cmd {
	msg, _ := keyMsg(k)
	_, cmd := m.Update(msg)
	return cmd
}

// follow runs the review's messages through Update until its command
// chain ends, calling each after every message.
func follow(t *testing.T, m *Model, cmd tea.Cmd, each func(tea.Msg)) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for cmd != nil {
		if time.Now().After(deadline) {
			t.Fatal("the review did not end")
		}
		msg := cmd()
		if _, ok := msg.(tea.BatchMsg); ok {
			t.Fatalf("a batch where one message was expected")
		}
		_, cmd = m.Update(msg)
		if each != nil {
			each(msg)
		}
	}
}

// A over the list reviews its games in the background, the progress bar
// under the list; A again pauses, and after a restart (a new model on the
// same data folder) A goes on: the game done is taken from the cache and
// the game half done from its last saved position. The unreadable file is
// counted as failed and said, never fatal. A third run searches nothing.
func TestLibraryReviewPauseResumeCache(t *testing.T) {
	dir, data := reviewLibrary(t), t.TempDir()
	m := reviewModel(t, dir, data, English, 120, 40)
	st := m.library
	if len(st.shown) != 4 || st.anyReview() {
		t.Fatalf("%d rows, a review before any: %v", len(st.shown), st.anyReview())
	}
	var bar string
	paused := false
	follow(t, m, keyUpdate(m, "A"), func(msg tea.Msg) {
		rv := st.review
		if p, ok := msg.(libRevProgressMsg); ok && rv.cur == p.qi && bar == "" && p.plies >= 20 {
			bar = stripANSI(m.View())
		}
		// Paused in the second game, once a save has kept some of it.
		if p, ok := msg.(libRevProgressMsg); ok && p.qi == 2 && p.plies >= 10 && !paused {
			paused = true
			keyUpdate(m, "A")
		}
	})
	if !strings.Contains(bar, "review [") || !strings.Contains(bar, "games, game ") || !strings.Contains(bar, "A pauses") {
		t.Errorf("no progress bar while reviewing:\n%s", bar)
	}
	rv := st.review
	if !paused || rv.run != nil || rv.status[0] != revFailed || rv.status[1] != revSearched || rv.status[2] != revPending {
		t.Fatalf("after the pause: %v", rv.status)
	}
	if !strings.Contains(m.message, "review paused at 2 of 4 games") {
		t.Errorf("the pause says %q", m.message)
	}
	setKey := m.reviewSetup().set.Key()
	half := cachedPlies(t, data, setKey)
	if len(half) != 2 {
		t.Fatalf("the cache holds %d games after the pause, want 2 (one done, one half)", len(half))
	}

	// A restart: the list shows the reviews kept (the first game's
	// worst, the second's progress so far).
	m2 := reviewModel(t, dir, data, English, 120, 40)
	st2 := m2.library
	follow(t, m2, loadRowReviews(st2, m2.reviewSetup(), st2.lib.Entries), nil)
	if r := st2.rows[st2.shown[1]]; r.rev == nil || !r.rev.done || r.worst == "" {
		t.Errorf("the first game's review is not listed: %+v %q", r.rev, r.worst)
	}
	if r := st2.rows[st2.shown[2]]; r.rev == nil || r.rev.done || !strings.HasPrefix(r.worst, "so far ") {
		t.Errorf("the second game's half review is not listed: %+v %q", r.rev, r.worst)
	}
	firstPly := map[int]int{}
	follow(t, m2, keyUpdate(m2, "A"), func(msg tea.Msg) {
		if p, ok := msg.(libRevProgressMsg); ok && firstPly[p.qi] == 0 {
			firstPly[p.qi] = p.plies
		}
	})
	rv = st2.review
	if rv.status[1] != revCached || rv.status[2] != revSearched || rv.status[3] != revSearched || rv.status[0] != revFailed {
		t.Fatalf("after the restart: %v", rv.status)
	}
	if _, ok := firstPly[1]; ok {
		t.Error("the game done was searched again")
	}
	if firstPly[2] <= 4 {
		t.Errorf("the half-done game started again from position %d", firstPly[2])
	}
	if !strings.Contains(m2.message, "review done: 3 games reviewed, 1 failed") || !strings.Contains(m2.message, "broken.kif") {
		t.Errorf("the end says %q", m2.message)
	}
	done := cachedPlies(t, data, setKey)
	if len(done) != 3 {
		t.Fatalf("%d games kept", len(done))
	}

	thirdRunCached(t, m2, data)
}

// thirdRunCached: A once every game is reviewed takes each from the
// cache and writes no file again; the list shows the worst moves.
func thirdRunCached(t *testing.T, m2 *Model, data string) {
	t.Helper()
	st2 := m2.library
	stamp := cacheStamps(t, data)
	follow(t, m2, keyUpdate(m2, "A"), nil)
	if rv := st2.review; rv.count(revCached) != 3 || rv.count(revSearched) != 0 {
		t.Errorf("the third run: %v", rv.status)
	}
	for f, mod := range cacheStamps(t, data) {
		if !mod.Equal(stamp[f]) {
			t.Errorf("%s was written again", f)
		}
	}
	keyUpdate(m2, "j") // the first game: its worst three under the list
	v := stripANSI(m2.View())
	for _, want := range []string{"worst move", "review [####################] 4/4 games, 1 failed   done", "worst moves: "} {
		if !strings.Contains(v, want) {
			t.Errorf("the list lacks %q:\n%s", want, v)
		}
	}
}

// cachedPlies are the reviews kept at the settings, by file: how many
// positions each holds.
func cachedPlies(t *testing.T, data, setKey string) map[string]int {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(data, "review", setKey, "*.json"))
	out := map[string]int{}
	for _, f := range files {
		r, ok, err := review.Cache{Dir: filepath.Join(data, "review")}.Load(strings.TrimSuffix(filepath.Base(f), ".json"), setKey)
		if !ok || err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[f] = len(r.Plies)
	}
	return out
}

// cacheStamps are the modification times of the review's files.
func cacheStamps(t *testing.T, data string) map[string]time.Time {
	t.Helper()
	out := map[string]time.Time{}
	files, _ := filepath.Glob(filepath.Join(data, "review", "*", "*.json"))
	for _, f := range files {
		st, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		out[f] = st.ModTime()
	}
	return out
}

// Filtered by a player, the list reviewed, T makes problems of that
// player's mistakes in the games listed (each with its file, game and
// move), a second T adds none; T, p asks them over the list, Esc comes
// back to it. A reviewed game opens with its graph, without searching.
func TestLibraryProblemsFromPlayer(t *testing.T) {
	dir, data := reviewLibrary(t), t.TempDir()
	m := reviewModel(t, dir, data, English, 80, 24)
	st := m.library
	st.player = "羽生"
	st.refilter(-1)
	if len(st.shown) != 3 {
		t.Fatalf("羽生 plays %d games", len(st.shown))
	}
	keyUpdate(m, "T")
	d, ok := m.dialog.(*widget.Choice)
	if !ok || !strings.Contains(d.View(&m.theme, 10), "羽生's mistakes") {
		t.Fatalf("T opens %T", m.dialog)
	}
	follow(t, m, keyUpdate(m, "m"), nil)
	if !strings.Contains(m.message, "none of the games listed has been reviewed yet (3 to review") {
		t.Errorf("before the review: %q", m.message)
	}
	follow(t, m, keyUpdate(m, "A"), nil)
	keyUpdate(m, "T")
	follow(t, m, keyUpdate(m, "m"), nil)
	set, err := review.LoadSet(data)
	if err != nil || len(set.Problems) == 0 {
		t.Fatalf("no problems made (%v): %q", err, m.message)
	}
	if want := "new problems from 3 reviewed games"; !strings.Contains(m.message, want) {
		t.Errorf("the message %q lacks %q", m.message, want)
	}
	for _, p := range set.Problems {
		if p.Player != "羽生善治" || !strings.HasPrefix(p.Source, dir) || p.Ply < 1 || len(p.Answers) == 0 {
			t.Errorf("problem %+v", p)
		}
		// 羽生 is 先手 in the first and third games, 後手 in the second:
		// his moves are the odd plies there, the even ones here.
		if odd := p.Ply%2 == 1; odd != !strings.Contains(p.Source, "ouza") {
			t.Errorf("problem at move %d of %s is not 羽生's", p.Ply, p.Source)
		}
	}
	keyUpdate(m, "T")
	follow(t, m, keyUpdate(m, "m"), nil)
	if !strings.HasPrefix(m.message, "0 new problems") {
		t.Errorf("a second T: %q", m.message)
	}

	// The reviewed game opens with its graph, no search started.
	keyUpdate(m, "enter")
	moves := len(m.s.rec.MainMoves())
	if m.libraryShown() || len(m.analysis.Results) != moves+1 || m.analysis.Running {
		t.Fatalf("the game opened with %d results of %d positions", len(m.analysis.Results), moves+1)
	}
	if g := m.analysis.Graph(English, 60, 6, m.s.node); len(g) == 0 {
		t.Error("no graph")
	}
	if !strings.Contains(m.message, "its review is shown") {
		t.Errorf("opening says %q", m.message)
	}
	keyUpdate(m, "esc")
	if !m.libraryShown() {
		t.Fatal("Esc did not come back to the list")
	}

	// T, p over the list: the problem alone on the board (not the graph
	// of the game opened before), and Esc comes back to the list.
	keyUpdate(m, "T")
	keyUpdate(m, "p")
	if m.drill() == nil || m.libraryShown() || !strings.Contains(m.message, "problem 1/") || len(m.analysis.Results) != 0 {
		t.Fatalf("T, p over the list: drill %v, list shown %v, %d results, %q", m.drill() != nil, m.libraryShown(), len(m.analysis.Results), m.message)
	}
	keyUpdate(m, "esc")
	if m.drill() != nil || !m.libraryShown() || len(m.analysis.Results) != moves+1 {
		t.Fatalf("Esc did not come back to the list as it was (%d results)", len(m.analysis.Results))
	}
}

// The review's screens speak one language, with no character of
// ambiguous width: the column and the worst three (a missed mate and
// losses), the bar running, paused and done, T's menu with and without a
// player, and what T says after.
func TestLibraryReviewOneLanguage(t *testing.T) {
	// The players' names in the screen's language, as a person's would be.
	names := map[Lang][2][2]string{English: {{"Alice", "Bob"}, {"Carol", "Dave"}}, Japanese: {{"羽生", "谷川"}, {"森内", "佐藤"}}}
	dirs := map[Lang]string{}
	for l, pairs := range names {
		dirs[l] = t.TempDir()
		for i, p := range pairs {
			rec := fmt.Sprintf("先手：%s\n後手：%s\n手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ６六歩(67)\n   4 ８四歩(83)\n   5 投了\n", p[0], p[1])
			os.WriteFile(filepath.Join(dirs[l], fmt.Sprintf("g%d.kifu", i)), []byte(rec), 0o644)
		}
	}
	moments := &rowReview{plies: 4, moves: 4, done: true, worst: []review.Ply{
		{Ply: 3, Mover: 0, Missed: true}, {Ply: 2, Mover: 1, Score: -100, After: 900}, {Ply: 4, Mover: 1, Score: 0, After: 400}}}
	for _, l := range []Lang{English, Japanese} {
		for _, size := range [][2]int{{80, 24}, {200, 50}} {
			m := reviewModel(t, dirs[l], t.TempDir(), l, size[0], size[1])
			screens := map[string]string{}
			keyUpdate(m, "A")
			screens["running"] = m.View()
			keyUpdate(m, "A")
			screens["pausing"] = m.View()
			follow(t, m, m.library.review.run.wait(), nil)
			screens["paused"] = m.View()
			follow(t, m, keyUpdate(m, "A"), nil)
			m.library.setReview(0, l, moments)
			screens["done"] = m.View()
			keyUpdate(m, "T")
			screens["menu"] = m.View()
			keyUpdate(m, "esc")
			m.library.player = names[l][1][0]
			m.library.refilter(-1)
			keyUpdate(m, "T")
			screens["menu player"] = m.View()
			follow(t, m, keyUpdate(m, "m"), nil)
			screens["made"] = m.View()
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
			if v := stripANSI(screens["done"]); !strings.Contains(v, tr(l, "lib.col.worst")) || !strings.Contains(v, fmt.Sprintf(tr(l, "lrv.missed"), "☗", 3)) {
				t.Errorf("%v %d×%d: the worst moves are not shown:\n%s", l, size[0], size[1], v)
			}
		}
	}
}

// The registry's engine for analysis reviews when there is one, and its
// reviews are kept apart from the built-in AI's: switching engines
// searches again, switching back finds its own.
func TestLibraryReviewEngineKeptApart(t *testing.T) {
	dir := t.TempDir()
	for i := range 2 {
		// Two games, not one twice: the cache knows a game by its moves.
		second := []string{"３四歩(33)", "８四歩(83)"}[i]
		rec := fmt.Sprintf("先手：A%d\n後手：B%d\n手合割：平手\n   1 ７六歩(77)\n   2 %s\n   3 ６六歩(67)\n   4 投了\n", i, i, second)
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("g%d.kifu", i)), []byte(rec), 0o644)
	}
	m := reviewModel(t, dir, t.TempDir(), English, 100, 30)
	builtin := m.reviewSetup().set
	m.ext.cfg, m.ext.analyse = EngineConfig{Path: fakeEnginePath(t, "normal")}, true
	engine := m.reviewSetup().set
	if engine.Key() == builtin.Key() || !strings.HasPrefix(engine.Name, "usi ") || builtin.Name != "kiki" {
		t.Fatalf("the settings do not tell the engines apart: %q %q", builtin.Name, engine.Name)
	}
	run := func(want string) {
		t.Helper()
		follow(t, m, keyUpdate(m, "A"), nil)
		if !strings.Contains(m.message, want) {
			t.Errorf("%q, want %q", m.message, want)
		}
	}
	run("review done: 2 games (2 searched now, 0 reviewed before)")
	m.ext.analyse = false
	run("review done: 2 games (2 searched now, 0 reviewed before)")
	m.ext.analyse = true
	run("review done: 2 games (0 searched now, 2 reviewed before)")
}

// Quitting stops the review: its goroutine ends at once (the game half
// done keeps what was searched), it does not go on behind the program.
func TestLibraryReviewStopsOnQuit(t *testing.T) {
	dir, data := reviewLibrary(t), t.TempDir()
	m := reviewModel(t, dir, data, English, 100, 30)
	run := keyUpdate(m, "A")
	rv := m.library.review
	m.Update(quitMsg{})
	follow(t, m, run, nil)
	// Unstopped, it would have reviewed every game before its end.
	if rv.run != nil || rv.count(revPending) == 0 {
		t.Errorf("after quit the review went on: %v", rv.status)
	}
}

// With the learned evaluation the built-in AI plays it at full strength
// (the engine New makes holds it) and its reviews are cached apart from
// the hand-made evaluation's and other weights'.
func TestLearnedEvaluationReviewsApart(t *testing.T) {
	net := nnue.NewNet()
	learned, hand := New(Options{Net: net}), New(Options{})
	if e := learned.opts.NewEngine(); e.Net != net {
		t.Error("the default engine does not hold Options.Net")
	}
	if e := hand.opts.NewEngine(); e.Net != nil {
		t.Error("without Options.Net the default engine has a network")
	}
	if a, b := learned.reviewSetup().set, hand.reviewSetup().set; a.Key() == b.Key() {
		t.Errorf("reviews by both evaluations share a cache key: %q and %q", a.Name, b.Name)
	}
	// Other weights (a new release's) are another evaluation too.
	other := nnue.NewNet()
	other.OutBias = 1
	if a, b := learned.reviewSetup().set, New(Options{Net: other}).reviewSetup().set; a.Key() == b.Key() {
		t.Errorf("reviews by two networks share a cache key: %q and %q", a.Name, b.Name)
	}
}
