package kif

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding/japanese"
)

// Tests for files other programs write (issue 18), each on a small file in
// testdata written for it.

func readTestdata(t *testing.T, name string) *Record {
	t.Helper()
	r, err := ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return r
}

func mainUSI(r *Record) string {
	var s []string
	for _, m := range r.MainMoves() {
		s = append(s, m.USI())
	}
	return strings.Join(s, " ")
}

func hasWarning(r *Record, part string) bool {
	for _, w := range r.Warnings {
		if strings.Contains(w.Msg, part) {
			return true
		}
	}
	return false
}

func TestEUCJPIsRead(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "euc-jp.csa"))
	if err != nil {
		t.Fatal(err)
	}
	text, enc, err := Decode(data)
	if err != nil || enc != EncEUCJP {
		t.Fatalf("decoded as %q (%v), want %s", enc, err, EncEUCJP)
	}
	if !strings.Contains(text, "先手太郎") {
		t.Errorf("text not decoded: %q", text[:40])
	}
	r := readTestdata(t, "euc-jp.csa")
	if v, _ := r.Get("先手"); v != "先手太郎" {
		t.Errorf("先手 %q", v)
	}
	if got := mainUSI(r); got != "7g7f 3c3d 8h2b+ 3a2b" {
		t.Errorf("main line %q", got)
	}
	if c := r.MainLine()[0].Comments; len(c) != 1 || c[0] != "角道を開ける" {
		t.Errorf("comment %q", c)
	}
	if len(r.Warnings) != 0 {
		t.Errorf("warnings %v", r.Warnings)
	}
}

func TestEncodingChoiceIsNeverSilent(t *testing.T) {
	// Shift_JIS records still read as Shift_JIS, without a note.
	sjis, _ := japanese.ShiftJIS.NewEncoder().Bytes([]byte(sampleKIF))
	if _, enc, err := Decode(sjis); err != nil || enc != EncShiftJIS {
		t.Errorf("Shift_JIS record read as %s %v", enc, err)
	}
	r, err := Read("x.kif", sjis)
	if err != nil || len(r.Warnings) != 0 {
		t.Errorf("Shift_JIS record: %v %v", err, r.Warnings)
	}
	// Bytes valid in both encodings: the one that gives record words wins,
	// and the choice is said.
	both, _ := japanese.EUCJP.NewEncoder().Bytes([]byte("対局 中断 まで ▲△\n"))
	if _, err := japanese.ShiftJIS.NewDecoder().Bytes(both); err != nil {
		t.Fatal(err)
	}
	text, enc, note, err := decode(both)
	if err != nil || enc != EncEUCJP || !strings.Contains(text, "中断") || !strings.Contains(note, "EUC-JP") {
		t.Errorf("valid in both: %s %q %v", enc, note, err)
	}
	// Bytes valid in both encodings and with no record words in either
	// are refused, naming both, rather than guessed.
	amb := []byte{0xB0, 0xA1, 0xB0, 0xA2, '\n'}
	if _, err := japanese.ShiftJIS.NewDecoder().Bytes(amb); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Decode(amb); err == nil || !strings.Contains(err.Error(), "EUC-JP") || !strings.Contains(err.Error(), "Shift_JIS") {
		t.Errorf("ambiguous bytes: %v", err)
	}
}

func TestCROnlyLineEnds(t *testing.T) {
	for _, c := range []struct{ file, moves string }{
		{"cr-only.kif", "7g7f 3c3d"},
		{"cr-only.ki2u", "7g7f 3c3d 8h2b+ 3a2b"},
		{"cr-only.csa", "7g7f 3c3d"},
	} {
		r := readTestdata(t, c.file)
		if got := mainUSI(r); got != c.moves {
			t.Errorf("%s: main line %q, want %q", c.file, got, c.moves)
		}
		if r.Ending() == nil {
			t.Errorf("%s: no ending", c.file)
		}
		if len(r.Warnings) != 0 {
			t.Errorf("%s: warnings %v", c.file, r.Warnings)
		}
	}
	r := readTestdata(t, "cr-only.kif")
	if v, _ := r.Get("後手"); v != "B" {
		t.Errorf("header 後手 %q", v)
	}
	if n := r.MainLine()[0]; len(n.Comments) != 1 || n.Comments[0] != "初手" || n.Total != time.Second {
		t.Errorf("first move %+v", n)
	}
	// Mixed line ends in one file: CRLF, LF and CR all break lines.
	mixed := "手合割：平手\r\n   1 ７六歩(77)\n   2 ３四歩(33)\r   3 投了\r\n"
	r, err := ReadKIF("mixed.kifu", mixed)
	if err != nil || mainUSI(r) != "7g7f 3c3d" || r.Ending() == nil || r.Ending().Special != Resign {
		t.Errorf("mixed line ends: %v %q", err, mainUSI(r))
	}
}

