package kif

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding/japanese"

	"kiki/game"
)

const sampleKIF = `開始日時：2024/01/02 10:00:00
棋戦：テスト
手合割：平手
先手：先手さん
後手：後手さん
手数----指手---------消費時間--
*開始局面のコメント
   1 ７六歩(77)   ( 0:02/00:00:02)
*初手
   2 ３四歩(33)   ( 0:03/00:00:03)+
   3 ２二角成(88) ( 0:01/00:00:03)
   4 同　銀(31)   ( 0:01/00:00:04)
   5 投了         ( 0:10/00:00:13)
まで4手で後手の勝ち

変化：2手
   2 ８四歩(83)   ( 0:05/00:00:05)
   3 ２六歩(27)   ( 0:01/00:00:03)
`

func TestReadKIFBasics(t *testing.T) {
	r, err := ReadKIF("sample.kif", sampleKIF)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Warnings) != 0 {
		t.Errorf("warnings: %v", r.Warnings)
	}
	if got := WriteUSI(r); got != "position sfen "+r.Start.SFEN+" moves 7g7f 3c3d 8h2b+ 3a2b" {
		t.Errorf("usi: %s", got)
	}
	if e := r.Ending(); e == nil || e.Special != Resign || !e.HasTime || e.Time != 10*time.Second {
		t.Errorf("ending %+v", e)
	}
	if r.Root.Comments[0] != "開始局面のコメント" || r.MainLine()[0].Comments[0] != "初手" {
		t.Errorf("comments: %q %q", r.Root.Comments, r.MainLine()[0].Comments)
	}
	if n := r.MainLine()[1]; n.Time != 3*time.Second || n.Total != 3*time.Second {
		t.Errorf("times %v %v", n.Time, n.Total)
	}
	if r.CountBranches() != 1 {
		t.Errorf("branches %d", r.CountBranches())
	}
	if v, _ := r.Get("棋戦"); v != "テスト" {
		t.Errorf("header %v", r.Header)
	}
	if got := r.Summary(r.Ending()); got != "まで4手で後手の勝ち" {
		t.Errorf("summary %q", got)
	}
}

func TestIllegalMainLineEndsAsFoul(t *testing.T) {
	text := strings.Replace(sampleKIF, "   3 ２二角成(88)", "   3 ２二角成(77)", 1)
	r, err := ReadKIF("foul.kif", text)
	if err != nil {
		t.Fatal(err)
	}
	line := r.MainLine()
	if len(line) != 3 || line[2].Special != SpecialIllegal || line[2].SpecialText != "２二角成(77)" {
		t.Fatalf("main line %v", line)
	}
	if len(r.Warnings) == 0 || !strings.Contains(r.Warnings[0].String(), "move 3") || !strings.Contains(r.Warnings[0].String(), "line 11") {
		t.Errorf("warnings %v", r.Warnings)
	}
	// Written back, the illegal move is kept as it was written.
	if !strings.Contains(WriteKIF(r, "UTF-8"), "   3 ２二角成(77)") {
		t.Error("the illegal move is lost on writing")
	}
}

func TestIllegalVariationIsDropped(t *testing.T) {
	text := strings.Replace(sampleKIF, "   3 ２六歩(27)", "   3 ２五歩(27)", 1)
	r, err := ReadKIF("var.kif", text)
	if err != nil {
		t.Fatal(err)
	}
	if r.CountBranches() != 0 {
		t.Errorf("the variation should be dropped, branches %d", r.CountBranches())
	}
	if len(r.MainMoves()) != 4 {
		t.Errorf("main line damaged: %v", r.MainMoves())
	}
	if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Msg, "dropped") {
		t.Errorf("warnings %v", r.Warnings)
	}
}

func TestBrokenFilesAreErrors(t *testing.T) {
	cases := []struct{ name, text, want string }{
		{"empty.kif", "", "not a game record"},
		{"junk.kif", "hello\nworld\n", "not a game record"},
		{"handicap.kif", "手合割：九枚落ち\n   1 ７六歩(77)\n", "broken"},
		{"board.kif", "後手の持駒：なし\n|v香v桂|一\n   1 ７六歩(77)\n", "ranks"},
		{"late.kif", "手合割：平手\n   1 ７六歩(77)\n手合割：香落ち\n", "after the moves"},
	}
	for _, c := range cases {
		_, err := ReadKIF(c.name, c.text)
		if err == nil {
			t.Errorf("%s accepted", c.name)
			continue
		}
		if !strings.Contains(err.Error(), c.name) {
			t.Errorf("%s: error %q does not name the file", c.name, err)
		}
		if c.want != "broken" && !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %q does not say %q", c.name, err, c.want)
		}
	}
	_, err := ReadKIF("late.kif", "手合割：平手\n   1 ７六歩(77)\n手合割：香落ち\n")
	if pe, ok := err.(*ParseError); !ok || pe.Line != 3 {
		t.Errorf("want a ParseError on line 3, got %#v", err)
	}
}

