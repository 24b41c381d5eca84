package ui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
	"kiki/ui/board"
)

// boardModel is the board component: the cursor, the piece picked up or
// the hand piece chosen to drop, the flip, and the marks. It is given the
// position (the root owns it) and answers a key or a click with a
// message: moveChosenMsg for a legal move, askPromotionMsg when both 成
// and 不成 are legal, noticeMsg to explain a refusal. The legal moves of
// the selection are computed once when it is made (in Update) and kept:
// the marks, the click on a destination and the move read them.
type boardModel struct {
	cursor   game.Square
	flipped  bool
	selected game.Square    // a piece picked up, or NoSquare
	dropKind game.PieceType // a hand piece chosen to drop, or NoPieceType
	ascii    bool
	lang     Lang // of its notices
	theme    *Theme
	keys     boardKeys

	legal    []game.Move // the selection's legal moves ...
	legalFor selection   // ... for this position and selection
}

// selection names a selection in a position, to know when the cached
// legal moves are stale.
type selection struct {
	pos  uint64
	sq   game.Square
	kind game.PieceType
	ok   bool
}

// boardKeys are the board's own keys.
type boardKeys struct {
	Up, Down, Left, Right key.Binding
	HandNext, HandPrev    key.Binding
	Flip                  key.Binding
}

// moveChosenMsg is a legal move chosen on the board.
type moveChosenMsg struct{ mv game.Move }

// noticeMsg is a line for the message area; err shows it as a warning.
type noticeMsg struct {
	text string
	err  bool
}

func newBoardModel(th *Theme, ascii bool, k keyMap) boardModel {
	return boardModel{cursor: game.NewSquare(5, 7), selected: game.NoSquare, ascii: ascii, theme: th, lang: k.Lang,
		keys: boardKeys{Up: k.Up, Down: k.Down, Left: k.Left, Right: k.Right,
			HandNext: k.HandNext, HandPrev: k.HandPrev, Flip: k.Flip}}
}

// update handles the board's keys (the cursor, the hand piece, the flip;
// Select is the root's, which first checks that a person may move, then
// calls act); handled is false for any other key.
func (b *boardModel) update(msg tea.KeyMsg, p *game.Position) (answer tea.Msg, handled bool) {
	k := b.keys
	switch {
	case key.Matches(msg, k.Up):
		b.moveCursor(0, -1)
	case key.Matches(msg, k.Down):
		b.moveCursor(0, 1)
	case key.Matches(msg, k.Left):
		b.moveCursor(-1, 0)
	case key.Matches(msg, k.Right):
		b.moveCursor(1, 0)
	case key.Matches(msg, k.HandNext):
		return b.cycleHand(p, 1), true
	case key.Matches(msg, k.HandPrev):
		return b.cycleHand(p, -1), true
	case key.Matches(msg, k.Flip):
		b.flipped = !b.flipped
	default:
		return nil, false
	}
	return nil, true
}

// renderer returns the board renderer for p with the board's flip.
func (b *boardModel) renderer(p *game.Position) *board.View {
	return &board.View{Pos: p, Flipped: b.flipped, ASCII: b.ascii, Theme: b.theme}
}

// View draws the board for p with its marks and the study tools'
// overlays; cells, when set, are drawn instead of p's pieces (the
// editor's placement). It returns the check study's content too, for its
// legend.
func (b *boardModel) View(p *game.Position, st *studyState, cells *[game.NumSquares]game.Piece) ([]string, checkInfo) {
	return b.ViewIn(p, st, cells, board.Geom{}, nil, game.NoMove)
}

