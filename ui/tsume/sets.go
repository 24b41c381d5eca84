package tsume

import (
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"time"

	"kiki/game"
	"kiki/kif"
	"kiki/ui/lang"
	"kiki/ui/store"
)

// Package tsume is the tsume practice's model: the problem sets shipped
// with kiki, the player's solved problems, and the judge that answers a
// check with the defence that lasts longest.
//
// The tsume practice's library: the problem sets shipped in the binary
// (assets/tsume, given as Options.Tsume), each a kif problem set, and the
// user's solved problems, remembered in the config folder beside
// config.json.

// Set is one problem set of the library.
type Set struct {
	File     string // its file name: short.tsv.gz, enum-GGP.tsv.gz
	Problems []kif.Problem
}

// The picker's lengths are 1, 3, … 11 plies (the columns 0 to 5), then
// every longer one together, column Long; NumLengths columns in all.
const (
	Long       = 6
	NumLengths = Long + 1
)

// Plies is the length of column i of the picker (Long: 0, any).
func Plies(i int) int {
	if i >= Long {
		return 0
	}
	return 2*i + 1
}

// LengthIdx is the picker's length column of a problem's length.
func LengthIdx(l int) int {
	if l >= 1 && l <= 11 {
		return (l - 1) / 2
	}
	return Long
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

// LoadSets reads every problem set (*.tsv, *.tsv.gz) at the top of
// fsys. A set that cannot be read is left out and reported in err; the
// others are kept.
func LoadSets(fsys fs.FS) ([]Set, error) {
	if fsys == nil {
		return nil, nil
	}
	ents, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	var sets []Set
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
			sets = append(sets, Set{File: e.Name(), Problems: ps})
		}
	}
	sort.Slice(sets, func(i, j int) bool { return setOrder(sets[i].File) < setOrder(sets[j].File) })
	return sets, errors.Join(errs...)
}

// SetName is a set's name on screen: the converted sets by what they
// hold, an enumerated set by its material (enum-GGP: 金2歩1).
func SetName(l lang.Lang, file string) string {
	base := strings.TrimSuffix(strings.TrimSuffix(file, ".gz"), ".tsv")
	switch base {
	case "short", "medium", "famous":
		return lang.Tr(l, "pr.set."+base)
	}
	if mat, ok := strings.CutPrefix(base, "enum-"); ok {
		return MaterialName(mat) + " (" + mat + ")"
	}
	return base
}

// MaterialName writes SFEN letters as a tsume book does: GGP as 金2歩1.
func MaterialName(letters string) string {
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

// ProblemKey names a problem in the solved file: its position without
// the move number, so the same problem in two sets is solved in both.
// The picker looks up every problem of the library (some 20,000) each
// time it is drawn, so the SFEN as the files write it (printable ASCII,
// fields one space apart) is cut, not copied; any other is split and
// joined.
func ProblemKey(p *kif.Problem) string {
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

// joinedKey is ProblemKey of any SFEN: its first three fields.
func joinedKey(sfen string) string {
	f := strings.Fields(sfen)
	if len(f) > 3 {
		f = f[:3]
	}
	return strings.Join(f, " ")
}

// SolvedFileName is the file of solved problems in the config folder.
const SolvedFileName = "tsume-solved.json"

// solvedWhat is what the file should be, in its errors.
const solvedWhat = "kiki's list of solved problems"

// solvedFile is what the file holds: each solved problem's key and the
// day it was first solved.
type solvedFile struct {
	Solved map[string]string `json:"solved"`
}

// LoadSolved reads the solved problems in dir. A missing file (or dir "")
// is none solved; a file that cannot be read or is not kiki's JSON is an
// error naming the file (and is never overwritten, see SaveSolved).
func LoadSolved(dir string) (map[string]string, error) {
	solved := map[string]string{}
	var f solvedFile
	if err := store.ReadJSON(dir, SolvedFileName, solvedWhat, &f); err != nil {
		return solved, err
	}
	for k, v := range f.Solved {
		solved[k] = v
	}
	return solved, nil
}

// SaveSolved writes the solved problems in dir (nothing when dir is "")
// through a temporary file and a rename. A file there that kiki cannot
// read is reported, not overwritten.
func SaveSolved(dir string, solved map[string]string) error {
	return store.WriteJSON(dir, SolvedFileName, solvedWhat, solvedFile{Solved: solved})
}

// Today is the date a problem is marked solved on.
func Today(now func() time.Time) string { return now().Format("2006-01-02") }
