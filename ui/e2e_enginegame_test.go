package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"kiki/kif"
)

// The real engines the registry tests use, where Debian installs them.
const (
	fsfPath = "/usr/games/fairy-stockfish"
	gpsPath = "/usr/games/gpsusi"
)

// waitLong polls the pane until text shows, for up to d.
func (p *tmuxPane) waitLong(text string, d time.Duration) string {
	p.t.Helper()
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(500 * time.Millisecond) {
		if s := p.screen(); strings.Contains(s, text) {
			return s
		}
	}
	p.t.Fatalf("did not see %q within %v on\n%s", text, d, p.screen())
	return ""
}

// waitPly polls the pane until its status line shows move n or later:
// a move number can stand for less than a poll (gpsusi plays its book at
// once), so no exact number is waited for.
func (p *tmuxPane) waitPly(n int, d time.Duration) string {
	p.t.Helper()
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(200 * time.Millisecond) {
		if s := p.screen(); plyOnScreen(s) >= n {
			return s
		}
	}
	p.t.Fatalf("did not see move %d or later within %v on\n%s", n, d, p.screen())
	return ""
}

// plyOnScreen is the move number the status line shows (0 before the
// first move).
func plyOnScreen(s string) int {
	var n int
	if m := regexp.MustCompile(`move (\d+) `).FindStringSubmatch(s); m != nil {
		fmt.Sscan(m[1], &n)
	}
	return n
}

// repeat is key k n times.
func repeat(k string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = k
	}
	return out
}

// savedEnding is the file at path once it holds a record with an ending
// (a save's message may still be on screen from an earlier save: the
// file itself says when the ending is in), or as it is after 5 s.
func savedEnding(path string) []byte {
	var data []byte
	for i := 0; i < 50; i++ {
		time.Sleep(100 * time.Millisecond)
		data, _ = os.ReadFile(path)
		if r, err := kif.Read(path, data); err == nil && r.Ending() != nil {
			break
		}
	}
	return data
}

// Engine against engine in a real terminal: fairy-stockfish and gpsusi
// registered in engines.json, chosen for 先手 and 後手 in the new-game
// dialog by their names, at 1 s byoyomi with no main time. The game runs
// by itself with both engines' lines on screen; z pauses it (nothing
// moves) and resumes it; S saves it mid-game; it is played to its end,
// saved again, and the record replays legally through the rules core
// with a result the final position bears out.
//
// A game at full strength took about two minutes here (134 plies), but
// may run to match.MaxPlies, about six, which with the rest of the
// package's tests comes close to go test's ten: by default
// fairy-stockfish plays at Skill Level 0 (its registry entry's option),
// which gpsusi beats sooner; KIKI_LONG_E2E=1 plays it at full strength.
func TestEndToEndEngineAgainstEngine(t *testing.T) {
	for _, e := range []string{fsfPath, gpsPath} {
		if _, err := os.Stat(e); err != nil {
			t.Skipf("%s is not installed (apt-get install fairy-stockfish gpsshogi runs this test)", e)
		}
	}
	dir, bin := e2eBinary(t)
	fsfOptions := []OptionSetting{{Name: "Threads", Value: "1"}, {Name: "Skill Level", Value: "0"}}
	if os.Getenv("KIKI_LONG_E2E") == "1" {
		fsfOptions = fsfOptions[:1]
	} else {
		t.Log("fairy-stockfish at Skill Level 0 (KIKI_LONG_E2E=1 plays it at full strength)")
	}
	writeRegistry(t, dir, []EngineEntry{
		{Name: "fairy-stockfish", Path: fsfPath, Values: fsfOptions},
		{Name: "gpsusi", Path: gpsPath, Values: []OptionSetting{{Name: "Thread", Value: "1"}}},
	}...)
	p := startTmux(t, "kiki-eve", 120, 40, trustEnv(dir), bin+" --human --no-mouse")
	p.waitFor("先手 to move")
	p.keys("n")
	p.waitFor("analyser")
	// 先手: person → kiki → fairy-stockfish; 後手 (kiki when both were
	// people) → fairy-stockfish → gpsusi; byoyomi, main 0, 1 s.
	p.keys("j", "l", "l", "j", "l", "l", "j", "j", "l", "j")
	p.keys(repeat("h", 10)...)
	p.keys("j")
	p.keys(repeat("h", 13)...)
	s := p.waitFor("byoyomi 1 s")
	if !strings.Contains(s, "先手      fairy-stockfish") || !strings.Contains(s, "後手      gpsusi") {
		t.Fatalf("the dialog does not show the engines chosen:\n%s", s)
	}
	p.keys("Enter")
	p.waitLong("☗先手 Fairy-Stockfish", 20*time.Second)
	p.waitLong("☖後手 gpsshogi", 20*time.Second)
	p.waitPly(6, 30*time.Second)
	p.keys("z")
	s = p.waitFor("paused")
	before := plyOnScreen(s)
	time.Sleep(3 * time.Second)
	if after := plyOnScreen(p.screen()); after != before {
		t.Errorf("paused at move %d, but move %d 3 s later", before, after)
	}
	p.keys("z")
	p.waitFor("resumed")
	p.waitPly(before+2, 20*time.Second)
	path := filepath.Join(dir, "fsf-gps.kif")
	p.keys("S", "C-u")
	p.typ(path)
	p.keys("Enter")
	p.waitFor("saved")
	mid, err := kif.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := mid.Get("先手"); !strings.HasPrefix(b, "Fairy-Stockfish") || len(mid.MainMoves()) < before || mid.Ending() != nil {
		t.Fatalf("saved mid-game: 先手 %q, %d moves, ending %v", b, len(mid.MainMoves()), mid.Ending())
	}
	s = p.waitLong("game over", 7*time.Minute)
	banner, _, _ := strings.Cut(regexp.MustCompile(`game over: [^\n]*`).FindString(s), "  ")
	t.Logf("ended at move %d: %s", plyOnScreen(s), banner)
	p.keys("s")
	r := checkPlayedRecord(t, savedEnding(path))
	if b, _ := r.Get("先手"); !strings.HasPrefix(b, "Fairy-Stockfish") {
		t.Errorf("先手 %q", b)
	}
	if w, _ := r.Get("後手"); !strings.HasPrefix(w, "gpsshogi") {
		t.Errorf("後手 %q", w)
	}
	if tc, _ := r.Get("持ち時間"); tc != "持ち時間0秒 秒読み1秒" {
		t.Errorf("持ち時間 %q", tc)
	}
}

