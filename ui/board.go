package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/mattn/go-runewidth"

	"kiki/game"
	"kiki/ui/board"
)

// mark is a highlight on a square. It is drawn as a tint and, so that
// nothing depends on colour, as a character in the cell's first column.
// When several apply, the higher one shows.
type mark uint8

const (
	markNone mark = iota
	markEffect
	markLast
	markCheckOrigin
	markCheckOriginPiece
	markCheckDest
	markCheckDestOrigin
	markCheckDrop
	markCheckDropOrigin
	// The check lesson's marks (lesson.go): the player's mark, then, once
	// graded, a square marked right, one missed and one marked wrongly.
	// Among the study's marks, so that the grid layouts draw them beside
	// the piece, where the eye looks.
	markLessonPick
	markLessonHit
	markLessonMissed
	markLessonExtra
	markCheckMove
	markMate
	markStudyKing
	markHint
	markDest
	markCapture
	markSelected
	markCursor
)

var markChars = [...]byte{markNone: ' ', markEffect: '*', markLast: '~', markCheckOrigin: 'o', markCheckOriginPiece: 'O', markCheckDest: 'm',
	markCheckDestOrigin: 'M', markCheckDrop: 'd', markCheckDropOrigin: 'D',
	markLessonPick: '?', markLessonHit: '=', markLessonMissed: '-', markLessonExtra: 'X', markCheckMove: '!', markMate: '#', markStudyKing: ' ', markHint: '&', markDest: '+', markCapture: 'x', markSelected: '@', markCursor: '>'}

func markStyle(t *Theme, m mark) (lipgloss.Style, bool) {
	switch m {
	case markEffect:
		return t.Effect, true
	case markLast:
		return t.Last, true
	case markCheckOrigin:
		return t.CheckOrigin, true
	case markCheckOriginPiece:
		return t.CheckOrigin.Bold(true).Underline(true), true
	case markStudyKing:
		return t.Title.Underline(true), true
	case markCheckDest, markCheckDestOrigin:
		return t.CheckDest, true
	case markCheckDrop, markCheckDropOrigin:
		return t.CheckDrop, true
	case markLessonPick:
		return t.Selected, true
	case markLessonHit:
		return t.Dest, true
	case markLessonMissed:
		return t.Last, true
	case markLessonExtra:
		return t.Capture, true
	case markCheckMove:
		return t.CheckMove, true
	case markMate:
		return t.MateMove, true
	case markHint:
		return t.Hint, true
	case markDest:
		return t.Dest, true
	case markCapture:
		return t.Capture, true
	case markSelected:
		return t.Selected, true
	case markCursor:
		return t.Cursor, true
	}
	return lipgloss.Style{}, false
}

// boardView draws a position as a 9×9 grid of four-column cells — mark,
// side ('v' for 後手, as in KIF diagrams), and the piece — inside an ASCII
// frame with the coordinates around it. It is a pure function of its
// fields, which the model fills in.
type boardView struct {
	pos     *game.Position
	flipped bool
	ascii   bool
	marks   [game.NumSquares]mark
	// effect map: counts of attackers per side, when shown
	counts *[2][game.NumSquares]uint8
	theme  *Theme
	// cells, when set, are drawn instead of pos's pieces (the editor shows
	// a placement that is not yet a legal position).
	cells *[game.NumSquares]game.Piece
	// checks is the check study's layer of legal checks (! and #): drawn in
	// the side column of an empty square (beside its d/m mark) or in the
	// mark column of a piece that would be captured.
	checks *[game.NumSquares]mark
	// geom is the layout's geometry (the zero value is compact).
	geom board.Geom
	// pv is the engine line's layer: '^' on the best move's origin, '1'…
	// on the destinations of the line's moves in order, 0 elsewhere.
	pv *[game.NumSquares]byte
}

func (b *boardView) pieceAt(s game.Square) game.Piece {
	if b.cells != nil {
		return b.cells[s]
	}
	return b.pos.PieceAt(s)
}

// squareAt maps a cell position (column, row from the top-left of the
// grid) to a square, taking the flip into account.
func (b *boardView) squareAt(col, row int) game.Square {
	if b.flipped {
		return game.NewSquare(col+1, 9-row)
	}
	return game.NewSquare(9-col, row+1)
}

// cellOf is the inverse of squareAt.
func (b *boardView) cellOf(s game.Square) (col, row int) {
	if b.flipped {
		return s.File() - 1, 9 - s.Rank()
	}
	return 9 - s.File(), s.Rank() - 1
}

// hit returns the square under a point relative to the board's top-left.
func (b *boardView) hit(x, y int) (game.Square, bool) {
	cw, ch := b.geom.Pitch()
	if y < 2 || y >= 2+9*ch || x < 1 || x > 9*cw {
		return game.NoSquare, false
	}
	return b.squareAt((x-1)/cw, (y-2)/ch), true
}

