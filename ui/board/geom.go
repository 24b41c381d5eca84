package board

// The board comes in three sizes, chosen from the terminal's size and
// chosen again on every resize: compact (one line per rank, the hands
// above and under the board: 80×24 and up), medium (squares of 6×3
// cells) and large (9×4, about square on a terminal's tall cells), whose
// squares are drawn with an ASCII grid and background tints and whose
// hands stand beside the board like komadai. Only the sizes the root
// hands out differ: every layout draws the same components.

// Size names a layout.
type Size uint8

// The layouts, smallest first.
const (
	Compact Size = iota
	Medium
	Large
)

// String is the layout's name.
func (s Size) String() string { return [...]string{"compact", "medium", "large"}[s] }

// The compact board's measures.
const (
	// CellWidth is a compact square's width in columns.
	CellWidth = 4
	// Width is the compact board's width: frame, cells, frame, rank label.
	Width = 1 + 9*CellWidth + 1 + 2
	// Height is the compact board's height: the header, two frame lines
	// and nine ranks.
	Height = 12
)

// Geom is the board's geometry in a layout: the pitch of a square in
// columns and rows (the grid line included, in the grid layouts).
type Geom struct {
	Size         Size
	CellW, CellH int
}

// GeomFor is the geometry of a layout.
func GeomFor(s Size) Geom {
	switch s {
	case Medium:
		return Geom{Size: s, CellW: 6, CellH: 3}
	case Large:
		return Geom{Size: s, CellW: 9, CellH: 4}
	}
	return Geom{Size: Compact, CellW: CellWidth, CellH: 1}
}

// Grid reports whether squares are drawn as boxes of a grid (medium and
// large) rather than as four-column cells in a frame (compact).
func (g Geom) Grid() bool { return g.Size != Compact }

// Pitch is the square's pitch; the zero geometry is the compact one.
func (g Geom) Pitch() (w, h int) {
	if g.CellW == 0 {
		return CellWidth, 1
	}
	return g.CellW, g.CellH
}

// Width is the board's width in columns, the rank labels included.
func (g Geom) Width() int {
	if !g.Grid() {
		return Width
	}
	return 1 + 9*g.CellW + 2
}

// Height is the board's height in rows: the file labels, the frame or
// the grid lines, and the squares.
func (g Geom) Height() int {
	if !g.Grid() {
		return Height
	}
	return 2 + 9*g.CellH
}

// The komadai (pieces in hand beside the board) of the grid layouts.
const (
	// KomadaiWidth is a komadai's width in columns.
	KomadaiWidth = 10
	// KomadaiGap is the space between a komadai and the board.
	KomadaiGap = 2
	// SideGap is the space before the side panel.
	SideGap = 2
)

// ColumnWidth is the width of the board column: in compact the board
// and the hand lines (one more column), in the grid layouts the two
// komadai and the board between them.
func (g Geom) ColumnWidth() int {
	if !g.Grid() {
		return Width + 1
	}
	return 2*(KomadaiWidth+KomadaiGap) + g.Width()
}

// BoardX is the column of the board's left edge within the board column.
func (g Geom) BoardX() int {
	if !g.Grid() {
		return 0
	}
	return KomadaiWidth + KomadaiGap
}

// BoardY is the row of the board's top (the file labels) within the
// board column: under the top hand line in compact, at the top otherwise.
func (g Geom) BoardY() int {
	if !g.Grid() {
		return 1
	}
	return 0
}

// ColumnHeight is the height of the board column.
func (g Geom) ColumnHeight() int {
	if !g.Grid() {
		return Height + 2
	}
	return g.Height()
}

// Room each grid layout needs: the board column, a side panel of at
// least sideRoom columns, and under the board the status line, two lines
// of legend or message and the help bar.
const (
	sideRoomMedium = 30
	sideRoomLarge  = 40
	underRoom      = 4
)

// ChooseSize is the largest layout the terminal holds; 80×24 and 100×30
// are compact, 120×40 medium, 200×50 large.
func ChooseSize(w, h int) Size {
	for _, s := range []Size{Large, Medium} {
		g := GeomFor(s)
		side := sideRoomMedium
		if s == Large {
			side = sideRoomLarge
		}
		if w >= g.ColumnWidth()+SideGap+side && h >= g.ColumnHeight()+underRoom {
			return s
		}
	}
	return Compact
}
