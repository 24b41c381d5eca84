package kif

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kiki/game/refdata"
)

// A 3-ply problem (金2歩1's material) and a 1-ply one, with comments,
// a blank line, CRLF and absent trailing columns.
const sampleProblems = "# a comment\r\n" +
	"\n" +
	"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\t1\tG*5b\tGP\n" +
	"3k5/9/3S5/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1\t1\tS*6b\t\t頭銀\tsomewhere\r\n" +
	"7kl/9/7P1/9/9/9/9/9/9 b 2G2r2b2g4s4n3l17p 1\t3\t\n"

func TestReadProblems(t *testing.T) {
	ps, err := ReadProblems("sample.tsv", []byte(strings.Replace(sampleProblems, "\t3\t\n", "\t3\tG*2b 1a1b G*1c\n", 1)))
	if err == nil {
		t.Fatalf("a main line that does not mate was accepted: %+v", ps)
	}
	ps, err = ReadProblems("sample.tsv", []byte(sampleProblems+"7kl/9/7P1/9/9/9/9/9/9 b 2G2r2b2g4s4n3l17p 1\t3\tG*2b 1a2b G*2c\n"))
	if err == nil {
		t.Fatal("an illegal reply in the main line was accepted")
	}
	ps, err = ReadProblems("sample.tsv", []byte(sampleProblems))
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 3 {
		t.Fatalf("%d problems", len(ps))
	}
	if p := ps[0]; p.Length != 1 || len(p.Moves) != 1 || p.Moves[0].USI() != "G*5b" || p.Material != "GP" || p.Line != 3 {
		t.Errorf("first: %+v", p)
	}
	if p := ps[1]; p.Name != "頭銀" || p.Source != "somewhere" || p.Line != 4 {
		t.Errorf("second: %+v", p)
	}
	if p := ps[2]; p.Length != 3 || p.Moves != nil {
		t.Errorf("third (no main line): %+v", p)
	}
	// Written and read back, plain and gzip-compressed, they are the same.
	var buf bytes.Buffer
	if err := WriteProblems(&buf, ps, "written back"); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(buf.String(), "# written back\n") || !strings.Contains(buf.String(), "G*5b\tGP\n") {
		t.Errorf("written:\n%s", buf.String())
	}
	dir := t.TempDir()
	for _, name := range []string{"p.tsv", "p.tsv.gz"} {
		path := filepath.Join(dir, name)
		if err := WriteProblemsFile(path, ps); err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(path)
		if gz := data[0] == 0x1f && data[1] == 0x8b; gz != strings.HasSuffix(name, ".gz") {
			t.Errorf("%s: gzip %v", name, gz)
		}
		back, err := ReadProblems(name, data)
		if err != nil {
			t.Fatal(err)
		}
		for i := range ps {
			a, b := ps[i], back[i]
			if a.SFEN != b.SFEN || a.Length != b.Length || a.Name != b.Name || a.Source != b.Source || a.Material != b.Material || len(a.Moves) != len(b.Moves) {
				t.Errorf("%s: problem %d: %+v, read back %+v", name, i, a, b)
			}
		}
	}
}

// Every error names the file and the line and says what was expected.
func TestReadProblemsErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"4k4/9/9/9/9/9/9/9/9 b G 1\n", "bad.tsv:1: expected at least 3 tab-separated columns"},
		{"# c\n4k4/9/9/9/9/9/9/9/9 b G 1\t2\tG*5b\n", "bad.tsv:2: column 2: expected the length in plies, an odd number"},
		{"4k4/9/9/9/9/9/9/9/9 b G 1\tx\t\n", "column 2: expected the length"},
		{"4k4/9/9/9/9/9/9/9/10 b G 1\t1\t\n", "bad.tsv:1: column 1: bad SFEN"},
		{"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\t1\tG*4b\n", "bad.tsv:1: column 3: the main line does not end in mate"},
		{"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\t1\tG*1a\n", "bad.tsv:1: column 3, move 1: G*1a is not a check"},
		{"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\t1\tG*5c\n", "bad.tsv:1: column 3, move 1:"},
		{"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\t3\tG*5b\n", "column 3: expected a main line of 3 moves (column 2), got 1"},
		{"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\t1\tG*5b\tgp\n", "column 4: expected the material in SFEN letters"},
		{"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\t1\tG*5b\t\t\t\t\n", "expected at most 6 columns"},
		{"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\t1\tG*5b\t\t\xff\n", "bad.tsv:1: not UTF-8"},
		{"\x1f\x8bnot gzip", "bad.tsv: not a gzip file"},
		{"9/9/4P4/9/9/9/9/9/9 b G 1\t1\t\n", "bad.tsv:1: column 1: 後手, the defender (the side not to move), has no king"},
		{"4k4/9/9/9/9/9/9/9/9 w g 1\t1\t\n", "bad.tsv:1: column 1: 先手, the defender (the side not to move), has no king"},
	} {
		_, err := ReadProblems("bad.tsv", []byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.in, err, c.want)
		}
	}
	if err := WriteProblems(&bytes.Buffer{}, []Problem{{SFEN: "4k4/9/9/9/9/9/9/9/9 b G 1", Length: 1, Name: "a\tb"}}); err == nil {
		t.Error("a tab inside a name was written")
	}
	// A file that cannot be written: the error names it, not only the
	// temporary file it would have been written through.
	path := filepath.Join(t.TempDir(), "missing", "x.tsv.gz")
	if err := WriteProblemsFile(path, nil); err == nil || !strings.HasPrefix(err.Error(), path+": ") {
		t.Errorf("WriteProblemsFile to a missing folder: %v", err)
	}
}

// The reference problems of ../shared/data/tsume read as problem sets
// once their last column is moved to the source's place.
func TestReadReferenceProblems(t *testing.T) {
	dir := refdata.Dir()
	if dir == "" {
		t.Skip("../shared/data is not here")
	}
	n := 0
	for _, f := range []string{"short.tsv", "medium.tsv", "famous.tsv"} {
		data, err := os.ReadFile(filepath.Join(dir, "tsume", f))
		if err != nil {
			t.Fatal(err)
		}
		var sb strings.Builder
		for _, l := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
			c := strings.Split(l, "\t")
			sb.WriteString(strings.Join([]string{c[0], c[1], c[2], "", "", c[3]}, "\t") + "\n")
		}
		var zb bytes.Buffer
		zw := gzip.NewWriter(&zb)
		zw.Write([]byte(sb.String()))
		zw.Close()
		ps, err := ReadProblems(f+".gz", zb.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		n += len(ps)
	}
	if n != 89+36+18 {
		t.Errorf("%d problems read", n)
	}
}

// FuzzReadProblems: the reader never panics, and what it accepts is
// written and read back the same.
func FuzzReadProblems(f *testing.F) {
	f.Add([]byte(sampleProblems))
	f.Add([]byte("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\t1\tG*5b\tGP\tname\tsource\n"))
	var zb bytes.Buffer
	zw := gzip.NewWriter(&zb)
	zw.Write([]byte(sampleProblems))
	zw.Close()
	f.Add(zb.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := ReadProblems("fuzz.tsv", data)
		if err != nil {
			if !strings.Contains(err.Error(), "fuzz.tsv") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := WriteProblems(&buf, ps); err != nil {
			t.Fatalf("accepted problems not written: %v", err)
		}
		back, err := ReadProblems("fuzz.tsv", buf.Bytes())
		if err != nil || len(back) != len(ps) {
			t.Fatalf("own output rejected: %v\n%s", err, buf.String())
		}
	})
}
