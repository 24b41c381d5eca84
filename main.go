// Command kiki is a shogi board for the terminal. With no subcommand it
// starts the terminal UI; the subcommands expose the rules core, the
// record formats, the engine and the mate solver on the command line.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"kiki/ai/mate"
	"kiki/ai/usi"
	"kiki/assets"
	"kiki/game"
	"kiki/kif"
	"kiki/ui"
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
		{"mate", "mate [--sfen SFEN] [--time S] [--nodes N] [--hash MiB] [--all] [--first]  solve a mate problem", runMate},
		{"tsume", "tsume [--time S] [--nodes N] [--hash MiB] FILE  solve a file of problems (SFEN[<tab>length] per line)", runTsume},
		{"usi", "usi                                    run as a USI engine on standard input and output", runUSI},
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
	fs := newFlags("kiki", stderr)
	sfen := fs.String("sfen", "", "start a game from this SFEN")
	ascii := fs.Bool("ascii", false, "draw pieces with USI letters (+ for promoted), for terminals without CJK fonts")
	noMouse := fs.Bool("no-mouse", false, "do not capture the mouse")
	level := fs.Int("level", 5, "AI level 1-10 for the first game")
	aiSente := fs.Bool("ai-sente", false, "the AI plays 先手 in the first game (default: you play 先手, the AI 後手)")
	human := fs.Bool("human", false, "human against human in the first game")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(rest) > 1 || *level < 1 || *level > 10 {
		fmt.Fprintln(stderr, "usage: kiki [--sfen SFEN] [--ascii] [--no-mouse] [--level 1-10] [--ai-sente] [--human] [RECORD | -]")
		return 2
	}
	o := ui.Options{ASCII: *ascii, Level: *level, Library: assets.Games()}
	o.Dir, _ = os.Getwd()
	switch {
	case *human:
	case *aiSente:
		o.Players = [2]bool{true, false}
	default:
		o.Players = [2]bool{false, true}
	}
	if *sfen != "" {
		p, err := game.ParseSFEN(*sfen)
		if err != nil {
			fmt.Fprintln(stderr, "kiki:", err)
			return 2
		}
		o.Start = p
	}
	if len(rest) == 1 {
		rec, err := readRecord(rest[0])
		if err != nil {
			// Start anyway and say what went wrong, with the line number.
			o.LoadError = err.Error()
		} else {
			o.Record, o.RecordPath = rec, rest[0]
			if rest[0] == "-" {
				o.RecordPath = ""
			}
		}
	}
	if err := ui.Run(o, !*noMouse, len(rest) == 1 && rest[0] == "-"); err != nil {
		fmt.Fprintln(stderr, "kiki:", err)
		return 1
	}
	return 0
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

// mateFlags are the limits shared by the mate and tsume subcommands.
func mateFlags(fs *flag.FlagSet) func() mate.Options {
	secs := fs.Float64("time", 0, "give up after this many seconds (0: no limit)")
	nodes := fs.Uint64("nodes", 0, "give up after this many nodes (0: no limit)")
	hash := fs.Int("hash", 256, "transposition table size in MiB")
	return func() mate.Options {
		return mate.Options{HashMiB: *hash, MaxNodes: *nodes, Timeout: time.Duration(*secs * float64(time.Second))}
	}
}

func usiMoves(ms []game.Move) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.USI()
	}
	return strings.Join(parts, " ")
}

