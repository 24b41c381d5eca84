package ai

import (
	"strings"
	"testing"

	"kiki/ai/nnue"
	"kiki/kif/cli"
)

// runMain runs the subcommand args[0] names as kiki would, with an
// untrained network as the learned evaluation's weights.
func runMain(args ...string) (string, string, int) {
	return cli.Capture([]cli.Command{BenchCommand(nnue.NewNet().Marshal())}, args...)
}

func TestBenchCommand(t *testing.T) {
	out, _, code := runMain("bench", "--depth", "2", "--hash", "1")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	if code != 0 || !strings.HasPrefix(last, "nodes ") || last == "nodes 0" || !strings.Contains(out, "EBF") || !strings.Contains(out, "positions 40, depth 2") {
		t.Fatalf("code %d, output %q", code, out)
	}
	// The learned evaluation searches the same positions, to a node count
	// of its own.
	learned, _, code := runMain("bench", "--depth", "2", "--hash", "1", "--eval", "learned")
	if ll := strings.Split(strings.TrimSpace(learned), "\n"); code != 0 || ll[len(ll)-1] == last || !strings.HasPrefix(ll[len(ll)-1], "nodes ") {
		t.Fatalf("--eval learned: code %d, output %q", code, learned)
	}
	for _, args := range [][]string{{"bench", "--eval", "psychic"}, {"bench", "--depth", "0"}, {"bench", "extra"}} {
		out, errOut, code := runMain(args...)
		if code != 2 || out != "" || errOut == "" {
			t.Errorf("%v: code %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}
