package usi

import (
	"strings"
	"testing"
)

// TestNewGameThenGoIsDeterministic checks that go sent straight after
// usinewgame (no isready between, as some GUIs do) searches a table that
// is already empty: two games from the same position search the same
// tree, node for node.
func TestNewGameThenGoIsDeterministic(t *testing.T) {
	game := []string{"usinewgame", "position startpos moves 7g7f 3c3d 2g2f", "go nodes 30000"}
	lines := []string{"setoption name Threads value 1", "setoption name USI_Hash value 64", "isready"}
	lines = append(lines, game...)
	lines = append(lines, "isready")
	lines = append(lines, game...)
	lines = append(lines, "isready")
	out := session(t, nil, lines...)
	var searches [][]string
	var cur []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "info depth") {
			// The node counts and the lines, without the time taken.
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
			searches = append(searches, append(cur, l))
			cur = nil
		}
	}
	if len(searches) != 2 {
		t.Fatalf("want two searches, got %d:\n%s", len(searches), out)
	}
	a, b := strings.Join(searches[0], "\n"), strings.Join(searches[1], "\n")
	if a != b {
		t.Errorf("the second game searched differently from the first:\n%s\n---\n%s", a, b)
	}
}
