package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// helpCases are the invocations whose output is held in testdata/help: the
// program's help, every subcommand's --help, and the usage line each
// subcommand prints when its operands are wrong. Each golden file is the
// exit status on its first line, then standard output and standard error.
var helpCases = []struct {
	golden string
	args   []string
}{
	{"help", []string{"help"}},
	{"dash-h", []string{"-h"}},
	{"perft", []string{"perft", "--help"}},
	{"perft-usage", []string{"perft"}},
	{"moves", []string{"moves", "--help"}},
	{"moves-usage", []string{"moves", "x"}},
	{"checks", []string{"checks", "--help"}},
	{"checks-usage", []string{"checks", "x"}},
	{"convert", []string{"convert", "--help"}},
	{"convert-usage", []string{"convert"}},
	{"mate", []string{"mate", "--help"}},
	{"mate-usage", []string{"mate", "x"}},
	{"tsume", []string{"tsume", "--help"}},
	{"tsume-usage", []string{"tsume"}},
	{"bench", []string{"bench", "--help"}},
	{"bench-usage", []string{"bench", "x"}},
	{"usi", []string{"usi", "--help"}},
	{"learn", []string{"learn", "--help"}},
	{"learn-usage", []string{"learn"}},
	{"learn-gen", []string{"learn", "gen", "--help"}},
	{"learn-gen-usage", []string{"learn", "gen", "x"}},
	{"learn-train", []string{"learn", "train", "--help"}},
	{"learn-train-usage", []string{"learn", "train"}},
	{"learn-label", []string{"learn", "label", "--help"}},
	{"learn-label-usage", []string{"learn", "label", "x"}},
	{"learn-tune", []string{"learn", "tune", "--help"}},
	{"learn-tune-usage", []string{"learn", "tune"}},
	{"learn-valset", []string{"learn", "valset", "--help"}},
	{"learn-valset-usage", []string{"learn", "valset", "x"}},
	{"learn-cycle", []string{"learn", "cycle", "--help"}},
	{"learn-cycle-usage", []string{"learn", "cycle", "x"}},
	{"enumerate", []string{"enumerate", "--help"}},
	{"enumerate-usage", []string{"enumerate"}},
	{"review", []string{"review", "--help"}},
	{"review-usage", []string{"review"}},
	{"board-usage", []string{"--level", "11"}},
}

// TestHelpGolden holds kiki's help texts to the files in testdata/help,
// written from the program's output before the subcommands moved out of
// main.go. Since then each usage line has one source, the subcommand's
// own; where kiki help's synopsis and the subcommand's usage message had
// drifted apart, the fuller one won, and the golden files that changed
// (help, dash-h, convert-usage) say which line and why in their "//"
// header. KIKI_UPDATE_GOLDEN=1 rewrites the files, keeping the headers
// (then read the diff).
func TestHelpGolden(t *testing.T) {
	update := os.Getenv("KIKI_UPDATE_GOLDEN") == "1"
	for _, c := range helpCases {
		out, errOut, code := runMain(c.args...)
		got := fmt.Sprintf("exit %d\n-- stdout --\n%s-- stderr --\n%s", code, out, errOut)
		path := filepath.Join("testdata", "help", c.golden+".golden")
		if update {
			old, _ := os.ReadFile(path)
			head := string(old[:len(old)-len(stripGoldenComments(string(old)))])
			if err := os.WriteFile(path, []byte(head+got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if want := stripGoldenComments(string(data)); got != want {
			t.Errorf("kiki %s:\n--- got\n%s\n--- want (%s)\n%s", strings.Join(c.args, " "), got, path, want)
		}
	}
}

// stripGoldenComments drops the "//" lines at the top of a golden file,
// which say why its text differs from what kiki printed before.
func stripGoldenComments(s string) string {
	for strings.HasPrefix(s, "//") {
		_, s, _ = strings.Cut(s, "\n")
	}
	return s
}