var asciiRanks = "abcdefghi"

// cellText returns the side character and the two-column piece text.
func (b *boardView) cellText(s game.Square) (side, glyph string, gote bool) {
	pc := b.pieceAt(s)
	if pc == game.NoPiece {
		if b.ascii {
			return " ", " .", false
		}
		return " ", "・", false
	}
	gote = pc.Color() == game.White
	side = " "
	if gote {
		side = "v"
	}
	if b.ascii {
		t := pc.Type()
		letter := t.Unpromote().Letter()
		if gote {
			letter = strings.ToLower(letter)
		}
		if t.IsPromoted() {
			return side, "+" + letter, gote
		}
		return side, " " + letter, gote
	}
	return side, pc.Type().Glyph(), gote
}

// mapMark is the effect-map character: which side controls the square.
func (b *boardView) mapMark(s game.Square) byte {
	bc, wc := b.counts[game.Black][s], b.counts[game.White][s]
	switch {
	case bc == 0 && wc == 0:
		return ' '
	case bc > wc:
		return 'b'
	case wc > bc:
		return 'w'
	}
	return '='
}

// cell is what one square shows, whatever the layout: the mark
// character, the side and piece text, the style (the piece's colour on
// the square's tint), the check study's layer character (! #, or 0) and
// the engine line's character (^ origin, 1-9 destinations, or 0).
type cell struct {
	mark        byte
	plainMark   byte // the mark without the engine line's (the grid shows both)
	side, glyph string
	empty       bool
	style       lipgloss.Style
	// charStyle draws mark characters and counts over the tint (the
	// theme's Mark colour, which reads on every tint); markStyle is the
	// mark column's: charStyle, or the theme's PVMark over it.
	charStyle, markStyle lipgloss.Style
	layer, pv            byte
	// studyMark is the check study's own mark on the square (d m o and
	// the others), or 0: the grid layouts draw it, and the layer's ! #,
	// in the middle of the square beside the piece, where the eye looks.
	studyMark byte
	// counted is set when the compact effect map writes the counts in the
	// side and piece columns of an empty square ("1:2").
	counted bool
}

// isStudyMark reports whether m is one of the check study's own marks.
func isStudyMark(m mark) bool { return m >= markCheckOrigin && m <= markMate }

// cellOfSquare works out a square's cell. In compact an empty square of
// the effect map shows its two counts in place of the dot, apart ("1:2").
func (b *boardView) cellOfSquare(s game.Square) cell {
	t := b.theme
	side, glyph, gote := b.cellText(s)
	m := b.marks[s]
	mc := markChars[m]
	var bg lipgloss.Style
	hasBG := false
	tint := m // the mark whose tint the square takes
	empty := b.pieceAt(s) == game.NoPiece
	c := cell{empty: empty}
	if b.counts != nil && m < markHint {
		mc = b.mapMark(s)
		bg, hasBG = b.heat(s)
		tint = markNone
		if empty && !b.geom.Grid() && mc != ' ' {
			// The counts say who has more (the letter would run into them),
			// from the cell's left, so that a space parts them from the
			// next cell's letter ("0:2 wv飛").
			bc, wc := b.counts[game.Black][s], b.counts[game.White][s]
			mc, side, glyph, c.counted = byte('0'+min(bc, 9)), ":", fmt.Sprintf("%d ", min(wc, 9)), true
		}
	} else {
		bg, hasBG = markStyle(t, m)
		if isStudyMark(m) {
			c.studyMark = markChars[m]
		}
	}
	ps := t.Sente
	if gote {
		ps = t.Gote
	} else if empty {
		ps = t.Empty
	}
	if b.checks != nil && b.checks[s] != markNone {
		c.layer = markChars[b.checks[s]]
		if empty {
			side = string(c.layer)
		} else if m < markDest {
			mc = c.layer
		}
		if m < markDest {
			bg, hasBG = markStyle(t, b.checks[s])
			tint = b.checks[s]
		}
	}
	c.plainMark = mc
	if b.pv != nil && b.pv[s] != 0 && m < markDest {
		c.pv = b.pv[s]
		mc = c.pv
		bg, hasBG = t.PVNext, true
		if c.pv == '^' || c.pv == '1' {
			bg = t.PVBest
		}
	}
	cs := markChar(t, tint)
	if hasBG {
		// The tint covers the whole cell; the piece keeps its colour.
		ps = ps.Inherit(bg)
		cs = cs.Inherit(bg)
	}
	c.mark, c.side, c.glyph, c.style, c.charStyle, c.markStyle = mc, side, glyph, ps, cs, cs
	if c.pv != 0 {
		c.markStyle = t.PVMark.Inherit(ps)
	}
	return c
}

