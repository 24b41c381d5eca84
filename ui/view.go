package ui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/mattn/go-runewidth"

	"kiki/game"
	"kiki/kif"
)

// Minimum terminal size: the board with its hands, a status line and the help bar.
const (
	minWidth  = boardWidth + 4
	minHeight = boardHeight + 6
	// sidePanel is shown when there is room for the move list beside the board.
	sideMinWidth = 20
)

// View draws the screen.
func (m *Model) View() string {
	if m.quitting {
		return ""
	}
	w, h := m.width, m.height
	if w == 0 && h == 0 {
		w, h = 100, 30
	}
	if w < minWidth || h < minHeight {
		return fmt.Sprintf("kiki needs a terminal of at least %d×%d (this one is %d×%d).\nMake the window larger, or press q to quit.", minWidth, minHeight, w, h)
	}
	marks, ci := m.marks()
	bv := m.board()
	bv.marks = marks
	if m.study.checkStudy {
		bv.checks = &ci.layer
	}
	if m.editing && m.edit != nil {
		bv.cells = &m.edit.board // as placed, even when not yet a legal position
	}
	if m.study.effectMap {
		counts := m.s.pos.EffectCounts()
		bv.counts = &counts
	}
	top, bottom := game.White, game.Black
	if m.flipped {
		top, bottom = game.Black, game.White
	}
	left := []string{m.handLine(top)}
	left = append(left, bv.render()...)
	left = append(left, m.handLine(bottom))
	for i := range left {
		left[i] = padRight(left[i], boardWidth+1)
	}
	leftCol := strings.Join(left, "\n")

	// Bottom area: banner, status, legends and message; then the help.
	var below []string
	if b := m.s.end.banner(m.s.sideNames()); b != "" {
		below = append(below, m.theme.Banner.Render("対局終了: "+b))
	}
	below = append(below, m.statusLine())
	var notes []string
	if m.dialog == nil {
		if m.study.checkStudy {
			notes = append(notes, m.checkLegend(ci))
		}
		if m.study.effectMap {
			notes = append(notes, m.theme.Dim.Render("利き: b 先手が多い  w 後手が多い  = 同数  空き升の数字は 先手/後手 の利きの数"))
		}
	}
	if m.message != "" {
		st := m.theme.Dim
		if m.msgErr {
			st = m.theme.Warn
		}
		notes = append(notes, st.Render(m.message))
	}
	m.help.Width = 0
	hk := m.keys.help(m.replay, m.study.checkStudy)
	if m.editing {
		hk = editHelpKeys()
	}
	helpView := m.help.View(hk)
	// Drop the least needed keys (those just before help and quit, which
	// stay) until the short help fits, instead of cutting an entry in two.
	for lipgloss.Width(helpView) > w-1 && len(hk.short) > 2 {
		n := len(hk.short)
		hk.short = append(hk.short[:n-3:n-3], hk.short[n-2:]...)
		helpView = m.help.View(hk)
	}
	m.help.Width = w - 4
	if m.showHelp {
		m.help.ShowAll = true
		full := m.keys.help(m.replay, m.study.checkStudy)
		if m.editing {
			full = editHelpKeys()
		}
		helpView = m.help.View(full)
		m.help.ShowAll = false
	}
	// bubbles/help can overflow by one item; keep every line inside.
	hl := strings.Split(helpView, "\n")
	if len(hl) > h-len(left) {
		// The full help never pushes the board: it is cut at the bottom.
		hl = hl[:max(1, h-len(left))]
	}
	for i := range hl {
		hl[i] = truncate(hl[i], w-1)
	}
	helpView = strings.Join(hl, "\n")
	helpH := lipgloss.Height(helpView)

	// The board and its hands keep their place whatever else is shown:
	// the screen never holds more lines than the terminal, so nothing
	// scrolls. A dialog goes under the status line when it fits there,
	// else over the side panel (the move list), else it is cut.
	bodyH := len(left)
	room := max(0, h-bodyH-helpH) // lines under the board
	sideW := w - (boardWidth + 1) - 3
	hasSide := sideW >= sideMinWidth
	head := wrapLines(below, w)
	var dialogLines []string
	inSide := false
	if m.dialog != nil {
		m.dialogRoom = max(3, room-len(head))
		dialogLines = wrapLines([]string{m.dialog.view(m)}, w)
		if len(head)+len(dialogLines) > room && hasSide {
			inSide = true
			m.dialogRoom = max(3, h-helpH-len(head))
			dialogLines = wrapLines([]string{m.dialog.view(m)}, sideW)
		}
	}
	lines := head
	if !inSide {
		lines = append(lines, dialogLines...)
	}
	lines = append(lines, wrapLines(notes, w)...)
	if len(lines) > room {
		lines = lines[:room]
	}

	// Side panel: header, move list, comment, analysis; or the dialog.
	var screen string
	if hasSide {
		sideH := max(bodyH, h-len(lines)-helpH)
		var side []string
		if inSide {
			side = dialogLines
		} else {
			side = strings.Split(m.sidePanel(sideW, sideH), "\n")
		}
		if len(side) > sideH {
			side = side[:sideH]
		}
		screen = lipgloss.JoinHorizontal(lipgloss.Top, leftCol, "  ", strings.Join(side, "\n"))
	} else {
		screen = leftCol
	}
	out := screen
	if len(lines) > 0 {
		out += "\n" + strings.Join(lines, "\n")
	}
	used := lipgloss.Height(out) + helpH
	if used < h {
		out += strings.Repeat("\n", h-used)
	}
	return out + "\n" + helpView
}

