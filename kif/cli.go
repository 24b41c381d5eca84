package kif

import (
	"fmt"
	"io"
	"os"

	"kiki/kif/cli"
)

const convertUsage = "convert [--to kif|kifu|ki2|ki2u|csa|usi|sfen] [--out FILE] [--sjis] FILE"

// ConvertCommand is `kiki convert`: a record read in any format and
// written in another, to standard output or atomically to a file.
func ConvertCommand() cli.Command {
	return cli.Command{Name: "convert", Usage: convertUsage, Summary: "convert a record (kif kifu ki2 ki2u csa usi sfen)", Run: runConvert}
}

func runConvert(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("convert", stderr)
	to := fs.String("to", "", "output format: kif (Shift_JIS), kifu (UTF-8), ki2, ki2u, csa, usi or sfen; default from --out's extension, else kifu")
	out := fs.String("out", "", "write to this file (atomically) instead of standard output")
	sjis := fs.Bool("sjis", false, "write kif/ki2 to a terminal in Shift_JIS too (by default a terminal gets UTF-8)")
	rest, ok := cli.ParseOperands(fs, args, 1, convertUsage)
	if !ok {
		return cli.ExitUsage
	}
	format := FormatKIFU
	switch {
	case *to != "":
		f, err := ParseFormat(*to)
		if err != nil {
			return cli.Fail(stderr, cli.ExitUsage, "convert", err)
		}
		format = f
	case *out != "":
		if f, ok := FormatOfPath(*out); ok {
			format = f
		}
	}
	rec, err := ReadOperand(rest[0], os.Stdin)
	if err != nil {
		return cli.Fail(stderr, cli.ExitFailure, "convert", err)
	}
	for _, w := range rec.Warnings {
		fmt.Fprintf(stderr, "kiki convert: warning: %s: %s\n", rest[0], w)
	}
	if *out != "" {
		if err := WriteFile(*out, rec, format); err != nil {
			return cli.Fail(stderr, cli.ExitFailure, "convert", err)
		}
		return cli.ExitOK
	}
	if cli.IsTerminal(stdout) && !*sjis {
		// Shift_JIS bytes are unreadable on a terminal: the same text in UTF-8.
		format = utf8Format(format)
	}
	data, err := Encode(rec, format)
	if err != nil {
		return cli.Fail(stderr, cli.ExitFailure, "convert", err)
	}
	stdout.Write(data)
	return cli.ExitOK
}

// ReadOperand reads the record a command line names: a file, or stdin
// for "-".
func ReadOperand(path string, stdin io.Reader) (*Record, error) {
	if path == "-" {
		data, err := io.ReadAll(stdin)
		if err != nil {
			return nil, err
		}
		return Read("stdin", data)
	}
	return ReadFile(path)
}

// utf8Format is the UTF-8 form of a Shift_JIS format (kif, ki2).
func utf8Format(f Format) Format {
	switch f {
	case FormatKIF:
		return FormatKIFU
	case FormatKI2:
		return FormatKI2U
	}
	return f
}
