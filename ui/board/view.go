package board

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"kiki/game"
	"kiki/ui/theme"
)

// View draws a position as a 9×9 grid of four-column cells — mark,
// side ('v' for 後手, as in KIF diagrams), and the piece — inside an ASCII
// frame with the coordinates around it. It is a pure function of its
// fields, which the model fills in.
type View struct {
	Pos     *game.Position
	Flipped bool
	ASCII   bool
	Marks   [game.NumSquares]Mark
	// Counts is the effect map: counts of attackers per side, when shown.
	Counts *[2][game.NumSquares]uint8
	Theme  *theme.Theme
	// Cells, when set, are drawn instead of Pos's pieces (the editor shows
	// a placement that is not yet a legal position).
	Cells *[game.NumSquares]game.Piece
	// Checks is the check study's layer of legal checks (! and #): drawn in
	// the side column of an empty square (beside its d/m mark) or in the
	// mark column of a piece that would be captured.
	Checks *[game.NumSquares]Mark
	// Geom is the layout's geometry (the zero value is compact).
	Geom Geom
	// PV is the engine line's layer: '^' on the best move's origin, '1'…
	// on the destinations of the line's moves in order, 0 elsewhere.
	PV *[game.NumSquares]byte
}

func (b *View) pieceAt(s game.Square) game.Piece {
	if b.Cells != nil {
		return b.Cells[s]
	}
	return b.Pos.PieceAt(s)
}

// SquareAt maps a cell position (column, row from the top-left of the
// grid) to a square, taking the flip into account.
func (b *View) SquareAt(col, row int) game.Square {
	if b.Flipped {
		return game.NewSquare(col+1, 9-row)
	}
	return game.NewSquare(9-col, row+1)
}

// CellOf is the inverse of SquareAt.
func (b *View) CellOf(s game.Square) (col, row int) {
	if b.Flipped {
		return s.File() - 1, 9 - s.Rank()
	}
	return 9 - s.File(), s.Rank() - 1
}

// Hit returns the square under a point relative to the board's top-left.
func (b *View) Hit(x, y int) (game.Square, bool) {
	cw, ch := b.Geom.Pitch()
	if y < 2 || y >= 2+9*ch || x < 1 || x > 9*cw {
		return game.NoSquare, false
	}
	return b.SquareAt((x-1)/cw, (y-2)/ch), true
}

var asciiRanks = "abcdefghi"

// cellText returns the side character and the two-column piece text.
func (b *View) cellText(s game.Square) (side, glyph string, gote bool) {
	pc := b.pieceAt(s)
	if pc == game.NoPiece {
		if b.ASCII {
			return " ", " .", false
		}
		return " ", "・", false
	}
	gote = pc.Color() == game.White
	side = " "
	if gote {
		side = "v"
	}
	if b.ASCII {
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
func (b *View) mapMark(s game.Square) byte {
	bc, wc := b.Counts[game.Black][s], b.Counts[game.White][s]
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

// cellOfSquare works out a square's cell. In compact an empty square of
// the effect map shows its two counts in place of the dot, apart ("1:2").
func (b *View) cellOfSquare(s game.Square) cell {
	t := b.Theme
	side, glyph, gote := b.cellText(s)
	m := b.Marks[s]
	mc := markChars[m]
	var bg lipgloss.Style
	hasBG := false
	tint := m // the mark whose tint the square takes
	empty := b.pieceAt(s) == game.NoPiece
	c := cell{empty: empty}
	if b.Counts != nil && m < MarkHint {
		mc = b.mapMark(s)
		bg, hasBG = b.heat(s)
		tint = MarkNone
		if empty && !b.Geom.Grid() && mc != ' ' {
			// The counts say who has more (the letter would run into them),
			// from the cell's left, so that a space parts them from the
			// next cell's letter ("0:2 wv飛").
			bc, wc := b.Counts[game.Black][s], b.Counts[game.White][s]
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
	if b.Checks != nil && b.Checks[s] != MarkNone {
		c.layer = markChars[b.Checks[s]]
		if empty {
			side = string(c.layer)
		} else if m < MarkDest {
			mc = c.layer
		}
		if m < MarkDest {
			bg, hasBG = markStyle(t, b.Checks[s])
			tint = b.Checks[s]
		}
	}
	c.plainMark = mc
	if b.PV != nil && b.PV[s] != 0 && m < MarkDest {
		c.pv = b.PV[s]
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

// heat is the effect map's tint of a square: the side with more
// attackers, deeper the more it has over the other; contested squares
// (equal and not zero) share one tint.
func (b *View) heat(s game.Square) (lipgloss.Style, bool) {
	bc, wc := int(b.Counts[game.Black][s]), int(b.Counts[game.White][s])
	switch {
	case bc == 0 && wc == 0:
		return lipgloss.Style{}, false
	case bc == wc:
		return b.Theme.MapBoth, true
	case bc > wc:
		return b.Theme.MapHeat[game.Black][min(bc-wc, 3)-1], true
	}
	return b.Theme.MapHeat[game.White][min(wc-bc, 3)-1], true
}

// Render draws the board, a line per row of the screen.
func (b *View) Render() []string {
	if b.Geom.Grid() {
		return b.renderGrid()
	}
	t := b.Theme
	var lines []string
	var hdr strings.Builder
	hdr.WriteByte(' ')
	for col := 0; col < 9; col++ {
		f := b.SquareAt(col, 0).File()
		if b.ASCII {
			hdr.WriteString(fmt.Sprintf("  %d ", f))
		} else {
			hdr.WriteString("  " + game.FullWidthDigits[f])
		}
	}
	hdr.WriteString("   ")
	lines = append(lines, t.Coord.Render(hdr.String()))
	frame := t.Frame.Render("+" + strings.Repeat("-", 9*CellWidth) + "+")
	lines = append(lines, frame+"  ")
	for row := 0; row < 9; row++ {
		var sb strings.Builder
		sb.WriteString(t.Frame.Render("|"))
		for col := 0; col < 9; col++ {
			sb.WriteString(b.compactCell(b.cellOfSquare(b.SquareAt(col, row))))
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
func (b *View) compactCell(c cell) string {
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
func (b *View) rankLabel(row int) string {
	r := b.SquareAt(0, row).Rank()
	if b.ASCII {
		return b.Theme.Coord.Render(string(asciiRanks[r-1]) + " ")
	}
	return b.Theme.Coord.Render(game.KanjiNumerals[r])
}
