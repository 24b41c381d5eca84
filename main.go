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
	"math"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"kiki/ai"
	"kiki/ai/enum"
	"kiki/ai/learn"
	"kiki/ai/mate"
	"kiki/ai/nnue"
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
		{"bench", "bench [--depth D] [--eval hand|handset|material] [--hash MiB] [--mate] [-v]  search fixed positions; print nodes, nodes/s, where nodes go", runBench},
		{"usi", "usi                                    run as a USI engine on standard input and output", runUSI},
		{"learn", "learn gen|train|label|tune [FLAGS]     make training positions by self-play / train the learned evaluation / relabel positions with a USI engine / fit the evaluation's numbers", runLearn},
		{"enumerate", "enumerate [--out FILE] [--max-length N] [--zushiki] [--minimal] [--empty-hand] [--exact] [--mirror] PIECES  count every tsume problem of a small material (e.g. GGP)", runEnumerate},
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: kiki [SUBCOMMAND] [ARGS]")
	fmt.Fprintln(w, "       kiki [FLAGS] [RECORD | -]")
	fmt.Fprintln(w, "With no subcommand, kiki starts the terminal board, opening RECORD (- : standard input) if given.")
	fmt.Fprintln(w, "Board flags:")
	fs := newFlags("kiki", w)
	uiFlags(fs)
	fs.PrintDefaults()
	fmt.Fprintln(w, "Subcommands (kiki SUBCOMMAND --help lists their flags):")
	for _, c := range commands() {
		fmt.Fprintln(w, "  "+c.synopsis)
	}
}

// uiFlagValues are the terminal board's flags.
type uiFlagValues struct {
	sfen                                    *string
	ascii, noMouse, aiSente, human, hideEva *bool
	level                                   *int
	engine, lang                            *string
	engineOptions                           *[]ui.OptionSetting
}

// uiFlags defines the board's flags on fs (shared by runUI and --help).
func uiFlags(fs *flag.FlagSet) uiFlagValues {
	v := uiFlagValues{
		sfen:    fs.String("sfen", "", "start a game from this SFEN"),
		ascii:   fs.Bool("ascii", false, "draw pieces with USI letters (+ for promoted), for terminals without CJK fonts"),
		noMouse: fs.Bool("no-mouse", false, "do not capture the mouse"),
		level:   fs.Int("level", 5, "AI level 1-10 for the first game"),
		aiSente: fs.Bool("ai-sente", false, "the AI plays 先手 in the first game (default: you play 先手, the AI 後手)"),
		human:   fs.Bool("human", false, "human against human in the first game"),
		hideEva: fs.Bool("hide-eval", false, "do not show the AI's evaluation and line while it thinks (E toggles)"),
		engine:  fs.String("engine", "", "an external USI engine (its path) plays the AI's side and analyses instead of the built-in AI"),
		lang:    fs.String("lang", "", "the screen's language: ja or en (default: from LC_ALL, LC_MESSAGES, LANG)"),
	}
	var opts []ui.OptionSetting
	v.engineOptions = &opts
	fs.Func("engine-option", "set an option of the --engine, NAME=VALUE (repeatable)", func(s string) error {
		o, err := ui.ParseOptionSetting(s)
		if err == nil {
			opts = append(opts, o)
		}
		return err
	})
	return v
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
		if _, isRecord := kif.FormatOfPath(args[0]); isRecord && !isRecordPath(args[0]) {
			// A record's name: say what is wrong with the file, not that
			// it is an unknown subcommand.
			why := "no such file"
			if _, err := os.Stat(args[0]); err != nil && !os.IsNotExist(err) {
				why = err.Error()
			}
			fmt.Fprintf(stderr, "kiki: cannot open the record %s: %s\n", args[0], why)
			return 1
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

// parseOperands parses fs's flags among args and wants exactly n other
// arguments, which it returns. Otherwise it reports false, after printing
// the usage line (a bad flag has the flag package's own message instead).
func parseOperands(fs *flag.FlagSet, args []string, n int, usage string) ([]string, bool) {
	rest, err := parseArgs(fs, args)
	if err != nil {
		return nil, false
	}
	if len(rest) != n {
		fmt.Fprintln(fs.Output(), "usage: kiki "+usage)
		return nil, false
	}
	return rest, true
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
	rest, ok := parseOperands(fs, args, 1, "perft [--sfen SFEN] [--divide] DEPTH")
	if !ok {
		return 2
	}
	var depth int
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
	if _, ok := parseOperands(fs, args, 0, name+" [--sfen SFEN]"); !ok {
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
	fv := uiFlags(fs)
	sfen, ascii, noMouse, level, aiSente, human, hideEval := fv.sfen, fv.ascii, fv.noMouse, fv.level, fv.aiSente, fv.human, fv.hideEva
	rest, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	const synopsis = "usage: kiki [--sfen SFEN] [--ascii] [--no-mouse] [--level 1-10] [--ai-sente] [--human] [--hide-eval] [--engine PATH [--engine-option NAME=VALUE]...] [--lang ja|en] [RECORD | -]"
	if *level < 1 || *level > 10 {
		fmt.Fprintf(stderr, "kiki: --level must be from 1 to 10, got %d\n%s\n", *level, synopsis)
		return 2
	}
	if len(rest) > 1 {
		fmt.Fprintf(stderr, "kiki: one record at a time, got %d: %s\n%s\n", len(rest), strings.Join(rest, " "), synopsis)
		return 2
	}
	o := ui.Options{ASCII: *ascii, Level: *level, Library: assets.Games(), Tsume: assets.Tsume(), HideEval: *hideEval, Lang: ui.LangFromEnv(os.Getenv)}
	if *fv.lang != "" {
		l, err := ui.ParseLang(*fv.lang)
		if err != nil {
			fmt.Fprintf(stderr, "kiki: --lang: %v\n%s\n", err, synopsis)
			return 2
		}
		o.Lang = l
	}
	if *fv.engine != "" {
		path, err := exec.LookPath(*fv.engine)
		if err != nil {
			fmt.Fprintf(stderr, "kiki: --engine %s: %v\n", *fv.engine, err)
			return 2
		}
		o.Engine = ui.EngineConfig{Path: path, Options: *fv.engineOptions}
	} else if len(*fv.engineOptions) > 0 {
		fmt.Fprintf(stderr, "kiki: --engine-option needs --engine\n%s\n", synopsis)
		return 2
	}
	o.ConfigDir = configDir()
	o.Dir, _ = os.Getwd()
	if d := dataDir(); d != "" {
		o.RecoveryFile = filepath.Join(d, "recovered-game.kifu")
	}
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
				o.RecordPath, o.RecordName = "", "-"
			}
		}
	}
	if err := ui.Run(o, !*noMouse, len(rest) == 1 && rest[0] == "-"); err != nil {
		fmt.Fprintln(stderr, "kiki:", err)
		return 1
	}
	return 0
}

