// Package refdata finds the shared reference data (../shared/data from the
// repository root) for tests in every package. Tests skip, saying so, when
// the folder is absent; nothing outside tests imports this package.
package refdata

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Dir returns the absolute path of ../shared/data relative to the
// repository root, or "" when it cannot be found.
func Dir() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			data := filepath.Join(filepath.Dir(d), "shared", "data")
			if st, err := os.Stat(data); err == nil && st.IsDir() {
				return data
			}
			return ""
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// Path returns the path of a file under the shared data folder, skipping
// the test with a clear message when the folder is absent.
func Path(t testing.TB, elem ...string) string {
	t.Helper()
	dir := Dir()
	if dir == "" {
		t.Skip("reference data folder ../shared/data (beside the repository) is absent; skipping")
	}
	return filepath.Join(append([]string{dir}, elem...)...)
}

// ReverseEffect is one row of reverse-effect.tsv: for the gote king on
// King, the squares of set Set ("drop", "move-destination",
// "move-origin") of the sente piece Piece (its USI letter). Squares are
// numbers file*10+rank, as the file writes them.
type ReverseEffect struct {
	King    int
	Piece   byte
	Set     string
	Squares []int
}

// ReverseEffects reads reverse-effect.tsv, failing the test on a line it
// cannot read and skipping it when the data folder is absent.
func ReverseEffects(t testing.TB) []ReverseEffect {
	t.Helper()
	data, err := os.ReadFile(Path(t, "reverse-effect.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	square := func(s, line string) int {
		n, err := strconv.Atoi(s)
		if err != nil || n/10 < 1 || n/10 > 9 || n%10 < 1 {
			t.Fatalf("reverse-effect.tsv: bad square %q in %q", s, line)
		}
		return n
	}
	var out []ReverseEffect
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 4 || cols[1] == "" {
			t.Fatalf("reverse-effect.tsv: bad line %q", line)
		}
		r := ReverseEffect{King: square(cols[0], line), Piece: cols[1][0], Set: cols[2]}
		for _, f := range strings.Fields(cols[3]) {
			r.Squares = append(r.Squares, square(f, line))
		}
		out = append(out, r)
	}
	return out
}
