package game

import (
	"bufio"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestAgainstOSL compares legal and checking moves with OpenShogiLib on
// random positions. It needs the osl_moves oracle built as described in
// ../shared/tools/osl-perft/README.md and named by KIKI_OSL_MOVES, so it
// is a tool for development, not part of CI.
func TestAgainstOSL(t *testing.T) {
	bin := os.Getenv("KIKI_OSL_MOVES")
	if bin == "" {
		t.Skip("set KIKI_OSL_MOVES to the osl_moves binary (../shared/tools/osl-perft) to compare with libosl")
	}
	positions := randomPositions(t, 20000)
	// osl_moves occasionally aborts on long inputs; feed it a position at a time in batches
	// and rerun a failed batch position by position.
	run := func(ps []*Position) ([]string, error) {
		var in strings.Builder
		for _, p := range ps {
			in.WriteString("sfen " + p.SFEN() + "\n")
		}
		cmd := exec.Command(bin)
		cmd.Stdin = strings.NewReader(in.String())
		out, err := cmd.Output()
		if err != nil {
			return nil, err
		}
		var lines []string
		sc := bufio.NewScanner(strings.NewReader(string(out)))
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			lines = append(lines, sc.Text())
		}
		return lines, nil
	}
	skipped := 0
	for start := 0; start < len(positions); start += 500 {
		batch := positions[start:min(start+500, len(positions))]
		lines, err := run(batch)
		if err != nil {
			lines = nil
			for _, p := range batch {
				l, err := run([]*Position{p})
				if err != nil {
					l = []string{"", "error", "error"}
					skipped++
				}
				lines = append(lines, l...)
			}
		}
		for i, p := range batch {
			if lines[3*i+1] == "error" {
				continue
			}
			moves := strings.Fields(strings.TrimPrefix(lines[3*i+1], "moves"))
			checks := strings.Fields(strings.TrimPrefix(lines[3*i+2], "checks"))
			var ml, cl MoveList
			p.LegalMoves(&ml)
			p.GenerateChecks(&cl)
			if got := sortedUSI(ml.Slice()); !slices.Equal(got, moves) {
				t.Fatalf("%s: moves differ\nkiki %v\nosl  %v", p.SFEN(), got, moves)
			}
			if got := sortedUSI(cl.Slice()); !slices.Equal(got, checks) {
				t.Fatalf("%s: checks differ\nkiki %v\nosl  %v", p.SFEN(), got, checks)
			}
		}
	}
	if skipped > 0 {
		t.Logf("osl_moves failed on %d positions alone; they were skipped", skipped)
	}
	t.Logf("%d positions agree with libosl", len(positions))
}
