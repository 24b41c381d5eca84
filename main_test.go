package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kiki/kif/cli"
	"kiki/ui"
)

// runMain runs kiki with args and returns its stdout, stderr and status.
func runMain(args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return out.String(), errb.String(), code
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"frobnicate"}, {"perft"}, {"perft", "x"}, {"perft", "--bogus", "2"}, {"moves", "--sfen", "9/9 b - 1"}, {"checks", "extra"}, {"convert"}, {"convert", "--to", "doc", "x.kif"}} {
		out, errOut, code := runMain(args...)
		if code != 2 || out != "" || errOut == "" {
			t.Errorf("%v: code %d, stdout %q, stderr %q", args, code, out, errOut)
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
	fs := cli.NewFlags("kiki", io.Discard)
	fv := boardFlags(fs)
	if _, err := cli.ParseArgs(fs, []string{"--engine", "x", "--engine-option", "USI_Hash=256", "--engine-option", "Threads = 2"}); err != nil {
		t.Fatal(err)
	}
	got := *fv.engineOptions
	if *fv.engine != "x" || len(got) != 2 || got[0] != (ui.OptionSetting{Name: "USI_Hash", Value: "256"}) || got[1] != (ui.OptionSetting{Name: "Threads", Value: "2"}) {
		t.Fatalf("engine %q options %+v", *fv.engine, got)
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

// The board's AI gets the embedded learned evaluation; weights that do
// not load are said, and the AI keeps the hand-made one.
func TestBoardLearnedNet(t *testing.T) {
	var errb bytes.Buffer
	if o, _, _, code := boardOptions(nil, &errb); code != cli.ExitOK || o.Net == nil || errb.Len() != 0 {
		t.Errorf("the board's AI has no learned evaluation (exit %d): %s", code, errb.String())
	}
	if learnedNet([]byte("junk"), &errb) != nil || !strings.Contains(errb.String(), "hand-made") {
		t.Errorf("bad weights: stderr %q", errb.String())
	}
}
