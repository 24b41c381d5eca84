package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/mattn/go-runewidth"

	"kiki/ui/textfit"
	"kiki/ui/tsume"
	"kiki/ui/widget"
)

// lengthName is a picker length's name: 3手詰, or 長編 for the long ones.
func lengthName(l Lang, i int) string {
	if i == tsume.Long {
		return tr(l, "pr.long")
	}
	return fmt.Sprintf(tr(l, "pr.len"), tsume.Plies(i))
}

// lengthCounts is a count of problems and of solved ones, by length
// column (long, the last, is tsume.Long).
type lengthCounts struct{ solved, total [tsume.Long + 1]int }

// sum is the counts of every length together.
func (c *lengthCounts) sum() (solved, total int) {
	for l := range tsume.NumLengths {
		solved += c.solved[l]
		total += c.total[l]
	}
	return solved, total
}

// counts is how many problems set s holds of each length, and how many of
// them are solved: one pass over the set (the picker draws them for every
// set each frame).
func (pr *practiceState) counts(s int) lengthCounts {
	var c lengthCounts
	for i := range pr.sets[s].Problems {
		p := &pr.sets[s].Problems[i]
		l := tsume.LengthIdx(p.Length)
		c.total[l]++
		if pr.isSolved(p) {
			c.solved[l]++
		}
	}
	return c
}

// practicePanel is the side panel of the practice, inside w columns and
// h rows: the picker, or the problem being played with its moves.
func (m *Model) practicePanel(w, h int) []string {
	if m.practice().playing {
		return m.problemPanel(w, h)
	}
	return m.pickerPanel(w)
}

// pickerPanel is the practice's picker: the sets with their solved
// counts, the lengths of the set under the cursor, and what the picker
// would start (or that it holds nothing of that length).
func (m *Model) pickerPanel(w int) []string {
	pr := m.practice()
	var out []string
	add := func(s string) { out = append(out, textfit.Truncate(s, w)) }
	add(m.theme.Title.Render(m.tr("pr.title")) + "  " + m.theme.Dim.Render(m.tr("pr.solvedOf")))
	add(m.theme.Dim.Render(m.tr("ls.fromPicker")))
	if !pr.loaded {
		add(m.tr("pr.loading"))
		return out
	}
	current := m.pickerSetRows(add)
	if len(pr.sets) == 0 {
		return out
	}
	add("")
	lenW := 0
	for i := range tsume.NumLengths {
		lenW = max(lenW, runewidth.StringWidth(lengthName(m.lang, i)))
	}
	for i := range tsume.NumLengths {
		row := fmt.Sprintf("%s %s %5d/%d", pickMark(i == pr.picker.length), textfit.PadRight(lengthName(m.lang, i), lenW), current.solved[i], current.total[i])
		if i == pr.picker.length {
			row = m.theme.Current.Render(row)
		}
		add(row)
	}
	if current.total[pr.picker.length] == 0 {
		add("")
		for _, l := range textfit.Wrap(m.tr("pr.none"), w) {
			add(m.theme.Dim.Render(l))
		}
	} else if p := pr.problem(); p != nil && pr.set == pr.picker.set && tsume.LengthIdx(p.Length) == pr.picker.length {
		add("")
		add(m.theme.Dim.Render(m.tr("pr.onBoard")))
		add(m.problemTitle())
		if p.Name != "" {
			add(p.Name)
		}
	}
	return out
}

// pickerSetRows adds a row for each problem set, solved of total, and
// returns the counts of the set under the picker's cursor.
func (m *Model) pickerSetRows(add func(string)) lengthCounts {
	pr := m.practice()
	nameW := 0
	for i := range pr.sets {
		nameW = max(nameW, runewidth.StringWidth(tsume.SetName(m.lang, pr.sets[i].File)))
	}
	var current lengthCounts
	for i := range pr.sets {
		c := pr.counts(i)
		if i == pr.picker.set {
			current = c
		}
		sv, tot := c.sum()
		row := fmt.Sprintf("%s %s %5d/%d", pickMark(i == pr.picker.set), textfit.PadRight(tsume.SetName(m.lang, pr.sets[i].File), nameW), sv, tot)
		if i == pr.picker.set {
			row = m.theme.Current.Render(row)
		}
		add(row)
	}
	return current
}

// problemPanel is the problem being played: its title, name and source,
// whether it is solved, and the moves played so far in the rows left.
func (m *Model) problemPanel(w, h int) []string {
	pr := m.practice()
	var out []string
	add := func(s string) { out = append(out, textfit.Truncate(s, w)) }
	p := pr.problem()
	if p == nil {
		return out
	}
	add(m.theme.Title.Render(m.problemTitle()))
	if p.Name != "" {
		add(p.Name)
	}
	if p.Source != "" {
		src := textfit.Wrap(m.tr("pr.source")+p.Source, w)
		if len(src) > 3 {
			src = append(src[:2], src[2]+"...")
		}
		for _, l := range src {
			add(m.theme.Dim.Render(l))
		}
	}
	if pr.isSolved(p) {
		add(m.theme.Good.Render(m.tr("pr.solvedMark")))
	}
	out = append(out, m.theme.Title.Render(m.tr("side.moves")))
	list := m.moveList()
	list.SetSize(w, max(1, h-len(out)))
	rows, _ := list.View()
	for _, r := range rows {
		add(r)
	}
	return out
}

