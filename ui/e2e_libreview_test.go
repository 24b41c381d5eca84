package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"kiki/ai/review"
	"kiki/game/refdata"
)

// copyKif copies records of ../shared/data/kif into dir.
func copyKif(t *testing.T, dir string, names ...string) {
	t.Helper()
	os.MkdirAll(dir, 0o755)
	for _, name := range names {
		data, err := os.ReadFile(refdata.Path(t, "kif", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// waitWithin polls the pane until text shows, for up to d.
func (p *tmuxPane) waitWithin(text string, d time.Duration) string {
	p.t.Helper()
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		if s := p.screen(); strings.Contains(s, text) {
			return s
		}
	}
	p.t.Fatalf("did not see %q within %v on\n%s", text, d, p.screen())
	return ""
}

// reviewedPly is the position of game g the review's bar shows, waiting
// (up to a minute) until it shows one at least min.
func (p *tmuxPane) reviewedPly(g, min int) int {
	p.t.Helper()
	re := regexp.MustCompile(fmt.Sprintf(`、%d局目 (\d+)/\d+局面`, g))
	for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if m := re.FindStringSubmatch(p.screen()); m != nil {
			if n, _ := strconv.Atoi(m[1]); n >= min {
				return n
			}
		}
	}
	p.t.Fatalf("game %d never reached position %d:\n%s", g, min, p.screen())
	return 0
}

// The library's review in a real terminal: A reviews the games listed;
// killed mid-review (the tmux server ends, and kiki with it), the half
// done game is in the cache, and after a restart A goes on from there.
// Then at 80×24 and 200×50, with a new game added: p filters by a player,
// Enter opens a reviewed game with its graph, A reviews the new game
// only, T makes problems of the player's mistakes, and T, p practises
// one, answered right.
func TestLibraryReviewInTmux(t *testing.T) {
	dir, bin := e2eBinary(t)
	env := trustEnv(dir)
	lib := filepath.Join(dir, "records")
	copyKif(t, lib, habuGames...)
	cmd := bin + " --no-mouse --lang ja --review-nodes 10000 " + lib

	killAndResume(t, dir, env, cmd)
	copyKif(t, lib, "pyshogi-habu-fujii-2006.kif", "mog-game-002.kif")
	for i, size := range [][2]int{{80, 24}, {200, 50}} {
		p := startTmux(t, "kiki-librev", size[0], size[1], env, cmd)
		p.waitFor("5 / 5 件")
		p.keys("p")
		p.typ("羽生")
		p.keys("Enter")
		s := p.waitFor("対局者: 羽生")
		if !strings.Contains(s, "4 / 5 件") || !strings.Contains(s, "??") {
			t.Errorf("%d×%d: filtered by 羽生, the reviews listed:\n%s", size[0], size[1], s)
		}
		p.keys("Enter")
		s = p.waitFor("解析済み: グラフと")
		if !strings.Contains(s, "評価値(先手)") || !strings.ContainsAny(s, "⣿⣤⠤") {
			t.Errorf("%d×%d: the reviewed game opened without its graph:\n%s", size[0], size[1], s)
		}
		p.keys("Escape")
		p.waitFor("棋譜一覧")
		p.keys("A")
		want := []string{"今回解析 1局、解析済み 3局", "今回解析 0局、解析済み 4局"}[i]
		p.waitWithin(want, 90*time.Second)
		p.keys("T")
		p.waitFor("羽生 の悪手を問題にする")
		p.keys("m")
		p.waitFor("(解析済み 4 局から")
		set, err := review.LoadSet(filepath.Join(dir, "data"))
		if err != nil || len(set.Problems) == 0 {
			t.Fatalf("no problems kept: %v", err)
		}
		pr := set.Order(time.Now())[0]
		p.keys("T")
		p.waitFor("p 解く")
		p.keys("p")
		p.waitFor("問題 1/")
		p.keys(":")
		p.typ(pr.Answers[0])
		p.keys("Enter")
		p.waitFor("正解: ")
		if set, _ := review.LoadSet(filepath.Join(dir, "data")); set.Cards[pr.ID].Right != 1 {
			t.Errorf("%d×%d: the answer was not kept: %+v", size[0], size[1], set.Cards[pr.ID])
		}
		p.keys("Escape")
		p.waitFor("棋譜一覧")
		p.stop()
	}
}

// killAndResume starts the review, kills kiki (tmux kill-server) in the
// first game, checks the cache holds that game half done, then starts
// kiki and the review again: it goes on from there to the end.
func killAndResume(t *testing.T, dir, env, cmd string) {
	t.Helper()
	p := startTmux(t, "kiki-librev", 80, 24, env, cmd)
	p.waitFor("3 / 3 件")
	p.keys("A")
	killedAt := p.reviewedPly(1, 30)
	p.stop()
	cache := filepath.Join(dir, "data", "review")
	files, _ := filepath.Glob(filepath.Join(cache, "*", "*.json"))
	if len(files) != 1 {
		t.Fatalf("%d reviews kept after the kill at position %d: %v", len(files), killedAt, files)
	}
	setKey := filepath.Base(filepath.Dir(files[0]))
	kept, ok, err := review.Cache{Dir: cache}.Load(strings.TrimSuffix(filepath.Base(files[0]), ".json"), setKey)
	if !ok || err != nil || kept.Done || len(kept.Plies) < killedAt-reviewSaveEvery {
		t.Fatalf("kept %d positions (done %v, %v) of the %d reviewed when killed", len(kept.Plies), kept.Done, err, killedAt)
	}

	p = startTmux(t, "kiki-librev", 80, 24, env, cmd)
	p.waitFor("3 / 3 件")
	p.keys("A")
	if first := p.reviewedPly(1, 1); first <= len(kept.Plies) {
		t.Errorf("after the restart the first game went on from position %d, %d were kept", first, len(kept.Plies))
	}
	s := p.waitWithin("一括解析完了: 3局 (今回解析 3局、解析済み 0局)", 90*time.Second)
	if !strings.Contains(s, "3/3局   完了") || !strings.Contains(s, "最大の悪手") {
		t.Errorf("the review's end:\n%s", s)
	}
	p.stop()

}
