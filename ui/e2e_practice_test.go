package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mattn/go-runewidth"

	"kiki/ui/tsume"
)

// TestPracticeInTmux runs the real binary in tmux at 80×24 with its
// shipped library: 't' opens the tsume practice, 'n' the first unsolved
// mate in 1 of the short set (G*4a), a check that lets the king escape is
// explained, u takes it back, the mate is typed and solves it; Esc shows
// the set's count of solved problems, and a second run with the same
// config folder still counts it.
func TestPracticeInTmux(t *testing.T) {
	dir, bin := e2eBinary(t)
	var p *tmuxPane
	start := func() {
		if p != nil {
			p.stop()
		}
		env := fmt.Sprintf("LANG=C.UTF-8 KIKI_CONFIG_DIR='%s/config' KIKI_DATA_DIR='%s/data'", dir, dir)
		p = startTmux(t, "kiki-practice", 80, 24, env, fmt.Sprintf("sh -c \"cd '%s' && '%s' --human --no-mouse\"", dir, bin))
		p.waitFor("先手 to move")
		time.Sleep(200 * time.Millisecond)
	}
	typeMove := func(mv string) {
		p.keys(":")
		p.typ(mv)
		p.keys("Enter")
	}
	start()
	p.keys("t")
	s := p.waitFor("short (1-7 plies)")
	if !strings.Contains(s, "0/89") {
		t.Errorf("the short set's count is not 0/89:\n%s", s)
	}
	p.keys("n")
	p.waitFor("you attack")
	typeMove("2c2b")
	s = p.waitFor("escapes")
	if !strings.Contains(s, "^") {
		t.Errorf("the escape is not drawn:\n%s", s)
	}
	p.keys("u")
	p.waitFor("your move again")
	typeMove("G*4a")
	s = p.waitFor("solved: mate in 1!")
	for i, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		if w := runewidth.StringWidth(l); w > 80 {
			t.Errorf("line %d is %d columns", i, w)
		}
	}
	p.keys("Escape")
	p.waitFor("1/89")
	if _, err := os.Stat(filepath.Join(dir, "config", tsume.SolvedFileName)); err != nil {
		t.Errorf("no solved file: %v", err)
	}
	p.keys("q")
	time.Sleep(300 * time.Millisecond)
	start()
	p.keys("t")
	p.waitFor("1/89")
	p.keys("Enter")
	p.waitFor("(solved)")
}
