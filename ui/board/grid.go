package board

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/mattn/go-runewidth"

	"kiki/game"
)

// renderGrid draws the board of the medium and large layouts: an ASCII
// grid (no ambiguous-width character) whose squares are boxes of
// (cellW-1)×(cellH-1) cells, tinted by their marks, with the piece in the
// middle and the mark characters in the corners (see gridCell).
func (b *View) renderGrid() []string {
	t := b.Theme
	cw, ch := b.Geom.CellW, b.Geom.CellH
	iw := cw - 1
	var hdr strings.Builder
	hdr.WriteByte(' ')
	for col := 0; col < 9; col++ {
		f := b.SquareAt(col, 0).File()
		label, lw := game.FullWidthDigits[f], 2
		if b.ASCII {
			label, lw = fmt.Sprint(f), 1
		}
		left := (iw - lw) / 2
		hdr.WriteString(strings.Repeat(" ", left) + label + strings.Repeat(" ", iw-lw-left+1))
	}
	hdr.WriteString("  ")
	lines := []string{t.Coord.Render(hdr.String())}
	rule := t.Frame.Render("+"+strings.Repeat(strings.Repeat("-", iw)+"+", 9)) + "  "
	bar := t.Frame.Render("|")
	lines = append(lines, rule)
	cells := make([][]string, 9)
	for row := 0; row < 9; row++ {
		for col := 0; col < 9; col++ {
			cells[col] = b.gridCell(b.SquareAt(col, row))
		}
		for sub := 0; sub < ch-1; sub++ {
			var sb strings.Builder
			sb.WriteString(bar)
			for col := 0; col < 9; col++ {
				sb.WriteString(cells[col][sub])
				sb.WriteString(bar)
			}
			if sub == (ch-2)/2 {
				sb.WriteString(b.rankLabel(row))
			} else {
				sb.WriteString("  ")
			}
			lines = append(lines, sb.String())
		}
		lines = append(lines, rule)
	}
	return lines
}

// gridCell is a square's rows in a grid layout, styled. Large (8×3): the
// mark top left and the engine line's number top right; the piece in the
// middle; the effect map's counts under it. Medium (5×2): the mark, the
// counts and the number on the top row; the piece on the bottom one. The
// check study's marks leave the corner for the piece's row, where the eye
// looks: its mark before the piece and its ! or # after ("mv金!"), or
// both in the middle of an empty square ("d!").
func (b *View) gridCell(s game.Square) []string {
	c := b.cellOfSquare(s)
	side, glyph := c.side, c.glyph
	if c.empty {
		side, glyph = " ", "  "
	}
	layer, pv := orSpace(c.layer), orSpace(c.pv)
	sm := orSpace(c.studyMark)
	corner := string(c.plainMark)
	inline := c.studyMark != 0 || c.layer != 0
	if inline && (c.plainMark == c.studyMark || c.plainMark == c.layer) {
		corner = " " // drawn by the piece instead
	}
	centred := inline && c.empty
	var bc, wc uint8
	if b.Counts != nil {
		bc, wc = b.Counts[game.Black][s], b.Counts[game.White][s]
	}
	var rows []string
	pieceRow := 1
	if b.Geom.Size == Large {
		bm, wm := CountMarks()
		counts := " " + countText(bm, bc) + "  " + countText(wm, wc) + " "
		middle := " " + sm + side + glyph + layer + "  "
		if centred {
			middle = "   " + sm + layer + "   "
		}
		rows = []string{corner + "      " + pv, middle, counts}
	} else {
		counts := "   "
		if bc > 0 || wc > 0 {
			counts = fmt.Sprintf("%d:%d", min(bc, 9), min(wc, 9))
		}
		bottom := sm + side + glyph + layer
		if centred {
			bottom = " " + sm + layer + "  "
		}
		rows = []string{corner + counts + pv, bottom}
	}
	plain := c.charStyle.UnsetUnderline()
	// One Render of the plain style serves its rows (rendering is most of
	// a frame's cost): the style wraps a row whole, as it has no underline.
	pre, post := styleWrap(plain)
	for i, r := range rows {
		switch {
		case i == pieceRow && centred:
			rows[i] = pre + r + post
		case i == pieceRow:
			rows[i] = c.style.Render(r)
		case i == 0 && c.pv != 0: // the line's character ends the top row
			rows[i] = pre + r[:len(r)-1] + post + c.markStyle.UnsetUnderline().Render(r[len(r)-1:])
		default:
			rows[i] = pre + r + post
		}
	}
	return rows
}

// styleWrap is what st puts before and after a one-line text without
// spaces to style differently (no underline or strikethrough).
func styleWrap(st lipgloss.Style) (pre, post string) {
	r := st.Render("X")
	i := strings.Index(r, "X")
	return r[:i], r[i+1:]
}

// orSpace is a mark character, or a space for none.
func orSpace(c byte) string {
	if c == 0 {
		return " "
	}
	return string(c)
}

// countText is one side's count of the effect map in two columns ("b2"),
// blank for none.
func countText(mark string, n uint8) string {
	if n == 0 {
		return "  "
	}
	return mark + fmt.Sprint(min(n, 9))
}

// CountMarks are the marks of 先手's and 後手's counts: ▲ and △ where
// they are one column wide whatever the terminal (they are not: they are
// East-Asian ambiguous), else b and w.
func CountMarks() (string, string) {
	if runewidth.IsAmbiguousWidth('▲') || runewidth.IsAmbiguousWidth('△') {
		return "b", "w"
	}
	return "▲", "△"
}
