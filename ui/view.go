package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/mattn/go-runewidth"

	"kiki/game"
	"kiki/kif"
	"kiki/ui/board"
	"kiki/ui/enginepanel"
	"kiki/ui/match"
	"kiki/ui/textfit"
)

// Minimum terminal size: the board with its hands, a status line and the help bar.
const (
	minWidth  = board.Width + 4
	minHeight = board.Height + 6
	// sidePanel is shown when there is room for the move list beside the board.
	sideMinWidth = 20
)

// frame is where everything goes on the screen for the model's state and
// terminal size. View draws it; Update hit-tests clicks against it, so a
// click needs no View first, and View changes nothing.
type frame struct {
	w, h int
	geom board.Geom // the layout's board geometry
	// left is the board column: hand, board, hand (compact), or komadai,
	// board, komadai (grid layouts), every line padded to its width.
	left []string
	// hands are the komadai of the grid layouts, for clicks.
	hands [2]komadaiBox
	// sideX is the screen column where the side panel starts.
	sideX int
	lines []string // under the board: banner, status, dialog, notes
	// beside: lines stay in the board column, under the board, with the
	// side panel beside them down to the help bar, so the status line
	// keeps its place whatever the move list's length; false when a
	// dialog takes the full width under the board.
	beside bool
	help   string
	// side is the side panel (move list, or the dialog when it does not
	// fit under the board); nil when the terminal is too narrow.
	side  []string
	list  listRows             // the move list's rows within side
	cands enginepanel.CandRows // the analysis's candidates' rows within side
}

// komadaiBox is where a komadai is on the screen and the piece kind
// each of its rows shows.
type komadaiBox struct {
	x, y  int
	kinds []game.PieceType
}

// kindAt is the hand piece kind shown at screen point x, y, if any.
func (k komadaiBox) kindAt(x, y int) (game.PieceType, bool) {
	i := y - k.y
	if x < k.x || x >= k.x+board.KomadaiWidth || i < 0 || i >= len(k.kinds) || k.kinds[i] == game.NoPieceType {
		return game.NoPieceType, false
	}
	return k.kinds[i], true
}

// listRows maps rows of the side panel to the nodes of the move list.
type listRows struct {
	top   int // the side panel row of the first node
	nodes []*kif.Node
}

// at returns the node shown on side panel row y.
func (l listRows) at(y int) (*kif.Node, bool) {
	if i := y - l.top; i >= 0 && i < len(l.nodes) {
		return l.nodes[i], true
	}
	return nil, false
}

// size is the terminal size, with a default before the first WindowSizeMsg.
func (m *Model) size() (w, h int) {
	if m.width == 0 && m.height == 0 {
		return 100, 30
	}
	return m.width, m.height
}

// tooSmall reports whether the terminal cannot hold the board.
func (m *Model) tooSmall() bool {
	w, h := m.size()
	return w < minWidth || h < minHeight
}

// View draws the screen.
func (m *Model) View() string {
	if m.quitting {
		return ""
	}
	if m.libraryShown() {
		return m.libraryView()
	}
	w, h := m.size()
	if m.tooSmall() {
		// Wrapped to the terminal: however small, the way out is read whole.
		lines := textfit.WrapLines([]string{fmt.Sprintf(m.tr("screen.small"), minWidth, minHeight, w, h)}, max(w, 1))
		return strings.Join(lines[:min(len(lines), max(h, 1))], "\n")
	}
	f := m.layout()
	left := f.left
	if f.beside {
		left = append(left[:len(left):len(left)], f.lines...)
	}
	screen := strings.Join(left, "\n")
	if f.side != nil {
		screen = lipgloss.JoinHorizontal(lipgloss.Top, screen, "  ", strings.Join(f.side, "\n"))
	}
	out := screen
	if len(f.lines) > 0 && !f.beside {
		out += "\n" + strings.Join(f.lines, "\n")
	}
	used := lipgloss.Height(out) + lipgloss.Height(f.help)
	if used < h {
		out += strings.Repeat("\n", h-used)
	}
	return widthSafe(out + "\n" + f.help)
}

