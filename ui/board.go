package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"kiki/game"
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
	markCheckMove
	markMate
	markStudyKing
	markDest
	markCapture
	markSelected
	markCursor
)

var markChars = [...]byte{markNone: ' ', markEffect: '*', markLast: '~', markCheckOrigin: 'o', markCheckOriginPiece: 'O', markCheckDest: 'm',
	markCheckDestOrigin: 'M', markCheckDrop: 'd', markCheckDropOrigin: 'D', markCheckMove: '!', markMate: '#', markStudyKing: ' ', markDest: '+', markCapture: 'x', markSelected: '@', markCursor: '>'}

func (t *Theme) markStyle(m mark) (lipgloss.Style, bool) {
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
	case markCheckMove:
		return t.CheckMove, true
	case markMate:
		return t.MateMove, true
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
}

func (b *boardView) pieceAt(s game.Square) game.Piece {
	if b.cells != nil {
		return b.cells[s]
	}
	return b.pos.PieceAt(s)
}

const (
	cellWidth  = 4
	boardWidth = 1 + 9*cellWidth + 1 + 2 // frame, cells, frame, rank label
	// boardHeight is the header, two frame lines and nine ranks.
	boardHeight = 12
)

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
	row := y - 2
	if row < 0 || row > 8 || x < 1 || x > 9*cellWidth {
		return game.NoSquare, false
	}
	return b.squareAt((x-1)/cellWidth, row), true
}

var asciiRanks = "abcdefghi"

// cellText returns the side character and the two-column piece text.
func (b *boardView) cellText(s game.Square) (side, glyph string, gote bool) {
	pc := b.pieceAt(s)
	if pc == game.NoPiece {
		if b.counts != nil {
			bc, wc := b.counts[game.Black][s], b.counts[game.White][s]
			if bc > 0 || wc > 0 {
				return " ", fmt.Sprintf("%d%d", min(bc, 9), min(wc, 9)), false
			}
		}
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

func (b *boardView) render() []string {
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
	frame := t.Frame.Render("+" + strings.Repeat("-", 9*cellWidth) + "+")
	lines = append(lines, frame+"  ")
	for row := 0; row < 9; row++ {
		var sb strings.Builder
		sb.WriteString(t.Frame.Render("|"))
		for col := 0; col < 9; col++ {
			s := b.squareAt(col, row)
			side, glyph, gote := b.cellText(s)
			m := b.marks[s]
			mc := markChars[m]
			var bg lipgloss.Style
			hasBG := false
			if b.counts != nil && m < markDest {
				mc = b.mapMark(s)
				switch mc {
				case 'b':
					bg, hasBG = t.MapSente, true
				case 'w':
					bg, hasBG = t.MapGote, true
				case '=':
					bg, hasBG = t.MapBoth, true
				}
			} else {
				bg, hasBG = t.markStyle(m)
			}
			ps := t.Sente
			if gote {
				ps = t.Gote
			} else if b.pieceAt(s) == game.NoPiece {
				ps = t.Empty
			}
			if b.checks != nil && b.checks[s] != markNone {
				c := string(markChars[b.checks[s]])
				if b.pieceAt(s) == game.NoPiece {
					side = c
				} else if m < markDest {
					mc = c[0]
				}
				if m < markDest {
					bg, hasBG = t.markStyle(b.checks[s])
				}
			}
			text := string(mc) + side + glyph
			if hasBG {
				// The tint covers the whole cell; the piece keeps its colour.
				ps = ps.Inherit(bg)
			}
			sb.WriteString(ps.Render(text))
		}
		sb.WriteString(t.Frame.Render("|"))
		r := b.squareAt(0, row).Rank()
		if b.ascii {
			sb.WriteString(t.Coord.Render(string(asciiRanks[r-1]) + " "))
		} else {
			sb.WriteString(t.Coord.Render(game.KanjiNumerals[r]))
		}
		lines = append(lines, sb.String())
	}
	lines = append(lines, frame+"  ")
	return lines
}
