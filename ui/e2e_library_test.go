package ui

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The game library in a real terminal, at 80×24 and 200×50: kiki DIR on
// a folder of copies of real records lists them (the first time after
// indexing them), p filters by a player, Enter opens the game under the
// cursor on the board, and Esc comes back to the list on the same row.
// The second start reads the index the first one wrote.
func TestLibraryInTmux(t *testing.T) {
	dir, bin := e2eBinary(t)
	env := trustEnv(dir)
	lib := filepath.Join(dir, "records")
	n := copyRecords(t, "kif-wild", lib) + copyRecords(t, "kif", filepath.Join(lib, "first"))
	for _, size := range [][2]int{{80, 24}, {200, 50}} {
		p := startTmux(t, "kiki-library", size[0], size[1], env, bin+" --no-mouse --lang ja "+lib)
		s := p.waitFor("件")
		if !strings.Contains(s, "/ "+strconv.Itoa(n)+" 件") {
			t.Errorf("%d×%d: not every record is listed (%d):\n%s", size[0], size[1], n, s)
		}
		p.keys("p")
		p.typ("Illya")
		p.keys("Enter")
		s = p.waitFor("対局者: Illya")
		if !strings.Contains(s, "2 / "+strconv.Itoa(n)+" 件") || !strings.Contains(s, "> 2020/11/22 hatuyukiuk") {
			t.Fatalf("%d×%d: filtered by Illya:\n%s", size[0], size[1], s)
		}
		p.keys("j", "Enter")
		s = p.waitFor("を開きました")
		if !strings.Contains(s, "Kanazawa") || !strings.Contains(s, "70手") || strings.Contains(s, "棋譜一覧") {
			t.Fatalf("%d×%d: the game under the cursor did not open:\n%s", size[0], size[1], s)
		}
		p.keys("Right", "Right", "Escape")
		s = p.waitFor("棋譜一覧")
		if !strings.Contains(s, "> 2020/11/23 Kanazawa") || !strings.Contains(s, "対局者: Illya") {
			t.Errorf("%d×%d: Esc did not come back to the same row:\n%s", size[0], size[1], s)
		}
		p.stop()
	}
	if _, err := os.Stat(filepath.Join(dir, "data", "library-index.json")); err != nil {
		t.Errorf("no index in the data folder: %v", err)
	}
}
