package usi

import (
	"bufio"
	"strings"
	"testing"

	"kiki/ai"
	"kiki/game"
)

// TestNewGameThenGoIsDeterministic checks that go sent straight after
// usinewgame (no isready between, as some GUIs do) searches a table that
// is already empty: two games from the same position search the same
// tree, node for node.
func TestNewGameThenGoIsDeterministic(t *testing.T) {
	one := []string{"usinewgame", "position startpos moves 7g7f 3c3d 2g2f", "go nodes 30000"}
	lines := []string{"setoption name Threads value 1", "setoption name USI_Hash value 64", "isready"}
	lines = append(lines, one...)
	lines = append(lines, "isready")
	lines = append(lines, one...)
	lines = append(lines, "isready")
	searches := searchLines(session(t, nil, lines...))
	if len(searches) != 2 {
		t.Fatalf("want two searches, got %d:\n%s", len(searches), strings.Join(searches, "\n---\n"))
	}
	if searches[0] != searches[1] {
		t.Errorf("the second game searched differently from the first:\n%s\n---\n%s", searches[0], searches[1])
	}
}

// searchLines returns each search's info lines (without time, nps and
// hashfull) and bestmove, one string per search.
func searchLines(out string) []string {
	var searches []string
	var cur []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "info depth") {
			f := strings.Fields(l)
			var keep []string
			for i := 0; i < len(f); i++ {
				if f[i] == "time" || f[i] == "nps" || f[i] == "hashfull" {
					i++
					continue
				}
				keep = append(keep, f[i])
			}
			cur = append(cur, strings.Join(keep, " "))
		}
		if strings.HasPrefix(l, "bestmove") {
			searches = append(searches, strings.Join(append(cur, l), "\n"))
			cur = nil
		}
	}
	return searches
}

// TestGameoverIsreadyClearsTheTable follows a match runner's games
// (isready, usinewgame, the moves, gameover, then the next game): the
// table is cleared at the isready after gameover, before readyok, so the
// usinewgame has nothing left to clear on the first move's clock, and
// both games search the same tree. An isready in the middle of a game
// clears nothing: the second search there profits from the first's table.
func TestGameoverIsreadyClearsTheTable(t *testing.T) {
	one := []string{"isready", "usinewgame", "position startpos moves 7g7f 3c3d 2g2f", "go nodes 30000", "isready", "gameover win"}
	lines := append([]string{"setoption name Threads value 1", "setoption name USI_Hash value 64"}, one...)
	lines = append(lines, one...)
	lines = append(lines, "isready")
	if s := searchLines(session(t, nil, lines...)); len(s) != 2 || s[0] != s[1] {
		t.Fatalf("want two identical searches, got %d:\n%s", len(s), strings.Join(s, "\n---\n"))
	}
	mid := []string{"setoption name Threads value 1", "isready", "usinewgame", "position startpos moves 7g7f 3c3d 2g2f",
		"go nodes 30000", "isready", "go nodes 30000", "isready"}
	if s := searchLines(session(t, nil, mid...)); len(s) != 2 || s[0] == s[1] {
		t.Fatalf("an isready in mid-game cleared the table: the searches are the same (%d)", len(s))
	}

	// The session's own account: after gameover and isready the table is
	// clean and usinewgame starts no clearing.
	var out strings.Builder
	s := &Session{out: bufio.NewWriter(&out), hashMiB: 16, pos: game.NewStartPosition(), level: 10, multiPV: 1}
	s.engine = ai.NewEngine(16)
	for _, l := range []string{"usinewgame", "position startpos", "go depth 3", "isready", "gameover lose", "isready", "usinewgame"} {
		s.handle(l)
	}
	if s.tableUsed || s.clearing != nil {
		t.Fatalf("after gameover, isready and usinewgame: table used %v, clearing started %v", s.tableUsed, s.clearing != nil)
	}
	s.handle("go depth 2")
	s.handle("isready")
	s.handle("usinewgame") // no gameover: usinewgame clears
	if s.clearing == nil {
		t.Fatal("usinewgame after a search with no gameover started no clearing")
	}
	s.handle("isready")
}
