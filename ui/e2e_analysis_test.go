package ui

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"kiki/ui/engines"
)

// writeRegistry puts an engines.json naming engines (name, path; the
// first is the default for analysis) into dir/config.
func writeRegistry(t *testing.T, dir string, entries ...EngineEntry) {
	t.Helper()
	reg := engines.Registry{Engines: entries, Migrated: true}
	if err := engines.SaveRegistry(filepath.Join(dir, "config"), reg); err != nil {
		t.Fatal(err)
	}
}

// needEngine skips the test when the Debian engine at path is missing.
func needEngine(t *testing.T, path, pkg string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s is not installed (apt-get install %s; .ci/run does this)", path, pkg)
	}
}

var (
	headlineScore = regexp.MustCompile(`analysis depth \d+ score\(先手\) ([+-]\d+)`)
	candidateRow  = regexp.MustCompile(`(?m)^.*[ >]([123]) +([+-]\d+) d\d+ [☗☖]`)
)

// Analysis by a registered engine in a real terminal: fairy-stockfish,
// the registry's default for analysis, asked for three candidates with 後手
// to move, shows three scored lines, and the headline is the first
// line's score, both from 先手's view.
func TestAnalysisMultiPVFairyStockfishInTmux(t *testing.T) {
	const fsf = "/usr/games/fairy-stockfish"
	needEngine(t, fsf, "fairy-stockfish")
	dir, bin := e2eBinary(t)
	writeRegistry(t, dir, EngineEntry{Name: "Fairy-Stockfish", Path: fsf, Analysis: true})
	p := startTmux(t, "kiki-analysis-fsf", 120, 40, trustEnv(dir), bin+" --human --no-mouse")
	defer p.stop()
	p.waitFor("先手 to move")
	p.keys(":")
	p.typ("7g7f")
	p.keys("Enter")
	p.waitFor("後手 to move")
	p.keys("a")
	p.waitFor("analysis depth")
	p.keys("+", "+")
	s := p.waitFor(" 3  ")
	// Let the lines deepen past the first iterations, then read them.
	s = p.waitFor("d1")
	rows := candidateRow.FindAllStringSubmatch(s, -1)
	head := headlineScore.FindStringSubmatch(s)
	if len(rows) != 3 || head == nil {
		t.Fatalf("want three scored candidate lines and a scored headline:\n%s", s)
	}
	if rows[0][1] != "1" || rows[0][2] != head[1] {
		t.Errorf("the headline says %s, the first candidate %s:\n%s", head[1], rows[0][2], s)
	}
	// After 7g7f, 先手 stands better by any engine's measure: a score
	// from 後手's view (the side to move) would be negative.
	if strings.HasPrefix(head[1], "-") {
		t.Errorf("the score is not from 先手's view: %s\n%s", head[1], s)
	}
}

// gpsusi, the registry's default for analysis: its hint and its analysis
// (it dies on go nodes and is silent under go infinite from a fresh
// start; kiki asks in forms it takes) both show, out of its opening book.
func TestGpsusiAnalysisAndHintInTmux(t *testing.T) {
	const gps = "/usr/games/gpsusi"
	needEngine(t, gps, "gpsshogi")
	dir, bin := e2eBinary(t)
	writeRegistry(t, dir, EngineEntry{Name: "gpsusi", Path: gps, Analysis: true})
	p := startTmux(t, "kiki-analysis-gps", 120, 40, trustEnv(dir), bin+" --human --no-mouse")
	defer p.stop()
	p.waitFor("先手 to move")
	for _, mv := range []string{"1g1f", "9c9d", "1f1e", "9d9e", "2h1h", "1c1d"} {
		p.keys(":")
		p.typ(mv)
		p.keys("Enter")
	}
	p.waitFor("move 6 ")
	p.keys("i")
	s := p.waitFor("hint: ")
	if !regexp.MustCompile(`hint: ☗\S+ +score\(先手\) [+-]\d+`).MatchString(s) {
		t.Errorf("gpsusi's hint:\n%s", s)
	}
	p.keys("a")
	s = p.waitFor("analysis depth")
	if headlineScore.FindStringSubmatch(s) == nil {
		t.Errorf("gpsusi's analysis has no scored headline:\n%s", s)
	}
}
