package ui

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/text/width"

	"kiki/kif/library"
)

// libRow is a library entry as the list writes it, in the screen's
// language, with what the filters look in.
type libRow struct {
	e                                                        library.Entry
	file, date, black, white, result, moves, opening, ending string
	// why says why the file cannot be read ("" when it can).
	why string
	// hay is every column folded for the search; players the names folded
	// for the player filter.
	hay, players string
	// rev is the game's review at the review's settings (nil: none kept),
	// worst its worst moment as the column writes it.
	rev   *rowReview
	worst string
}

// newLibRow writes entry e for the list in language l.
func newLibRow(l Lang, e library.Entry) libRow {
	r := libRow{e: e, file: e.File, date: e.Date, black: e.Black, white: e.White}
	if e.Games > 1 {
		r.file = fmt.Sprintf("%s (%d/%d)", e.File, e.Game+1, e.Games)
	}
	if e.Err != "" {
		r.why = libErrWords(l, e, r.file)
	} else {
		r.result = resultWords(l, e)
		r.moves = strconv.Itoa(e.Moves)
		r.opening = openingWords(l, e)
		if e.Ending != "" {
			r.ending = trOr(l, "lib.end."+e.Ending, e.Ending)
		}
	}
	// The opening is found by its name in either language (石田 on the
	// English screen, Ishida on the Japanese one).
	r.hay = fold(strings.Join([]string{r.file, r.date, r.black, r.white, r.result, r.opening,
		openingWords(English, e), openingWords(Japanese, e), e.FirstMoves, r.ending, e.Event, r.why}, "\n"))
	r.players = fold(r.black + "\n" + r.white)
	return r
}

// libErrWords says in l why entry e cannot be read, naming its file (and
// game, and line); the English screen adds the reader's own detail.
func libErrWords(l Lang, e library.Entry, file string) string {
	where := file
	if e.ErrLine > 0 {
		where = fmt.Sprintf(tr(l, "file.line"), file, e.ErrLine)
	}
	var s string
	switch e.Why {
	case library.WhyRecord:
		s = fmt.Sprintf(tr(l, "file.notRecord"), where)
	case library.WhyPermission:
		s = fmt.Sprintf(tr(l, "file.permission"), file)
	case library.WhyMissing:
		s = fmt.Sprintf(tr(l, "file.notExist"), file)
	case library.WhyTooLarge:
		s = fmt.Sprintf(tr(l, "lib.tooLarge"), file)
	default:
		s = fmt.Sprintf(tr(l, "file.failed"), file)
	}
	if l == English && e.Err != "" {
		s += ": " + e.Err
	}
	return s
}

// resultWords says who won, or how the game ended without a winner.
func resultWords(l Lang, e library.Entry) string {
	sides := [2]string{"先手", "後手"}
	if e.Handicap {
		sides = [2]string{"下手", "上手"}
	}
	switch e.Result {
	case library.BlackWon:
		return fmt.Sprintf(tr(l, "lib.won"), sides[0])
	case library.WhiteWon:
		return fmt.Sprintf(tr(l, "lib.won"), sides[1])
	case library.Draw:
		return tr(l, "lib.draw")
	case library.Unfinished:
		return tr(l, "lib.unfinished")
	}
	return ""
}

// openingWords is the opening as the list shows it: the record's own
// 戦型, else the name Classify found, else the first moves.
func openingWords(l Lang, e library.Entry) string {
	switch {
	case e.Style != "":
		return e.Style
	case e.Opening != "":
		return trOr(l, "lib.op."+string(e.Opening), library.OpeningNames[e.Opening])
	}
	// Without the marks, which the sides' turns make plain: a column of
	// moves reads as the records' own lists do (７六歩 ３四歩 …).
	return noMarks.Replace(e.FirstMoves)
}

var noMarks = strings.NewReplacer("▲", "", "△", "")

// fold is s as the filters compare it: lower case, full-width letters
// and digits as ASCII ones (Ｈａｂｕ finds habu).
func fold(s string) string {
	return strings.ToLower(width.Fold.String(s))
}

// matches reports whether row r passes the filters: every word of the
// search in some column, the player's name in either player's.
func (r *libRow) matches(words []string, player string) bool {
	if player != "" && !strings.Contains(r.players, player) {
		return false
	}
	for _, w := range words {
		if !strings.Contains(r.hay, w) {
			return false
		}
	}
	return true
}

// refilter recomputes the rows shown (filters, then order), keeping the
// cursor on entry keep when it is still shown.
func (st *libraryState) refilter(keep int) {
	words := strings.Fields(fold(st.search))
	player := fold(st.player)
	st.shown = st.shown[:0]
	for i := range st.rows {
		if st.rows[i].matches(words, player) {
			st.shown = append(st.shown, i)
		}
	}
	st.sortShown()
	st.sel, st.top = 0, 0
	for i, j := range st.shown {
		if j == keep {
			st.sel = i
			break
		}
	}
}

// sortShown orders the shown rows by the sort key, the files' order
// breaking ties; an unreadable file and an unknown date or name go last.
func (st *libraryState) sortShown() {
	rows := st.rows
	less := func(a, b int) bool { return a < b } // the entries are in file order
	switch st.sortBy {
	case sortDate:
		less = byText(rows, func(r *libRow) string { return r.date }, true)
	case sortBlack:
		less = byText(rows, func(r *libRow) string { return r.black }, false)
	case sortWhite:
		less = byText(rows, func(r *libRow) string { return r.white }, false)
	case sortMoves:
		less = func(a, b int) bool {
			if ea, eb := rows[a].e.Err != "", rows[b].e.Err != ""; ea != eb {
				return eb
			}
			if rows[a].e.Moves != rows[b].e.Moves {
				return rows[a].e.Moves > rows[b].e.Moves
			}
			return a < b
		}
	}
	sort.SliceStable(st.shown, func(i, j int) bool {
		a, b := st.shown[i], st.shown[j]
		if st.reverse {
			a, b = b, a
		}
		return less(a, b)
	})
}

// byText orders rows by a column's text (descending when newest: the
// dates), empty texts last, then by file.
func byText(rows []libRow, col func(*libRow) string, newest bool) func(a, b int) bool {
	return func(a, b int) bool {
		ta, tb := col(&rows[a]), col(&rows[b])
		if (ta == "") != (tb == "") {
			return tb == ""
		}
		if ta != tb {
			return ta < tb != newest
		}
		return a < b
	}
}