// ViewIn is View in the geometry of a layout, with the engine line's
// layer pv (nil for none) and the move to highlight hl (the hint or the
// analysis's best move; NoMove for none).
func (b *boardModel) ViewIn(p *game.Position, st *studyState, cells *[game.NumSquares]game.Piece, g board.Geom, pv *[game.NumSquares]byte, hl game.Move) ([]string, checkInfo) {
	marks, ci := b.marks(p, st, hl)
	bv := b.renderer(p)
	bv.Geom, bv.PV = g, pv
	bv.Marks = marks
	bv.Cells = cells
	if st.checkStudy {
		bv.Checks = &ci.layer
	}
	if st.effectMap {
		counts := p.EffectCounts()
		bv.Counts = &counts
	}
	return bv.Render(), ci
}

// moveCursor moves the cursor on screen (down is down whatever the flip),
// wrapping at the edges.
func (b *boardModel) moveCursor(df, dr int) {
	bv := board.View{Flipped: b.flipped}
	col, row := bv.CellOf(b.cursor)
	b.cursor = bv.SquareAt((col+df+9)%9, (row+dr+9)%9)
}

// hasSelection reports whether a piece is picked up or a hand piece chosen.
func (b *boardModel) hasSelection() bool {
	return b.selected != game.NoSquare || b.dropKind != game.NoPieceType
}

// deselect puts the piece back and forgets the hand piece.
func (b *boardModel) deselect() {
	b.selected, b.dropKind = game.NoSquare, game.NoPieceType
	b.legal, b.legalFor = nil, selection{}
}

// selectionOf is the current selection in p.
func (b *boardModel) selectionOf(p *game.Position) selection {
	return selection{pos: p.Key(), sq: b.selected, kind: b.dropKind, ok: true}
}

// sync computes the selection's legal moves when the position or the
// selection has changed since; the root calls it in Update.
func (b *boardModel) sync(p *game.Position) {
	if !b.hasSelection() {
		b.legal, b.legalFor = nil, selection{}
		return
	}
	if sel := b.selectionOf(p); sel != b.legalFor {
		b.legal, b.legalFor = legalFrom(p, b.selected, b.dropKind), sel
	}
}

// legalMoves is the selection's legal moves: the cached ones when they
// are for p (always, after Update), else computed and not kept.
func (b *boardModel) legalMoves(p *game.Position) []game.Move {
	if !b.hasSelection() {
		return nil
	}
	if b.selectionOf(p) == b.legalFor {
		return b.legal
	}
	return legalFrom(p, b.selected, b.dropKind)
}

// legalFrom lists the legal moves of the piece on from, or of drops of
// kind when kind is set.
func legalFrom(p *game.Position, from game.Square, kind game.PieceType) []game.Move {
	var ml game.MoveList
	p.LegalMoves(&ml)
	var out []game.Move
	for _, mv := range ml.Slice() {
		if kind != game.NoPieceType {
			if mv.IsDrop() && mv.DropType() == kind {
				out = append(out, mv)
			}
		} else if !mv.IsDrop() && mv.From() == from {
			out = append(out, mv)
		}
	}
	return out
}

// act is Enter (or a click) on square s: pick up, put down, or drop.
func (b *boardModel) act(p *game.Position, s game.Square) tea.Msg {
	if b.dropKind != game.NoPieceType {
		return b.choose(p, game.NewDrop(game.NewPiece(p.Side(), b.dropKind), s), game.NoMove)
	}
	if b.selected == game.NoSquare {
		pc := p.PieceAt(s)
		switch {
		case pc == game.NoPiece:
			return noticeMsg{tr(b.lang, "board.noPiece"), true}
		case pc.Color() != p.Side():
			return noticeMsg{tr(b.lang, "board.theirs"), true}
		}
		b.pick(p, s)
		return nil
	}
	if s == b.selected {
		b.deselect()
		return nil
	}
	if pc := p.PieceAt(s); pc != game.NoPiece && pc.Color() == p.Side() {
		b.pick(p, s) // pick up another piece instead
		return nil
	}
	from := b.selected
	pc := p.PieceAt(from)
	return b.choose(p, game.NewMove(from, s, pc, p.PieceAt(s), false), game.NewMove(from, s, pc, p.PieceAt(s), true))
}

