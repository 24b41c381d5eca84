package kif

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestWrittenFilesReadAlike writes every corpus record as KIF, KIFU and KI2
// and asks the independent parser (../shared/tools/kif-oracle, tsshogi)
// to read them back: main line, ending, comments and branches must be what
// kiki read from the original. It needs Node.js and the oracle's
// dependencies, so it runs only when KIKI_KIF_ORACLE names kif-oracle.mjs.
func TestWrittenFilesReadAlike(t *testing.T) {
	oracle := os.Getenv("KIKI_KIF_ORACLE")
	if oracle == "" {
		t.Skip("set KIKI_KIF_ORACLE to ../shared/tools/kif-oracle/kif-oracle.mjs (after npm install there) to check written files with tsshogi")
	}
	dir := t.TempDir()
	recs := map[string]*Record{}
	writtenAsComment := map[string]bool{}
	// The corpus, and the small files of testdata (illegal endings, ending
	// comments, CSA times and comments) as kiki writes them.
	small, _ := filepath.Glob(filepath.Join("testdata", "*.*"))
	for _, path := range append(corpusFiles(t), small...) {
		rec, err := ReadFile(path)
		if err != nil {
			continue
		}
		base := strings.ReplaceAll(filepath.Base(path), ".", "-")
		for _, f := range []Format{FormatKIF, FormatKIFU, FormatKI2, FormatKI2U} {
			ext := "." + f.String()
			data, err := Encode(rec, f)
			if err != nil {
				continue
			}
			name := filepath.Join(dir, base+ext)
			if err := os.WriteFile(name, data, 0o644); err != nil {
				t.Fatal(err)
			}
			recs[name] = rec
			text, _, _ := Decode(data)
			writtenAsComment[name] = strings.Contains(text, "*"+illegalNote)
		}
	}
	cmd := exec.Command("node", oracle, dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("oracle: %v\n%s", err, out)
	}
	agree := 0
	for name, rec := range recs {
		exp := loadExpected(t, name)
		base := filepath.Base(name)
		if exp.Error != "" {
			t.Errorf("%s: the oracle refuses kiki's file: %s", base, exp.Error)
			continue
		}
		var moves []string
		for _, m := range rec.MainMoves() {
			moves = append(moves, m.USI())
		}
		probs := []string{}
		if exp.InitialSFEN != rec.Start.SFEN {
			probs = append(probs, "start "+exp.InitialSFEN)
		}
		if len(exp.IllegalPlies) > 0 {
			// The illegal move we keep as the ending is read by tsshogi as a move.
			exp.MainlineUSI = exp.MainlineUSI[:slices.Min(exp.IllegalPlies)-1]
		}
		if !slices.Equal(exp.MainlineUSI, moves) {
			probs = append(probs, "main line "+strings.Join(exp.MainlineUSI, " "))
		}
		if e := rec.Ending(); e != nil && e.Special != SpecialIllegal && exp.Special != nil && *exp.Special != specialName(e) && !(e.Special == SpecialOther && strings.HasPrefix(*exp.Special, "any:")) {
			probs = append(probs, "ending "+*exp.Special+" vs "+specialName(e))
		}
		comments := rec.CountComments()
		if e := rec.Ending(); e != nil && e.Special == SpecialIllegal && len(e.Comments) == 0 && writtenAsComment[name] {
			comments++ // the 反則手 comment that names the move
		}
		if exp.CommentCount != comments {
			probs = append(probs, "comments "+itoa(exp.CommentCount)+" vs "+itoa(comments))
		}
		if exp.BranchCount != rec.CountBranches() {
			probs = append(probs, "branches "+itoa(exp.BranchCount)+" vs "+itoa(rec.CountBranches()))
		}
		if len(probs) > 0 {
			t.Errorf("%s: %s", base, strings.Join(probs, "; "))
		} else {
			agree++
		}
	}
	t.Logf("tsshogi reads %d of %d files kiki wrote the way kiki does", agree, len(recs))
}