// pickMark is the picker's cursor column.
func pickMark(on bool) string {
	if on {
		return ">"
	}
	return " "
}

// problemTitle names the problem on the board: its length, set and number.
func (m *Model) problemTitle() string {
	pr := m.practice()
	p := pr.problem()
	if p == nil {
		return ""
	}
	title := fmt.Sprintf(m.tr("pr.problem"), fmt.Sprintf(tr(m.lang, "pr.len"), p.Length), tsume.SetName(m.lang, pr.sets[pr.set].File), pr.idx+1)
	if pr.isSolved(p) {
		title += " " + m.tr("pr.solvedTag")
	}
	return title
}

// practiceStatus is the practice's part of the status line.
func (m *Model) practiceStatus() string {
	pr := m.practice()
	if !pr.playing {
		return m.theme.Title.Render(m.tr("pr.title"))
	}
	s := m.theme.Title.Render(m.problemTitle())
	switch {
	case pr.busy:
		s += "  " + m.theme.Good.Render(m.tr("pr.thinkingShort"))
	case pr.done:
		s += "  " + m.theme.Good.Render(m.tr("pr.doneShort"))
	}
	return s
}

// practiceHelp is the help bar of the practice: the picker's keys, or
// the problem's.
func (k keyMap) practiceHelp(playing bool) helpKeys {
	b := func(keys []string, name, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(name, tr(k.Lang, desc)))
	}
	if !playing {
		// A narrow bar drops keys from the end: never the way out.
		short := []key.Binding{b([]string{"up", "down"}, tr(k.Lang, "keyname.upDown"), "pr.key.set"), b([]string{"left", "right"}, tr(k.Lang, "keyname.leftRight"), "pr.key.length"),
			b([]string{"enter"}, "enter", "pr.key.list"), b([]string{"esc"}, "esc", "pr.key.leave"), b([]string{"n"}, "n", "pr.key.next"), k.Lesson, k.Mistakes, k.Help, k.Quit}
		return helpKeys{short: short, full: [][]key.Binding{short}}
	}
	hint, undo := b([]string{"i"}, "i", "pr.key.hint"), b([]string{"u"}, "u", "pr.key.undo")
	next, back := b([]string{"n"}, "n", "pr.key.next"), b([]string{"esc"}, "esc", "pr.key.back")
	short := []key.Binding{k.Up, k.Select, k.HandNext, back, next, hint, undo, k.Help, k.Quit}
	full := [][]key.Binding{{k.Up, k.Select, k.HandNext, k.MoveLine, k.Flip}, {hint, undo, next, back}, {k.EffectMap, k.CheckStudy, k.Help, k.Quit}}
	return helpKeys{short: short, full: full}
}

// problemListDialog lists the problems of one set and length, each with
// its number, length, name and solved mark; Enter plays the one chosen.
type problemListDialog struct {
	title string
	set   int
	idx   []int // the problems' indexes in the set, by row
	list  widget.Picker
	lang  Lang
}

// problemList is the list dialog of set s's problems of length column l,
// its cursor on the next unsolved one.
func (m *Model) problemList(s, l int) *problemListDialog {
	pr := m.practice()
	d := &problemListDialog{title: tsume.SetName(m.lang, pr.sets[s].File) + "  " + lengthName(m.lang, l), set: s, idx: pr.cell(s, l), lang: m.lang}
	next := pr.nextUnsolved(s, l, -1)
	for row, i := range d.idx {
		p := &pr.sets[s].Problems[i]
		done := ""
		if pr.isSolved(p) {
			done = m.tr("pr.solvedTag")
		}
		tagW := runewidth.StringWidth(m.tr("pr.solvedTag"))
		item := fmt.Sprintf("%4d %s %s", i+1, textfit.PadRight(done, tagW), textfit.PadRight(fmt.Sprintf(m.tr("pr.len"), p.Length), 10))
		if p.Name != "" {
			item += " " + p.Name
		}
		d.list.Items = append(d.list.Items, item)
		if i == next {
			d.list.Sel = row
		}
	}
	return d
}

func (d *problemListDialog) Update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	switch {
	case key.Matches(msg, widget.KeyMap().Esc):
		return widget.CloseMsg{}, nil
	case key.Matches(msg, widget.KeyMap().Enter):
		if d.list.Sel < len(d.idx) {
			return practiceStartMsg{d.set, d.idx[d.list.Sel]}, nil
		}
		return widget.CloseMsg{}, nil
	}
	d.list.Update(msg)
	return nil, nil
}

func (d *problemListDialog) View(th *Theme, room int) string {
	var sb strings.Builder
	sb.WriteString(th.Title.Render(d.title) + "\n")
	sb.WriteString(d.list.View(th, max(1, room-2), true))
	sb.WriteString(th.Dim.Render(tr(d.lang, "pr.listKeys")))
	return sb.String()
}