// markChar is the style of mark characters on the tint of m: the theme's
// Mark colour, but the mate's own white on its red.
func markChar(t *Theme, m mark) lipgloss.Style {
	if m == markMate {
		return t.MateMove
	}
	return t.Mark
}

// heat is the effect map's tint of a square: the side with more
// attackers, deeper the more it has over the other; contested squares
// (equal and not zero) share one tint.
func (b *boardView) heat(s game.Square) (lipgloss.Style, bool) {
	bc, wc := int(b.counts[game.Black][s]), int(b.counts[game.White][s])
	switch {
	case bc == 0 && wc == 0:
		return lipgloss.Style{}, false
	case bc == wc:
		return b.theme.MapBoth, true
	case bc > wc:
		return b.theme.MapHeat[game.Black][min(bc-wc, 3)-1], true
	}
	return b.theme.MapHeat[game.White][min(wc-bc, 3)-1], true
}

func (b *boardView) render() []string {
	if b.geom.Grid() {
		return b.renderGrid()
	}
	t := b.theme
	var lines []string
	var hdr strings.Builder
	hdr.WriteByte(' ')
	for col := 0; col < 9; col++ {
		f := b.squareAt(col, 0).File()
		if b.ascii {
			hdr.WriteString(fmt.Sprintf("  %d ", f))
		} else {
			hdr.WriteString("  " + game.FullWidthDigits[f])
		}
	}
	hdr.WriteString("   ")
	lines = append(lines, t.Coord.Render(hdr.String()))
	frame := t.Frame.Render("+" + strings.Repeat("-", 9*board.CellWidth) + "+")
	lines = append(lines, frame+"  ")
	for row := 0; row < 9; row++ {
		var sb strings.Builder
		sb.WriteString(t.Frame.Render("|"))
		for col := 0; col < 9; col++ {
			sb.WriteString(b.compactCell(b.cellOfSquare(b.squareAt(col, row))))
		}
		sb.WriteString(t.Frame.Render("|"))
		sb.WriteString(b.rankLabel(row))
		lines = append(lines, sb.String())
	}
	lines = append(lines, frame+"  ")
	return lines
}

// compactCell is a square's four columns in compact: the mark in the
// mark colour, then the side and the piece in the piece's (the check
// study's ! or # and the effect map's counts, on an empty square, in the
// mark colour too: the dot's grey does not read on a tint).
func (b *boardView) compactCell(c cell) string {
	if c.mark == ' ' && !c.counted && (c.layer == 0 || !c.empty) {
		return c.style.Render(" " + c.side + c.glyph) // most squares: one Render
	}
	if c.counted {
		return c.charStyle.Render(string(c.mark) + c.side + c.glyph)
	}
	var sb strings.Builder
	sb.WriteString(c.markStyle.Render(string(c.mark)))
	switch {
	case c.empty && c.layer != 0:
		sb.WriteString(c.charStyle.Render(c.side) + c.style.Render(c.glyph))
	default:
		sb.WriteString(c.style.Render(c.side + c.glyph))
	}
	return sb.String()
}

// rankLabel is the two-column label of a screen row of squares.
func (b *boardView) rankLabel(row int) string {
	r := b.squareAt(0, row).Rank()
	if b.ascii {
		return b.theme.Coord.Render(string(asciiRanks[r-1]) + " ")
	}
	return b.theme.Coord.Render(game.KanjiNumerals[r])
}

// renderGrid draws the board of the medium and large layouts: an ASCII
// grid (no ambiguous-width character) whose squares are boxes of
// (cellW-1)×(cellH-1) cells, tinted by their marks, with the piece in the
// middle and the mark characters in the corners (see gridCell).
func (b *boardView) renderGrid() []string {
	t := b.theme
	cw, ch := b.geom.CellW, b.geom.CellH
	iw := cw - 1
	var hdr strings.Builder
	hdr.WriteByte(' ')
	for col := 0; col < 9; col++ {
		f := b.squareAt(col, 0).File()
		label, lw := game.FullWidthDigits[f], 2
		if b.ascii {
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
			cells[col] = b.gridCell(b.squareAt(col, row))
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
func (b *boardView) gridCell(s game.Square) []string {
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
	if b.counts != nil {
		bc, wc = b.counts[game.Black][s], b.counts[game.White][s]
	}
	var rows []string
	pieceRow := 1
	if b.geom.Size == board.Large {
		bm, wm := countMarks()
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

// countMarks are the marks of 先手's and 後手's counts: ▲ and △ where
// they are one column wide whatever the terminal (they are not: they are
// East-Asian ambiguous), else b and w.
func countMarks() (string, string) {
	if runewidth.IsAmbiguousWidth('▲') || runewidth.IsAmbiguousWidth('△') {
		return "b", "w"
	}
	return "▲", "△"
}
