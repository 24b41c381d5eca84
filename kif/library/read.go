package library

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"kiki/game"
	"kiki/kif"
)

// maxFileSize bounds what is read as a record: a larger file is listed
// as too large rather than read (no record is anywhere near it).
const maxFileSize = 64 << 20

// fileStat is a record file found by the walk.
type fileStat struct {
	rel         string
	size, modNs int64
}

// walk finds the record files under root (by extension, any case),
// skipping names that start with a dot (hidden folders, the temporary
// files of a save). A folder or file it cannot look at is an Entry with
// the reason: nothing is left out silently.
func walk(root string) ([]fileStat, []Entry) {
	var files []fileStat
	var errs []Entry
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(root, path)
		if err != nil {
			e := Entry{File: rel}
			failed(&e, err)
			errs = append(errs, e)
			return nil // WalkDir skips the folder it could not read
		}
		if path != root && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if _, ok := kif.FormatOfPath(d.Name()); !ok {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			e := Entry{File: rel}
			failed(&e, err)
			errs = append(errs, e)
			return nil
		}
		if !info.Mode().IsRegular() {
			return nil // a link or a device: not a record file
		}
		files = append(files, fileStat{rel: rel, size: info.Size(), modNs: info.ModTime().UnixNano()})
		return nil
	})
	return files, errs
}

// readFile reads the record file rel under root: an Entry per game, or
// one Entry with the reason it cannot be read.
func readFile(root, rel string) []Entry {
	path := filepath.Join(root, rel)
	st, err := os.Stat(path)
	if err == nil && st.Size() > maxFileSize {
		err = fmt.Errorf("%d bytes: %w", st.Size(), errTooLarge)
	}
	var data []byte
	if err == nil {
		data, err = os.ReadFile(path)
	}
	if err != nil {
		e := Entry{File: rel}
		failed(&e, err)
		return []Entry{e}
	}
	games := kif.ReadGames(rel, data)
	out := make([]Entry, 0, len(games))
	for i, g := range games {
		e := Entry{File: rel, Line: g.Line}
		if len(games) > 1 {
			e.Game, e.Games = i, len(games)
		}
		if g.Err != nil {
			failed(&e, g.Err)
		} else {
			summarise(&e, g.Record)
		}
		out = append(out, e)
	}
	return out
}

// failed marks e as unreadable for err: why, in words a screen can put
// in its own language, where (a record's line), and the detail.
func failed(e *Entry, err error) {
	var pe *kif.ParseError
	var fe *fs.PathError
	switch {
	case errors.As(err, &pe):
		e.Why, e.ErrLine, e.Err = WhyRecord, pe.Line, pe.Msg
	case errors.Is(err, fs.ErrPermission):
		e.Why, e.Err = WhyPermission, err.Error()
	case errors.Is(err, fs.ErrNotExist):
		e.Why, e.Err = WhyMissing, err.Error()
	case errors.Is(err, errTooLarge):
		e.Why, e.Err = WhyTooLarge, err.Error()
	default:
		e.Why, e.Err = WhyOther, err.Error()
	}
	if errors.As(err, &fe) {
		e.Err = fe.Err.Error() // the entry names the file
	}
}

// errTooLarge is a file too large to be a record.
var errTooLarge = errors.New("too large for a record")

// firstMovesShown is how many moves FirstMoves holds.
const firstMovesShown = 8

// summarise fills e from the record: players, date, event, result,
// length and opening.
func summarise(e *Entry, r *kif.Record) {
	names := r.SideNames()
	e.Handicap = names[game.Black] != kif.SideNames(false)[game.Black]
	e.Black = header(r, names[game.Black])
	e.White = header(r, names[game.White])
	e.Date = recordDate(r)
	e.Event = header(r, "棋戦")
	e.Style = header(r, "戦型")
	moves := r.MainMoves()
	e.Moves = len(moves)
	if end := r.Ending(); end != nil {
		e.Ending = end.Text()
		if end.Special == kif.SpecialIllegal {
			e.Ending = "反則" // the node's text is the illegal move itself
		}
		e.Result = resultOf(end, r.Position(end.Parent).Side())
	}
	if r.Start.IsPreset && r.Start.Preset == game.Even {
		e.Opening = Classify(moves)
	}
	e.FirstMoves = kif.LineText(r.StartPosition(), moves, firstMovesShown)
}

// header is a header field's value, trimmed.
func header(r *kif.Record, key string) string {
	v, _ := r.Get(key)
	return strings.TrimSpace(v)
}

// resultOf reads an ending said by the side to move there.
func resultOf(end *kif.Node, toMove game.Color) Result {
	won := func(c game.Color) Result {
		if c == game.Black {
			return BlackWon
		}
		return WhiteWon
	}
	switch end.Special {
	case kif.Resign, kif.Mate, kif.Timeout, kif.FoulLose, kif.LoseByDefault, kif.SpecialIllegal:
		return won(toMove.Opp())
	case kif.FoulWin, kif.EnteringKing, kif.WinByDefault:
		return won(toMove)
	case kif.Repetition, kif.Impasse:
		return Draw
	case kif.Interrupt:
		return Unfinished
	}
	return NoResult
}

// dateRE finds a date written with numbers: 2024/01/02, 2024-1-2,
// 2024年1月2日.
var dateRE = regexp.MustCompile(`(\d{4})\s*[/\-年.]\s*(\d{1,2})\s*[/\-月.]\s*(\d{1,2})`)

// recordDate is the game's date from 開始日時 (else 対局日, 終了日時), as
// YYYY/MM/DD when it reads so, else as the header writes it.
func recordDate(r *kif.Record) string {
	for _, k := range []string{"開始日時", "対局日", "終了日時"} {
		v := header(r, k)
		if v == "" {
			continue
		}
		if m := dateRE.FindStringSubmatch(toHalfWidth(v)); m != nil {
			return fmt.Sprintf("%s/%02s/%02s", m[1], m[2], m[3])
		}
		return v
	}
	return ""
}

// toHalfWidth turns full-width digits into ASCII ones (２０２４年).
func toHalfWidth(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '０' && r <= '９' {
			return r - '０' + '0'
		}
		return r
	}, s)
}
