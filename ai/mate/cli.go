package mate

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"kiki/game"
	"kiki/kif"
	"kiki/kif/cli"
)

const (
	mateUsage  = "mate [--sfen SFEN] [--time SECONDS] [--nodes N] [--hash MiB] [--threads 1|2] [--all] [--first]"
	tsumeUsage = "tsume [--time SECONDS] [--nodes N] [--hash MiB] [--threads 1|2] FILE"
)

// Commands are `kiki mate` (one problem) and `kiki tsume` (a file of them).
func Commands() []cli.Command {
	return []cli.Command{
		{Name: "mate", Usage: mateUsage, Summary: "solve a mate problem", Run: runMate},
		{Name: "tsume", Usage: tsumeUsage, Summary: "solve a file of problems (SFEN[<tab>length] per line)", Run: runTsume},
	}
}

// limitFlags are the limits shared by the mate and tsume subcommands; the
// function it returns checks them, saying what is wrong on stderr.
func limitFlags(fs *flag.FlagSet) func(cmd string, stderr io.Writer) (Options, bool) {
	secs := cli.TimeFlag(fs, "give up after this many seconds (0: no limit)")
	nodes := fs.Uint64("nodes", 0, "give up after this many nodes (0: no limit)")
	hash := cli.HashFlag(fs, 1024, "most memory for the transposition table, in MiB (it grows to it as needed)")
	threads := fs.Int("threads", 1, "searchers racing for the first proof: 1, or 2 (a second of another flavour on its own table; --hash and --nodes are shared between them)")
	return func(cmd string, stderr io.Writer) (Options, bool) {
		mib, err := hash.MiB()
		if err != nil {
			cli.Fail(stderr, cli.ExitUsage, cmd, err)
			return Options{}, false
		}
		timeout, err := secs.Duration()
		if err != nil {
			cli.Fail(stderr, cli.ExitUsage, cmd, err)
			return Options{}, false
		}
		if *threads < 1 || *threads > 2 {
			cli.Fail(stderr, cli.ExitUsage, cmd, "--threads must be 1 or 2")
			return Options{}, false
		}
		return Options{HashMiB: mib, MaxNodes: *nodes, Timeout: timeout, SearchBook: true, Threads: *threads}, true
	}
}

// runMate solves the --sfen position and prints the line in USI and in
// Japanese, its minimax and book lengths and the search's figures; or
// nomate, or timeout. A search that decides nothing still exits 0.
func runMate(args []string, stdout, stderr io.Writer) int {
	began := time.Now() // --time covers the whole command
	fs := cli.NewFlags("mate", stderr)
	pos := cli.PositionFlag(fs)
	opts := limitFlags(fs)
	all := fs.Bool("all", false, "list every first move that leads to mate (to spot alternative mates, 余詰)")
	first := fs.Bool("first", false, "print the first mate found without shortening it to the minimax length (long problems)")
	if _, ok := cli.ParseOperands(fs, args, 0, mateUsage); !ok {
		return cli.ExitUsage
	}
	p, ok := pos(stderr)
	if !ok {
		return cli.ExitUsage
	}
	o, ok := opts("mate", stderr)
	if !ok {
		return cli.ExitUsage
	}
	if *all && o.Threads > 1 {
		return cli.Fail(stderr, cli.ExitUsage, "mate", "--all searches each first move with one searcher; leave out --threads")
	}
	o.FirstProofOnly = *first
	o.Start = began
	sv := New(o)
	defer sv.Close()
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
		return cli.ExitOK
	}
	res := sv.Solve(context.Background(), p)
	switch res.Status {
	case Mate:
		reportMate(stdout, p, res, *first)
	case NoMate:
		fmt.Fprintln(stdout, "nomate")
	default:
		// The first word stays "timeout" for scripts; the figures tell a
		// person how far the search got before its limits.
		fmt.Fprintf(stdout, "timeout (undecided within the limits), nodes %d, time %.3fs\n", res.Nodes, res.Elapsed.Seconds())
	}
	return cli.ExitOK
}

// reportMate writes a found mate: the line, what its length is worth
// (minimal, or cut short by the limits), the book length and the times.
func reportMate(stdout io.Writer, p *game.Position, res Result, first bool) {
	fmt.Fprintf(stdout, "checkmate %s\n", game.JoinUSI(res.Moves))
	fmt.Fprintf(stdout, "kif %s\n", kif.LineText(p, res.Moves, 0))
	minimal := "minimal"
	switch {
	case res.Partial:
		minimal = "the mate is proven, but the time or node limit came before its line was out: these are its first moves only"
	case res.FirstProofLine && !first:
		minimal = "the first proof's line: the mate is proven, but the time or node limit came before the minimal line; the attack shown may not be the shortest, and the defence is the longest against it unless the limit also cut the line's walk short"
	case res.FirstProofLine:
		minimal = "the first proof's line: the mate is proven; the attack shown may not be the shortest, and the defence is the longest against it unless the limits cut the line's walk short"
	case !res.Minimal:
		minimal = "a mating line: neither the attack proven shortest nor the defence longest"
	}
	book := ""
	switch {
	case res.BookSearched:
	case res.FirstProofLine:
		book = " (counted along the line)"
	default:
		book = " (counted along the line: the book's own search did not finish)"
	}
	fmt.Fprintf(stdout, "length %d (%s), book length %d%s, nodes %d, time %.3fs\n", res.Length, minimal, res.BookLength, book, res.Nodes, res.Elapsed.Seconds())
	fmt.Fprintf(stdout, "times: proof %.3fs, line %.3fs (%d nodes)\n", res.ProofElapsed.Seconds(), res.LineElapsed.Seconds(), res.LineNodes)
	if res.BookMoves != nil {
		fmt.Fprintf(stdout, "book %s\n", game.JoinUSI(res.BookMoves))
		fmt.Fprintf(stdout, "book kif %s\n", kif.LineText(p, res.BookMoves, 0))
	}
}

