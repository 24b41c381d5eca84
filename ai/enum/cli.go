package enum

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"kiki/game"
	"kiki/kif"
	"kiki/kif/cli"
)

const enumerateUsage = "enumerate [--out FILE] [--max-length N] [--zushiki] [--minimal] [--empty-hand] [--exact] [--mirror] PIECES"

// Command is `kiki enumerate`: every tsume problem of a small material,
// counted per length, and with --out written as a problem set.
func Command() cli.Command {
	return cli.Command{Name: "enumerate", Usage: enumerateUsage, Summary: "count every tsume problem of a small material (e.g. GGP)", Run: runEnumerate}
}

// gameLine is an enumerated problem's main line as the rules core's moves,
// each read from USI in its position (so the core checks every one).
func gameLine(p Problem) ([]game.Move, error) {
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

// runEnumerate counts every tsume problem of a small material by retrograde
// analysis and prints one "<length> <count>" line per odd length, then a
// summary; --out writes every problem as a problem set.
func runEnumerate(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("enumerate", stderr)
	out := fs.String("out", "", "write every problem to this file (problem-set TSV)")
	maxLen := fs.Int("max-length", 11, "longest solution enumerated, in plies (odd)")
	var opt Options
	fs.BoolVar(&opt.Zushiki, "zushiki", false, "the material's pieces may also stand on the board as the defender's (図式)")
	fs.BoolVar(&opt.Minimal, "minimal", false, "only problems in which every piece on the board is needed")
	fs.BoolVar(&opt.EmptyHand, "empty-hand", false, "only problems whose attacker's hand is empty at the start (持駒なし)")
	fs.BoolVar(&opt.Exact, "exact", false, "only problems that use the whole material (otherwise it is an upper bound)")
	fs.BoolVar(&opt.Mirror, "mirror", false, "count a problem and its left-right mirror image once")
	rest, ok := cli.ParseOperands(fs, args, 1, enumerateUsage)
	if !ok {
		return cli.ExitUsage
	}
	if *maxLen < 1 || *maxLen%2 == 0 || *maxLen > 61 {
		return cli.Fail(stderr, cli.ExitUsage, "enumerate", "--max-length must be odd, 1 … 61")
	}
	opt.MaxLength = *maxLen
	if _, err := Kinds(rest[0]); err != nil || rest[0] == "" {
		if err == nil {
			err = fmt.Errorf("no pieces given")
		}
		return cli.Fail(stderr, cli.ExitUsage, "enumerate", err)
	}
	if *out != "" {
		// Said before the walk, which takes minutes for the larger
		// materials, not after it.
		if err := cli.CheckOutPath(*out); err != nil {
			return cli.Fail(stderr, cli.ExitUsage, "enumerate", "--out:", err)
		}
	}
	start := time.Now()
	var found []kif.Problem
	var err error
	var emit func(Problem)
	if *out != "" {
		emit = func(p Problem) {
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
	res, eerr := Enumerate(rest[0], opt, emit)
	if eerr != nil {
		err = eerr
	}
	if err != nil {
		return cli.Fail(stderr, cli.ExitUsage, "enumerate", err)
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
			return cli.Fail(stderr, cli.ExitFailure, "enumerate", err)
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
	return cli.ExitOK
}
