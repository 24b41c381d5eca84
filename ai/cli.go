package ai

import (
	"fmt"
	"io"
	"strings"

	"kiki/ai/nnue"
	"kiki/kif/cli"
)

const benchUsage = "bench [--depth 1..60] [--eval hand|handset|material|learned] [--hash MiB] [--mate] [-v]"

// BenchCommand is `kiki bench`: BenchPositions searched to a fixed depth,
// with where the nodes went; its last line, the node count, is the
// search's signature. weights are the learned evaluation's (--eval
// learned).
func BenchCommand(weights []byte) cli.Command {
	return cli.Command{Name: "bench", Usage: benchUsage, Summary: "search fixed positions; print nodes, nodes/s, where nodes go",
		Run: func(args []string, stdout, stderr io.Writer) int { return runBench(args, weights, stdout, stderr) }}
}

func runBench(args []string, weights []byte, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("bench", stderr)
	depth := fs.Int("depth", 11, "search depth")
	evalName := fs.String("eval", "hand", "evaluation: "+strings.Join(EvalNames, ", ")+", learned (the embedded network)")
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
	e := NewEngine(mib)
	e.MateSearch = *mate
	if *evalName == "learned" {
		net, err := nnue.Load(weights)
		if err != nil {
			return cli.Fail(stderr, cli.ExitFailure, "bench", "the embedded learned evaluation:", err)
		}
		e.Net = net
	} else {
		ev, ok := NewEvaluator(*evalName)
		if !ok {
			fmt.Fprintf(stderr, "kiki bench: unknown evaluation %q (want %s, learned)\n", *evalName, strings.Join(EvalNames, ", "))
			return cli.ExitUsage
		}
		e.Eval = ev
	}
	var progress io.Writer
	if *verbose {
		progress = stdout
	}
	r, err := BenchEngine(BenchPositions, *depth, e, progress)
	if err != nil {
		return cli.Fail(stderr, cli.ExitFailure, "bench", err)
	}
	r.Report(stdout)
	return cli.ExitOK
}
