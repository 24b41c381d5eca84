package library

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kiki/game/refdata"
	"kiki/kif"
)

// expected is the part of the independent parser's reading
// (../shared/data/kif*/X.expected.json) the library is checked against.
type expected struct {
	Error       string            `json:"error"`
	InitialSFEN string            `json:"initial_sfen"`
	Special     *string           `json:"special"`
	SpecialPly  *int              `json:"special_ply"`
	Length      int               `json:"mainline_length"`
	Illegal     []int             `json:"illegal_plies"`
	Metadata    map[string]string `json:"metadata"`
}

func loadExpected(t *testing.T, path string) expected {
	t.Helper()
	b, err := os.ReadFile(path + ".expected.json")
	if err != nil {
		t.Fatal(err)
	}
	var e expected
	if err := json.Unmarshal(b, &e); err != nil {
		t.Fatal(err)
	}
	return e
}

// oracleResult is the result the oracle's ending gives, its word said by
// the side to move at its ply, and the main line's length. The oracle
// plays on through an illegal move (it lists it); kiki ends the main
// line there, the side that made it losing (反則), so that is what the
// oracle's reading gives too.
func oracleResult(e expected) (Result, int) {
	if len(e.Illegal) > 0 {
		ply := e.Illegal[0]
		loser := sideAt(e, ply)
		if loser == BlackWon {
			return WhiteWon, ply - 1
		}
		return BlackWon, ply - 1
	}
	if e.Special == nil || e.SpecialPly == nil {
		return NoResult, e.Length
	}
	return resultSaid(*e.Special, sideAt(e, *e.SpecialPly)), e.Length
}

// sideAt is the side to move at ply (BlackWon for 先手, WhiteWon for 後手):
// the start's, turned each ply.
func sideAt(e expected, ply int) Result {
	if strings.Contains(e.InitialSFEN, " b ") == (ply%2 == 1) {
		return BlackWon
	}
	return WhiteWon
}

// resultSaid is what an ending word said by the side to move means.
func resultSaid(special string, toMove Result) Result {
	mover, other := BlackWon, WhiteWon
	if toMove == WhiteWon {
		mover, other = WhiteWon, BlackWon
	}
	switch special {
	case "resign", "mate", "timeout", "foulLose", "loseByDefault":
		return other
	case "foulWin", "enteringOfKing", "winByDefault":
		return mover
	case "repetitionDraw", "impass":
		return Draw
	case "interrupt":
		return Unfinished
	}
	return NoResult
}

// libraryDisagree are the records where the library's reading differs
// from the oracle's, each with the reason (the readers' own tests,
// kif/corpus_test.go and kif/wild_test.go, explain each file).
var libraryDisagree = map[string]string{
	"bioshogi-24-foul1.kif":               "将棋倶楽部24 writes \"2 先手 反則負け\": kiki reads 反則負け, the oracle an unknown word",
	"bioshogi-24-foul-out-of-turn.kif":    "as bioshogi-24-foul1.kif",
	"jkf-kobayashi_kinsho196702.ki2":      "\"まで49手詰\": kiki reads 詰み (先手 mated), the oracle an unknown word",
	"na2hiro-Kifu-for-JS-illegal_win.csa": "%-ILLEGAL_ACTION: 後手 fouled, so 先手 wins; the oracle says 反則負け",
	"jkf-9fu.ki2":                         "\"まで61手詰\": kiki reads 詰み, the oracle an unknown word",
}

// recordFiles lists the record files of a shared data folder.
func recordFiles(t testing.TB, dir string) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if _, ok := kif.FormatOfPath(e.Name()); ok {
			out = append(out, e.Name())
		}
	}
	return out
}

