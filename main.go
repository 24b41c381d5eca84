// Command kiki is a shogi board for the terminal. With no subcommand it
// starts the terminal UI; the subcommands expose the rules core, the
// record formats, the engine and the mate solver on the command line.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"kiki/game"
	"kiki/kif"
)

// command is one subcommand: its name, a one-line synopsis and its body,
// which returns the exit status.
type command struct {
	name, synopsis string
	run            func(args []string, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"perft", "perft [--sfen SFEN] [--divide] DEPTH   count leaf nodes of the legal move tree", runPerft},
		{"moves", "moves [--sfen SFEN]                    list the legal moves, sorted", runMoves},
		{"checks", "checks [--sfen SFEN]                   list the legal moves that give check, sorted", runChecks},
		{"convert", "convert [--to FORMAT] [--out FILE] FILE  convert a record (kif kifu ki2 ki2u csa usi sfen)", runConvert},
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: kiki [SUBCOMMAND] [ARGS]")
	fmt.Fprintln(w, "With no subcommand, kiki starts the terminal board.")
	fmt.Fprintln(w, "Subcommands:")
	for _, c := range commands() {
		fmt.Fprintln(w, "  "+c.synopsis)
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
		usage(stdout)
		return 0
	}
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		for _, c := range commands() {
			if c.name == args[0] {
				return c.run(args[1:], stdout, stderr)
			}
		}
		if !isRecordPath(args[0]) {
			fmt.Fprintf(stderr, "kiki: unknown subcommand %q\n", args[0])
			usage(stderr)
			return 2
		}
	}
	return runUI(args, stdout, stderr)
}

// newFlags returns a flag set that reports errors and usage on stderr.
func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parseArgs parses flags wherever they stand among the arguments (the
// flag package alone stops at the first non-flag) and returns the others.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return rest, nil
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// positionFlag reads --sfen into a position (the even start by default).
func positionFlag(fs *flag.FlagSet) func(stderr io.Writer) (*game.Position, bool) {
	sfen := fs.String("sfen", "", "start from this SFEN instead of the even start position")
	return func(stderr io.Writer) (*game.Position, bool) {
		if *sfen == "" {
			return game.NewStartPosition(), true
		}
		p, err := game.ParseSFEN(*sfen)
		if err != nil {
			fmt.Fprintln(stderr, "kiki:", err)
			return nil, false
		}
		return p, true
	}
}

func runPerft(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("perft", stderr)
	pos := positionFlag(fs)
	divide := fs.Bool("divide", false, "print the count below each root move")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	var depth int
	if len(rest) != 1 {
		fmt.Fprintln(stderr, "usage: kiki perft [--sfen SFEN] [--divide] DEPTH")
		return 2
	}
	if _, err := fmt.Sscanf(rest[0], "%d", &depth); err != nil || depth < 1 || depth > 20 {
		fmt.Fprintf(stderr, "kiki perft: DEPTH must be a number from 1 to 20, got %q\n", rest[0])
		return 2
	}
	p, ok := pos(stderr)
	if !ok {
		return 2
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
	return 0
}

func listMoves(name string, gen func(*game.Position, *game.MoveList), args []string, stdout, stderr io.Writer) int {
	fs := newFlags(name, stderr)
	pos := positionFlag(fs)
	rest, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(rest) != 0 {
		fmt.Fprintf(stderr, "usage: kiki %s [--sfen SFEN]\n", name)
		return 2
	}
	p, ok := pos(stderr)
	if !ok {
		return 2
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
	return 0
}

func runMoves(args []string, stdout, stderr io.Writer) int {
	return listMoves("moves", (*game.Position).LegalMoves, args, stdout, stderr)
}

func runChecks(args []string, stdout, stderr io.Writer) int {
	return listMoves("checks", (*game.Position).GenerateChecks, args, stdout, stderr)
}

// isRecordPath reports whether a bare argument names a record to open.
func isRecordPath(s string) bool {
	if s == "-" {
		return true
	}
	_, err := os.Stat(s)
	return err == nil
}

func runUI(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "kiki: the terminal board is not built yet")
	return 1
}

// readRecord reads a record file, or standard input for "-".
func readRecord(path string) (*kif.Record, error) {
	if path == "-" {
		data, err := io.ReadAll(os.Stdin)
		if err != nil {
			return nil, err
		}
		return kif.Read("stdin", data)
	}
	return kif.ReadFile(path)
}

func runConvert(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("convert", stderr)
	to := fs.String("to", "", "output format: kif (Shift_JIS), kifu (UTF-8), ki2, ki2u, csa, usi or sfen; default from --out's extension, else kifu")
	out := fs.String("out", "", "write to this file (atomically) instead of standard output")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(rest) != 1 {
		fmt.Fprintln(stderr, "usage: kiki convert [--to kif|kifu|ki2|ki2u|csa|usi|sfen] [--out FILE] FILE")
		return 2
	}
	format := kif.FormatKIFU
	switch {
	case *to != "":
		f, err := kif.ParseFormat(*to)
		if err != nil {
			fmt.Fprintln(stderr, "kiki convert:", err)
			return 2
		}
		format = f
	case *out != "":
		if f, ok := kif.FormatOfPath(*out); ok {
			format = f
		}
	}
	rec, err := readRecord(rest[0])
	if err != nil {
		fmt.Fprintln(stderr, "kiki convert:", err)
		return 1
	}
	for _, w := range rec.Warnings {
		fmt.Fprintf(stderr, "kiki convert: warning: %s: %s\n", rest[0], w)
	}
	if *out != "" {
		if err := kif.WriteFile(*out, rec, format); err != nil {
			fmt.Fprintln(stderr, "kiki convert:", err)
			return 1
		}
		return 0
	}
	data, err := kif.Encode(rec, format)
	if err != nil {
		fmt.Fprintln(stderr, "kiki convert:", err)
		return 1
	}
	stdout.Write(data)
	return 0
}