// widthSafe spells the East-Asian ambiguous characters that reach the
// screen from the notation (the move marks ▲ △ of labels and lines, as
// kif and game write them) with ones of one column on every terminal
// (☗ ☖), as countMarks does on the board: an ambiguous one takes one
// column or two depending on the terminal, and the columns after it shift.
func widthSafe(s string) string {
	if !strings.ContainsAny(s, "▲△…→") {
		return s
	}
	return widthSafeMarks.Replace(s)
}

// widthSafeMarks replaces each ambiguous mark with its one-column spelling.
var widthSafeMarks = strings.NewReplacer("▲", "☗", "△", "☖", "…", "...", "→", "->")

// layout places the board, the lines under it, the side panel and the
// help bar. The board and its hands keep their place whatever else is
// shown: the screen never holds more lines than the terminal, so nothing
// scrolls. A dialog goes under the status line when it fits there, else
// over the side panel (the move list), else it is cut.
func (m *Model) layout() frame {
	w, h := m.size()
	g := m.geom()
	f := frame{w: w, h: h, geom: g}
	var ci checkInfo
	f.left, f.hands, ci = m.boardColumn(g)
	f.sideX = g.ColumnWidth() + board.SideGap
	f.help = m.helpBar(w, h-len(f.left))
	helpH := lipgloss.Height(f.help)
	bodyH := len(f.left)
	room := max(0, h-bodyH-helpH) // lines under the board
	sideW := w - f.sideX - 1
	hasSide := sideW >= sideMinWidth
	head := textfit.WrapLines(m.belowBoard(), w)
	var dialogLines []string
	inSide := false
	if m.dialog != nil {
		dialogLines = textfit.WrapLines([]string{m.dialog.View(&m.theme, max(3, room-len(head)))}, w)
		if len(head)+len(dialogLines) > room && hasSide {
			inSide = true
			dialogLines = textfit.WrapLines([]string{m.dialog.View(&m.theme, max(3, h-helpH-len(head)))}, sideW)
		}
	}
	// With the side panel shown and no dialog under the board, the lines
	// are wrapped to the board column and stay under the board.
	f.beside = hasSide && (m.dialog == nil || inSide)
	lineW := w
	if f.beside {
		lineW = g.ColumnWidth()
		head = textfit.WrapLines(m.belowBoard(), lineW)
	}
	lines := head
	if !inSide {
		lines = append(lines, dialogLines...)
	}
	lines = append(lines, textfit.WrapLines(m.notes(ci), lineW)...)
	if len(lines) > room {
		lines = lines[:room]
	}
	if f.beside {
		for i := range lines {
			lines[i] = textfit.PadRight(lines[i], lineW)
		}
	}
	f.lines = lines
	if !hasSide {
		return f
	}
	// Either way the status line is the first line under the board: with
	// a dialog under the board (full width) the side panel stops at the
	// board's foot, and beside the lines it goes down to the help bar.
	sideH := bodyH
	if f.beside {
		sideH = bodyH + room
	}
	if inSide {
		f.side = dialogLines
	} else {
		f.side, f.list, f.cands = m.sidePanel(sideW, sideH, g)
	}
	if len(f.side) > sideH {
		f.side = f.side[:sideH]
	}
	return f
}