// wrapLines splits texts into lines and wraps the long ones inside w
// columns (wrapped lines lose their colours).
func wrapLines(texts []string, w int) []string {
	var out []string
	for _, b := range texts {
		for _, l := range strings.Split(b, "\n") {
			if lipgloss.Width(l) < w {
				out = append(out, l)
			} else {
				out = append(out, wrap(stripANSI(l), w-1)...)
			}
		}
	}
	return out
}

func padRight(s string, w int) string {
	if d := w - lipgloss.Width(s); d > 0 {
		return s + strings.Repeat(" ", d)
	}
	return s
}

// handLine is a side's name, player, clock and pieces in hand.
func (m *Model) handLine(c game.Color) string {
	names := m.s.sideNames()
	var sb strings.Builder
	name := names[c]
	if m.s.pos.Side() == c && !m.s.end.over {
		name = m.theme.Title.Render(name + "*")
	} else {
		name += " "
	}
	sb.WriteString(name)
	if m.s.playing || m.s.game {
		sb.WriteString(" " + m.s.players[c].String())
	}
	if m.s.tc.kind != "" {
		sb.WriteString(" " + m.clockFor(c))
	}
	sb.WriteString("  持駒 ")
	h := m.shownHand(c)
	if h.IsEmpty() {
		sb.WriteString("なし")
	}
	for _, t := range game.HandTypes {
		n := h.Count(t)
		if n == 0 {
			continue
		}
		label := t.Glyph()
		if m.opts.ASCII {
			label = t.Letter()
		}
		if n > 1 {
			label += fmt.Sprint(n)
		}
		if m.dropKind == t && m.s.pos.Side() == c {
			sb.WriteString(m.theme.Selected.Render("[" + label + "]"))
		} else {
			sb.WriteString(label + " ")
		}
	}
	sb.WriteString(m.editHandNote(c))
	return sb.String()
}

// clockFor shows a side's clock: main time left, then the byoyomi
// counting down once the main time is gone.
func (m *Model) clockFor(c game.Color) string {
	left := m.remaining(c)
	if m.s.tc.kind == "byoyomi" && left <= m.s.tc.byoyomi {
		return fmt.Sprintf("秒読み%d", max(0, int(left/time.Second)))
	}
	if m.s.tc.kind == "byoyomi" {
		return clockText(left - m.s.tc.byoyomi)
	}
	return clockText(left)
}

