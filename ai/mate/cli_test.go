package mate

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"kiki/kif/cli"
)

// runMain runs the subcommand args[0] names as kiki would.
func runMain(args ...string) (string, string, int) {
	return cli.Capture(Commands(), args...)
}

func TestMateCommand(t *testing.T) {
	out, _, code := runMain("mate", "--sfen", "k8/9/K8/9/9/9/9/9/9 b G2r2b3g4s4n4l18p 1")
	if code != 0 || !strings.HasPrefix(out, "checkmate G*") || !strings.Contains(out, "length 1") {
		t.Fatalf("mate: %d %q", code, out)
	}
	// The line again in Japanese notation, under the USI one.
	lines := strings.Split(out, "\n")
	usiLine := strings.Fields(lines[0])[1:]
	if len(lines) < 2 || lines[1] != "kif ▲"+map[string]string{"G*8b": "８二金", "G*9b": "９二金"}[usiLine[0]] {
		t.Fatalf("mate: no Japanese line for %v: %q", usiLine, out)
	}
	out, _, _ = runMain("mate", "--sfen", "k8/9/1K7/9/9/9/8B/8B/9 b 2r4g4s4n4l18p 1")
	if jp := strings.Split(out, "\n")[1]; !strings.HasPrefix(jp, "kif ▲") || len(strings.Split(jp, " ")) != 14 || !strings.Contains(jp, "△") {
		t.Fatalf("mate in 13: Japanese line %q", jp)
	}
	// Distant checks answered only by futile drops: minimax 13, a mate in 1 by the book.
	out, _, code = runMain("mate", "--sfen", "k8/9/1K7/9/9/9/8B/8B/9 b 2r4g4s4n4l18p 1")
	if code != 0 || !strings.Contains(out, "length 13 (minimal), book length 1,") {
		t.Fatalf("mate with futile drops: %d %q", code, out)
	}
	if !regexp.MustCompile(`(?m)^times: proof \d+\.\d{3}s, line \d+\.\d{3}s \(\d+ nodes\)$`).MatchString(out) {
		t.Fatalf("mate: no line with the proof's and the line's times: %q", out)
	}
	// The book's own line: the first check, which leaves only futile drops.
	if !strings.Contains(out, "\nbook 1g2h\nbook kif ▲２八角\n") {
		t.Fatalf("mate with futile drops: no book line: %q", out)
	}
	out, _, code = runMain("mate", "--first", "--sfen", "k8/9/1K7/9/9/9/8B/8B/9 b 2r4g4s4n4l18p 1")
	if code != 0 || !strings.HasPrefix(out, "checkmate ") || !strings.Contains(out, "first proof") {
		t.Fatalf("mate --first: %d %q", code, out)
	}
	out, _, code = runMain("mate", "--threads", "2", "--sfen", "k8/9/1K7/9/9/9/8B/8B/9 b 2r4g4s4n4l18p 1")
	if code != 0 || !strings.HasPrefix(out, "checkmate ") || !strings.Contains(out, "length 13 (minimal), book length 1,") {
		t.Fatalf("mate --threads 2: %d %q", code, out)
	}
	out, _, code = runMain("mate", "--all", "--sfen", "k8/9/K8/9/9/9/9/9/9 b G2r2b3g4s4n4l18p 1")
	if code != 0 || out != "G*8b 1\nG*9b 1\n" {
		t.Fatalf("mate --all: %d %q", code, out)
	}
	out, _, code = runMain("mate", "--sfen", "8k/9/9/9/9/9/9/9/9 b Rr2b4g4s4n4l18p 1")
	if code != 0 || out != "nomate\n" {
		t.Fatalf("nomate: %d %q", code, out)
	}
	out, _, code = runMain("mate", "--nodes", "50", "--sfen", "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1")
	var nodes int
	var secs float64
	if n, err := fmt.Sscanf(out, "timeout (undecided within the limits), nodes %d, time %fs\n", &nodes, &secs); code != 0 || err != nil || n != 2 || nodes < 50 || secs < 0 {
		t.Fatalf("timeout: %d %q (%v)", code, out, err)
	}
	if _, _, code := runMain("mate", "--sfen", "bad"); code != 2 {
		t.Fatalf("bad sfen: %d", code)
	}
}

func TestTsumeCommand(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "p.tsv")
	os.WriteFile(file, []byte("# two problems\nk8/9/K8/9/9/9/9/9/9 b G2r2b3g4s4n4l18p 1\t1\n8k/9/9/9/9/9/9/9/9 b Rr2b4g4s4n4l18p 1\tnomate\nk8/9/1K7/9/9/9/8B/8B/9 b 2r4g4s4n4l18p 1\t1\n"), 0o644)
	out, _, code := runMain("tsume", file)
	if code != 0 || !strings.Contains(out, "solved 3 of 3; 2 of 3 match the expected length (minimax), 1 more the book length") {
		t.Fatalf("tsume: %d %q", code, out)
	}
	// Raced on two searchers, the same answers.
	out, _, code = runMain("tsume", "--threads", "2", file)
	if code != 0 || !strings.Contains(out, "solved 3 of 3; 2 of 3 match the expected length (minimax), 1 more the book length") {
		t.Fatalf("tsume --threads 2: %d %q", code, out)
	}
	os.WriteFile(file, []byte("not an sfen\n"), 0o644)
	if _, errOut, code := runMain("tsume", file); code != 2 || !strings.Contains(errOut, "p.tsv:1") {
		t.Fatalf("bad file: %d %q", code, errOut)
	}
}