// boardColumn is the hands and the board, with the overlays of the study
// tools, the engine's line and the editor, laid out for geometry g; where
// the komadai are (grid layouts); and the check study's content.
func (m *Model) boardColumn(g board.Geom) ([]string, [2]komadaiBox, checkInfo) {
	var cells *[game.NumSquares]game.Piece
	if m.editing() {
		cells = &m.edit().Board // as placed, even when not yet a legal position
	}
	rows, ci := m.board.ViewIn(m.s.pos, &m.study, cells, g, m.pvLayer(), m.boardHighlight())
	if m.lesson() != nil {
		rows = m.lessonRows(g)
	}
	top, bottom := game.White, game.Black
	if m.board.flipped {
		top, bottom = game.Black, game.White
	}
	var boxes [2]komadaiBox
	if !g.Grid() {
		left := []string{m.hand(top).ViewIn(&m.theme, board.Width+1)}
		left = append(left, rows...)
		left = append(left, m.hand(bottom).ViewIn(&m.theme, board.Width+1))
		for i := range left {
			left[i] = textfit.PadRight(left[i], board.Width+1)
		}
		return left, boxes, ci
	}
	// 後手's komadai stands at the top left of the board, 先手's at the
	// bottom right (the other way round when flipped), as on a real board.
	tl, tk := m.hand(top).Komadai(&m.theme, board.KomadaiWidth)
	bl, bk := m.hand(bottom).Komadai(&m.theme, board.KomadaiWidth)
	h := len(rows)
	tl, tk = tl[:min(len(tl), h)], tk[:min(len(tk), h)]
	bl, bk = bl[:min(len(bl), h)], bk[:min(len(bk), h)]
	boxes[top] = komadaiBox{x: 0, y: 0, kinds: tk}
	boxes[bottom] = komadaiBox{x: g.BoardX() + g.Width() + board.KomadaiGap, y: h - len(bl), kinds: bk}
	blank := strings.Repeat(" ", board.KomadaiWidth)
	gap := strings.Repeat(" ", board.KomadaiGap)
	left := make([]string, h)
	for i, r := range rows {
		l, rr := blank, blank
		if i < len(tl) {
			l = tl[i]
		}
		if j := i - (h - len(bl)); j >= 0 {
			rr = bl[j]
		}
		left[i] = l + gap + textfit.PadRight(r, g.Width()) + gap + rr
	}
	return left, boxes, ci
}

// boardHighlight is the move the board tints: highlightMove, except
// while the engine line's layer is drawn (it marks the best move already,
// ^ to 1, and its numbering must stay readable) or the editor is open.
func (m *Model) boardHighlight() game.Move {
	if m.editing() || m.pvLayer() != nil {
		return game.NoMove
	}
	return m.highlightMove()
}

// belowBoard is the banner and the status line.
func (m *Model) belowBoard() []string {
	var below []string
	if b := m.s.end.bannerIn(m.lang, m.s.sideNames()); b != "" {
		below = append(below, m.theme.Banner.Render(m.tr("st.gameOver")+b))
	}
	return append(below, m.screen().status(m))
}

// notes are the study legends (when no dialog hides them) and the message.
func (m *Model) notes(ci checkInfo) []string {
	var notes []string
	if m.dialog == nil {
		if m.study.checkStudy {
			notes = append(notes, m.checkLegend(ci))
		}
		if m.study.effectMap {
			notes = append(notes, m.theme.Dim.Render(effectLegend(m.lang, m.geom().Size)))
		}
		if m.lesson() != nil {
			notes = append(notes, m.lessonNotes()...)
		}
	}
	if m.message != "" {
		st := m.theme.Dim
		if m.msgErr {
			st = m.theme.Warn
		}
		notes = append(notes, st.Render(m.message))
	}
	return notes
}

// effectLegend is the effect map's one-line legend in a layout.
func effectLegend(l Lang, size board.Size) string {
	switch size {
	case board.Medium:
		return tr(l, "fx.medium")
	case board.Large:
		bm, wm := board.CountMarks()
		return fmt.Sprintf(tr(l, "fx.large"), bm, wm)
	}
	return tr(l, "fx.compact")
}

// helpKeys are the keys of the screen's mode, for its short and full
// help: the one place that asks which mode the screen is in for them.
func (m *Model) helpKeys() helpKeys { return m.screen().helpKeys(m) }

// helpBar is the short help, or the full help when asked for, inside w
// columns and at most maxH lines (the full help never pushes the board:
// it is cut at the bottom).
func (m *Model) helpBar(w, maxH int) string {
	hm := m.help // a copy: drawing changes nothing
	hm.Width = 0
	hk := m.helpKeys()
	full := hk
	helpView := hm.View(hk)
	// Drop the least needed keys (those just before help and quit, which
	// stay) until the short help fits, instead of cutting an entry in two.
	for lipgloss.Width(helpView) > w-1 && len(hk.short) > 2 {
		n := len(hk.short)
		hk.short = append(hk.short[:n-3:n-3], hk.short[n-2:]...)
		helpView = hm.View(hk)
	}
	if m.showHelp {
		pages := m.helpPages(full, w, maxH)
		helpView = strings.Join(pages[min(m.helpPage, len(pages)-1)], "\n")
	}
	// bubbles/help can overflow by one item; keep every line inside.
	hl := strings.Split(helpView, "\n")
	if len(hl) > maxH {
		hl = hl[:max(1, maxH)]
	}
	for i := range hl {
		hl[i] = textfit.Truncate(hl[i], w-1)
	}
	return strings.Join(hl, "\n")
}

