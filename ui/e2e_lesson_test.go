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
	"kiki/ui/lesson"
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

// panelX is the display column where the lesson's side panel starts:
// that of its "Q<n>" heading.
func panelX(screen string) int {
	for _, l := range strings.Split(screen, "\n") {
		if loc := lessonKindRe.FindStringIndex(l); loc != nil {
			return runewidth.StringWidth(l[:loc[0]])
		}
	}
	return 0
}

// TestLessonInTmux runs the real binary in tmux at 80×24 and 200×50: L
// opens the lesson, and each of its five questions is read off the
// screen (its number, piece and king square) and answered right: typed
// squares, or for 問8-9 the two pieces chosen with the keys; the lesson
// ends with its score, and the progress file is written in the config
// folder. A progress file with some kinds missed last brings them first,
// 問8 and 問9 among them at both sizes.
func TestLessonInTmux(t *testing.T) {
	dir, bin := e2eBinary(t)
	for _, tc := range []struct {
		w, h   int
		missed []lesson.Kind
	}{
		{80, 24, []lesson.Kind{lesson.KnightOrigin, lesson.BishopClose, lesson.RookClose}},
		{200, 50, []lesson.Kind{lesson.KnightTwoStep, lesson.BishopClose, lesson.RookClose}},
	} {
		t.Run(fmt.Sprintf("%dx%d", tc.w, tc.h), func(t *testing.T) {
			cfg := filepath.Join(dir, fmt.Sprintf("config-%d", tc.w))
			pr := map[string]lesson.Record{}
			for _, k := range tc.missed {
				pr[k.Info().ID] = lesson.Record{Asked: 1, LastMissed: true}
			}
			if err := lesson.SaveProgress(cfg, pr); err != nil {
				t.Fatal(err)
			}
			env := fmt.Sprintf("LANG=C.UTF-8 KIKI_CONFIG_DIR='%s' KIKI_DATA_DIR='%s/data'", cfg, dir)
			p := startTmux(t, "kiki-lesson", tc.w, tc.h, env, fmt.Sprintf("sh -c \"cd '%s' && '%s' --human --no-mouse\"", dir, bin))
			p.waitFor("先手 to move")
			time.Sleep(200 * time.Millisecond)
			p.keys("L")
			seen := map[lesson.Kind]bool{}
			for i := 1; i <= lesson.Length; i++ {
				q := readLessonQuestion(t, p, i)
				seen[q.Kind] = true
				answerInTmux(t, p, q)
				s := p.waitFor("right! ")
				for n, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
					if w := runewidth.StringWidth(l); w > tc.w {
						t.Errorf("question %d: line %d is %d columns", i, n, w)
					}
				}
				p.keys("Enter")
			}
			for _, k := range tc.missed {
				if !seen[k] {
					t.Errorf("問%d, missed last, was not asked", k.Info().Num)
				}
			}
			p.waitFor("lesson over: 5 of 5")
			if _, err := os.Stat(filepath.Join(cfg, lesson.ProgressFileName)); err != nil {
				t.Errorf("no progress file: %v", err)
			}
			p.keys("Escape")
			p.waitFor("left the check lesson")
		})
	}
}

// readLessonQuestion reads question i off the screen: its kind, king
// square and piece.
func readLessonQuestion(t *testing.T, p *tmuxPane, i int) lesson.Question {
	t.Helper()
	s := p.waitFor(fmt.Sprintf("question %d of 5", i))
	text := sideText(s, panelX(s))
	km := lessonKindRe.FindStringSubmatch(text)
	sm := lessonKingRe.FindStringSubmatch(text)
	if km == nil || sm == nil {
		t.Fatalf("question %d not read from %q", i, text)
	}
	num, _ := strconv.Atoi(km[1])
	q := lesson.Question{Kind: lesson.NumKinds, King: game.NoSquare}
	for k := range lesson.Kind(lesson.NumKinds) {
		if k.Info().Num == num {
			q.Kind = k
		}
	}
	if q.Kind == lesson.NumKinds {
		t.Fatalf("no kind 問%d", num)
	}
	for sq := game.Square(0); sq < game.NumSquares; sq++ {
		if sq.Japanese() == sm[1] {
			q.King = sq
		}
	}
	for _, pc := range q.Kind.Info().Pieces {
		if strings.Contains(text, pieceWord(English, pc)) {
			q.Piece = pc
		}
	}
	if q.Piece == game.NoPieceType || q.King == game.NoSquare {
		t.Fatalf("question %d: piece or king not read from %q", i, text)
	}
	return q
}

// answerInTmux answers q right and grades it: the text's two pieces with
// l and j for a close-check question (checked on the panel before the
// grade), else the answer's squares typed after ':'.
func answerInTmux(t *testing.T, p *tmuxPane, q lesson.Question) {
	t.Helper()
	if q.Kind.Info().Set == lesson.Close {
		x := lesson.CloseTextPiece(q.Piece)
		for row := range 2 {
			for range pickIndex(t, x) + 1 {
				p.keys("l")
			}
			if row == 0 {
				p.keys("j")
			}
		}
		p.waitFor("Y (後手): < " + pieceWord(English, x) + " >")
		p.keys("s")
		return
	}
	var names []string
	for _, sq := range q.Answer().Squares() {
		names = append(names, sq.USI())
	}
	p.keys(":")
	p.typ(strings.Join(names, " "))
	p.keys("Enter", "s")
}
