package ui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"kiki/ui/textfit"
)

// The library's screen: a title and the filters, the column heads, the
// rows in view (only those are drawn, so 10,000 games scroll as fast as
// ten), the cursor's entry in full, then the typed filter, a question or
// the message, and the help.

// libraryListY is the screen line of the list's first row.
const libraryListY = 3

// libraryMinRows are the lines the screen keeps besides the help: the
// heads, one row, the entry line and the message.
const libraryMinRows = libraryListY + 3

// libCol is a column of the list: its head (a catalogue key), its
// narrowest and widest widths, and its cell.
type libCol struct {
	head     string
	min, max int
	right    bool
	cell     func(r *libRow) string
}

// libCols are the columns by priority: narrower screens drop them from
// the end. At 80 columns the first six fit; the room left goes to the
// players first, both alike.
var libCols = []libCol{
	{"lib.col.black", 12, 20, false, func(r *libRow) string { return r.black }},
	{"lib.col.white", 12, 20, false, func(r *libRow) string { return r.white }},
	{"lib.col.result", 10, 10, false, func(r *libRow) string { return r.result }},
	{"lib.col.moves", 5, 5, true, func(r *libRow) string { return r.moves }},
	{"lib.col.date", 10, 10, false, func(r *libRow) string { return r.date }},
	{"lib.col.opening", 12, 32, false, func(r *libRow) string { return r.opening }},
	{"lib.col.file", 16, 60, false, func(r *libRow) string { return r.file }},
	{"lib.col.event", 12, 24, false, func(r *libRow) string { return r.e.Event }},
	{"lib.col.ending", 8, 14, false, func(r *libRow) string { return r.ending }},
}

// libGrowOrder is the order in which the columns take the room left
// (their heads): the file, with the longest texts, last.
var libGrowOrder = []string{"lib.col.black", "lib.col.white", "lib.col.result", "lib.col.moves", "lib.col.date",
	"lib.col.worst", "lib.col.opening", "lib.col.ending", "lib.col.event", "lib.col.file"}

// libColOrder is the order the kept columns are drawn in, left to right.
var libColOrder = []string{"lib.col.date", "lib.col.black", "lib.col.white", "lib.col.result", "lib.col.moves",
	"lib.col.worst", "lib.col.opening", "lib.col.ending", "lib.col.event", "lib.col.file"}

// libColumns are the columns by priority; reviewed adds the worst
// moments after the date (before the opening: at 80 columns they take
// its place).
func libColumns(reviewed bool) []libCol {
	if !reviewed {
		return libCols
	}
	return append(append(slices.Clone(libCols[:5]), libWorstCol), libCols[5:]...)
}

// libLayout chooses the columns that fit in w cells and their widths:
// the first in priority that fit at their narrowest, then the room left
// shared out, in priority order, up to each one's widest.
func libLayout(w int, reviewed bool) ([]libCol, []int) {
	all := libColumns(reviewed)
	n := len(all)
	for n > 1 && libWidth(all[:n]) > w {
		n--
	}
	kept := all[:n]
	widths := make([]int, n)
	left := w - libWidth(kept)
	for i, c := range kept {
		widths[i] = c.min
	}
	// The players grow a cell each in turn up to 16, the opening up to
	// 24, then each column in order up to its widest.
	for grown := true; grown && left > 0 && n >= 2; {
		grown = false
		for i := 0; i < 2 && left > 0; i++ {
			if widths[i] < 16 {
				widths[i]++
				left--
				grown = true
			}
		}
	}
	at := func(head string) int {
		return slices.IndexFunc(kept, func(c libCol) bool { return c.head == head })
	}
	if i := at("lib.col.opening"); i >= 0 && widths[i] < 24 {
		grow := min(left, 24-widths[i])
		widths[i] += grow
		left -= grow
	}
	for _, head := range libGrowOrder {
		if i := at(head); i >= 0 {
			grow := min(left, kept[i].max-widths[i])
			widths[i] += grow
			left -= grow
		}
	}
	var cols []libCol
	var ws []int
	for _, head := range libColOrder {
		if i := at(head); i >= 0 {
			cols, ws = append(cols, kept[i]), append(ws, widths[i])
		}
	}
	return cols, ws
}