// fullHelpPages is the full help's pages on the screen as it is now.
func (m *Model) fullHelpPages() [][]string {
	w, h := m.size()
	if m.libraryShown() {
		return m.helpPages(m.helpKeys(), w, h-libraryMinRows)
	}
	return m.helpPages(m.helpKeys(), w, h-m.geom().ColumnHeight())
}

// helpPages lays the full help out in w columns and pages of at most
// maxH lines: every key and legend entry whole, in as many columns as
// fit (filled down, then across), on as few pages as that allows; when
// there are several, each ends with a line saying how to turn them.
// (bubbles' own layout cuts the columns that do not fit.)
func (m *Model) helpPages(hk helpKeys, w, maxH int) [][]string {
	entries := helpEntries(hk)
	maxH = max(maxH, 2)
	for n := 8; n >= 1; n-- {
		if pages, ok := m.paginateHelp(entries, n, maxH, w); ok && len(pages) == 1 {
			return pages
		}
	}
	// Several pages: each keeps its last line for the page number.
	for n := 8; n >= 1; n-- {
		pages, ok := m.paginateHelp(entries, n, maxH-1, w)
		if !ok && n > 1 {
			continue
		}
		if !ok {
			pages, _ = m.paginateHelp(entries, 1, maxH-1, w) // cut at the right edge
		}
		for i := range pages {
			pages[i] = append(pages[i], m.theme.Dim.Render(fmt.Sprintf(m.tr("help.page"), i+1, len(pages))))
		}
		return pages
	}
	return nil
}

// helpEntry is one line of the full help: a key and what it does, or a
// title (the legend's) with no description.
type helpEntry struct{ key, desc string }

// helpEntries is every enabled binding of hk, group after group.
func helpEntries(hk helpKeys) []helpEntry {
	var entries []helpEntry
	for _, group := range hk.FullHelp() {
		for _, b := range group {
			if b.Enabled() {
				entries = append(entries, helpEntry{b.Help().Key, b.Help().Desc})
			}
		}
	}
	return entries
}

// paginateHelp cuts entries into pages of n columns of at most rowsPer
// rows; false when a page does not fit in w columns even with fewer,
// taller columns.
func (m *Model) paginateHelp(entries []helpEntry, n, rowsPer, w int) ([][]string, bool) {
	var pages [][]string
	per := n * rowsPer
	for i := 0; i < len(entries); i += per {
		// A short last page may need fewer, taller columns.
		chunk := entries[i:min(len(entries), i+per)]
		var page []string
		for k := n; k >= 1 && (len(chunk)+k-1)/k <= rowsPer; k-- {
			if p, ok := m.helpColumns(chunk, k, w); ok {
				page = p
				break
			}
		}
		if page == nil {
			return nil, false
		}
		pages = append(pages, page)
	}
	return pages, true
}

// helpColumns is the rows of one page of entries in n columns, filled
// down then across, and whether they fit in w-1 columns.
func (m *Model) helpColumns(es []helpEntry, n, w int) ([]string, bool) {
	st := m.help.Styles
	rows := (len(es) + n - 1) / n
	lines := make([]string, rows)
	total := 0
	for c := 0; c*rows < len(es); c++ {
		col := es[c*rows : min(len(es), (c+1)*rows)]
		kw, dw, tw := 0, 0, 0
		for _, e := range col {
			if e.desc == "" {
				tw = max(tw, runewidth.StringWidth(e.key))
				continue
			}
			kw, dw = max(kw, runewidth.StringWidth(e.key)), max(dw, runewidth.StringWidth(e.desc))
		}
		cw := max(kw+1+dw, tw)
		if c > 0 {
			total += 3
		}
		total += cw
		for r, e := range col {
			text := st.FullKey.Render(textfit.PadRight(e.key, kw)) + " " + st.FullDesc.Render(textfit.PadRight(e.desc, cw-kw-1))
			if e.desc == "" { // a title (the legend's)
				text = m.theme.Title.Render(textfit.PadRight(e.key, cw))
			}
			if c > 0 {
				text = "   " + text
			}
			lines[r] += text
		}
	}
	for r := range lines {
		lines[r] = strings.TrimRight(lines[r], " ")
	}
	return lines, total <= w-1
}