func TestEncodingDetection(t *testing.T) {
	sjis, _ := japanese.ShiftJIS.NewEncoder().Bytes([]byte(sampleKIF))
	for _, c := range []struct {
		data []byte
		enc  string
	}{
		{sjis, EncShiftJIS},
		{[]byte(sampleKIF), EncUTF8},
		{append([]byte{0xEF, 0xBB, 0xBF}, sampleKIF...), EncUTF8BOM},
		{[]byte("   1 7g7f\n"), EncASCII},
	} {
		text, enc, err := Decode(c.data)
		if err != nil || enc != c.enc {
			t.Errorf("want %s, got %s %v", c.enc, enc, err)
		}
		if c.enc != EncASCII && text != sampleKIF {
			t.Errorf("%s: text differs", c.enc)
		}
	}
	if _, _, err := Decode([]byte{0x82, 0xff, 0xff, 0x00}); err == nil {
		t.Error("bytes that are neither UTF-8 nor CP932 were accepted")
	}
	if _, err := EncodeShiftJIS("ok\n☗７六歩\n"); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("☗ must be refused with its line: %v", err)
	}
}

func TestWriteFileIsAtomicAndCareful(t *testing.T) {
	dir := t.TempDir()
	r, err := ReadKIF("sample.kif", sampleKIF)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "game.kif")
	if err := WriteFile(path, r, FormatKIF); err != nil {
		t.Fatal(err)
	}
	back, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if ok, why := Equal(r, back); !ok {
		t.Error(why)
	}
	// A record CP932 cannot hold leaves the existing file untouched.
	before, _ := os.ReadFile(path)
	r.Root.Comments = append(r.Root.Comments, "☗ cannot be Shift_JIS")
	if err := WriteFile(path, r, FormatKIF); err == nil {
		t.Error("an unencodable record was written")
	}
	after, _ := os.ReadFile(path)
	if string(before) != string(after) {
		t.Error("the existing file changed")
	}
	// A file that is not a record is not overwritten.
	other := filepath.Join(dir, "notes.kif")
	os.WriteFile(other, []byte("my shopping list\n"), 0o600)
	if err := WriteFile(other, back, FormatKIF); err == nil || !strings.Contains(err.Error(), "refusing") {
		t.Errorf("overwrote a non-record: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func TestCSAReadsStandardFeatures(t *testing.T) {
	text := "V2.2\nN+先手\nN-後手\n$EVENT:テスト\nPI\n+\n+7776FU,T3\n-3334FU\nT5\n'*コメント\n+8822UM\n%TORYO\n"
	r, err := ReadCSA("t.csa", text)
	if err != nil {
		t.Fatal(err)
	}
	if got := WriteUSI(r); !strings.HasSuffix(got, "moves 7g7f 3c3d 8h2b+") {
		t.Errorf("%s", got)
	}
	line := r.MainLine()
	if line[0].Time != 3*time.Second || line[1].Time != 5*time.Second || line[1].Comments[0] != "コメント" {
		t.Errorf("times/comments: %+v %+v", line[0], line[1])
	}
	if r.Ending().Special != Resign {
		t.Errorf("ending %v", r.Ending().Special)
	}
	if v, _ := r.Get("棋戦"); v != "テスト" {
		t.Errorf("event %q", v)
	}
	if _, err := ReadCSA("bad.csa", "V2.2\nPI\n+\n+7775FU\n"); err != nil {
		t.Errorf("an illegal CSA move should end the record, not fail it: %v", err)
	}
	if _, err := ReadCSA("bad.csa", "V2.2\nP1 *\n"); err == nil || !strings.Contains(err.Error(), "bad.csa:2") {
		t.Errorf("bad board line: %v", err)
	}
}

// longRecord builds a 300-move record with a comment on every move, from
// random legal moves (deterministic).
func longRecord(b testing.TB) string {
	p := game.NewStartPosition()
	r := NewRecord(p)
	n := r.Root
	seed := uint64(1)
	for i := 0; i < 300; i++ {
		var ml game.MoveList
		p.LegalMoves(&ml)
		if ml.Len() == 0 {
			break
		}
		seed = seed*6364136223846793005 + 1442695040888963407
		m := ml.At(int(seed>>33) % ml.Len())
		n = n.AddChild(&Node{Move: m, Comments: []string{"この手について一言 " + m.USI()}, HasTime: true, Time: time.Second, HasTotal: true, Total: time.Duration(i) * time.Second})
		p.DoMove(m)
	}
	return WriteKIF(r, "UTF-8")
}

func BenchmarkParseKIF300(b *testing.B) {
	text := []byte(longRecord(b))
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Read("long.kifu", text); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/file")
}

func BenchmarkWriteKIF300(b *testing.B) {
	r, err := ReadKIF("long.kifu", longRecord(b))
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Encode(r, FormatKIF); err != nil {
			b.Fatal(err)
		}
	}
}