func runMate(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mate", stderr)
	pos := positionFlag(fs)
	opts := mateFlags(fs)
	all := fs.Bool("all", false, "list every first move that leads to mate (to spot alternative mates, 余詰)")
	first := fs.Bool("first", false, "print the first mate found without shortening it to the minimax length (long problems)")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(rest) != 0 {
		fmt.Fprintln(stderr, "usage: kiki mate [--sfen SFEN] [--time SECONDS] [--nodes N] [--hash MiB] [--all]")
		return 2
	}
	p, ok := pos(stderr)
	if !ok {
		return 2
	}
	o := opts()
	if o.HashMiB < 1 || o.HashMiB > 1<<16 {
		fmt.Fprintln(stderr, "kiki mate: --hash must be from 1 to 65536 MiB")
		return 2
	}
	o.FirstProofOnly = *first
	sv := mate.New(o)
	if *all {
		moves, lengths, done := sv.MatingMoves(context.Background(), p)
		for i, m := range moves {
			fmt.Fprintf(stdout, "%s %d\n", m.USI(), lengths[i])
		}
		if !done {
			fmt.Fprintln(stdout, "timeout")
		} else if len(moves) == 0 {
			fmt.Fprintln(stdout, "nomate")
		}
		return 0
	}
	res := sv.Solve(context.Background(), p)
	switch res.Status {
	case mate.Mate:
		fmt.Fprintf(stdout, "checkmate %s\n", usiMoves(res.Moves))
		minimal := "minimal"
		if !res.Minimal {
			minimal = "a mating line: neither the attack proven shortest nor the defence longest"
		}
		fmt.Fprintf(stdout, "length %d (%s), book length %d, nodes %d, time %.3fs\n", res.Length, minimal, res.BookLength, res.Nodes, res.Elapsed.Seconds())
	case mate.NoMate:
		fmt.Fprintln(stdout, "nomate")
	default:
		fmt.Fprintln(stdout, "timeout")
	}
	return 0
}

func runTsume(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("tsume", stderr)
	opts := mateFlags(fs)
	rest, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(rest) != 1 {
		fmt.Fprintln(stderr, "usage: kiki tsume [--time SECONDS] [--nodes N] [--hash MiB] FILE")
		return 2
	}
	f, err := os.Open(rest[0])
	if err != nil {
		fmt.Fprintln(stderr, "kiki tsume:", err)
		return 2
	}
	defer f.Close()
	type problem struct {
		line     int
		p        *game.Position
		expected string
	}
	var probs []problem
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		p, err := game.ParseSFEN(cols[0])
		if err != nil {
			fmt.Fprintf(stderr, "kiki tsume: %s:%d: %v\n", rest[0], n, err)
			return 2
		}
		exp := ""
		if len(cols) > 1 {
			exp = strings.TrimSpace(cols[1])
			if _, err := strconv.Atoi(exp); err != nil && exp != "nomate" && exp != "" {
				fmt.Fprintf(stderr, "kiki tsume: %s:%d: expected length %q is not a number or nomate\n", rest[0], n, exp)
				return 2
			}
		}
		probs = append(probs, problem{n, p, exp})
	}
	fmt.Fprintf(stdout, "%5s  %-8s %7s %5s %8s %12s %9s\n", "line", "result", "length", "book", "expected", "nodes", "time")
	solved, agree, agreeBook, withExp := 0, 0, 0, 0
	var total time.Duration
	var nodes uint64
	for _, pr := range probs {
		res := mate.New(opts()).Solve(context.Background(), pr.p)
		total += res.Elapsed
		nodes += res.Nodes
		result, length, book := res.Status.String(), "-", "-"
		if res.Status == mate.Mate {
			length, book = strconv.Itoa(res.Length), strconv.Itoa(res.BookLength)
			if !res.Minimal {
				length += "?"
			}
		}
		if res.Status != mate.Unknown {
			solved++
		}
		if pr.expected != "" {
			withExp++
			switch {
			case pr.expected == "nomate" && res.Status == mate.NoMate || pr.expected == strconv.Itoa(res.Length) && res.Status == mate.Mate:
				agree++
			case pr.expected == book:
				agreeBook++
			}
		}
		exp := pr.expected
		if exp == "" {
			exp = "-"
		}
		fmt.Fprintf(stdout, "%5d  %-8s %7s %5s %8s %12d %8.2fs\n", pr.line, result, length, book, exp, res.Nodes, res.Elapsed.Seconds())
	}
	fmt.Fprintf(stdout, "solved %d of %d; %d of %d match the expected length (minimax), %d more the book length; %d nodes in %.1fs (%.0f nodes/s)\n",
		solved, len(probs), agree, withExp, agreeBook, nodes, total.Seconds(), float64(nodes)/total.Seconds())
	return 0
}

func runUSI(args []string, stdout, stderr io.Writer) int {
	if len(args) != 0 {
		fmt.Fprintln(stderr, "usage: kiki usi")
		return 2
	}
	if err := usi.Run(os.Stdin, stdout); err != nil {
		fmt.Fprintln(stderr, "kiki usi:", err)
		return 1
	}
	return 0
}