// handLine is a side's line: name, player, clock and pieces in hand.
func (m *Model) handLine(c game.Color) string { return m.hand(c).View(&m.theme) }

// hand is the hands component of a side, filled in.
func (m *Model) hand(c game.Color) board.Hand {
	h := board.Hand{Name: m.s.sideNames()[c], ToMove: m.s.pos.Side() == c && !m.s.end.over,
		Hand: m.shownHand(c), ASCII: m.opts.ASCII, Note: m.editHandNote(c), Lang: m.lang}
	if m.s.playing || m.s.game {
		h.Player = m.playerName(m.s.match.Players[c].String())
	}
	if m.s.match.Clock.On() {
		h.Clock = m.clockFor(c)
	}
	h.Chosen = game.NoPieceType
	if m.s.pos.Side() == c {
		h.Chosen = m.board.dropKind
	}
	return h
}

// clockFor shows a side's clock: main time left, then the byoyomi
// counting down once the main time is gone.
func (m *Model) clockFor(c game.Color) string {
	return m.s.match.Clock.Text(c, m.s.turnRunning(c), m.opts.Now())
}

// statusLine tells whose turn it is, check, the last move and what the
// AI is doing.
func (m *Model) statusLine() string {
	p := m.s.pos
	names := m.s.sideNames()
	var parts []string
	if m.s.node.Ply > 0 {
		parts = append(parts, fmt.Sprintf(m.tr("st.ply"), m.s.node.Ply))
	}
	if m.s.end.over {
		parts = append(parts, fmt.Sprintf(m.tr("st.ended"), m.s.end.reasonIn(m.lang)))
	} else {
		parts = append(parts, fmt.Sprintf(m.tr("st.toMove"), names[p.Side()]))
	}
	if p.InCheck() {
		parts = append(parts, m.theme.Warn.Render(m.tr("st.check")))
	}
	if lm := p.LastMove(); lm != game.NoMove {
		var prev game.Move
		if m.s.node.Parent != nil {
			prev = m.s.node.Parent.Move
		}
		parts = append(parts, m.tr("st.last")+kif.MoveLabel(lm, prev))
	}
	if m.board.selected != game.NoSquare {
		pc := p.PieceAt(m.board.selected)
		parts = append(parts, m.tr("st.picked")+m.board.selected.Japanese()+pc.Type().Name())
	} else if m.board.dropKind != game.NoPieceType {
		parts = append(parts, m.tr("st.drop")+m.board.dropKind.Name())
	}
	if m.ai.thinking {
		i := m.ai.info
		s := m.tr("purpose.status." + m.ai.purpose.String())
		switch {
		case i.Depth > 0 && m.evalHidden():
			s += fmt.Sprintf(m.tr("st.depthHidden"), i.Depth)
		case i.Depth > 0 && !i.ScoreShown():
			s += fmt.Sprintf(m.tr("st.depthBlurred"), i.Depth)
		case i.Depth > 0:
			s += fmt.Sprintf(m.tr("st.depth"), i.Depth, enginepanel.ScoreText(m.lang, i.Score, p.Side()), i.NPS/1000)
		}
		parts = append(parts, m.theme.Good.Render(s))
	}
	return strings.Join(parts, "  ")
}

// evalHidden reports whether the AI's evaluation and line are hidden
// while it thinks of its move (hints and analysis were asked for).
func (m *Model) evalHidden() bool { return m.hideEval && m.ai.purpose == purposeMove }

// checkLegend explains the check study's marks.
func (m *Model) checkLegend(ci checkInfo) string { return m.studyLegend(ci) }