// The limits of mate and tsume are checked before anything is solved: a
// table of no memory or of more than 64 GiB, a negative or NaN time, a
// number of searchers other than 1 or 2, and --all raced.
func TestMateLimitsChecked(t *testing.T) {
	file := filepath.Join(t.TempDir(), "p.tsv")
	if err := os.WriteFile(file, []byte("k8/9/K8/9/9/9/9/9/9 b G2r2b3g4s4n4l18p 1\t1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tsume", "--hash", "0", file}, "kiki tsume: --hash must be from 1 to 65536 MiB"},
		{[]string{"tsume", "--hash", "70000", file}, "kiki tsume: --hash must be"},
		{[]string{"tsume", "--time", "-1", file}, "kiki tsume: --time must be"},
		{[]string{"mate", "--hash", "-3"}, "kiki mate: --hash must be"},
		{[]string{"mate", "--time", "NaN"}, "kiki mate: --time must be"},
		{[]string{"mate", "--threads", "3"}, "kiki mate: --threads must be 1 or 2"},
		{[]string{"mate", "--all", "--threads", "2"}, "kiki mate: --all searches each first move with one searcher"},
		{[]string{"tsume", "--threads", "0", file}, "kiki tsume: --threads must be 1 or 2"},
	} {
		out, errOut, code := runMain(c.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: status %d, out %q, err %q; want 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}

// TestReadTsumeProblems reads positions, expected results, comments and
// blank lines, and names the file and line of each kind of bad line.
func TestReadTsumeProblems(t *testing.T) {
	const text = "# a comment\n\nk8/9/K8/9/9/9/9/9/9 b G 1\t1\n  8k/9/9/9/9/9/9/9/9 b R 1\tnomate  \nk8/9/1K7/9/9/9/8B/8B/9 b - 1\n"
	probs, err := readTsumeProblems(strings.NewReader(text), "p.tsv")
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		line           int
		sfen, expected string
	}{
		{3, "k8/9/K8/9/9/9/9/9/9 b G 1", "1"},
		{4, "8k/9/9/9/9/9/9/9/9 b R 1", "nomate"},
		{5, "k8/9/1K7/9/9/9/8B/8B/9 b - 1", ""},
	}
	if len(probs) != len(want) {
		t.Fatalf("%d problems, want %d", len(probs), len(want))
	}
	for i, w := range want {
		p := probs[i]
		if p.line != w.line || p.pos.SFEN() != w.sfen || p.expected != w.expected {
			t.Errorf("problem %d: line %d %s %q; want line %d %s %q", i, p.line, p.pos.SFEN(), p.expected, w.line, w.sfen, w.expected)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"not an sfen\n", "p.tsv:1: "},
		{"# c\nk8/9/K8/9/9/9/9/9/9 b G 1\tthree\n", "p.tsv:2: expected length \"three\""},
		{"k8/9/K8/9/9/9/9/9/9 b G 1\n" + strings.Repeat("x", 2<<20), "p.tsv:2: "},
	} {
		if _, err := readTsumeProblems(strings.NewReader(c.text), "p.tsv"); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%.40q: error %v, want it to start %q", c.text, err, c.want)
		}
	}
}

// TestTsumeReport feeds the report made-up results: a minimal mate that
// agrees, a mate agreeing only by book length, an unproven length, an
// agreeing nomate, a timeout, and a problem without an expectation.
func TestTsumeReport(t *testing.T) {
	var sb strings.Builder
	rep := newTsumeReport(&sb)
	for _, c := range []struct {
		expected string
		res      Result
	}{
		{"3", Result{Status: Mate, Length: 3, BookLength: 3, Minimal: true, Nodes: 100, Elapsed: time.Second}},
		{"9", Result{Status: Mate, Length: 11, BookLength: 9, Minimal: true, Nodes: 200, Elapsed: time.Second}},
		{"5", Result{Status: Mate, Length: 7, BookLength: 7, Nodes: 300, Elapsed: time.Second}},
		{"nomate", Result{Status: NoMate, Nodes: 400, Elapsed: time.Second}},
		{"1", Result{Status: Unknown, Nodes: 500, Elapsed: time.Second}},
		{"", Result{Status: Mate, Length: 1, BookLength: 1, Minimal: true, Nodes: 600, Elapsed: time.Second}},
	} {
		rep.add(tsumeProblem{line: 10, expected: c.expected}, c.res)
	}
	rep.finish()
	lines := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
	if len(lines) != 8 {
		t.Fatalf("%d lines, want header, 6 rows and a summary:\n%s", len(lines), sb.String())
	}
	if f := strings.Fields(lines[0]); strings.Join(f, " ") != "line result length book expected nodes time" {
		t.Errorf("header %q", lines[0])
	}
	for i, want := range []string{
		"10 mate 3 3 3 100 1.00s",
		"10 mate 11 9 9 200 1.00s",
		"10 mate 7? 7 5 300 1.00s",
		"10 nomate - - nomate 400 1.00s",
		"10 unknown - - 1 500 1.00s",
		"10 mate 1 1 - 600 1.00s",
	} {
		if got := strings.Join(strings.Fields(lines[i+1]), " "); got != want {
			t.Errorf("row %d = %q, want %q", i+1, got, want)
		}
	}
	want := "solved 5 of 6; 2 of 5 match the expected length (minimax), 1 more the book length; 2100 nodes in 6.0s (350 nodes/s)"
	if lines[7] != want {
		t.Errorf("summary %q, want %q", lines[7], want)
	}
}