// pick picks up the piece on s.
func (b *boardModel) pick(p *game.Position, s game.Square) {
	b.selected, b.dropKind = s, game.NoPieceType
	b.sync(p)
}

// choose answers the move to plain (or its promotion promo, NoMove for a
// drop) from the selection's legal moves, asking when both are legal and
// saying why when neither is.
func (b *boardModel) choose(p *game.Position, plain, promo game.Move) tea.Msg {
	var canN, canP game.Move
	for _, mv := range b.legalMoves(p) {
		if mv.To() != plain.To() {
			continue
		}
		if mv.IsPromotion() {
			canP = mv
		} else {
			canN = mv
		}
	}
	switch {
	case canP != game.NoMove && canN != game.NoMove:
		return askPromotionMsg{promo: canP, plain: canN}
	case canP != game.NoMove:
		return moveChosenMsg{canP}
	case canN != game.NoMove:
		return moveChosenMsg{canN}
	}
	why := illegalWords(b.lang, p, plain)
	if promo != game.NoMove && why == "" {
		why = illegalWords(b.lang, p, promo)
	}
	return noticeMsg{tr(b.lang, "msg.illegal") + why, true}
}

// cycleHand chooses the next (dir 1) or previous hand piece of the side
// to move, ending with none.
func (b *boardModel) cycleHand(p *game.Position, dir int) tea.Msg {
	h := p.Hand(p.Side())
	var kinds []game.PieceType
	for _, t := range game.HandTypes {
		if h.Has(t) {
			kinds = append(kinds, t)
		}
	}
	if len(kinds) == 0 {
		return noticeMsg{tr(b.lang, "board.noHand"), true}
	}
	idx := -1
	for i, t := range kinds {
		if t == b.dropKind {
			idx = i
		}
	}
	switch {
	case idx < 0 && dir > 0:
		idx = 0
	case idx < 0:
		idx = len(kinds) - 1
	default:
		idx += dir
	}
	b.selected, b.dropKind = game.NoSquare, game.NoPieceType
	if idx >= 0 && idx < len(kinds) {
		b.dropKind = kinds[idx]
	}
	b.sync(p)
	return nil
}

// handRow is the screen row of a side's hand line: the top one, above
// the board, or the bottom one, under it.
func (b *boardModel) handRow(c game.Color) int {
	if (c == game.White) != b.flipped {
		return 0
	}
	return 1 + board.Height
}

// click is a left click at x, y (the board component's top-left is 0, 0:
// the top hand line, then the board). A square moves the cursor there
// and is returned, for the root to act on; the hand line of the side to
// move chooses the next hand piece.
func (b *boardModel) click(p *game.Position, x, y int) (game.Square, tea.Msg) {
	return b.clickIn(p, board.Geom{}, x, y)
}

// clickIn is click in the geometry of a layout, x and y from the board
// column's top-left. The komadai of the grid layouts are the root's to
// hit-test (it knows their rows): here only the compact hand lines are.
func (b *boardModel) clickIn(p *game.Position, g board.Geom, x, y int) (game.Square, tea.Msg) {
	bv := b.renderer(p)
	bv.Geom = g
	if s, ok := bv.Hit(x-g.BoardX(), y-g.BoardY()); ok {
		b.cursor = s
		return s, nil
	}
	if !g.Grid() && y == b.handRow(p.Side()) {
		return game.NoSquare, b.cycleHand(p, 1)
	}
	return game.NoSquare, nil
}

// chooseHand chooses kind from the hand of the side to move, as a click
// on its komadai row does (a second click puts it back).
func (b *boardModel) chooseHand(p *game.Position, kind game.PieceType) {
	if b.dropKind == kind {
		b.deselect()
		return
	}
	b.selected, b.dropKind = game.NoSquare, kind
	b.sync(p)
}