// libWidth is the narrowest width of cols with a blank between them.
func libWidth(cols []libCol) int {
	w := len(cols) - 1
	for _, c := range cols {
		w += c.min
	}
	return w
}

// cellText fits s into w cells, padded on the right (or the left).
func cellText(s string, w int, right bool) string {
	s = widthSafe(strings.ReplaceAll(s, "\n", " "))
	if ansi.StringWidth(s) > w {
		s = textfit.Ellipsis(s, w)
	}
	pad := strings.Repeat(" ", max(0, w-ansi.StringWidth(s)))
	if right {
		return pad + s
	}
	return s + pad
}

// The smallest screen the library is drawn on; a smaller one says so, as
// the board does.
const libraryMinWidth, libraryMinHeight = 40, libraryMinRows + 4

// libraryView draws the library's screen.
func (m *Model) libraryView() string {
	w, h := m.size()
	if w < libraryMinWidth || h < libraryMinHeight {
		lines := textfit.WrapLines([]string{fmt.Sprintf(m.tr("screen.small"), libraryMinWidth, libraryMinHeight, w, h)}, max(w, 1))
		return strings.Join(lines[:min(len(lines), max(h, 1))], "\n")
	}
	st := m.library
	help := m.helpBar(w, h-libraryMinRows)
	var lines []string
	switch {
	case st.loading:
		lines = m.libraryProgress(w)
	case st.err != "":
		lines = []string{m.libraryTitle(w), "", m.theme.Warn.Render(textfit.Truncate(st.err, w-1))}
	default:
		lines = m.libraryList(w, m.libraryListHeight())
	}
	bottom := m.libraryBottom(w)
	for len(lines)+len(bottom)+lipgloss.Height(help) < h {
		lines = append(lines, "")
	}
	lines = append(lines, bottom...)
	if room := h - lipgloss.Height(help); len(lines) > room {
		lines = lines[:max(0, room)]
	}
	return widthSafe(strings.Join(append(lines, help), "\n"))
}

// libraryTitle is the first line: the folder and how many games.
func (m *Model) libraryTitle(w int) string {
	st := m.library
	s := m.theme.Title.Render(m.tr("lib.title")) + " " + st.root
	if st.lib != nil {
		bad := 0
		for _, e := range st.lib.Entries {
			if e.Err != "" {
				bad++
			}
		}
		s += "  " + fmt.Sprintf(m.tr("lib.count"), len(st.lib.Entries)-bad)
		if bad > 0 {
			s += m.theme.Warn.Render(fmt.Sprintf(m.tr("lib.badCount"), bad))
		}
	}
	return textfit.Truncate(s, w-1)
}

// libraryProgress is the screen while the folder is indexed.
func (m *Model) libraryProgress(w int) []string {
	st := m.library
	line := m.tr("lib.scanning")
	if st.total > 0 {
		const bar = 30
		n := bar * st.done / st.total
		line = fmt.Sprintf(m.tr("lib.indexing"), st.done, st.total) + "  [" + strings.Repeat("#", n) + strings.Repeat("-", bar-n) + "]"
	}
	return []string{m.libraryTitle(w), "", textfit.Truncate(line, w-1), m.theme.Dim.Render(textfit.Truncate(m.tr("lib.cancelHint"), w-1))}
}

