package enum

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"kiki/game"
	"kiki/kif/cli"
)

// runMain runs the subcommand args[0] names as kiki would.
func runMain(args ...string) (string, string, int) {
	return cli.Capture([]cli.Command{Command()}, args...)
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
