package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"kiki/game"
	"kiki/kif"
	"kiki/ui/store"
)

// The tsume practice's library: the problem sets shipped in the binary
// (assets/tsume, given as Options.Tsume), each a kif problem set, and the
// user's solved problems, remembered in the config folder beside
// config.json.

// practiceSet is one problem set of the library.
type practiceSet struct {
	file     string // its file name: short.tsv.gz, enum-GGP.tsv.gz
	problems []kif.Problem
}

// practiceLengths are the picker's lengths: 1, 3, … 11 plies, then every
// longer one together ("long").
var practiceLengths = []int{1, 3, 5, 7, 9, 11, 0}

// longIdx is the index of "long" in practiceLengths.
const longIdx = 6

// lengthIdx is the picker's length column of a problem's length.
func lengthIdx(l int) int {
	if l >= 1 && l <= 11 {
		return (l - 1) / 2
	}
	return longIdx
}

// setOrder puts the converted sets first (short, medium, famous), then
// the enumerated ones by material.
func setOrder(file string) string {
	for i, f := range []string{"short.tsv.gz", "medium.tsv.gz", "famous.tsv.gz"} {
		if file == f {
			return fmt.Sprint(i)
		}
	}
	return "9" + file
}

// loadPracticeLib reads every problem set (*.tsv, *.tsv.gz) at the top of
// fsys. A set that cannot be read is left out and reported in err; the
// others are kept.
func loadPracticeLib(fsys fs.FS) ([]practiceSet, error) {
	if fsys == nil {
		return nil, nil
	}
	ents, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	var sets []practiceSet
	var errs []error
	for _, e := range ents {
		if e.IsDir() || !(strings.HasSuffix(e.Name(), ".tsv.gz") || strings.HasSuffix(e.Name(), ".tsv")) {
			continue
		}
		data, err := fs.ReadFile(fsys, e.Name())
		if err != nil {
			errs = append(errs, err)
			continue
		}
		ps, err := kif.ReadProblems(e.Name(), data)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if len(ps) > 0 {
			sets = append(sets, practiceSet{file: e.Name(), problems: ps})
		}
	}
	sort.Slice(sets, func(i, j int) bool { return setOrder(sets[i].file) < setOrder(sets[j].file) })
	return sets, errors.Join(errs...)
}

// setName is a set's name on screen: the converted sets by what they
// hold, an enumerated set by its material (enum-GGP: 金2歩1).
func setName(l Lang, file string) string {
	base := strings.TrimSuffix(strings.TrimSuffix(file, ".gz"), ".tsv")
	switch base {
	case "short", "medium", "famous":
		return tr(l, "pr.set."+base)
	}
	if mat, ok := strings.CutPrefix(base, "enum-"); ok {
		return materialName(mat) + " (" + mat + ")"
	}
	return base
}

// materialName writes SFEN letters as a tsume book does: GGP as 金2歩1.
func materialName(letters string) string {
	var sb strings.Builder
	for _, t := range []game.PieceType{game.Rook, game.Bishop, game.Gold, game.Silver, game.Knight, game.Lance, game.Pawn} {
		if n := strings.Count(letters, t.Letter()); n > 0 {
			fmt.Fprintf(&sb, "%s%d", t.Name(), n)
		}
	}
	if sb.Len() == 0 {
		return letters
	}
	return sb.String()
}

// problemKey names a problem in the solved file: its position without
// the move number, so the same problem in two sets is solved in both.
// The picker looks up every problem of the library (some 20,000) each
// time it is drawn, so the SFEN as the files write it (printable ASCII,
// fields one space apart) is cut, not copied; any other is split and
// joined.
func problemKey(p *kif.Problem) string {
	s := p.SFEN
	cut, spaces := len(s), 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ' && (i == 0 || i == len(s)-1 || s[i-1] == ' '):
			return joinedKey(s)
		case c == ' ':
			if spaces++; spaces == 3 {
				cut = i
			}
		case c < '!' || c > '~':
			return joinedKey(s)
		}
	}
	return s[:cut]
}

// joinedKey is problemKey of any SFEN: its first three fields.
func joinedKey(sfen string) string {
	f := strings.Fields(sfen)
	if len(f) > 3 {
		f = f[:3]
	}
	return strings.Join(f, " ")
}

// solvedName is the file of solved problems in the config folder.
const solvedName = "tsume-solved.json"

// solvedFile is what the file holds: each solved problem's key and the
// day it was first solved.
type solvedFile struct {
	Solved map[string]string `json:"solved"`
}

// loadSolved reads the solved problems in dir. A missing file (or dir "")
// is none solved; a file that cannot be read or is not kiki's JSON is an
// error naming the file (and is never overwritten, see saveSolved).
func loadSolved(dir string) (map[string]string, error) {
	solved := map[string]string{}
	var f solvedFile
	if err := store.ReadJSON(dir, solvedName, "kiki's list of solved problems", &f); err != nil {
		return solved, err
	}
	for k, v := range f.Solved {
		solved[k] = v
	}
	return solved, nil
}

// saveSolved writes the solved problems in dir (nothing when dir is "")
// through a temporary file and a rename. A file there that kiki cannot
// read is reported, not overwritten.
func saveSolved(dir string, solved map[string]string) error {
	if dir == "" {
		return nil
	}
	if _, err := loadSolved(dir); err != nil {
		return err
	}
	data, err := json.MarshalIndent(solvedFile{Solved: solved}, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return kif.WriteAtomic(filepath.Join(dir, solvedName), append(data, '\n'))
}

// today is the date a problem is marked solved on.
func today(now func() time.Time) string { return now().Format("2006-01-02") }