// A person against each registered engine (fairy-stockfish, gpsusi and
// `kiki usi` itself, the ones installed): chosen by its name for 後手,
// it answers each of the person's moves, and the hand line names it.
func TestEndToEndPersonAgainstEachEngine(t *testing.T) {
	_, bin := e2eBinary(t)
	entries := []EngineEntry{{Name: "kiki-usi", Path: bin, Args: []string{"usi"}}}
	header := map[string]string{"kiki-usi": "kiki"}
	for _, e := range []struct{ name, path, id string }{{"fairy-stockfish", fsfPath, "Fairy-Stockfish"}, {"gpsusi", gpsPath, "gpsshogi"}} {
		if _, err := os.Stat(e.path); err != nil {
			t.Logf("%s is not installed: not played (apt-get install fairy-stockfish gpsshogi adds it)", e.path)
			continue
		}
		entries = append(entries, EngineEntry{Name: e.name, Path: e.path})
		header[e.name] = e.id
	}
	for i, e := range entries {
		t.Run(e.Name, func(t *testing.T) {
			dir := t.TempDir() // each game its own data (no recovered game offered)
			writeRegistry(t, dir, entries...)
			p := startTmux(t, "kiki-vs-"+e.Name, 120, 40, trustEnv(dir), bin+" --human --no-mouse")
			p.waitFor("先手 to move")
			p.keys("n")
			p.waitFor("analyser")
			// 後手 is kiki when both were people: one step per engine.
			p.keys("j", "j")
			p.keys(repeat("l", i+1)...)
			p.waitFor("後手      " + e.Name)
			p.keys("Enter")
			p.waitLong("engine ready", 20*time.Second)
			for n, mv := range []string{"7g7f", "2g2f"} {
				p.keys(":")
				p.typ(mv)
				p.keys("Enter")
				s := p.waitLong(fmt.Sprintf(" %d ☖", 2*n+2), 20*time.Second)
				if !strings.Contains(s, header[e.Name]) {
					t.Errorf("the screen does not name %s:\n%s", header[e.Name], s)
				}
			}
		})
	}
}
