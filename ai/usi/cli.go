package usi

import (
	"io"
	"os"

	"kiki/ai/nnue"
	"kiki/kif/cli"
)

// Command is `kiki usi`: kiki as a USI engine on standard input and
// output, with weights (the embedded learned evaluation) for LearnedEval.
func Command(weights []byte) cli.Command {
	return cli.Command{Name: "usi", Usage: "usi", Summary: "run as a USI engine on standard input and output", Run: func(args []string, stdout, stderr io.Writer) int {
		if len(args) != 0 {
			return cli.Usage(stderr, "usi")
		}
		net, err := nnue.Load(weights)
		if err != nil {
			return cli.Fail(stderr, cli.ExitFailure, "usi", "the embedded learned evaluation:", err)
		}
		if err := RunWith(os.Stdin, stdout, net); err != nil {
			return cli.Fail(stderr, cli.ExitFailure, "usi", err)
		}
		return cli.ExitOK
	}}
}
