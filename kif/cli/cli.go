// Package cli holds the conventions kiki's subcommands share: a
// subcommand's description, how its flags and operands are parsed, the
// --sfen, --hash and --time flags, and the exit statuses. Each subcommand
// itself lives beside the package it drives (a cli.go there); main only
// lists them.
package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"kiki/game"
)

// The exit statuses every subcommand uses.
const (
	ExitOK      = 0 // done (a search that found nothing is done too)
	ExitFailure = 1 // the work failed: a file not read or written, an engine not started
	ExitUsage   = 2 // bad flags, operands or input, said on stderr before any work
)

// Command is one subcommand of kiki.
type Command struct {
	Name    string // the word after kiki
	Usage   string // the synopsis after "kiki ": the name, flags and operands
	Summary string // what it does, in one line
	// Run does the work and returns the exit status.
	Run func(args []string, stdout, stderr io.Writer) int
}

// Synopsis is the command's line in kiki help: its usage, then its summary
// (aligned for the short ones).
func (c Command) Synopsis() string {
	return fmt.Sprintf("%-37s  %s", c.Usage, c.Summary)
}

// NewFlags returns a flag set named name that reports errors and its
// --help on stderr.
func NewFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// ParseArgs parses flags wherever they stand among the arguments (the
// flag package alone stops at the first non-flag) and returns the others.
func ParseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
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

// ParseOperands parses fs's flags among args and wants exactly n other
// arguments, which it returns. Otherwise it reports false, after printing
// the usage line (a bad flag has the flag package's own message instead).
func ParseOperands(fs *flag.FlagSet, args []string, n int, usage string) ([]string, bool) {
	rest, err := ParseArgs(fs, args)
	if err != nil {
		return nil, false
	}
	if len(rest) != n {
		Usage(fs.Output(), usage)
		return nil, false
	}
	return rest, true
}

// Usage prints the usage line of a subcommand (its synopsis after "kiki ")
// and returns ExitUsage.
func Usage(w io.Writer, usage string) int {
	fmt.Fprintln(w, "usage: kiki "+usage)
	return ExitUsage
}

// Fail prints "kiki CMD: " and the values on stderr, and returns code.
func Fail(stderr io.Writer, code int, cmd string, a ...any) int {
	fmt.Fprintln(stderr, append([]any{"kiki " + cmd + ":"}, a...)...)
	return code
}

// PositionFlag defines --sfen; the function it returns reads it into a
// position (the even start by default), saying on stderr what is wrong
// with a bad or impossible one.
func PositionFlag(fs *flag.FlagSet) func(stderr io.Writer) (*game.Position, bool) {
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

// MaxHashMiB is the largest --hash any subcommand takes (64 GiB).
const MaxHashMiB = 1 << 16

// Hash is a --hash flag: the most memory a table may take, in MiB.
type Hash struct{ mib *int }

// HashFlag defines --hash with its default and description.
func HashFlag(fs *flag.FlagSet, def int, usage string) Hash {
	return Hash{fs.Int("hash", def, usage)}
}

// MiB returns the flag's value, or why it is outside 1 … MaxHashMiB.
func (h Hash) MiB() (int, error) {
	if *h.mib < 1 || *h.mib > MaxHashMiB {
		return 0, fmt.Errorf("--hash must be from 1 to %d MiB", MaxHashMiB)
	}
	return *h.mib, nil
}

// Seconds is a --time flag: a limit in seconds, 0 for none.
type Seconds struct{ s *float64 }

// TimeFlag defines --time with its description (default 0: no limit).
func TimeFlag(fs *flag.FlagSet, usage string) Seconds {
	return Seconds{fs.Float64("time", 0, usage)}
}

// Duration returns the limit (0: none), or why it is not a number of
// seconds from 0 to 1e9 (NaN included).
func (s Seconds) Duration() (time.Duration, error) {
	if !(*s.s >= 0) || *s.s > 1e9 {
		return 0, fmt.Errorf("--time must be a number of seconds from 0 (no limit) to 1e9")
	}
	return time.Duration(*s.s * float64(time.Second)), nil
}

// Interruptible returns a context cancelled by SIGINT or SIGTERM, so a
// background run stopped with kill finishes its game or step and saves.
func Interruptible() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// CheckOutPath reports why a file could not be written at path: its
// folder missing or not a folder, or path itself a folder. Commands call
// it before long work, so that the work is not lost at the end.
func CheckOutPath(path string) error {
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

// IsTerminal reports whether w is a terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Capture runs the command of cs that args[0] names with args[1:], as kiki
// would, and returns what it wrote on stdout and stderr and its exit
// status (ExitUsage for a name none has). Tests drive subcommands with it.
func Capture(cs []Command, args ...string) (stdout, stderr string, code int) {
	var out, errb strings.Builder
	for _, c := range cs {
		if len(args) > 0 && c.Name == args[0] {
			code = c.Run(args[1:], &out, &errb)
			return out.String(), errb.String(), code
		}
	}
	return "", fmt.Sprintf("no command %q\n", args), ExitUsage
}