// dataDir is where kiki keeps its own files (the game in progress, for
// recovery): $KIKI_DATA_DIR, else $XDG_DATA_HOME/kiki, else
// ~/.local/share/kiki, else the user's config folder; "" when none.
func dataDir() string {
	if d := os.Getenv("KIKI_DATA_DIR"); d != "" {
		return d
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "kiki")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "share", "kiki")
	}
	if d, err := os.UserConfigDir(); err == nil {
		return filepath.Join(d, "kiki")
	}
	return ""
}

// configDir is where kiki remembers the user's choices (the external
// engine): $KIKI_CONFIG_DIR, else the user's config folder's kiki; ""
// when none.
func configDir() string {
	if d := os.Getenv("KIKI_CONFIG_DIR"); d != "" {
		return d
	}
	if d, err := os.UserConfigDir(); err == nil {
		return filepath.Join(d, "kiki")
	}
	return ""
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
	sjis := fs.Bool("sjis", false, "write kif/ki2 to a terminal in Shift_JIS too (by default a terminal gets UTF-8)")
	rest, ok := parseOperands(fs, args, 1, "convert [--to kif|kifu|ki2|ki2u|csa|usi|sfen] [--out FILE] FILE")
	if !ok {
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
	if isTerminal(stdout) && !*sjis {
		// Shift_JIS bytes are unreadable on a terminal: the same text in UTF-8.
		format = utf8Format(format)
	}
	data, err := kif.Encode(rec, format)
	if err != nil {
		fmt.Fprintln(stderr, "kiki convert:", err)
		return 1
	}
	stdout.Write(data)
	return 0
}

// utf8Format is the UTF-8 form of a Shift_JIS format (kif, ki2).
func utf8Format(f kif.Format) kif.Format {
	switch f {
	case kif.FormatKIF:
		return kif.FormatKIFU
	case kif.FormatKI2:
		return kif.FormatKI2U
	}
	return f
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// mateFlags are the limits shared by the mate and tsume subcommands; the
// function it returns checks them, saying what is wrong on stderr.
func mateFlags(fs *flag.FlagSet) func(cmd string, stderr io.Writer) (mate.Options, bool) {
	secs := fs.Float64("time", 0, "give up after this many seconds (0: no limit)")
	nodes := fs.Uint64("nodes", 0, "give up after this many nodes (0: no limit)")
	hash := fs.Int("hash", 1024, "most memory for the transposition table, in MiB (it grows to it as needed)")
	threads := fs.Int("threads", 1, "searchers racing for the first proof: 1, or 2 (a second of another flavour on its own table; --hash and --nodes are shared between them)")
	return func(cmd string, stderr io.Writer) (mate.Options, bool) {
		switch {
		case *hash < 1 || *hash > 1<<16:
			fmt.Fprintf(stderr, "kiki %s: --hash must be from 1 to 65536 MiB\n", cmd)
			return mate.Options{}, false
		case !(*secs >= 0) || *secs > 1e9:
			fmt.Fprintf(stderr, "kiki %s: --time must be a number of seconds from 0 (no limit) to 1e9\n", cmd)
			return mate.Options{}, false
		case *threads < 1 || *threads > 2:
			fmt.Fprintf(stderr, "kiki %s: --threads must be 1 or 2\n", cmd)
			return mate.Options{}, false
		}
		return mate.Options{HashMiB: *hash, MaxNodes: *nodes, Timeout: time.Duration(*secs * float64(time.Second)), SearchBook: true, Threads: *threads}, true
	}
}

// japaneseMoves writes a line of moves from p in KI2 notation with the
// side marks (▲５二金打 △同　玉 …), as a person reads a mate.
func japaneseMoves(p *game.Position, ms []game.Move) string {
	q := p.Clone()
	prev := q.LastMove()
	parts := make([]string, 0, len(ms))
	for _, m := range ms {
		if !q.IsLegal(m) {
			break
		}
		parts = append(parts, m.Piece().Color().Mark()+kif.KI2Move(q, m, prev))
		q.DoMove(m)
		prev = m
	}
	return strings.Join(parts, " ")
}

func runMate(args []string, stdout, stderr io.Writer) int {
	began := time.Now() // --time covers the whole command
	fs := newFlags("mate", stderr)
	pos := positionFlag(fs)
	opts := mateFlags(fs)
	all := fs.Bool("all", false, "list every first move that leads to mate (to spot alternative mates, 余詰)")
	first := fs.Bool("first", false, "print the first mate found without shortening it to the minimax length (long problems)")
	if _, ok := parseOperands(fs, args, 0, "mate [--sfen SFEN] [--time SECONDS] [--nodes N] [--hash MiB] [--threads 1|2] [--all] [--first]"); !ok {
		return 2
	}
	p, ok := pos(stderr)
	if !ok {
		return 2
	}
	o, ok := opts("mate", stderr)
	if !ok {
		return 2
	}
	if *all && o.Threads > 1 {
		fmt.Fprintln(stderr, "kiki mate: --all searches each first move with one searcher; leave out --threads")
		return 2
	}
	o.FirstProofOnly = *first
	o.Start = began
	sv := mate.New(o)
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
		return 0
	}
	res := sv.Solve(context.Background(), p)
	switch res.Status {
	case mate.Mate:
		fmt.Fprintf(stdout, "checkmate %s\n", game.JoinUSI(res.Moves))
		fmt.Fprintf(stdout, "kif %s\n", japaneseMoves(p, res.Moves))
		minimal := "minimal"
		switch {
		case res.Partial:
			minimal = "the mate is proven, but the time or node limit came before its line was out: these are its first moves only"
		case res.FirstProofLine && !*first:
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
			fmt.Fprintf(stdout, "book kif %s\n", japaneseMoves(p, res.BookMoves))
		}
	case mate.NoMate:
		fmt.Fprintln(stdout, "nomate")
	default:
		// The first word stays "timeout" for scripts; the figures tell a
		// person how far the search got before its limits.
		fmt.Fprintf(stdout, "timeout (undecided within the limits), nodes %d, time %.3fs\n", res.Nodes, res.Elapsed.Seconds())
	}
	return 0
}

func runTsume(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("tsume", stderr)
	opts := mateFlags(fs)
	rest, ok := parseOperands(fs, args, 1, "tsume [--time SECONDS] [--nodes N] [--hash MiB] [--threads 1|2] FILE")
	if !ok {
		return 2
	}
	base, ok := opts("tsume", stderr)
	if !ok {
		return 2
	}
	f, err := os.Open(rest[0])
	if err != nil {
		fmt.Fprintln(stderr, "kiki tsume:", err)
		return 2
	}
	defer f.Close()
	probs, err := readTsumeProblems(f, rest[0])
	if err != nil {
		fmt.Fprintln(stderr, "kiki tsume:", err)
		return 2
	}
	rep := newTsumeReport(stdout)
	for _, pr := range probs {
		o := base
		o.Start = time.Now() // --time covers each problem's setting up too
		sv := mate.New(o)
		rep.add(pr, sv.Solve(context.Background(), pr.pos))
		sv.Close() // (the next problem's table must not wait for the collector)
	}
	rep.finish()
	return 0
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
func (r *tsumeReport) add(pr tsumeProblem, res mate.Result) {
	r.problems++
	r.total += res.Elapsed
	r.nodes += res.Nodes
	result, length, book := res.Status.String(), "-", "-"
	if res.Status == mate.Mate {
		length, book = strconv.Itoa(res.Length), strconv.Itoa(res.BookLength)
		if !res.Minimal {
			length += "?"
		}
	}
	if res.Status != mate.Unknown {
		r.solved++
	}
	exp := pr.expected
	if exp != "" {
		r.withExp++
		switch {
		case exp == "nomate" && res.Status == mate.NoMate || exp == strconv.Itoa(res.Length) && res.Status == mate.Mate:
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

func runUSI(args []string, stdout, stderr io.Writer) int {
	if len(args) != 0 {
		fmt.Fprintln(stderr, "usage: kiki usi")
		return 2
	}
	net, err := nnue.Load(assets.NNUE())
	if err != nil {
		fmt.Fprintln(stderr, "kiki usi: the embedded learned evaluation:", err)
		return 1
	}
	if err := usi.RunWith(os.Stdin, stdout, net); err != nil {
		fmt.Fprintln(stderr, "kiki usi:", err)
		return 1
	}
	return 0
}

// runBench searches ai.BenchPositions to a fixed depth and prints where the
// nodes went; its last line, the node count, is the search's signature.
func runBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	depth := fs.Int("depth", 11, "search depth")
	evalName := fs.String("eval", "hand", "evaluation: "+strings.Join(ai.EvalNames, ", "))
	hash := fs.Int("hash", 16, "hash table MiB (fresh for each position)")
	mate := fs.Bool("mate", false, "include the root df-pn mate probe")
	verbose := fs.Bool("v", false, "print a line per position")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 || *depth < 1 || *depth > 60 || *hash < 1 {
		fmt.Fprintln(stderr, "usage: kiki bench [--depth 1..60] [--eval hand|handset|material] [--hash MiB] [--mate] [-v]")
		return 2
	}
	ev, ok := ai.NewEvaluator(*evalName)
	if !ok {
		fmt.Fprintf(stderr, "kiki bench: unknown evaluation %q (want %s)\n", *evalName, strings.Join(ai.EvalNames, ", "))
		return 2
	}
	var progress io.Writer
	if *verbose {
		progress = stdout
	}
	r, err := ai.Bench(ai.BenchPositions, *depth, *hash, ev, *mate, progress)
	if err != nil {
		fmt.Fprintln(stderr, "kiki bench:", err)
		return 1
	}
	r.Report(stdout)
	return 0
}

// runLearn dispatches `kiki learn gen|train|label`.
func runLearn(args []string, stdout, stderr io.Writer) int {
	usage := "usage: kiki learn gen|train|label|tune [FLAGS]  (kiki learn gen -h lists the flags)"
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		fmt.Fprintln(stdout, usage)
		return 0
	}
	switch args[0] {
	case "gen":
		return runLearnGen(args[1:], stdout, stderr)
	case "label":
		return runLearnLabel(args[1:], stdout, stderr)
	case "train":
		return runLearnTrain(args[1:], stdout, stderr)
	case "tune":
		return runLearnTune(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "kiki learn: unknown step %q (want gen, label, train or tune)\n", args[0])
	return 2
}

// interruptible returns a context cancelled by SIGINT or SIGTERM, so a
// background run stopped with kill finishes its game or step and saves.
func interruptible() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// startPositions reads every record of dir and returns the positions of
// their main lines up to maxPly plies in, with the even start position
// always among them. Files that cannot be read are skipped with a warning.
func startPositions(dir string, maxPly int, stderr io.Writer) ([]*game.Position, error) {
	starts := []*game.Position{game.NewStartPosition()}
	if dir == "" {
		return starts, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	seen := map[uint64]bool{starts[0].Key(): true}
	files := 0
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !slices.Contains([]string{".kif", ".kifu", ".ki2", ".ki2u", ".csa"}, strings.ToLower(filepath.Ext(name))) {
			continue
		}
		r, err := kif.ReadFile(filepath.Join(dir, name))
		if err != nil {
			fmt.Fprintf(stderr, "kiki learn: skipping %s: %v\n", name, err)
			continue
		}
		files++
		p := r.StartPosition()
		for i, m := range append([]game.Move{game.NoMove}, r.MainMoves()...) {
			if i > maxPly {
				break
			}
			if m != game.NoMove {
				if !p.IsLegal(m) {
					break
				}
				p.DoMove(m)
			}
			if p.HasLegalMove() && !seen[p.Key()] {
				seen[p.Key()] = true
				q, err := game.ParseSFEN(p.SFEN())
				if err == nil {
					starts = append(starts, q)
				}
			}
		}
	}
	fmt.Fprintf(stderr, "kiki learn: %d start positions from %d records in %s\n", len(starts), files, dir)
	return starts, nil
}

func runLearnGen(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("learn gen", stderr)
	out := fs.String("out", "learn-data/gen1.bin", "record file to append to")
	kifDir := fs.String("kif", "../shared/data/kif", "folder of records whose openings start the games (empty: the even start only)")
	maxStart := fs.Int("start-plies", 40, "start from a record's main line at most this many plies in")
	nodes := fs.Uint64("nodes", 5000, "search nodes per move (the label)")
	random := fs.Int("random-moves", 6, "up to this many random legal moves before self-play")
	maxPlies := fs.Int("max-plies", 320, "a game longer than this is a draw")
	positions := fs.Int("positions", 0, "stop when the file holds this many positions (0: run until killed)")
	seed := fs.Uint64("seed", 1, "random seed (mixed with the file size, so a restart plays new games)")
	randomProb := fs.Float64("random-prob", 0, "chance of a random legal move at each ply of a game (variety)")
	labelFlag := fs.String("label", "search", "label: search (the search's score) or eval (the hand-set static evaluation: cheap, for distillation)")
	evalFlag := evalFlags(fs)
	if _, ok := parseOperands(fs, args, 0, "learn gen [--out FILE] [--nodes N] [--label search|eval] [--eval FILE] ... (kiki learn gen -h lists the flags)"); !ok {
		return 2
	}
	newEngine, err := evalFlag()
	if err != nil {
		fmt.Fprintln(stderr, "kiki learn gen:", err)
		return 2
	}
	var label ai.Evaluator
	switch *labelFlag {
	case "search":
	case "eval":
		label = &ai.Default
	default:
		fmt.Fprintf(stderr, "kiki learn gen: --label %q: want search or eval\n", *labelFlag)
		return 2
	}
	if *randomProb < 0 || *randomProb > 1 {
		fmt.Fprintln(stderr, "kiki learn gen: --random-prob must be in 0..1")
		return 2
	}
	starts, err := startPositions(*kifDir, *maxStart, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "kiki learn gen:", err)
		return 2
	}
	if dir := filepath.Dir(*out); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			fmt.Fprintln(stderr, "kiki learn gen:", err)
			return 1
		}
	}
	ctx, cancel := interruptible()
	defer cancel()
	err = learn.Generate(ctx, learn.GenOptions{
		Out: *out, Starts: starts, Nodes: *nodes, RandomMoves: *random, MaxPlies: *maxPlies,
		Positions: *positions, Seed: *seed, NewEngine: newEngine, Log: stdout,
		RandomProb: *randomProb, Label: label,
	})
	if err != nil {
		fmt.Fprintln(stderr, "kiki learn gen:", err)
		return 1
	}
	return 0
}

// runLearnLabel is `kiki learn label`: an external USI engine relabels the
// positions of a record file (a stronger teacher than kiki's own search).
func runLearnLabel(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("learn label", stderr)
	in := fs.String("in", "", "record file to relabel (made by learn gen)")
	out := fs.String("out", "", "record file to append the relabelled records to (a rerun resumes)")
	engine := fs.String("engine", "/usr/games/fairy-stockfish", "the teacher: a USI engine's path")
	depth := fs.Int("depth", 0, "search depth per position")
	nodes := fs.Uint64("nodes", 0, "search nodes per position")
	byoyomi := fs.Duration("byoyomi", 0, "search with this byoyomi (for gpsusi, which refuses go depth: set its depth with --option LimitDepth=N)")
	scale := fs.Float64("scale", 1, "kiki centipawns per teacher centipawn (the label is the teacher's score times this)")
	clamp := fs.Int("clamp", 3000, "labels are bounded by ±this; a mate is ±this")
	all := fs.Bool("all", false, "label positions in check and with a capturing best move too (training leaves them out)")
	positions := fs.Int("positions", 0, "stop when the output holds this many records (0: all of the input)")
	var opts [][2]string
	fs.Func("option", "set an engine option, NAME=VALUE (repeatable; one thread and a 64 MiB hash are set first where the engine declares them)", func(s string) error {
		name, value, ok := strings.Cut(s, "=")
		if !ok || name == "" {
			return fmt.Errorf("want NAME=VALUE")
		}
		opts = append(opts, [2]string{name, value})
		return nil
	})
	if _, ok := parseOperands(fs, args, 0, "learn label --in FILE --out FILE --depth N|--nodes N|--byoyomi D [--engine PATH] [--option NAME=VALUE] ... (kiki learn label -h lists the flags)"); !ok {
		return 2
	}
	switch {
	case *in == "" || *out == "":
		fmt.Fprintln(stderr, "kiki learn label: --in and --out are required")
		return 2
	case *depth <= 0 && *nodes == 0 && *byoyomi <= 0:
		fmt.Fprintln(stderr, "kiki learn label: give --depth, --nodes or --byoyomi")
		return 2
	case *scale <= 0 || math.IsInf(*scale, 0) || math.IsNaN(*scale):
		fmt.Fprintln(stderr, "kiki learn label: --scale must be positive")
		return 2
	case *clamp <= 0:
		fmt.Fprintln(stderr, "kiki learn label: --clamp must be positive")
		return 2
	}
	ctx, cancel := interruptible()
	defer cancel()
	_, err := learn.Label(ctx, learn.LabelOptions{
		In: *in, Out: *out, Engine: usi.ClientConfig{Path: *engine}, Options: opts,
		Depth: *depth, Nodes: *nodes, Byoyomi: *byoyomi, Scale: *scale, Clamp: *clamp, All: *all,
		Positions: *positions, Log: stdout,
	})
	if err != nil {
		fmt.Fprintln(stderr, "kiki learn label:", err)
		return 1
	}
	return 0
}

// evalFlags adds --eval (which evaluation plays and labels) and returns a
// function that makes engines with it.
func evalFlags(fs interface {
	String(name, value, usage string) *string
}) func() (func() *ai.Engine, error) {
	ev := fs.String("eval", "handset", "evaluation that plays: handset, or a weights file")
	return func() (func() *ai.Engine, error) {
		switch *ev {
		case "handset", "":
			return func() *ai.Engine { return ai.NewEngine(16) }, nil
		}
		data, err := os.ReadFile(*ev)
		if err != nil {
			return nil, fmt.Errorf("--eval: %w", err)
		}
		net, err := nnue.Load(data)
		if err != nil {
			return nil, fmt.Errorf("--eval %s: %w", *ev, err)
		}
		return func() *ai.Engine {
			e := ai.NewEngine(16)
			e.Net = net
			return e
		}, nil
	}
}

func runLearnTrain(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("learn train", stderr)
	out := fs.String("out", "learn-data/nnue.bin", "weights file, written after an epoch whose validation loss is the best so far")
	ckpt := fs.String("checkpoint", "learn-data/train.ckpt", "checkpoint (float weights, optimiser state) written after every epoch")
	resume := fs.Bool("resume", false, "carry on from --checkpoint")
	from := fs.String("from", "", "start from this checkpoint's (or weights file's) weights with this run's --lambda and data (fine-tuning; --resume takes precedence when --checkpoint exists)")
	epochs := fs.Int("epochs", 10, "epochs to run")
	batch := fs.Int("batch", 256, "positions per mini-batch")
	lr := fs.Float64("lr", 1e-3, "Adam learning rate")
	lambda := fs.Float64("lambda", 0.5, "weight of the search score against the game result in the target (0..1)")
	scale := fs.Float64("scale", 0, "centipawns per logit (0: fit to the data)")
	seed := fs.Uint64("seed", 1, "random seed (initial weights, shuffling)")
	bucketLR := fs.Float64("bucket-lr", 0.1, "learning-rate factor of the king-bucket rows")
	squareLR := fs.Float64("square-lr", 0.3, "learning-rate factor of the bucket-free piece-square rows")
	scoreScale := fs.Float64("score-scale", 1, "multiply the records' scores by this as they are read (teacher labels written with another scale than a later fit's)")
	scoreOffset := fs.Int("score-offset", 0, "subtract this from every score after --score-scale (a teacher's bonus for the side to move)")
	maxDiff := fs.Int("max-diff", 0, "leave out positions whose score is more than this from the hand-set static evaluation (0: keep all)")
	l1 := fs.Int("l1", 0, "units of a hidden layer between the accumulators and the output (0: none; a resumed checkpoint keeps its own)")
	data, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(data) == 0 || *lambda < 0 || *lambda > 1 || *epochs < 0 || !(*scoreScale > 0) || math.IsInf(*scoreScale, 0) {
		fmt.Fprintln(stderr, "usage: kiki learn train [FLAGS] RECORDFILE...  (--lambda in 0..1, --score-scale positive)")
		return 2
	}
	ctx, cancel := interruptible()
	defer cancel()
	err = learn.Train(ctx, learn.TrainOptions{
		Data: data, Out: *out, Checkpoint: *ckpt, Resume: *resume, From: *from, Epochs: *epochs, Batch: *batch,
		LR: *lr, Lambda: *lambda, Scale: *scale, Seed: *seed, BucketLR: *bucketLR, SquareLR: *squareLR, L1: *l1, ScoreScale: *scoreScale, ScoreOffset: *scoreOffset, MaxDiff: *maxDiff, Log: stdout,
	})
	if err != nil {
		fmt.Fprintln(stderr, "kiki learn train:", err)
		return 1
	}
	return 0
}

// runLearnTune is `kiki learn tune`: the hand-set evaluation's numbers
// fitted to labelled positions, written as the Go source of ai.Default.
func runLearnTune(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("learn tune", stderr)
	out := fs.String("out", "", "Go file to write the tuned ai.Default to (e.g. ai/params_default.go); empty: print the numbers only")
	scale := fs.Float64("scale", 600, "centipawns per logit of the loss's win-probability curve")
	maxScore := fs.Int("max-score", 2000, "leave out records scored beyond ±this")
	step := fs.Int("step", 8, "first step in centipawns, halved when no number moves")
	sweeps := fs.Int("sweeps", 40, "most passes over the numbers")
	val := fs.Float64("val", 0.1, "share of records held out to measure the fit")
	seed := fs.Uint64("seed", 1, "seed of the held-out split")
	limit := fs.Int("limit", 0, "use at most this many records (0: all)")
	data, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(data) == 0 {
		fmt.Fprintln(stderr, "usage: kiki learn tune [FLAGS] RECORDFILE...  (records labelled by kiki learn label)")
		return 2
	}
	if *out != "" {
		if err := checkOutPath(*out); err != nil {
			fmt.Fprintln(stderr, "kiki learn tune:", err)
			return 2
		}
	}
	ctx, cancel := interruptible()
	defer cancel()
	res, err := learn.Tune(ctx, learn.TuneOptions{Data: data, Start: ai.HandSet, Scale: *scale, MaxScore: *maxScore,
		Step: *step, Sweeps: *sweeps, ValShare: *val, Seed: *seed, Progress: stdout, MaxRecord: *limit})
	if err != nil {
		fmt.Fprintln(stderr, "kiki learn tune:", err)
		return 1
	}
	fmt.Fprintf(stdout, "%d positions; training loss %.6f -> %.6f, held out %.6f -> %.6f\n",
		res.Positions, res.StartTrain, res.TrainLoss, res.StartVal, res.ValLoss)
	src, err := learn.ParamsSource(res.Params, "kiki learn tune "+strings.Join(args, " "))
	if err != nil {
		fmt.Fprintln(stderr, "kiki learn tune:", err)
		return 1
	}
	if *out == "" {
		stdout.Write(src)
		return 0
	}
	if err := learn.WriteParamsSource(*out, src); err != nil {
		fmt.Fprintln(stderr, "kiki learn tune:", err)
		return 1
	}
	return 0
}

// gameLine is an enumerated problem's main line as the rules core's moves,
// each read from USI in its position (so the core checks every one).
func gameLine(p enum.Problem) ([]game.Move, error) {
	pos, err := game.ParseSFEN(p.Pos.SFEN())
	if err != nil {
		return nil, err
	}
	moves := make([]game.Move, len(p.Line))
	for i, em := range p.Line {
		m, err := pos.ParseUSIMove(em.USI())
		if err != nil {
			return nil, fmt.Errorf("%s: move %d: %v", p.Pos.SFEN(), i+1, err)
		}
		moves[i] = m
		pos.DoMove(m)
	}
	return moves, nil
}

// checkOutPath reports why a file could not be written at path: its
// folder missing or not a folder, or path itself a folder.
func checkOutPath(path string) error {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("%s is a folder", path)
	}
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case err != nil:
		return fmt.Errorf("%s: no folder %s to write it in", path, dir)
	case !st.IsDir():
		return fmt.Errorf("%s: %s is not a folder", path, dir)
	}
	return nil
}