// runTsume solves every problem of a file, one at a time, and prints a
// table row for each and a summary.
func runTsume(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("tsume", stderr)
	opts := limitFlags(fs)
	rest, ok := cli.ParseOperands(fs, args, 1, tsumeUsage)
	if !ok {
		return cli.ExitUsage
	}
	base, ok := opts("tsume", stderr)
	if !ok {
		return cli.ExitUsage
	}
	f, err := os.Open(rest[0])
	if err != nil {
		return cli.Fail(stderr, cli.ExitUsage, "tsume", err)
	}
	defer f.Close()
	probs, err := readTsumeProblems(f, rest[0])
	if err != nil {
		return cli.Fail(stderr, cli.ExitUsage, "tsume", err)
	}
	rep := newTsumeReport(stdout)
	for _, pr := range probs {
		o := base
		o.Start = time.Now() // --time covers each problem's setting up too
		sv := New(o)
		rep.add(pr, sv.Solve(context.Background(), pr.pos))
		sv.Close() // (the next problem's table must not wait for the collector)
	}
	rep.finish()
	return cli.ExitOK
}

// tsumeProblem is one line of a tsume file: a position and what its
// solution should be, if the file says ("" for nothing said).
type tsumeProblem struct {
	line     int
	pos      *game.Position
	expected string // a length in plies, or "nomate"
}

// readTsumeProblems reads a tsume file: one SFEN a line, optionally
// followed by a tab and the expected length or "nomate"; blank lines and
// lines starting with # are skipped. Errors name the file and line.
func readTsumeProblems(r io.Reader, name string) ([]tsumeProblem, error) {
	var probs []tsumeProblem
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		p, err := game.ParseSFEN(cols[0])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		exp := ""
		if len(cols) > 1 {
			exp = strings.TrimSpace(cols[1])
			if _, err := strconv.Atoi(exp); err != nil && exp != "nomate" && exp != "" {
				return nil, fmt.Errorf("%s:%d: expected length %q is not a number or nomate", name, n, exp)
			}
		}
		probs = append(probs, tsumeProblem{n, p, exp})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, n+1, err)
	}
	return probs, nil
}

// tsumeReport writes kiki tsume's table: a header, a row for each problem
// as it is solved, and a summary line of how many were solved and how many
// agree with the lengths the file expects.
type tsumeReport struct {
	w                                           io.Writer
	problems, solved, agree, agreeBook, withExp int
	nodes                                       uint64
	total                                       time.Duration
}

// newTsumeReport writes the table's header to w.
func newTsumeReport(w io.Writer) *tsumeReport {
	fmt.Fprintf(w, "%5s  %-8s %7s %5s %8s %12s %9s\n", "line", "result", "length", "book", "expected", "nodes", "time")
	return &tsumeReport{w: w}
}

// add writes the row of problem pr, solved as res. A length not proven
// minimal is marked "?"; an expected length agrees with the minimax length
// or, failing that, with the book length.
func (r *tsumeReport) add(pr tsumeProblem, res Result) {
	r.problems++
	r.total += res.Elapsed
	r.nodes += res.Nodes
	result, length, book := res.Status.String(), "-", "-"
	if res.Status == Mate {
		length, book = strconv.Itoa(res.Length), strconv.Itoa(res.BookLength)
		if !res.Minimal {
			length += "?"
		}
	}
	if res.Status != Unknown {
		r.solved++
	}
	exp := pr.expected
	if exp != "" {
		r.withExp++
		switch {
		case exp == "nomate" && res.Status == NoMate || exp == strconv.Itoa(res.Length) && res.Status == Mate:
			r.agree++
		case exp == book:
			r.agreeBook++
		}
	} else {
		exp = "-"
	}
	fmt.Fprintf(r.w, "%5d  %-8s %7s %5s %8s %12d %8.2fs\n", pr.line, result, length, book, exp, res.Nodes, res.Elapsed.Seconds())
}

// finish writes the summary line.
func (r *tsumeReport) finish() {
	fmt.Fprintf(r.w, "solved %d of %d; %d of %d match the expected length (minimax), %d more the book length; %d nodes in %.1fs (%.0f nodes/s)\n",
		r.solved, r.problems, r.agree, r.withExp, r.agreeBook, r.nodes, r.total.Seconds(), float64(r.nodes)/r.total.Seconds())
}