func TestCSACommentsAfterAComma(t *testing.T) {
	r := readTestdata(t, "comma-comments.csa")
	if len(r.Warnings) != 0 {
		t.Errorf("warnings %v", r.Warnings)
	}
	line := r.MainLine()
	if len(line) != 4 {
		t.Fatalf("main line %d nodes", len(line))
	}
	want := [][]string{{" 130 7g7f 8c8d"}, {"* 50 +2726FU -8384FU"}, nil, {" -5000 win"}}
	for i, w := range want {
		if strings.Join(line[i].Comments, "|") != strings.Join(w, "|") {
			t.Errorf("node %d comments %q, want %q", i+1, line[i].Comments, w)
		}
	}
	if line[0].Time != 10*time.Second || !line[2].HasTime || line[2].Time != time.Second {
		t.Errorf("times after a comma lost: %v %v", line[0].Time, line[2].Time)
	}
	if line[3].Special != EnteringKing {
		t.Errorf("ending %v", line[3].Text())
	}
}

func TestCSAWithoutSideToMove(t *testing.T) {
	r := readTestdata(t, "no-side.csa")
	if !strings.Contains(r.Start.SFEN, " w ") {
		t.Errorf("start %s: the first move is 後手's", r.Start.SFEN)
	}
	if got := mainUSI(r); got != "3c3d 7g7f" {
		t.Errorf("main line %q", got)
	}
	if !hasWarning(r, "side-to-move") {
		t.Errorf("no warning about the missing side-to-move line: %v", r.Warnings)
	}
	// Without moves there is nothing to go by: 先手, said.
	r, err := ReadCSA("x.csa", "V2.2\nPI\n")
	if err != nil || !strings.Contains(r.Start.SFEN, " b ") || !hasWarning(r, "side-to-move") {
		t.Errorf("no moves: %v %s %v", err, r.Start.SFEN, r.Warnings)
	}
}

// illegalEnding describes the illegal move that ends a record: its side,
// squares and piece, whatever notation it was written in.
func illegalEnding(t *testing.T, r *Record) string {
	t.Helper()
	e := r.Ending()
	if e == nil || e.Special != SpecialIllegal {
		t.Fatalf("ending %v, want an illegal move", e)
	}
	im, ok := r.illegalMove(e)
	if !ok {
		t.Fatalf("illegal move %q not understood", e.SpecialText)
	}
	return im.String()
}

func TestIllegalEndingWrittenAndReadBack(t *testing.T) {
	for _, c := range []struct{ file, moves, illegal string }{
		{"illegal-end.kifu", "7g7f 3c3d 2g2f", "△3d3f"},
		{"illegal-end.csa", "7g7f 3c3d", "▲7f7e+"},
		{"illegal-end.ki2u", "7g7f 3c3d", "▲?5e"},
	} {
		r := readTestdata(t, c.file)
		if got := mainUSI(r); got != c.moves {
			t.Errorf("%s: main line %q", c.file, got)
		}
		if got := illegalEnding(t, r); got != c.illegal {
			t.Errorf("%s: illegal move %s, want %s", c.file, got, c.illegal)
		}
		for _, f := range []Format{FormatKIF, FormatKIFU, FormatKI2, FormatKI2U, FormatCSA} {
			name := "back." + strings.ToLower(f.String())
			data, err := Encode(r, f)
			if err != nil {
				t.Fatal(err)
			}
			text, _, _ := Decode(data)
			// What others cannot read: CSA move text in Japanese formats,
			// a bare move line that readers take for an unknown ending.
			if f != FormatCSA && regexp.MustCompile(`[+-]\d{4}[A-Z]{2}`).MatchString(text) {
				t.Errorf("%s → %s: CSA move text in the file:\n%s", c.file, name, text)
			}
			back, err := Read(name, data)
			if err != nil {
				t.Errorf("%s → %s: %v\n%s", c.file, name, err, text)
				continue
			}
			if got := mainUSI(back); got != c.moves {
				t.Errorf("%s → %s: main line %q", c.file, name, got)
			}
			want := c.illegal
			if f == FormatKI2 || f == FormatKI2U {
				// KI2 does not write origins.
				want = regexp.MustCompile(`^(.)(\d[a-i])`).ReplaceAllString(want, "$1?")
			}
			if got := illegalEnding(t, back); got != want {
				t.Errorf("%s → %s: illegal move %s, want %s\n%s", c.file, name, got, want, text)
			}
			if len(back.Warnings) != 1 {
				t.Errorf("%s → %s: want only the illegal move's warning, got %v", c.file, name, back.Warnings)
			}
		}
	}
}

