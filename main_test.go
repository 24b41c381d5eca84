package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"kiki/ai/mate"
	"kiki/game"
	"kiki/game/refdata"
	"kiki/kif"
	"kiki/ui"
)

func runMain(args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return out.String(), errb.String(), code
}

func TestPerftCommand(t *testing.T) {
	out, _, code := runMain("perft", "3")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || lines[len(lines)-2] != "nodes 25470" || !strings.Contains(lines[len(lines)-1], "nodes/s") {
		t.Fatalf("code %d, output %q", code, out)
	}
	out, _, code = runMain("perft", "--divide", "2", "--sfen", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
	lines = strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 32 || lines[0] != "1g1f 30" || lines[30] != "nodes 900" {
		t.Fatalf("divide: code %d, %d lines: %q", code, len(lines), out)
	}
}

func TestMovesAndChecksCommands(t *testing.T) {
	out, _, code := runMain("moves")
	if code != 0 || strings.Count(out, "\n") != 30 || !strings.HasPrefix(out, "1g1f\n1i1h\n") {
		t.Fatalf("moves: %d %q", code, out)
	}
	out, _, code = runMain("checks", "--sfen", "4k4/9/9/9/9/9/9/9/4K4 b G 1")
	if code != 0 || out != "G*4a\nG*4b\nG*5b\nG*6a\nG*6b\n" {
		t.Fatalf("checks: %d %q", code, out)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"frobnicate"}, {"perft"}, {"perft", "x"}, {"perft", "--bogus", "2"}, {"moves", "--sfen", "9/9 b - 1"}, {"checks", "extra"}, {"convert"}, {"convert", "--to", "doc", "x.kif"}} {
		out, errOut, code := runMain(args...)
		if code != 2 || out != "" || errOut == "" {
			t.Errorf("%v: code %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

func TestConvertCommand(t *testing.T) {
	path := refdata.Path(t, "kif", "jkf-fork.kif")
	out, _, code := runMain("convert", "--to", "usi", path)
	if code != 0 || out != "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f 3c3d 2g2f\n" {
		t.Fatalf("usi: %d %q", code, out)
	}
	out, _, _ = runMain("convert", "--to", "sfen", path)
	if out != "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4\n" {
		t.Fatalf("sfen: %q", out)
	}
	dir := t.TempDir()
	dst := filepath.Join(dir, "out.ki2")
	if _, errOut, code := runMain("convert", "--out", dst, path); code != 0 {
		t.Fatalf("--out: %s", errOut)
	}
	out, _, _ = runMain("convert", "--to", "usi", dst)
	if !strings.HasSuffix(out, "moves 7g7f 3c3d 2g2f\n") {
		t.Fatalf("re-read of the written KI2: %q", out)
	}
	bad := filepath.Join(dir, "bad.kif")
	os.WriteFile(bad, []byte("手合割：平手\n   1 ７六歩(77)\n手合割：香落ち\n"), 0o644)
	out, errOut, code := runMain("convert", bad)
	if code != 1 || out != "" || !strings.Contains(errOut, "bad.kif:3") {
		t.Fatalf("bad file: %d %q %q", code, out, errOut)
	}
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

// A record that does not exist is called missing, not an unknown
// subcommand.
func TestMissingRecord(t *testing.T) {
	out, errOut, code := runMain(filepath.Join(t.TempDir(), "missing.kif"))
	if code == 0 || out != "" || strings.Contains(errOut, "subcommand") || !strings.Contains(errOut, "missing.kif: no such file") {
		t.Fatalf("code %d, stderr %q", code, errOut)
	}
}

// --help lists every flag of the board; a bad value says what is wrong.
func TestBoardFlagsHelpAndErrors(t *testing.T) {
	out, _, code := runMain("--help")
	for _, f := range []string{"-sfen", "-ascii", "-no-mouse", "-level", "-ai-sente", "-human", "-hide-eval", "-engine", "-engine-option", "-lang"} {
		if code != 0 || !strings.Contains(out, f) {
			t.Errorf("--help does not list %s (code %d)", f, code)
		}
	}
	_, errOut, code := runMain("--level", "11")
	if code != 2 || !strings.Contains(errOut, "--level must be from 1 to 10, got 11") {
		t.Errorf("--level 11: code %d, %q", code, errOut)
	}
	for args, want := range map[string]string{
		"--lang fr":                 `unknown language "fr"`,
		"--engine /no/such/engine":  "--engine /no/such/engine",
		"--engine-option Threads=1": "--engine-option needs --engine",
		"--engine-option =1":        "want NAME=VALUE",
		"--engine-option Threads":   "want NAME=VALUE",
	} {
		_, errOut, code := runMain(strings.Fields(args)...)
		if code != 2 || !strings.Contains(errOut, want) {
			t.Errorf("%s: code %d, %q, want %q", args, code, errOut, want)
		}
	}
}

// --engine-option may be given more than once; each is kept in order.
func TestEngineOptionFlags(t *testing.T) {
	fs := newFlags("kiki", io.Discard)
	fv := uiFlags(fs)
	if _, err := parseArgs(fs, []string{"--engine", "x", "--engine-option", "USI_Hash=256", "--engine-option", "Threads = 2"}); err != nil {
		t.Fatal(err)
	}
	got := *fv.engineOptions
	if *fv.engine != "x" || len(got) != 2 || got[0] != (ui.OptionSetting{Name: "USI_Hash", Value: "256"}) || got[1] != (ui.OptionSetting{Name: "Threads", Value: "2"}) {
		t.Fatalf("engine %q options %+v", *fv.engine, got)
	}
}

// convert writes Shift_JIS to a pipe or a file only; a terminal gets the
// UTF-8 form of kif and ki2.
func TestConvertUTF8ToTerminal(t *testing.T) {
	if utf8Format(kif.FormatKIF) != kif.FormatKIFU || utf8Format(kif.FormatKI2) != kif.FormatKI2U || utf8Format(kif.FormatCSA) != kif.FormatCSA {
		t.Fatal("utf8Format")
	}
	if isTerminal(&bytes.Buffer{}) {
		t.Fatal("a buffer is not a terminal")
	}
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		defer tty.Close()
		if !isTerminal(tty) {
			t.Error("/dev/tty is not seen as a terminal")
		}
	}
	path := refdata.Path(t, "kif", "jkf-fork.kif")
	out, _, _ := runMain("convert", "--to", "kif", path)
	if utf8.ValidString(out) {
		t.Error("kif to a pipe is not Shift_JIS")
	}
}

func TestBenchCommand(t *testing.T) {
	out, _, code := runMain("bench", "--depth", "2", "--hash", "1")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	if code != 0 || !strings.HasPrefix(last, "nodes ") || last == "nodes 0" || !strings.Contains(out, "EBF") || !strings.Contains(out, "positions 40, depth 2") {
		t.Fatalf("code %d, output %q", code, out)
	}
	for _, args := range [][]string{{"bench", "--eval", "psychic"}, {"bench", "--depth", "0"}, {"bench", "extra"}} {
		out, errOut, code := runMain(args...)
		if code != 2 || out != "" || errOut == "" {
			t.Errorf("%v: code %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// impossibleSFENs cannot arise in play: the side not to move is in check.
var impossibleSFENs = []string{
	"4k4/9/9/9/9/9/9/4R4/4K4 b - 1",  // 後手's king attacked, 先手 to move
	"9/9/9/9/4k4/4K4/9/9/9 b - 1",    // kings side by side
	"9/9/4k4/4P4/9/9/9/9/4K4 b - 1",  // a pawn in front of the enemy king, its owner to move
	"4k4/9/9/9/9/9/4p4/4K4/9 w P 1",  // the same for 後手
	"4k4/4G4/9/9/9/9/9/9/4K4 b 2r 1", // a gold on the king, 先手 to move
}

// TestEntryPointsRefuseImpossiblePositions: every command that takes a
// position says why it will not take an impossible one, before any
// search, and does not panic.
func TestEntryPointsRefuseImpossiblePositions(t *testing.T) {
	for _, sfen := range impossibleSFENs {
		for _, args := range [][]string{
			{"moves", "--sfen", sfen},
			{"checks", "--sfen", sfen},
			{"perft", "--sfen", sfen, "2"},
			{"perft", "--divide", "--sfen", sfen, "1"},
			{"mate", "--sfen", sfen},
			{"mate", "--all", "--sfen", sfen},
			{"mate", "--first", "--sfen", sfen},
		} {
			out, errOut, code := runMain(args...)
			if code != 2 || out != "" || !strings.Contains(errOut, "in check") {
				t.Errorf("%v: code %d, stdout %q, stderr %q", args, code, out, errOut)
			}
		}
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "bad.tsv")
	if err := os.WriteFile(path, []byte("4k4/9/9/9/9/9/9/9/4K4 b G 1\t1\n"+impossibleSFENs[0]+"\t1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runMain("tsume", path)
	if code != 2 || !strings.Contains(errOut, "bad.tsv:2") || !strings.Contains(errOut, "in check") {
		t.Errorf("tsume: code %d, stdout %q, stderr %q", code, out, errOut)
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
		res      mate.Result
	}{
		{"3", mate.Result{Status: mate.Mate, Length: 3, BookLength: 3, Minimal: true, Nodes: 100, Elapsed: time.Second}},
		{"9", mate.Result{Status: mate.Mate, Length: 11, BookLength: 9, Minimal: true, Nodes: 200, Elapsed: time.Second}},
		{"5", mate.Result{Status: mate.Mate, Length: 7, BookLength: 7, Nodes: 300, Elapsed: time.Second}},
		{"nomate", mate.Result{Status: mate.NoMate, Nodes: 400, Elapsed: time.Second}},
		{"1", mate.Result{Status: mate.Unknown, Nodes: 500, Elapsed: time.Second}},
		{"", mate.Result{Status: mate.Mate, Length: 1, BookLength: 1, Minimal: true, Nodes: 600, Elapsed: time.Second}},
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

// TestOperandCounts checks that each subcommand given the wrong number of
// arguments exits 2 with its usage line, and a bad flag without it.
func TestOperandCounts(t *testing.T) {
	for _, args := range [][]string{
		{"perft"}, {"perft", "1", "2"}, {"moves", "x"}, {"checks", "x"}, {"mate", "x"},
		{"tsume"}, {"convert"}, {"convert", "a.kif", "b.kif"},
	} {
		out, errOut, code := runMain(args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, "usage: kiki "+args[0]+" ") {
			t.Errorf("%v: code %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	if _, errOut, code := runMain("perft", "--frob", "1"); code != 2 || strings.HasPrefix(errOut, "usage: kiki perft") || !strings.Contains(errOut, "frob") {
		t.Errorf("bad flag: code %d, stderr %q", code, errOut)
	}
}

// TestLearnHelp: `kiki learn -h` prints the steps instead of calling -h
// an unknown step; a real unknown step is still an error.
func TestLearnHelp(t *testing.T) {
	if out, _, code := runMain("learn", "-h"); code != 0 || !strings.Contains(out, "gen|train") {
		t.Errorf("learn -h: code %d, %q", code, out)
	}
	if _, errOut, code := runMain("learn", "fly"); code != 2 || !strings.Contains(errOut, "unknown step") {
		t.Errorf("learn fly: code %d, %q", code, errOut)
	}
	// A stray operand is refused with the step's usage line, before any
	// file is opened or engine started.
	for _, step := range []string{"gen", "label"} {
		if _, errOut, code := runMain("learn", step, "stray"); code != 2 || !strings.Contains(errOut, "usage: kiki learn "+step) {
			t.Errorf("learn %s stray: code %d, %q", step, code, errOut)
		}
	}
	if _, errOut, code := runMain("learn", "label", "--in", "a.bin", "--out", "b.bin"); code != 2 || !strings.Contains(errOut, "--depth, --nodes or --byoyomi") {
		t.Errorf("learn label without a limit: code %d, %q", code, errOut)
	}
}

// TestEnumerateCommand: `kiki enumerate` prints one count per odd length
// and a summary, and --out writes every counted problem as a problem-set
// line whose main line replays to mate with the attacker's hand empty.
func TestEnumerateCommand(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ggp.tsv")
	out, errOut, code := runMain("enumerate", "--max-length", "5", "--out", path, "GGP")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || errOut != "" || len(lines) != 4 || !strings.HasPrefix(lines[3], "# GGP: ") || !strings.Contains(lines[3], "positions held") {
		t.Fatalf("code %d, stdout %q, stderr %q", code, out, errOut)
	}
	counts := map[string]int{}
	for i, l := range lines[:3] {
		f := strings.Fields(l)
		n, err := strconv.Atoi(f[1])
		if len(f) != 2 || f[0] != strconv.Itoa(2*i+1) || err != nil {
			t.Fatalf("line %q", l)
		}
		counts[f[0]] = n
	}
	if counts["1"] == 0 || counts["3"] == 0 {
		t.Fatalf("counts %v: expected one- and three-move problems of GGP", counts)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(l, "#") {
			continue
		}
		cols := strings.Split(l, "\t")
		if len(cols) != 6 || cols[5] != "kiki enumerate" {
			t.Fatalf("problem line %q", l)
		}
		p, err := game.ParseSFEN(cols[0])
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		moves := strings.Fields(cols[2])
		if strconv.Itoa(len(moves)) != cols[1] || !map[string]bool{"GGP": true, "GG": true, "GP": true}[cols[3]] {
			t.Fatalf("problem line %q: length or material", l)
		}
		for _, u := range moves {
			m, err := p.ParseUSIMove(u)
			if err != nil {
				t.Fatalf("%q: %s: %v", l, u, err)
			}
			p.DoMove(m)
		}
		if !p.IsCheckmate() || !p.Hand(game.Black).IsEmpty() {
			t.Fatalf("%q: the main line ends in %s", l, p.SFEN())
		}
		got[cols[1]]++
	}
	for n, c := range counts {
		if got[n] != c {
			t.Errorf("length %s: %d counted, %d written", n, c, got[n])
		}
	}
	for _, args := range [][]string{{"enumerate", "GGR"}, {"enumerate", "--max-length", "4", "GS"}, {"enumerate", "GGGGG"}, {"enumerate"}} {
		if out, errOut, code := runMain(args...); code != 2 || out != "" || errOut == "" {
			t.Errorf("%v: code %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// TestEnumerateOutChecked: an --out that cannot be written is said before
// the walk (no counts printed), naming the path given, not a temporary
// file's.
func TestEnumerateOutChecked(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{filepath.Join(dir, "missing", "x.tsv"), filepath.Join(file, "x.tsv"), dir} {
		out, errOut, code := runMain("enumerate", "--max-length", "3", "--out", path, "GGP")
		if code != 2 || out != "" || !strings.Contains(errOut, path) || strings.Contains(errOut, ".tmp-") {
			t.Errorf("--out %s: code %d, stdout %q, stderr %q", path, code, out, errOut)
		}
	}
}
