package mate

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"kiki/game"
)

// BenchmarkLongProblems solves medium.tsv's problems above 15 plies and
// famous.tsv, replays every line found through the rules core (legal,
// every attacker's move a check, mate), and prints a table (solved,
// length, expected, nodes, time). KIKI_MATE_TIMEOUT (seconds, default 60)
// and KIKI_MATE_HASH (MiB, default 1024) bound each problem;
// KIKI_MATE_THREADS=2 races two searchers (Options.Threads), and
// KIKI_MATE_FIRST=1 stops at the first proof's line, as the famous
// problems' goal is measured.
func BenchmarkLongProblems(b *testing.B) {
	timeout := 60 * time.Second
	if v, err := strconv.Atoi(os.Getenv("KIKI_MATE_TIMEOUT")); err == nil {
		timeout = time.Duration(v) * time.Second
	}
	hash := 1024
	if v, err := strconv.Atoi(os.Getenv("KIKI_MATE_HASH")); err == nil {
		hash = v
	}
	threads, _ := strconv.Atoi(os.Getenv("KIKI_MATE_THREADS"))
	first := os.Getenv("KIKI_MATE_FIRST") == "1"
	for i := 0; i < b.N; i++ {
		for _, file := range []string{"medium.tsv", "famous.tsv"} {
			for _, pr := range loadProblems(b, file) {
				if file == "medium.tsv" && pr.length <= 15 {
					continue
				}
				p, err := game.ParseSFEN(pr.sfen)
				if err != nil {
					b.Fatal(err)
				}
				sv := New(Options{HashMiB: hash, Timeout: timeout, Threads: threads, FirstProofOnly: first})
				res := sv.Solve(context.Background(), p)
				sv.Close()
				if res.Status == Mate && !res.Partial {
					checkLine(b, pr.sfen, res.Moves)
				}
				fmt.Printf("%-10s line %2d  %-7v length %4d (minimal %-5v) expected %4d  nodes %10d  %7.1fs  %6.0f knps  %s\n",
					file, pr.line, res.Status, res.Length, res.Minimal, pr.length, res.Nodes, res.Elapsed.Seconds(), float64(res.Nodes)/res.Elapsed.Seconds()/1000, truncate(pr.source, 40))
			}
		}
	}
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}
