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

	"github.com/mattn/go-runewidth"

	"kiki/game"
)

// sideText is the side panel's text on a screen: every line from display
// column x on, joined by spaces (the panel wraps its sentences at spaces).
func sideText(screen string, x int) string {
	var parts []string
	for _, l := range strings.Split(screen, "\n") {
		col := 0
		for i, r := range l {
			if col >= x {
				parts = append(parts, l[i:])
				break
			}
			col += runewidth.RuneWidth(r)
		}
	}
	return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
}

var (
	lessonKindRe = regexp.MustCompile(`Q(\d+) question (\d) of 5`)
	lessonKingRe = regexp.MustCompile(`king on ([１-９][一二三四五六七八九])`)
)

// TestLessonInTmux runs the real binary in tmux at 80×24: L opens the
// lesson, and each of its five questions is read off the screen (its
// number, piece and king square), answered by typed squares and graded
// right; the lesson ends with its score, and the progress file is
// written in the config folder.
func TestLessonInTmux(t *testing.T) {
	dir, bin := e2eBinary(t)
	env := fmt.Sprintf("LANG=C.UTF-8 KIKI_CONFIG_DIR='%s/config' KIKI_DATA_DIR='%s/data'", dir, dir)
	p := startTmux(t, "kiki-lesson", 80, 24, env, fmt.Sprintf("sh -c \"cd '%s' && '%s' --human --no-mouse\"", dir, bin))
	p.waitFor("先手 to move")
	time.Sleep(200 * time.Millisecond)
	p.keys("L")
	kindOf := map[int]lessonKind{}
	for k := range lessonKind(numLessonKinds) {
		kindOf[lessonKinds[k].num] = k
	}
	for i := 1; i <= lessonLength; i++ {
		s := p.waitFor(fmt.Sprintf("question %d of 5", i))
		text := sideText(s, boardWidth+1+sideGap)
		km := lessonKindRe.FindStringSubmatch(text)
		sm := lessonKingRe.FindStringSubmatch(text)
		if km == nil || sm == nil {
			t.Fatalf("question %d not read from %q", i, text)
		}
		num, _ := strconv.Atoi(km[1])
		kind, ok := kindOf[num]
		if !ok {
			t.Fatalf("no kind 問%d", num)
		}
		q := lessonQuestion{kind: kind, king: game.NoSquare}
		for f := 1; f <= 9; f++ {
			for r := 1; r <= 9; r++ {
				if sq := game.NewSquare(f, r); sq.Japanese() == sm[1] {
					q.king = sq
				}
			}
		}
		for _, pc := range lessonKinds[kind].pieces {
			if strings.Contains(text, pieceWord(English, pc)) {
				q.piece = pc
			}
		}
		if q.piece == game.NoPieceType || q.king == game.NoSquare {
			t.Fatalf("question %d: piece or king not read from %q", i, text)
		}
		var names []string
		for _, sq := range q.answer().Squares() {
			names = append(names, sq.USI())
		}
		p.keys(":")
		p.typ(strings.Join(names, " "))
		p.keys("Enter", "s")
		s = p.waitFor("right! all")
		for n, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
			if w := runewidth.StringWidth(l); w > 80 {
				t.Errorf("question %d: line %d is %d columns", i, n, w)
			}
		}
		p.keys("Enter")
	}
	p.waitFor("lesson over: 5 of 5")
	if _, err := os.Stat(filepath.Join(dir, "config", lessonProgressName)); err != nil {
		t.Errorf("no progress file: %v", err)
	}
	p.keys("Escape")
	p.waitFor("left the check lesson")
}