// The library over the real records of ../shared/data/kif and kif-wild
// (239 files from many programs) lists every file, once, and gives each
// readable one the players its header names and the result and length
// the independent parser reads; a file kiki cannot read is listed with
// its reason.
func TestRealRecordsListed(t *testing.T) {
	for _, sub := range []string{"kif", "kif-wild"} {
		dir := refdata.Path(t, sub)
		lib, err := Open(context.Background(), dir, Options{IndexFile: filepath.Join(t.TempDir(), IndexName)})
		if err != nil {
			t.Fatal(err)
		}
		byFile := map[string]Entry{}
		for _, e := range lib.Entries {
			if _, dup := byFile[e.File]; dup {
				t.Errorf("%s listed twice", e.File)
			}
			byFile[e.File] = e
		}
		files := recordFiles(t, dir)
		if len(files) < 100 || len(lib.Entries) != len(files) || lib.Files != len(files) {
			t.Errorf("%s: %d entries of %d files, want one per file (%d)", sub, len(lib.Entries), lib.Files, len(files))
		}
		agree, unreadable := 0, 0
		for _, f := range files {
			e, ok := byFile[f]
			if !ok {
				t.Errorf("%s/%s: not listed", sub, f)
				continue
			}
			probs := compareEntry(e, loadExpected(t, filepath.Join(dir, f)), filepath.Join(dir, f))
			if e.Err != "" {
				unreadable++
			}
			why, listed := libraryDisagree[f]
			switch {
			case len(probs) == 0 && listed:
				t.Errorf("%s: agrees now; remove it from libraryDisagree (%s)", f, why)
			case len(probs) == 0:
				agree++
			case !listed:
				t.Errorf("%s/%s: %s", sub, f, strings.Join(probs, "; "))
			}
		}
		t.Logf("%s: %d files listed, %d agree with the oracle (players, result, length; or both refuse it), %d listed as unreadable with a reason, %d known disagreements",
			sub, len(files), agree, unreadable, len(files)-agree)
	}
}

// compareEntry lists how an entry differs from the oracle's reading of
// the file at path.
func compareEntry(e Entry, exp expected, path string) []string {
	if exp.Error != "" {
		if e.Err == "" {
			// kiki reads some records the oracle refuses (kif's tests list
			// them): the players must still be the file's header lines.
			return playersInText(e, path)
		}
		return nil
	}
	if e.Err != "" {
		if strings.Contains(e.Err, "impossible") || strings.Contains(e.Err, "last rank") {
			return nil // a start that breaks placement rules: refused on purpose (kif/wild_test.go)
		}
		return []string{"unreadable: " + e.Err}
	}
	probs := comparePlayers(e, exp)
	want, length := oracleResult(exp)
	if e.Result != want {
		probs = append(probs, "result "+resultName(e.Result)+", oracle "+resultName(want))
	}
	if e.Moves != length {
		probs = append(probs, fmt.Sprintf("%d moves, oracle %d", e.Moves, length))
	}
	return probs
}

// playersInText checks the entry's players against the file's own header
// lines (先手：NAME, N+NAME), for a file the oracle does not read.
func playersInText(e Entry, path string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		return []string{err.Error()}
	}
	text, _, err := kif.Decode(data)
	if err != nil {
		return []string{err.Error()}
	}
	keys := [2]string{"先手", "後手"}
	if e.Handicap {
		keys = [2]string{"下手", "上手"}
	}
	var probs []string
	for i, name := range []string{e.Black, e.White} {
		inFile := ""
		for _, line := range strings.Split(strings.ReplaceAll(text, "\r", "\n"), "\n") {
			if v, ok := strings.CutPrefix(line, keys[i]+"："); ok {
				inFile = strings.TrimSpace(v)
				break
			}
			if v, ok := strings.CutPrefix(line, [2]string{"N+", "N-"}[i]); ok {
				inFile = strings.TrimSpace(v)
				break
			}
		}
		if name != inFile {
			probs = append(probs, fmt.Sprintf("%s %q, the file's header %q", keys[i], name, inFile))
		}
	}
	return probs
}

func comparePlayers(e Entry, exp expected) []string {
	var probs []string
	bk, wk := "先手", "後手"
	if e.Handicap {
		bk, wk = "下手", "上手"
	}
	if got, want := e.Black, strings.TrimSpace(exp.Metadata[bk]); got != want {
		probs = append(probs, bk+" "+got+", header "+want)
	}
	if got, want := e.White, strings.TrimSpace(exp.Metadata[wk]); got != want {
		probs = append(probs, wk+" "+got+", header "+want)
	}
	return probs
}

func resultName(r Result) string {
	return [...]string{"none", "先手 won", "後手 won", "draw", "unfinished"}[r]
}
