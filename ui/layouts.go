package ui

// The board comes in three sizes, chosen from the terminal's size and
// chosen again on every resize: compact (one line per rank, the hands
// above and under the board: 80×24 and up), medium (squares of 6×3
// cells) and large (9×4, about square on a terminal's tall cells), whose
// squares are drawn with an ASCII grid and background tints and whose
// hands stand beside the board like komadai. Only the sizes the root
// hands out differ: every layout draws the same components.

// boardSize names a layout.
type boardSize uint8

const (
	compactBoard boardSize = iota
	mediumBoard
	largeBoard
)

func (s boardSize) String() string { return [...]string{"compact", "medium", "large"}[s] }

// boardGeom is the board's geometry in a layout: the pitch of a square in
// columns and rows (the grid line included, in the grid layouts).
type boardGeom struct {
	size         boardSize
	cellW, cellH int
}

// geomFor is the geometry of a layout.
func geomFor(s boardSize) boardGeom {
	switch s {
	case mediumBoard:
		return boardGeom{size: s, cellW: 6, cellH: 3}
	case largeBoard:
		return boardGeom{size: s, cellW: 9, cellH: 4}
	}
	return boardGeom{size: compactBoard, cellW: cellWidth, cellH: 1}
}

// grid reports whether squares are drawn as boxes of a grid (medium and
// large) rather than as four-column cells in a frame (compact).
func (g boardGeom) grid() bool { return g.size != compactBoard }

// pitch is the square's pitch; the zero geometry is the compact one.
func (g boardGeom) pitch() (w, h int) {
	if g.cellW == 0 {
		return cellWidth, 1
	}
	return g.cellW, g.cellH
}

// width is the board's width in columns, the rank labels included.
func (g boardGeom) width() int {
	if !g.grid() {
		return boardWidth
	}
	return 1 + 9*g.cellW + 2
}

// height is the board's height in rows: the file labels, the frame or
// the grid lines, and the squares.
func (g boardGeom) height() int {
	if !g.grid() {
		return boardHeight
	}
	return 2 + 9*g.cellH
}

// The komadai (pieces in hand beside the board) of the grid layouts.
const (
	komadaiW = 10
	// komadaiGap is the space between a komadai and the board.
	komadaiGap = 2
	// sideGap is the space before the side panel.
	sideGap = 2
)

// columnWidth is the width of the board column: in compact the board
// and the hand lines (one more column), in the grid layouts the two
// komadai and the board between them.
func (g boardGeom) columnWidth() int {
	if !g.grid() {
		return boardWidth + 1
	}
	return 2*(komadaiW+komadaiGap) + g.width()
}

// boardX is the column of the board's left edge within the board column.
func (g boardGeom) boardX() int {
	if !g.grid() {
		return 0
	}
	return komadaiW + komadaiGap
}

// boardY is the row of the board's top (the file labels) within the
// board column: under the top hand line in compact, at the top otherwise.
func (g boardGeom) boardY() int {
	if !g.grid() {
		return 1
	}
	return 0
}

// columnHeight is the height of the board column.
func (g boardGeom) columnHeight() int {
	if !g.grid() {
		return boardHeight + 2
	}
	return g.height()
}

// Room each grid layout needs: the board column, a side panel of at
// least sideRoom columns, and under the board the status line, two lines
// of legend or message and the help bar.
const (
	sideRoomMedium = 30
	sideRoomLarge  = 40
	underRoom      = 4
)

// chooseSize is the largest layout the terminal holds; 80×24 and 100×30
// are compact, 120×40 medium, 200×50 large.
func chooseSize(w, h int) boardSize {
	for _, s := range []boardSize{largeBoard, mediumBoard} {
		g := geomFor(s)
		side := sideRoomMedium
		if s == largeBoard {
			side = sideRoomLarge
		}
		if w >= g.columnWidth()+sideGap+side && h >= g.columnHeight()+underRoom {
			return s
		}
	}
	return compactBoard
}

// geom is the board geometry for the terminal's size.
func (m *Model) geom() boardGeom {
	w, h := m.size()
	return geomFor(chooseSize(w, h))
}
