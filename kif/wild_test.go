package kif

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kiki/game/refdata"
)

// wildFiles lists the records of ../shared/data/kif-wild: files other
// programs wrote, which kiki's readers are measured against.
func wildFiles(t *testing.T) []string {
	dir := refdata.Path(t, "kif-wild")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range entries {
		n := e.Name()
		switch strings.ToLower(filepath.Ext(n)) {
		case ".kif", ".kifu", ".ki2", ".ki2u", ".csa":
			files = append(files, filepath.Join(dir, n))
		}
	}
	return files
}

// TestWildCorpus reads every record in kif-wild and compares it with the
// independent parser's reading (hand-corrected where the notes say so).
// Every record must either agree or be listed in wildDisagree with the
// reason kiki differs; the figure is logged.
func TestWildCorpus(t *testing.T) {
	files := wildFiles(t)
	agree, crSame := 0, 0
	for _, path := range files {
		base := filepath.Base(path)
		exp := loadExpected(t, path)
		rec, err := ReadFile(path)
		var probs []string
		switch {
		case exp.Error != "" && err == nil:
			probs = append(probs, "accepted, but the oracle refuses it: "+exp.Error)
		case exp.Error != "":
			if !strings.Contains(err.Error(), base) {
				probs = append(probs, "error does not name the file: "+err.Error())
			}
		case err != nil:
			probs = append(probs, err.Error())
		default:
			if strings.EqualFold(filepath.Ext(base), ".csa") {
				exp.Metadata = csaOracleKeys(exp.Metadata)
			}
			probs = compareWithOracle(rec, exp, base)
		}
		if err == nil {
			// The same file with bare-CR line ends reads the same.
			data, _ := os.ReadFile(path)
			cr := bytes.ReplaceAll(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\r")), []byte("\n"), []byte("\r"))
			if back, err := Read(path, cr); err != nil {
				t.Errorf("%s with CR line ends: %v", base, err)
			} else if ok, why := Equal(rec, back); !ok {
				t.Errorf("%s with CR line ends: %s", base, why)
			} else {
				crSame++
			}
		}
		why, listed := wildDisagree[base]
		switch {
		case len(probs) == 0 && listed:
			t.Errorf("%s: agrees now; remove it from wildDisagree (%s)", base, why)
		case len(probs) == 0:
			agree++
		case !listed:
			t.Errorf("%s: %s", base, strings.Join(probs, "; "))
		}
	}
	t.Logf("%d of %d kif-wild records agree with the oracle; %d listed disagreements; %d read the same with CR line ends", agree, len(files), len(wildDisagree), crSame)
}

// csaOracleKeys renames the oracle's header keys for a CSA file to
// kiki's: $EVENT is the 棋戦 (tsshogi calls it 表題), and a key KIF has no
// word for keeps its $.
func csaOracleKeys(m map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		switch k {
		case "表題":
			k = "棋戦"
		case "先手", "後手", "開始日時", "終了日時", "場所", "持ち時間", "戦型":
		default:
			k = "$" + k
		}
		out[k] = v
	}
	return out
}

// wildDisagree lists the kif-wild records where kiki's reading differs from
// the oracle's, each with the reason.
var wildDisagree = map[string]string{
	// Broken files, read differently.
	"Mariel710-shogi-kifu-viewer-sample-nakabisha.kif": "move 2 ３四歩(34) moves a piece onto its own square: kiki keeps move 1 and ends there on 反則 with a warning; tsshogi refuses the file",
	"iwate-shogikan-kifu-20210207.kif":                 "Japanese text replaced by U+FFFD before it was saved as UTF-8: tsshogi reads 151 garbled endings as branches, kiki warns about unrecognised lines",
	"iwate-shogikan-kifu-22Jan07.KIF":                  "as iwate-shogikan-kifu-20210207.kif",
	"mog-game-012.kif":                                 "123 中断 after 122 投了: kiki warns and ignores it, tsshogi makes it a branch",
	// kiki follows the format where tsshogi does not.
	"na2hiro-Kifu-for-JS-illegal_win.csa": "%-ILLEGAL_ACTION: 後手 fouled, so 先手, to move, wins (反則勝ち); tsshogi says 反則負け",
	"irof-Kifuzo-mid_game_start.csa":      "no side-to-move line: kiki loads it with a warning, taking the side from the first move (issue 18); tsshogi refuses it",
	"shogiplayer-illegal-check.kif":       "a position with one king: kiki reads it, tsshogi refuses the board",
	// Start positions that break placement rules: another helper's work.
	"jkf-9fu.ki2": "後手 pawns on the last rank: refused as an impossible start",
}
