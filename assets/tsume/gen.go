//go:build ignore

// gen converts the mate problems of ../shared/data/tsume (famous.tsv,
// medium.tsv, short.tsv: SFEN, length, answer, source) into kiki's
// problem-set format, gzip-compressed, keeping each problem's name and
// source. Run from the repository root:
//
//	go run ./assets/tsume/gen.go ../shared/data/tsume assets/tsume
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"kiki/kif"
)

// sets are the files converted; unverified.tsv (no proven length) and
// nomate.tsv (no mate) are not problems to practise.
var sets = []string{"short", "medium", "famous"}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: go run ./assets/tsume/gen.go SHARED-TSUME-DIR OUT-DIR")
		os.Exit(2)
	}
	for _, set := range sets {
		if err := convert(filepath.Join(os.Args[1], set+".tsv"), filepath.Join(os.Args[2], set+".tsv.gz")); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
}

// convert reads one file of the shared format and writes it in kiki's.
func convert(in, out string) error {
	data, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	var ps []kif.Problem
	for i, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		cols := strings.Split(line, "\t")
		if len(cols) != 4 {
			return fmt.Errorf("%s:%d: expected 4 columns, got %d", in, i+1, len(cols))
		}
		// famous.tsv's last column is "name — SFEN: …; length: …";
		// the others' is the source alone.
		name, source := "", cols[3]
		if n, s, ok := strings.Cut(cols[3], " — "); ok && strings.HasSuffix(in, "famous.tsv") {
			name, source = n, s
		}
		row := strings.Join([]string{cols[0], cols[1], cols[2], "", name, source}, "\t")
		p, err := kif.ReadProblems(fmt.Sprintf("%s:%d", in, i+1), []byte(row))
		if err != nil {
			return err
		}
		ps = append(ps, p...)
	}
	note := fmt.Sprintf("converted from ../shared/data/tsume/%s by assets/tsume/gen.go; see its SOURCES.md.\n"+
		"Columns: SFEN, length in plies, main line (USI), material, name, source.", filepath.Base(in))
	if err := kif.WriteProblemsFile(out, ps, note); err != nil {
		return err
	}
	fmt.Printf("%s: %d problems\n", out, len(ps))
	return nil
}
