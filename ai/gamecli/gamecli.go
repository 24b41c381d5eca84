// Package gamecli holds the subcommands that expose the rules core on the
// command line: perft, moves and checks. It lives apart from package game,
// which stays free of I/O.
package gamecli

import (
	"fmt"
	"io"
	"slices"
	"time"

	"kiki/game"
	"kiki/kif/cli"
)

// Commands are perft, moves and checks, in the order kiki help lists them.
func Commands() []cli.Command {
	return []cli.Command{
		{Name: "perft", Usage: perftUsage, Summary: "count leaf nodes of the legal move tree", Run: runPerft},
		listCommand("moves", "list the legal moves, sorted", (*game.Position).LegalMoves),
		listCommand("checks", "list the legal moves that give check, sorted", (*game.Position).GenerateChecks),
	}
}

// listCommand is a subcommand that prints the moves gen makes in the
// --sfen position, in USI, sorted (so that two programs' lists compare
// line by line).
func listCommand(name, summary string, gen func(*game.Position, *game.MoveList)) cli.Command {
	usage := name + " [--sfen SFEN]"
	return cli.Command{Name: name, Usage: usage, Summary: summary, Run: func(args []string, stdout, stderr io.Writer) int {
		fs := cli.NewFlags(name, stderr)
		pos := cli.PositionFlag(fs)
		if _, ok := cli.ParseOperands(fs, args, 0, usage); !ok {
			return cli.ExitUsage
		}
		p, ok := pos(stderr)
		if !ok {
			return cli.ExitUsage
		}
		var ml game.MoveList
		gen(p, &ml)
		out := make([]string, 0, ml.Len())
		for _, m := range ml.Slice() {
			out = append(out, m.USI())
		}
		slices.Sort(out)
		for _, s := range out {
			fmt.Fprintln(stdout, s)
		}
		return cli.ExitOK
	}}
}

const perftUsage = "perft [--sfen SFEN] [--divide] DEPTH"

// runPerft counts the leaves of the legal move tree to DEPTH, with
// --divide the count below each root move, then the total and the speed.
func runPerft(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("perft", stderr)
	pos := cli.PositionFlag(fs)
	divide := fs.Bool("divide", false, "print the count below each root move")
	rest, ok := cli.ParseOperands(fs, args, 1, perftUsage)
	if !ok {
		return cli.ExitUsage
	}
	var depth int
	if _, err := fmt.Sscanf(rest[0], "%d", &depth); err != nil || depth < 1 || depth > 20 {
		fmt.Fprintf(stderr, "kiki perft: DEPTH must be a number from 1 to 20, got %q\n", rest[0])
		return cli.ExitUsage
	}
	p, ok := pos(stderr)
	if !ok {
		return cli.ExitUsage
	}
	start := time.Now()
	var nodes uint64
	if *divide {
		counts := p.PerftDivide(depth)
		keys := make([]string, 0, len(counts))
		byUSI := map[string]uint64{}
		for m, n := range counts {
			keys = append(keys, m.USI())
			byUSI[m.USI()] = n
			nodes += n
		}
		slices.Sort(keys)
		for _, k := range keys {
			fmt.Fprintf(stdout, "%s %d\n", k, byUSI[k])
		}
	} else {
		nodes = p.Perft(depth)
	}
	el := time.Since(start)
	fmt.Fprintf(stdout, "nodes %d\n", nodes)
	fmt.Fprintf(stdout, "time %.3fs, %.0f nodes/s\n", el.Seconds(), float64(nodes)/el.Seconds())
	return cli.ExitOK
}