// sidePanel is the record header, the move list and the comment, and
// where the move list's rows are.
func (m *Model) sidePanel(w, h int, g board.Geom) ([]string, listRows, enginepanel.CandRows) {
	if own, ok := m.screen().panel(m, w, h); ok {
		return own, listRows{}, enginepanel.CandRows{}
	}
	var out []string
	add := func(s string) { out = append(out, textfit.Ellipsis(s, w)) }
	r := m.s.rec
	names := m.s.sideNames()
	for _, key := range []string{"棋戦", "開始日時"} {
		if v, ok := r.Get(key); ok && strings.TrimSpace(v) != "" {
			add(m.theme.Dim.Render(m.tr("hdr."+key) + " " + strings.TrimSpace(v)))
		}
	}
	for i, key := range []string{names[0], names[1]} {
		if m.sideReports() != nil {
			break // the engine panel names both players with their lines
		}
		v, ok := r.Get(key)
		if !ok {
			v, ok = r.Get(evenNames[i])
		}
		if ok && strings.TrimSpace(v) != "" {
			add(key + " " + m.playerName(strings.TrimSpace(v)))
		}
	}
	if r.Start.IsPreset && r.Start.Preset != game.Even {
		add(m.tr("hdr.手合割") + " " + r.Start.Preset.Name())
	}
	ep := m.enginePanel()
	ep.GraphH = enginepanel.GraphHeight(g)
	panel, cr := ep.Rows(&m.theme, w)
	cr.Top += len(out)
	out = append(out, panel...)
	var comment []string
	if len(m.s.node.Comments) > 0 {
		comment = append(comment, m.theme.Title.Render(m.tr("comment.title")))
		for _, c := range m.s.node.Comments {
			comment = append(comment, textfit.Wrap(m.commentText(m.s.node, c), w)...)
		}
		if len(comment) > 7 {
			comment = append(comment[:6], m.theme.Dim.Render(m.tr("side.more")))
		}
	}
	out = append(out, m.theme.Title.Render(m.tr("side.moves")))
	list := m.moveList()
	list.SetSize(w, h-len(out)-len(comment))
	rows, nodes := list.View()
	lr := listRows{top: len(out), nodes: nodes}
	out = append(out, rows...)
	out = append(out, comment...)
	return out, lr, cr
}

// commentText is a comment as the side panel shows it: an engine's
// evaluation in a record (CSA's '** lines: score and line) as what it is,
// in the screen's language; any other comment as written.
func (m *Model) commentText(n *kif.Node, c string) string {
	e, ok := kif.EngineComment(c)
	if !ok {
		return c
	}
	s := fmt.Sprintf(m.tr("cm.eval"), e.Score)
	if e.Mate() {
		s += m.tr("cm.mate")
	}
	if len(e.PV) > 0 {
		s += m.tr("cm.line") + m.s.rec.EngineLine(n, e)
	}
	return s
}

// playerName is a player as the screen shows it: kiki's own word for a
// person, 人間 (what its records write), in the screen's language; any
// other name as it is.
func (m *Model) playerName(name string) string {
	if name == match.Human {
		return m.tr("game.human")
	}
	return name
}

// enginePanel is the engine panel for the state on screen.
func (m *Model) enginePanel() enginepanel.Panel {
	e := enginepanel.Panel{Lang: m.lang, Thinking: m.ai.thinking, Purpose: m.ai.purpose.String(), Info: m.ai.info, Hidden: m.evalHidden(),
		Pos: m.s.pos, Analysis: &m.analysis, Rec: m.s.rec, Node: m.s.node, MateLine: m.mateLine, Sides: m.sideReports()}
	if m.ai.thinking && m.ai.purpose == purposeAnalysis {
		e.Cands, e.Pick = m.cands.shown(m.s.pos.Key())
		e.MultiPV = m.cands.count()
	}
	return e
}

// moveList is the move list for the record on screen, sized by the caller.
func (m *Model) moveList() moveList {
	a := &m.analysis
	return moveList{lang: m.lang, theme: &m.theme, root: m.s.rec.Root, cur: m.s.node, notes: func(n *kif.Node) (string, string) {
		_, mk := a.Loss(n)
		return mk, a.EvalText(m.lang, n)
	}}
}