// kifTime is json-kifu-format's grammar for a KIF time column: "(" then
// m:ss "/" then h:mm:ss ")" with optional spaces, both parts required.
var (
	kifTime      = regexp.MustCompile(`\( *\d+:\d{2}/\d{2}:\d{2}:\d{2}\)`)
	kifTimeStart = regexp.MustCompile(`\( *\d+:`)
)

func TestKIFFromCSATimes(t *testing.T) {
	r := readTestdata(t, "per-move-times.csa")
	out := WriteKIF(r, "UTF-8")
	n := 0
	for _, line := range strings.Split(out, "\n") {
		if i := strings.Index(line, "("); i >= 0 && strings.Contains(line[i:], ":") {
			n++
			if !kifTime.MatchString(line[i:]) {
				t.Errorf("time column a strict reader refuses: %q", line)
			}
		}
	}
	if n == 0 {
		t.Fatalf("times left out:\n%s", out)
	}
	back, err := ReadKIF("back.kifu", out)
	if err != nil {
		t.Fatal(err)
	}
	// Each player's running total is the sum of their own moves' times;
	// move 4 has no time.
	want := []time.Duration{12, 5, 72, -1, 73}
	for i, n := range back.MainLine() {
		if want[i] < 0 {
			if n.HasTime {
				t.Errorf("ply %d has a time", i+1)
			}
			continue
		}
		if !n.HasTotal || n.Total != want[i]*time.Second {
			t.Errorf("ply %d total %v (has %v), want %v", i+1, n.Total, n.HasTotal, want[i]*time.Second)
		}
	}
	// A record whose times are all missing gets no time column at all.
	r2, _ := ReadCSA("x.csa", "V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n")
	if kifTimeStart.MatchString(WriteKIF(r2, "UTF-8")) {
		t.Errorf("times written for a record without any")
	}
}

func TestEndingCommentSurvives(t *testing.T) {
	for _, c := range []struct {
		file string
		sp   Special
		want []string
	}{
		{"ending-comment.kifu", Interrupt, []string{"封じ手の時刻で中断", "再開は明日"}},
		{"kachi-comment.csa", EnteringKing, []string{"宣言の時点で 28 点"}},
	} {
		r := readTestdata(t, c.file)
		if e := r.Ending(); e == nil || e.Special != c.sp || strings.Join(e.Comments, "|") != strings.Join(c.want, "|") {
			t.Fatalf("%s: ending %+v", c.file, e)
		}
		for _, f := range []Format{FormatKIF, FormatKIFU, FormatKI2, FormatKI2U, FormatCSA} {
			data, err := Encode(r, f)
			if err != nil {
				t.Fatal(err)
			}
			back, err := Read("back."+strings.ToLower(f.String()), data)
			if err != nil {
				t.Fatalf("%s → %v: %v", c.file, f, err)
			}
			e := back.Ending()
			if e == nil || e.Special != c.sp || strings.Join(e.Comments, "|") != strings.Join(c.want, "|") {
				t.Errorf("%s → %v: ending %+v\n%s", c.file, f, e, data)
			}
			// And the comment is not moved onto the last move.
			if last := back.MainLine()[len(back.MainLine())-2]; len(last.Comments) != 0 {
				t.Errorf("%s → %v: last move has comments %q", c.file, f, last.Comments)
			}
		}
	}
}

func TestFoulNoteIsNotAMove(t *testing.T) {
	// A person's note on a 反則負け stays a note.
	r, err := ReadKIF("x.kifu", "手合割：平手\n   1 ７六歩(77)\n   2 反則負け\n*反則手：二歩\n")
	if err != nil {
		t.Fatal(err)
	}
	if e := r.Ending(); e == nil || e.Special != FoulLose || len(e.Comments) != 1 {
		t.Errorf("ending %+v", e)
	}
}
