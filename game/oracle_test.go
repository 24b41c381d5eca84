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
	var in strings.Builder
	for _, p := range positions {
		in.WriteString("sfen " + p.SFEN() + "\n")
	}
	if f := os.Getenv("KIKI_DUMP"); f != "" {
		os.WriteFile(f, []byte(in.String()), 0o644)
	}
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for i, p := range positions {
		sc.Scan()
		sc.Scan()
		moves := strings.Fields(strings.TrimPrefix(sc.Text(), "moves"))
		sc.Scan()
		checks := strings.Fields(strings.TrimPrefix(sc.Text(), "checks"))
		var ml, cl MoveList
		p.LegalMoves(&ml)
		p.GenerateChecks(&cl)
		if got := sortedUSI(ml.Slice()); !slices.Equal(got, moves) {
			t.Fatalf("position %d %s: moves differ\nkiki %v\nosl  %v", i, p.SFEN(), got, moves)
		}
		if got := sortedUSI(cl.Slice()); !slices.Equal(got, checks) {
			t.Fatalf("position %d %s: checks differ\nkiki %v\nosl  %v", i, p.SFEN(), got, checks)
		}
	}
	t.Logf("%d positions agree with libosl", len(positions))
}
