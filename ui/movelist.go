package ui

import (
	"fmt"

	"kiki/kif"
	"kiki/ui/match"
	"kiki/ui/textfit"
)

// moveList is the move list component: the line through the current
// node, scrolled to keep it in view, with 先手/後手 marks, '+' on moves
// with alternatives, '?' on the moves the analysis found worst, the time
// spent where known and the analysis's evaluation; and which node each
// row shows, for clicks. The root sets its size and its content.
type moveList struct {
	lang          Lang
	width, height int
	theme         *Theme
	root, cur     *kif.Node
	// notes gives a node's analysis mark ("?", "??") and evaluation text;
	// nil when there is no analysis.
	notes func(n *kif.Node) (mark, eval string)
}

// SetSize sets the room the list has: w columns, h rows (at least 3).
func (l *moveList) SetSize(w, h int) { l.width, l.height = w, max(3, h) }

// lineThrough is the line through n: its path from the root, then first
// children after it.
func lineThrough(n *kif.Node) []*kif.Node {
	out := n.Path()
	for len(n.Children) > 0 {
		n = n.Children[0]
		out = append(out, n)
	}
	return out
}

// window is the first row shown of a list of rows where the current one
// is cur: centred on it when the list is longer than h.
func window(rows, cur, h int) int {
	if rows <= h {
		return 0
	}
	return min(max(0, cur-h/2), rows-h)
}

// View draws the rows and returns the node each row shows.
func (l moveList) View() (rows []string, nodes []*kif.Node) {
	line := lineThrough(l.cur)
	cur := -1
	for i, n := range line {
		if n == l.cur {
			cur = i
		}
	}
	// Only the rows in view are drawn: a long game's list costs no more
	// than a short one's. Row 0 is the start, row i+1 the move line[i].
	start := window(len(line)+1, cur+1, l.height)
	end := min(len(line)+1, start+l.height)
	rows = make([]string, 0, end-start)
	for r := start; r < end; r++ {
		if r == 0 {
			if cur == -1 {
				rows = append(rows, "> "+tr(l.lang, "list.start"))
			} else {
				rows = append(rows, "   "+tr(l.lang, "list.start"))
			}
			continue
		}
		i := r - 1
		text := l.row(line[i])
		if i == cur {
			rows = append(rows, l.theme.Current.Render(">"+text))
		} else {
			rows = append(rows, " "+text)
		}
	}
	nodes = append([]*kif.Node{l.root}, line...)
	nodes = nodes[start:end]
	for i := range rows {
		rows[i] = textfit.Truncate(rows[i], l.width)
	}
	return rows, nodes
}

// row is one node's row, without the cursor column.
func (l moveList) row(n *kif.Node) string {
	label := nodeLabel(n)
	if len(n.Parent.Children) > 1 {
		label += "+"
	}
	var mark, eval string
	if l.notes != nil {
		mark, eval = l.notes(n)
	}
	text := fmt.Sprintf("%3d %s", n.Ply, label+mark)
	if n.HasTime {
		// Right-aligned, so 10:00 and over end where 0:01 does.
		text = textfit.PadRight(text, 17) + fmt.Sprintf("%6s", match.ClockText(n.Time))
	}
	if eval != "" {
		text = textfit.PadRight(text, 25) + fmt.Sprintf("%6s", eval) // 先手's view
	}
	return text
}
