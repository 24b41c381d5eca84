// Command kiki is a shogi board for the terminal. With no subcommand it
// starts the terminal UI; the subcommands expose the rules core, the
// record formats, the engine and the mate solver on the command line.
//
// main only wires: each subcommand (its flags, its work and its report)
// lives beside the package it drives, and kif/cli holds what they
// share; the board's own flags are in board.go.
package main

import (
	"fmt"
	"io"
	"os"

	"kiki/ai"
	"kiki/ai/enum"
	"kiki/ai/gamecli"
	"kiki/ai/learn"
	"kiki/ai/mate"
	"kiki/ai/review"
	"kiki/ai/usi"
	"kiki/assets"
	"kiki/kif"
	"kiki/kif/cli"
)

// commands are the subcommands, in the order kiki help lists them.
func commands() []cli.Command {
	var cs []cli.Command
	cs = append(cs, gamecli.Commands()...)
	cs = append(cs, kif.ConvertCommand())
	cs = append(cs, mate.Commands()...)
	cs = append(cs, review.Command(assets.NNUE()))
	cs = append(cs, ai.BenchCommand(assets.NNUE()), usi.Command(assets.NNUE()), learn.Command(assets.NNUE()), enum.Command())
	return cs
}

// usage is kiki help: the two forms of the command line, the board's
// flags and a line per subcommand.
func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: kiki [SUBCOMMAND] [ARGS]")
	fmt.Fprintln(w, "       kiki [FLAGS] [RECORD | FOLDER | -]")
	fmt.Fprintln(w, "With no subcommand, kiki starts the terminal board, opening RECORD (- : standard input) if given,")
	fmt.Fprintln(w, "or the game library: every record under FOLDER, to sort, filter and open.")
	fmt.Fprintln(w, "Board flags:")
	fs := cli.NewFlags("kiki", w)
	boardFlags(fs)
	fs.PrintDefaults()
	fmt.Fprintln(w, "Subcommands (kiki SUBCOMMAND --help lists their flags):")
	for _, c := range commands() {
		fmt.Fprintln(w, "  "+c.Synopsis())
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is kiki with its arguments: help, a subcommand, or the board (with
// a record to open when the first argument names one).
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
		usage(stdout)
		return cli.ExitOK
	}
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		for _, c := range commands() {
			if c.Name == args[0] {
				return c.Run(args[1:], stdout, stderr)
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
			return cli.ExitFailure
		}
		if !isRecordPath(args[0]) {
			fmt.Fprintf(stderr, "kiki: unknown subcommand %q\n", args[0])
			usage(stderr)
			return cli.ExitUsage
		}
	}
	return runBoard(args, stdout, stderr)
}

// isRecordPath reports whether a bare argument names a record to open.
func isRecordPath(s string) bool {
	if s == "-" {
		return true
	}
	_, err := os.Stat(s)
	return err == nil
}
