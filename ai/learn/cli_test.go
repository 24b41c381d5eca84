package learn

import (
	"strings"
	"testing"

	"kiki/kif/cli"
)

// runMain runs the subcommand args[0] names as kiki would.
func runMain(args ...string) (string, string, int) {
	return cli.Capture([]cli.Command{Command(nil)}, args...)
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

// TestLearnCycleFlags: bad sizes are refused with a usage exit before any
// folder is made; a cycle without its validation set fails saying so.
func TestLearnCycleFlags(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"--positions", "0"}, {"--games", "-1"}, {"--lambda", "2"}, {"--movetime", "0s"}, {"--workers", "-2"},
		{"--default-games", "-1"}, {"--seen-before", "-5"}, {"--loss-slack", "-0.001"}, {"--loss-slack", "NaN"}, {"--consolidate-every", "-1"}, {"--consolidate-every", "1"},
	} {
		a := append([]string{"learn", "cycle", "--dir", dir + "/run"}, args...)
		if _, errOut, code := runMain(a...); code != 2 || !strings.Contains(errOut, "kiki learn cycle") {
			t.Errorf("%v: code %d, %q", args, code, errOut)
		}
	}
	_, errOut, code := runMain("learn", "cycle", "--dir", dir+"/run", "--valset", dir+"/none.bin", "--kif", "", "--openings", "openings-match.txt")
	if code != 1 || !strings.Contains(errOut, "validation set") {
		t.Errorf("no validation set: code %d, %q", code, errOut)
	}
}
