package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// commandMention finds kiki's command lines in the READMEs' code: "kiki",
// "./kiki" or "go run ." and what follows up to the end of the code span
// or line (or a shell separator).
var commandMention = regexp.MustCompile("(?:^|[\\s\"'(`/])(?:kiki|go run \\.)((?:[ \\t]+[^\\s`|;&>)\"']+)*)")

// TestReadmeCommandsExist checks that every subcommand and flag the
// READMEs name in their code (`kiki mate --sfen …`, `go run . --human`,
// `./kiki learn gen --nodes 64`) is one kiki has: the subcommand is in
// kiki help, each flag in its --help (the board's for a command line that
// starts with a flag or names a record).
func TestReadmeCommandsExist(t *testing.T) {
	var files []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != "." || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.Name() == "README.md" {
			files = append(files, path)
		}
		return nil
	})
	if err != nil || len(files) < 2 {
		t.Fatalf("READMEs %v, %v", files, err)
	}
	known := map[string]bool{"help": true}
	// learnSteps: kiki learn's steps as its usage line names them
	// ("learn gen|train|… [FLAGS]"), each alone or all as one word.
	learnSteps := map[string]bool{}
	for _, c := range commands() {
		known[c.Name] = true
		if f := strings.Fields(c.Usage); c.Name == "learn" && len(f) > 1 {
			learnSteps[strings.ReplaceAll(f[1], "|", "¦")] = true
			for _, step := range strings.Split(f[1], "|") {
				learnSteps[step] = true
			}
		}
	}
	if !learnSteps["gen"] {
		t.Fatalf("kiki learn's usage names no steps: %v", learnSteps)
	}
	flagsOf := map[string]map[string]bool{}
	flags := func(args ...string) map[string]bool {
		key := strings.Join(args, " ")
		if f, ok := flagsOf[key]; ok {
			return f
		}
		out, errOut, _ := runMain(append(args, "--help")...)
		f := map[string]bool{"h": true, "help": true}
		for _, m := range regexp.MustCompile(`(?m)^  -(\S+)`).FindAllStringSubmatch(out+errOut, -1) {
			f[m[1]] = true
		}
		flagsOf[key] = f
		return f
	}
	checked := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.ReplaceAll(string(data), "\\\n", " ") // shell line continuations
		for _, code := range codeOf(text) {
			line := strings.ReplaceAll(code.text, `\|`, "¦") // a table's escaped |: the alternatives stay one word
			for _, ix := range commandMention.FindAllStringSubmatchIndex(line, -1) {
				if before := strings.Fields(line[:ix[0]]); len(before) > 0 && strings.HasPrefix(before[len(before)-1], "-") {
					continue // kiki as a flag's value (usimatch's --name1 kiki)
				}
				m := []string{line[ix[0]:ix[1]], line[ix[2]:ix[3]]}
				words := strings.Fields(m[1])
				if len(words) == 0 {
					continue
				}
				where := file + ":" + strconv.Itoa(code.line) + ": " + strings.TrimSpace(m[0])
				cmd := []string{}
				rest := words
				switch w := words[0]; {
				case known[w]:
					cmd = []string{w}
					rest = words[1:]
					if w == "learn" && len(rest) > 0 && !strings.HasPrefix(rest[0], "-") {
						if step := strings.Trim(rest[0], "[]"); !learnSteps[step] {
							t.Errorf("%s: unknown learn step %q", where, rest[0])
						} else if !strings.Contains(step, "¦") {
							cmd = append(cmd, step)
						}
						rest = rest[1:]
					}
				case strings.HasPrefix(w, "-") || strings.ContainsAny(w, "./[") || w == strings.ToUpper(w):
					// The board: its flags, a record, or a placeholder.
				default:
					t.Errorf("%s: no subcommand %q", where, w)
					continue
				}
				if len(cmd) == 1 && (cmd[0] == "learn" || cmd[0] == "help") {
					continue // kiki learn's own help names the steps only
				}
				have := flags(cmd...)
				for _, w := range rest {
					w = strings.Trim(w, "[]")
					if !strings.HasPrefix(w, "-") || w == "-" || w == "--" {
						continue
					}
					name, _, _ := strings.Cut(strings.TrimLeft(w, "-"), "=")
					checked++
					if !have[name] {
						t.Errorf("%s: kiki %s has no flag %s", where, strings.Join(cmd, " "), w)
					}
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d flags found in the READMEs: is the pattern still right?", checked)
	}
}

// codeLine is a piece of a README's code and the line it is on.
type codeLine struct {
	line int
	text string
}

// codeOf returns the code of a Markdown text: the lines of ``` blocks and
// indented blocks whole, and each `span` of the other lines.
func codeOf(text string) []codeLine {
	var code []codeLine
	fenced := false
	span := regexp.MustCompile("`[^`]+`")
	for i, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "```"):
			fenced = !fenced
		case fenced || strings.HasPrefix(line, "    "):
			code = append(code, codeLine{i + 1, line})
		default:
			for _, s := range span.FindAllString(line, -1) {
				code = append(code, codeLine{i + 1, s})
			}
		}
	}
	return code
}
