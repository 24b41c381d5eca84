package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Flags may stand before, between and after the operands.
func TestParseArgsFlagsAnywhere(t *testing.T) {
	fs := NewFlags("x", io.Discard)
	n := fs.Int("n", 0, "")
	v := fs.Bool("v", false, "")
	rest, err := ParseArgs(fs, []string{"a", "--n", "3", "b", "-v", "c"})
	if err != nil || *n != 3 || !*v || strings.Join(rest, " ") != "a b c" {
		t.Fatalf("rest %q, n %d, v %v, err %v", rest, *n, *v, err)
	}
}

// A wrong number of operands prints the usage line; a bad flag prints the
// flag package's message and not the usage line.
func TestParseOperands(t *testing.T) {
	var errb bytes.Buffer
	fs := NewFlags("x", &errb)
	if _, ok := ParseOperands(fs, []string{"a", "b"}, 1, "x FILE"); ok || errb.String() != "usage: kiki x FILE\n" {
		t.Errorf("two operands for one: ok %v, stderr %q", ok, errb.String())
	}
	errb.Reset()
	if _, ok := ParseOperands(NewFlags("x", &errb), []string{"--frob", "a"}, 1, "x FILE"); ok || strings.Contains(errb.String(), "usage: kiki") || !strings.Contains(errb.String(), "frob") {
		t.Errorf("bad flag: ok %v, stderr %q", ok, errb.String())
	}
	if rest, ok := ParseOperands(NewFlags("x", &errb), []string{"a"}, 1, "x FILE"); !ok || rest[0] != "a" {
		t.Errorf("one operand: %q %v", rest, ok)
	}
}

// --hash is 1 … 64 GiB; --time a number of seconds, NaN and negative refused.
func TestHashAndTimeRanges(t *testing.T) {
	for _, c := range []struct {
		args        []string
		hashOK      bool
		timeOK      bool
		wantTimeout time.Duration
	}{
		{[]string{}, true, true, 0},
		{[]string{"--hash", "0"}, false, true, 0},
		{[]string{"--hash", "65537"}, false, true, 0},
		{[]string{"--hash", "65536", "--time", "1.5"}, true, true, 1500 * time.Millisecond},
		{[]string{"--time", "-1"}, true, false, 0},
		{[]string{"--time", "NaN"}, true, false, 0},
		{[]string{"--time", "2e9"}, true, false, 0},
	} {
		fs := NewFlags("x", io.Discard)
		h := HashFlag(fs, 16, "")
		s := TimeFlag(fs, "")
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		_, herr := h.MiB()
		d, terr := s.Duration()
		if (herr == nil) != c.hashOK || (terr == nil) != c.timeOK || d != c.wantTimeout {
			t.Errorf("%v: hash error %v, time %v error %v", c.args, herr, d, terr)
		}
	}
}

// An output path is refused, naming it, when its folder is missing or a
// file, or when it is a folder itself.
func TestCheckOutPath(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join(dir, "missing", "x"), filepath.Join(file, "x"), dir} {
		if err := CheckOutPath(p); err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: %v", p, err)
		}
	}
	if err := CheckOutPath(filepath.Join(dir, "new.tsv")); err != nil {
		t.Errorf("a new file in a folder: %v", err)
	}
}

// kiki help aligns the short synopses' summaries in one column.
func TestSynopsisAligned(t *testing.T) {
	short := Command{Usage: "usi", Summary: "run"}.Synopsis()
	long := Command{Usage: strings.Repeat("x", 40), Summary: "run"}.Synopsis()
	if strings.Index(short, "run") != 39 || long != strings.Repeat("x", 40)+"  run" {
		t.Errorf("%q %q", short, long)
	}
}

// Capture runs the named command and says when there is none.
func TestCapture(t *testing.T) {
	cs := []Command{{Name: "hi", Run: func(args []string, stdout, stderr io.Writer) int {
		io.WriteString(stdout, strings.Join(args, ","))
		io.WriteString(stderr, "e")
		return ExitFailure
	}}}
	if out, errOut, code := Capture(cs, "hi", "a", "b"); out != "a,b" || errOut != "e" || code != ExitFailure {
		t.Errorf("%q %q %d", out, errOut, code)
	}
	if _, _, code := Capture(cs, "bye"); code != ExitUsage {
		t.Errorf("unknown: %d", code)
	}
}
