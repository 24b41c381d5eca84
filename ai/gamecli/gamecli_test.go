package gamecli

import (
	"strings"
	"testing"

	"kiki/kif/cli"
)

// runMain runs the subcommand args[0] names as kiki would.
func runMain(args ...string) (string, string, int) {
	return cli.Capture(Commands(), args...)
}

func TestPerftCommand(t *testing.T) {
	out, _, code := runMain("perft", "3")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || lines[len(lines)-2] != "nodes 25470" || !strings.Contains(lines[len(lines)-1], "nodes/s") {
		t.Fatalf("code %d, output %q", code, out)
	}
	out, _, code = runMain("perft", "--divide", "2", "--sfen", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
	lines = strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 32 || lines[0] != "1g1f 30" || lines[30] != "nodes 900" {
		t.Fatalf("divide: code %d, %d lines: %q", code, len(lines), out)
	}
}

func TestMovesAndChecksCommands(t *testing.T) {
	out, _, code := runMain("moves")
	if code != 0 || strings.Count(out, "\n") != 30 || !strings.HasPrefix(out, "1g1f\n1i1h\n") {
		t.Fatalf("moves: %d %q", code, out)
	}
	out, _, code = runMain("checks", "--sfen", "4k4/9/9/9/9/9/9/9/4K4 b G 1")
	if code != 0 || out != "G*4a\nG*4b\nG*5b\nG*6a\nG*6b\n" {
		t.Fatalf("checks: %d %q", code, out)
	}
}