// libraryList is the title, the filters, the heads and the h rows in view.
func (m *Model) libraryList(w, h int) []string {
	st := m.library
	cols, widths := libLayout(w-3, st.anyReview())
	heads := make([]string, len(cols))
	for i, c := range cols {
		heads[i] = cellText(m.tr(c.head), widths[i], c.right)
	}
	lines := []string{m.libraryTitle(w), textfit.Truncate(m.libraryFilters(), w-1), m.theme.Dim.Render("  " + strings.Join(heads, " "))}
	// The cursor stays in view whatever the screen's size did since
	// the last key (scroll keeps top so; drawing changes nothing).
	top := max(0, min(st.top, len(st.shown)-h, st.sel))
	if st.sel >= top+h {
		top = st.sel - h + 1
	}
	for i := top; i < len(st.shown) && i < top+h; i++ {
		lines = append(lines, m.libraryRow(&st.rows[st.shown[i]], cols, widths, i == st.sel, w))
	}
	if len(st.shown) == 0 {
		empty := m.tr("lib.empty")
		if len(st.rows) > 0 {
			empty = m.tr("lib.noMatch")
		}
		lines = append(lines, m.theme.Dim.Render("  "+empty))
	}
	return lines
}

// libraryFilters says how the list is sorted and filtered, and how many
// rows it shows.
func (m *Model) libraryFilters() string {
	st := m.library
	parts := []string{m.tr("lib.sortedBy") + m.tr(fmt.Sprintf("lib.sort.%d", st.sortBy))}
	if st.reverse {
		parts[0] += m.tr("lib.reversed")
	}
	if st.player != "" {
		parts = append(parts, m.tr("lib.playerIs")+st.player)
	}
	if st.search != "" {
		parts = append(parts, m.tr("lib.searchIs")+st.search)
	}
	parts = append(parts, fmt.Sprintf(m.tr("lib.shown"), len(st.shown), len(st.rows)))
	return strings.Join(parts, "   ")
}

// libraryRow draws one row: the cursor mark and the cells, or for a file
// that cannot be read, the file and why.
func (m *Model) libraryRow(r *libRow, cols []libCol, widths []int, sel bool, w int) string {
	mark := "  "
	if sel {
		mark = "> "
	}
	var s string
	if r.e.Err != "" {
		s = m.theme.Warn.Render(textfit.Truncate(r.why, w-3))
	} else {
		cells := make([]string, len(cols))
		for i, c := range cols {
			cells[i] = cellText(c.cell(r), widths[i], c.right)
		}
		s = strings.Join(cells, " ")
		if sel {
			s = m.theme.Current.Render(s)
		}
	}
	return mark + s
}

// libraryBottom is the cursor's entry in full, then the line being typed,
// the open question or the message.
func (m *Model) libraryBottom(w int) []string {
	st := m.library
	var out []string
	if st.lib != nil && st.sel < len(st.shown) {
		r := &st.rows[st.shown[st.sel]]
		parts := []string{r.file}
		for _, p := range []string{r.e.Event, r.ending, r.e.FirstMoves} {
			if p != "" {
				parts = append(parts, p)
			}
		}
		out = append(out, m.theme.Dim.Render(textfit.Truncate(widthSafe(strings.Join(parts, "   ")), w-1)))
		if r.e.Err != "" {
			// The row cuts why the file cannot be read; here it is whole.
			for _, l := range textfit.Wrap(widthSafe(r.why), w-1) {
				out = append(out, m.theme.Warn.Render(l))
			}
		}
		if line := m.worstLine(r); line != "" {
			out = append(out, textfit.Truncate(line, w-1))
		}
	}
	if st.review != nil {
		out = append(out, m.reviewBar(w))
	}
	switch {
	case m.dialog != nil:
		_, h := m.size()
		out = append(out, textfit.WrapLines([]string{m.dialog.View(&m.theme, max(3, h/2-2))}, w)...)
	case st.typing != inputNone:
		out = append(out, st.in.View())
	case m.message != "":
		msg := textfit.Truncate(m.message, w-1)
		if m.msgErr {
			msg = m.theme.Warn.Render(msg)
		}
		out = append(out, msg)
	}
	return out
}

// libraryListHeight is how many rows the list shows on this screen.
func (m *Model) libraryListHeight() int {
	w, h := m.size()
	if w < libraryMinWidth || h < libraryMinHeight {
		return 1 // nothing is drawn but the screen's size
	}
	used := libraryListY + len(m.libraryBottom(w)) + lipgloss.Height(m.helpBar(w, h-libraryMinRows))
	return max(1, h-used)
}