// runEnumerate counts every tsume problem of a small material by retrograde
// analysis (package ai/enum) and prints one "<length> <count>" line per odd
// length, then a summary; --out writes every problem as a problem set.
func runEnumerate(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("enumerate", stderr)
	out := fs.String("out", "", "write every problem to this file (problem-set TSV)")
	maxLen := fs.Int("max-length", 11, "longest solution enumerated, in plies (odd)")
	var opt enum.Options
	fs.BoolVar(&opt.Zushiki, "zushiki", false, "the material's pieces may also stand on the board as the defender's (図式)")
	fs.BoolVar(&opt.Minimal, "minimal", false, "only problems in which every piece on the board is needed")
	fs.BoolVar(&opt.EmptyHand, "empty-hand", false, "only problems whose attacker's hand is empty at the start (持駒なし)")
	fs.BoolVar(&opt.Exact, "exact", false, "only problems that use the whole material (otherwise it is an upper bound)")
	fs.BoolVar(&opt.Mirror, "mirror", false, "count a problem and its left-right mirror image once")
	usage := "enumerate [--out FILE] [--max-length N] [--zushiki] [--minimal] [--empty-hand] [--exact] [--mirror] PIECES"
	rest, ok := parseOperands(fs, args, 1, usage)
	if !ok {
		return 2
	}
	if *maxLen < 1 || *maxLen%2 == 0 || *maxLen > 61 {
		fmt.Fprintln(stderr, "kiki enumerate: --max-length must be odd, 1 … 61")
		return 2
	}
	opt.MaxLength = *maxLen
	if _, err := enum.Kinds(rest[0]); err != nil || rest[0] == "" {
		if err == nil {
			err = fmt.Errorf("no pieces given")
		}
		fmt.Fprintln(stderr, "kiki enumerate:", err)
		return 2
	}
	if *out != "" {
		// Said before the walk, which takes minutes for the larger
		// materials, not after it.
		if err := checkOutPath(*out); err != nil {
			fmt.Fprintln(stderr, "kiki enumerate: --out:", err)
			return 2
		}
	}
	start := time.Now()
	var found []kif.Problem
	var err error
	var emit func(enum.Problem)
	if *out != "" {
		emit = func(p enum.Problem) {
			if err != nil {
				return
			}
			var moves []game.Move
			if moves, err = gameLine(p); err == nil {
				found = append(found, kif.Problem{SFEN: p.Pos.SFEN(), Length: p.Length, Moves: moves,
					Material: strings.ToUpper(rest[0]), Source: "kiki enumerate"})
			}
		}
	}
	res, eerr := enum.Enumerate(rest[0], opt, emit)
	if eerr != nil {
		err = eerr
	}
	if err != nil {
		fmt.Fprintln(stderr, "kiki enumerate:", err)
		return 2
	}
	elapsed := time.Since(start)
	if *out != "" {
		// Through kif's problem-set writer: every problem checked by the
		// rules core, written to a temporary file and renamed, gzip when
		// the name ends in .gz.
		cmd := []string{"kiki", "enumerate"}
		fs.Visit(func(f *flag.Flag) {
			if f.Name != "out" {
				cmd = append(cmd, "--"+f.Name+"="+f.Value.String())
			}
		})
		head := fmt.Sprintf("%s %s: every problem, by retrograde analysis", strings.Join(cmd, " "), rest[0])
		if err := kif.WriteProblemsFile(*out, found, head, "SFEN\tlength\tmain line\tmaterial\tname\tsource"); err != nil {
			fmt.Fprintln(stderr, "kiki enumerate:", err)
			return 1
		}
	}
	total := 0
	for n := 1; n < len(res.Counts); n += 2 {
		fmt.Fprintf(stdout, "%d %d\n", n, res.Counts[n])
		total += res.Counts[n]
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Fprintf(stdout, "# %s: %d problems in %.2fs, %d positions held (table %d MiB), memory from the OS %d MiB\n",
		res.Material, total, elapsed.Seconds(), res.Held, res.TableBytes>>20, ms.Sys>>20)
	return 0
}