func clockText(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int(d / time.Second)
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// statusLine tells whose turn it is, check, the last move and what the
// AI is doing.
func (m *Model) statusLine() string {
	p := m.s.pos
	names := m.s.sideNames()
	var parts []string
	if m.s.node.Ply > 0 {
		parts = append(parts, fmt.Sprintf("%d手目", m.s.node.Ply))
	}
	if m.s.end.over {
		parts = append(parts, "終局 ("+m.s.end.reason+")")
	} else {
		parts = append(parts, names[p.Side()]+"の番")
	}
	if p.InCheck() {
		parts = append(parts, m.theme.Warn.Render("王手"))
	}
	if lm := p.LastMove(); lm != game.NoMove {
		var prev game.Move
		if m.s.node.Parent != nil {
			prev = m.s.node.Parent.Move
		}
		parts = append(parts, "最終手 "+kif.MoveLabel(lm, prev))
	}
	if m.selected != game.NoSquare {
		pc := p.PieceAt(m.selected)
		parts = append(parts, "選択 "+m.selected.Japanese()+pc.Type().Name())
	} else if m.dropKind != game.NoPieceType {
		parts = append(parts, "打つ駒 "+m.dropKind.Name())
	}
	if m.ai.thinking {
		i := m.ai.info
		what := map[string]string{"move": "考慮中", "hint": "ヒント", "analysis": "検討"}[m.ai.purpose]
		s := what
		switch {
		case i.Depth > 0 && m.evalHidden():
			s += fmt.Sprintf(" 深さ%d (評価は非表示: E)", i.Depth)
		case i.Depth > 0:
			s += fmt.Sprintf(" 深さ%d %s %dknps", i.Depth, scoreText(i.Score, p.Side()), i.NPS/1000)
		}
		parts = append(parts, m.theme.Good.Render(s))
	}
	return strings.Join(parts, "  ")
}

// evalHidden reports whether the AI's evaluation and line are hidden
// while it thinks of its move (hints and analysis were asked for).
func (m *Model) evalHidden() bool { return m.hideEval && m.ai.purpose == "move" }

// checkLegend explains the check study's marks.
func (m *Model) checkLegend(ci checkInfo) string { return m.studyLegend(ci) }

// sidePanel is the record header, the move list and the comment.
func (m *Model) sidePanel(w, h int) string {
	if m.editing && m.edit != nil {
		return m.editorPanel(w, h)
	}
	var out []string
	add := func(s string) { out = append(out, truncate(s, w)) }
	r := m.s.rec
	names := m.s.sideNames()
	for _, key := range []string{"棋戦", "開始日時"} {
		if v, ok := r.Get(key); ok && strings.TrimSpace(v) != "" {
			add(m.theme.Dim.Render(key + " " + strings.TrimSpace(v)))
		}
	}
	for i, key := range []string{names[0], names[1]} {
		v, ok := r.Get(key)
		if !ok {
			v, ok = r.Get([]string{"先手", "後手"}[i])
		}
		if ok && strings.TrimSpace(v) != "" {
			add(key + " " + strings.TrimSpace(v))
		}
	}
	if r.Start.IsPreset && r.Start.Preset != game.Even {
		add("手合割 " + r.Start.Preset.Name())
	}
	if m.ai.thinking && m.ai.info.Depth > 0 && !m.evalHidden() {
		i := m.ai.info
		what := map[string]string{"move": "AI 考慮中", "hint": "ヒント", "analysis": "検討"}[m.ai.purpose]
		add(m.theme.Good.Render(fmt.Sprintf("%s 深さ%d %s", what, i.Depth, scoreText(i.Score, m.s.pos.Side()))))
		add(m.theme.Dim.Render(fmt.Sprintf("%d nodes %dk nps", i.Nodes, i.NPS/1000)))
		for _, l := range wrap("読み筋 "+pvText(m.s.pos, i.PV, 10), w) {
			add(l)
		}
	}
	if m.analysis.running {
		add("解析中 " + m.analysis.progress(w-7))
	}
	for _, l := range m.analysisPanel(w) {
		add(l)
	}
	if m.mateLine != "" {
		for _, l := range wrap(m.mateLine, w) {
			add(m.theme.Good.Render(l))
		}
	}
	var comment []string
	if len(m.s.node.Comments) > 0 {
		comment = append(comment, m.theme.Title.Render("コメント"))
		for _, c := range m.s.node.Comments {
			comment = append(comment, wrap(c, w)...)
		}
		if len(comment) > 7 {
			comment = append(comment[:6], m.theme.Dim.Render("… (C to read/edit)"))
		}
	}
	listH := h - len(out) - len(comment) - 1
	out = append(out, m.theme.Title.Render("棋譜"))
	m.listTop = len(out)
	out = append(out, m.moveList(w, max(3, listH))...)
	out = append(out, comment...)
	return strings.Join(out, "\n")
}

// moveList shows the line through the current move, scrolled to keep it
// in view: 先手/後手 marks, '+' on moves with alternatives, '?' on the
// moves the analysis found worst, and the time spent where known.
func (m *Model) moveList(w, h int) []string {
	line := m.s.line()
	cur := -1
	for i, n := range line {
		if n == m.s.node {
			cur = i
		}
	}
	rows := make([]string, 0, len(line)+1)
	startLabel := "   開始局面"
	if cur == -1 {
		startLabel = "> 開始局面"
	}
	rows = append(rows, startLabel)
	for i, n := range line {
		label := nodeLabel(m.s.rec, n)
		if len(n.Parent.Children) > 1 {
			label += "+"
		}
		_, mk := m.analysis.loss(n)
		label += mk
		text := fmt.Sprintf("%3d %s", n.Ply, label)
		if n.HasTime {
			text = padRight(text, 18) + " " + clockText(n.Time)
		}
		if ev := m.analysis.evalText(n); ev != "" {
			text = padRight(text, 25) + fmt.Sprintf("%6s", ev) // 先手's view
		}
		if i == cur {
			rows = append(rows, m.theme.Current.Render(">"+text))
		} else {
			rows = append(rows, " "+text)
		}
	}
	// Scroll so that the current row is visible.
	curRow := cur + 1
	start := 0
	if len(rows) > h {
		start = min(max(0, curRow-h/2), len(rows)-h)
	}
	rows = rows[start:min(len(rows), start+h)]
	// Remember which node each row shows, for clicks.
	nodes := append([]*kif.Node{m.s.rec.Root}, line...)
	m.listNodes = nodes[start:min(len(nodes), start+h)]
	for i := range rows {
		rows[i] = truncate(rows[i], w)
	}
	return rows
}

// truncate cuts a line to w display columns.
func truncate(s string, w int) string {
	if lipgloss.Width(s) <= w {
		return s
	}
	// Work on the visible text only (styled rows are short enough).
	plain := stripANSI(s)
	return runewidth.Truncate(plain, w, "")
}

// wrap breaks s into lines of at most w cells, at the last space when the
// line has one (so a move in a reading line stays whole) and anywhere in
// text without spaces, as Japanese comments are.
func wrap(s string, w int) []string {
	var out []string
	var cur []rune
	cw := 0
	for _, r := range s {
		rw := runewidth.RuneWidth(r)
		if cw+rw > w && len(cur) > 0 {
			cut := len(cur)
			if i := lastSpace(cur); i > 0 && r != ' ' {
				cut = i
			}
			out = append(out, strings.TrimRight(string(cur[:cut]), " "))
			cur = append([]rune(nil), cur[cut:]...)
			for len(cur) > 0 && cur[0] == ' ' {
				cur = cur[1:]
			}
			cw = runewidth.StringWidth(string(cur))
			if r == ' ' && len(cur) == 0 {
				continue
			}
		}
		cur = append(cur, r)
		cw += rw
	}
	if len(cur) > 0 || len(out) == 0 {
		out = append(out, string(cur))
	}
	return out
}

func lastSpace(rs []rune) int {
	for i := len(rs) - 1; i >= 0; i-- {
		if rs[i] == ' ' {
			return i
		}
	}
	return -1
}

func stripANSI(s string) string {
	var b strings.Builder
	esc := false
	for _, r := range s {
		switch {
		case esc:
			if r >= '@' && r <= '~' && r != '[' {
				esc = false
			}
		case r == 0x1b:
			esc = true
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
