package kif

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"kiki/game/refdata"
	"kiki/kif/cli"
)

// runMain runs the subcommand args[0] names as kiki would.
func runMain(args ...string) (string, string, int) {
	return cli.Capture([]cli.Command{ConvertCommand()}, args...)
}

func TestConvertCommand(t *testing.T) {
	path := refdata.Path(t, "kif", "jkf-fork.kif")
	out, _, code := runMain("convert", "--to", "usi", path)
	if code != 0 || out != "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f 3c3d 2g2f\n" {
		t.Fatalf("usi: %d %q", code, out)
	}
	out, _, _ = runMain("convert", "--to", "sfen", path)
	if out != "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4\n" {
		t.Fatalf("sfen: %q", out)
	}
	dir := t.TempDir()
	dst := filepath.Join(dir, "out.ki2")
	if _, errOut, code := runMain("convert", "--out", dst, path); code != 0 {
		t.Fatalf("--out: %s", errOut)
	}
	out, _, _ = runMain("convert", "--to", "usi", dst)
	if !strings.HasSuffix(out, "moves 7g7f 3c3d 2g2f\n") {
		t.Fatalf("re-read of the written KI2: %q", out)
	}
	bad := filepath.Join(dir, "bad.kif")
	os.WriteFile(bad, []byte("手合割：平手\n   1 ７六歩(77)\n手合割：香落ち\n"), 0o644)
	out, errOut, code := runMain("convert", bad)
	if code != 1 || out != "" || !strings.Contains(errOut, "bad.kif:3") {
		t.Fatalf("bad file: %d %q %q", code, out, errOut)
	}
}

// convert writes Shift_JIS to a pipe or a file only; a terminal gets the
// UTF-8 form of kif and ki2.
func TestConvertUTF8ToTerminal(t *testing.T) {
	if utf8Format(FormatKIF) != FormatKIFU || utf8Format(FormatKI2) != FormatKI2U || utf8Format(FormatCSA) != FormatCSA {
		t.Fatal("utf8Format")
	}
	if cli.IsTerminal(&bytes.Buffer{}) {
		t.Fatal("a buffer is not a terminal")
	}
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		defer tty.Close()
		if !cli.IsTerminal(tty) {
			t.Error("/dev/tty is not seen as a terminal")
		}
	}
	path := refdata.Path(t, "kif", "jkf-fork.kif")
	out, _, _ := runMain("convert", "--to", "kif", path)
	if utf8.ValidString(out) {
		t.Error("kif to a pipe is not Shift_JIS")
	}
}
