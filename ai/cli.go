package ai

import (
	"fmt"
	"io"
	"strings"

	"kiki/kif/cli"
)

const benchUsage = "bench [--depth 1..60] [--eval hand|handset|material] [--hash MiB] [--mate] [-v]"

// BenchCommand is `kiki bench`: BenchPositions searched to a fixed depth,
// with where the nodes went; its last line, the node count, is the
// search's signature.
func BenchCommand() cli.Command {
	return cli.Command{Name: "bench", Usage: benchUsage, Summary: "search fixed positions; print nodes, nodes/s, where nodes go", Run: runBench}
}

func runBench(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("bench", stderr)
	depth := fs.Int("depth", 11, "search depth")
	evalName := fs.String("eval", "hand", "evaluation: "+strings.Join(EvalNames, ", "))
	hash := cli.HashFlag(fs, 16, "hash table MiB (fresh for each position)")
	mate := fs.Bool("mate", false, "include the root df-pn mate probe")
	verbose := fs.Bool("v", false, "print a line per position")
	if _, ok := cli.ParseOperands(fs, args, 0, benchUsage); !ok {
		return cli.ExitUsage
	}
	if *depth < 1 || *depth > 60 {
		return cli.Usage(stderr, benchUsage)
	}
	mib, err := hash.MiB()
	if err != nil {
		return cli.Fail(stderr, cli.ExitUsage, "bench", err)
	}
	ev, ok := NewEvaluator(*evalName)
	if !ok {
		fmt.Fprintf(stderr, "kiki bench: unknown evaluation %q (want %s)\n", *evalName, strings.Join(EvalNames, ", "))
		return cli.ExitUsage
	}
	var progress io.Writer
	if *verbose {
		progress = stdout
	}
	r, err := Bench(BenchPositions, *depth, mib, ev, *mate, progress)
	if err != nil {
		return cli.Fail(stderr, cli.ExitFailure, "bench", err)
	}
	r.Report(stdout)
	return cli.ExitOK
}
