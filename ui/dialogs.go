package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/textarea"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
	"kiki/kif"
)

// dialog is a component drawn over the status area that takes the keys
// while it is open. Esc always closes it.
type dialog interface {
	update(msg tea.KeyMsg, m *Model) (done bool, cmd tea.Cmd)
	view(m *Model, room int) string
}

// promoDialog asks 成 or 不成 when both are legal; 成 is the default.
type promoDialog struct {
	promo, plain game.Move
	no           bool // 不成 highlighted
}

func (d *promoDialog) update(msg tea.KeyMsg, m *Model) (bool, tea.Cmd) {
	switch msg.String() {
	case "y", "Y":
		return true, m.playMove(d.promo)
	case "n", "N":
		return true, m.playMove(d.plain)
	case "left", "right", "h", "l", "up", "down", "tab":
		d.no = !d.no
	case "enter", " ":
		if d.no {
			return true, m.playMove(d.plain)
		}
		return true, m.playMove(d.promo)
	case "esc":
		m.selected = game.NoSquare
		return true, nil
	}
	return false, nil
}

func (d *promoDialog) view(m *Model, room int) string {
	yes, no := "[成 y]", " 不成 n "
	if d.no {
		yes, no = " 成 y ", "[不成 n]"
	}
	return m.theme.Title.Render("成りますか? ") + yes + " " + no + m.theme.Dim.Render("  (←→ enter, esc cancel)")
}

// confirmDialog asks a yes/no question.
type confirmDialog struct {
	question string
	yes      func(*Model) tea.Cmd
}

func (d *confirmDialog) update(msg tea.KeyMsg, m *Model) (bool, tea.Cmd) {
	switch msg.String() {
	case "y", "Y":
		return true, d.yes(m)
	case "n", "N", "esc":
		return true, nil
	}
	return false, nil
}

func (d *confirmDialog) view(m *Model, room int) string { return m.theme.Warn.Render(d.question) }

// choiceDialog asks a question with several answers, each on its own key
// (and ←→ + Enter); Esc answers the last one, which is always "cancel".
type choiceDialog struct {
	question string
	choices  []choice
	sel      int
}

// choice is one answer of a choiceDialog; do may be nil (cancel).
type choice struct {
	key, label string
	do         func(*Model) tea.Cmd
}

func (d *choiceDialog) update(msg tea.KeyMsg, m *Model) (bool, tea.Cmd) {
	pick := func(c choice) (bool, tea.Cmd) {
		if c.do == nil {
			return true, nil
		}
		return true, c.do(m)
	}
	switch s := msg.String(); s {
	case "esc":
		return pick(d.choices[len(d.choices)-1])
	case "left", "h", "shift+tab":
		d.sel = (d.sel + len(d.choices) - 1) % len(d.choices)
	case "right", "l", "tab":
		d.sel = (d.sel + 1) % len(d.choices)
	case "enter":
		return pick(d.choices[d.sel])
	default:
		for _, c := range d.choices {
			if c.key == s {
				return pick(c)
			}
		}
	}
	return false, nil
}

func (d *choiceDialog) view(m *Model, room int) string {
	var sb strings.Builder
	sb.WriteString(m.theme.Warn.Render(d.question) + "\n")
	for i, c := range d.choices {
		label := c.key + " " + c.label
		if i == d.sel {
			sb.WriteString("[" + m.theme.Current.Render(label) + "] ")
		} else {
			sb.WriteString(" " + label + "  ")
		}
	}
	return strings.TrimRight(sb.String(), " ")
}

// textDialog shows a text (help, a copied SFEN or record) until Esc.
type textDialog struct {
	title, text string
	offset      int
}

func (d *textDialog) update(msg tea.KeyMsg, m *Model) (bool, tea.Cmd) {
	switch msg.String() {
	case "esc", "q", "enter":
		return true, nil
	case "down", "j":
		d.offset = min(d.offset+1, len(d.lines())-1)
	case "up", "k":
		d.offset = max(0, d.offset-1)
	}
	return false, nil
}

func (d *textDialog) lines() []string { return strings.Split(strings.TrimRight(d.text, "\n"), "\n") }

func (d *textDialog) view(m *Model, room int) string {
	lines := d.lines()
	h := max(3, room-1)
	off := min(d.offset, len(lines)-1)
	lines = lines[off:min(len(lines), off+h)]
	return m.theme.Title.Render(d.title) + m.theme.Dim.Render("  (esc close, ↑↓ scroll)") + "\n" + strings.Join(lines, "\n")
}

// moveLine is the typed-move prompt opened with ':' — USI (7g7f, P*5e) or
// Japanese (76歩, 同歩, 55角打, 24歩成, 58金右).
type moveLine struct {
	in  textinput.Model
	err string
}

func newMoveLine() *moveLine {
	in := textinput.New()
	in.Prompt = ": "
	in.Placeholder = "7g7f, P*5e, 76歩, 同歩, 55角打, 58金右"
	in.CharLimit = 40
	in.Focus()
	return &moveLine{in: in}
}

func (d *moveLine) update(msg tea.KeyMsg, m *Model) (bool, tea.Cmd) {
	switch msg.String() {
	case "esc":
		return true, nil
	case "enter":
		text := strings.TrimSpace(d.in.Value())
		if text == "" {
			return true, nil
		}
		if !m.humanToMove() {
			d.err = "AIの手番です"
			return false, nil
		}
		mv, err := parseTypedMove(m.s.pos, text)
		if err != nil {
			// Keep the prompt open with the error, ready for a new move.
			d.err = err.Error()
			d.in.SetValue("")
			return false, nil
		}
		if promo, ask := promotionUnsaid(m.s.pos, text, mv); ask {
			m.dialog = &promoDialog{promo: promo, plain: mv}
			return true, nil
		}
		return true, m.playMove(mv)
	}
	var cmd tea.Cmd
	d.in, cmd = d.in.Update(msg)
	d.err = ""
	return false, cmd
}

func (d *moveLine) view(m *Model, room int) string {
	s := d.in.View()
	if d.err != "" {
		s += "\n" + m.theme.Warn.Render(d.err)
	}
	return s
}

// parseTypedMove reads USI first, then Japanese notation.
func parseTypedMove(p *game.Position, text string) (game.Move, error) {
	if isUSIish(text) {
		return p.ParseUSIMove(text)
	}
	return kif.ParseJapanese(p, text, p.LastMove())
}

// promotionUnsaid reports whether a typed Japanese move left the
// promotion unsaid (neither 成 nor 不成/生) while both are legal, and
// returns the promoting move to offer. USI says it with '+'.
func promotionUnsaid(p *game.Position, text string, mv game.Move) (game.Move, bool) {
	if isUSIish(text) || mv.IsDrop() || mv.IsPromotion() {
		return game.NoMove, false
	}
	if mt, err := kif.ParseMoveText(text); err != nil || mt.Promote || mt.NoPromo {
		return game.NoMove, false
	}
	promo := game.NewMove(mv.From(), mv.To(), mv.Piece(), mv.Captured(), true)
	return promo, p.IsLegal(promo)
}

func isUSIish(s string) bool {
	if len(s) < 4 || len(s) > 5 {
		return false
	}
	for _, r := range s {
		if r > 127 {
			return false
		}
	}
	return s[1] == '*' || s[1] >= 'a' && s[1] <= 'i'
}

// gameDialog sets up a new game: handicap, who plays each side, AI level,
// time control. It also serves "play from here" (no handicap choice).
type gameDialog struct {
	fromHere bool
	field    int
	handicap int
	players  [2]bool
	level    int
	tcKind   int // index into tcKinds
	mainMin  int
	second   int // byoyomi or increment seconds
}

var tcKinds = []string{"", "byoyomi", "fischer", "sudden"}
var tcNames = []string{"なし", "秒読み", "フィッシャー", "切れ負け"}

func newGameDialog(m *Model) *gameDialog {
	d := &gameDialog{level: m.opts.Level, mainMin: 10, second: 30}
	if m.s != nil {
		d.players = [2]bool{m.s.players[0].ai, m.s.players[1].ai}
		if !d.players[0] && !d.players[1] {
			d.players[1] = true
		}
		if m.s.players[0].ai {
			d.level = m.s.players[0].level
		} else if m.s.players[1].ai {
			d.level = m.s.players[1].level
		}
	}
	return d
}

func newPlayFromHereDialog(m *Model) *gameDialog {
	d := newGameDialog(m)
	d.fromHere = true
	d.field = 1
	return d
}

func (d *gameDialog) fields() int { return 7 }

func (d *gameDialog) update(msg tea.KeyMsg, m *Model) (bool, tea.Cmd) {
	step := 0
	switch msg.String() {
	case "esc":
		return true, nil
	case "up", "k", "shift+tab":
		d.field = (d.field + d.fields() - 1) % d.fields()
		if d.fromHere && d.field == 0 {
			d.field = d.fields() - 1
		}
	case "down", "j", "tab":
		d.field = (d.field + 1) % d.fields()
		if d.fromHere && d.field == 0 {
			d.field = 1
		}
	case "left", "h":
		step = -1
	case "right", "l", " ":
		step = 1
	case "enter":
		return true, d.start(m)
	}
	if step != 0 {
		switch d.field {
		case 0:
			d.handicap = (d.handicap + len(game.Handicaps) + step) % len(game.Handicaps)
		case 1, 2:
			d.players[d.field-1] = !d.players[d.field-1]
		case 3:
			d.level = min(10, max(1, d.level+step))
		case 4:
			d.tcKind = (d.tcKind + len(tcKinds) + step) % len(tcKinds)
		case 5:
			d.mainMin = min(180, max(0, d.mainMin+step))
		case 6:
			d.second = min(120, max(0, d.second+step*5))
		}
	}
	return false, nil
}

func (d *gameDialog) start(m *Model) tea.Cmd {
	tc := timeControl{kind: tcKinds[d.tcKind], main: time.Duration(d.mainMin) * time.Minute}
	switch tc.kind {
	case "byoyomi":
		tc.byoyomi = time.Duration(d.second) * time.Second
	case "fischer":
		tc.inc = time.Duration(d.second) * time.Second
	case "sudden":
		if tc.main == 0 {
			tc.main = time.Minute
		}
	}
	players := [2]player{{ai: d.players[0], level: d.level}, {ai: d.players[1], level: d.level}}
	if d.fromHere {
		start := m.s.pos.Clone()
		rec := m.s.rec
		node := m.s.node
		m.startGame(start, players, tc)
		// Keep the record: the game continues from the chosen node.
		m.s.rec, m.s.node = rec, node
		m.s.pos = rec.Position(node)
		m.s.dirty = true
	} else {
		m.startGame(game.Handicaps[d.handicap].Position(), players, tc)
	}
	m.setMessage("対局開始", false)
	return m.maybeStartAI()
}

func (d *gameDialog) view(m *Model, room int) string {
	names := m.s.sideNames()
	if !d.fromHere && game.Handicaps[d.handicap] != game.Even {
		names = [2]string{"下手", "上手"}
	}
	who := func(ai bool) string {
		if ai {
			return "AI"
		}
		return "人間"
	}
	rows := []string{
		"手合割   " + game.Handicaps[d.handicap].Name(),
		names[0] + "     " + who(d.players[0]),
		names[1] + "     " + who(d.players[1]),
		"AIレベル " + strconv.Itoa(d.level),
		"持ち時間 " + tcNames[d.tcKind],
		fmt.Sprintf("  本体   %d分", d.mainMin),
		fmt.Sprintf("  秒     %d秒 (秒読み/加算)", d.second),
	}
	title := "新しい対局 (new game)"
	if d.fromHere {
		title = "ここから対局 (play from here)"
		rows[0] = "手合割   (この局面から)"
	}
	var sb strings.Builder
	sb.WriteString(m.theme.Title.Render(title) + m.theme.Dim.Render("  ↑↓ field  ←→ change  enter start  esc cancel") + "\n")
	for i, r := range rows {
		if i == d.field {
			sb.WriteString("> " + m.theme.Current.Render(r) + "\n")
		} else {
			sb.WriteString("  " + r + "\n")
		}
	}
	return strings.TrimRight(sb.String(), "\n")
}

// commentDialog edits the comment of the current move.
type commentDialog struct {
	ta   textarea.Model
	node *kif.Node
}

func newCommentDialog(n *kif.Node) *commentDialog {
	ta := textarea.New()
	ta.SetValue(strings.Join(n.Comments, "\n"))
	ta.SetWidth(60)
	ta.SetHeight(4)
	ta.ShowLineNumbers = false
	ta.Focus()
	return &commentDialog{ta: ta, node: n}
}

func (d *commentDialog) update(msg tea.KeyMsg, m *Model) (bool, tea.Cmd) {
	switch msg.String() {
	case "esc":
		return true, nil
	case "ctrl+s", "alt+enter":
		text := strings.TrimRight(d.ta.Value(), "\n")
		var lines []string
		if text != "" {
			lines = strings.Split(text, "\n")
		}
		if strings.Join(lines, "\n") != strings.Join(d.node.Comments, "\n") {
			d.node.Comments = lines
			m.s.dirty = true
		}
		return true, nil
	}
	var cmd tea.Cmd
	d.ta, cmd = d.ta.Update(msg)
	return false, cmd
}

func (d *commentDialog) view(m *Model, room int) string {
	return m.theme.Title.Render("コメント (comment)") + m.theme.Dim.Render("  ctrl+s save  esc cancel") + "\n" + d.ta.View()
}

// pathDialog asks for a file name (save as).
type pathDialog struct {
	in    textinput.Model
	title string
	err   string
	// ok acts on the path; an error keeps the dialog open and is shown.
	ok func(m *Model, path string) (tea.Cmd, error)
}

func newPathDialog(title, value string, ok func(*Model, string) (tea.Cmd, error)) *pathDialog {
	in := textinput.New()
	in.Prompt = "> "
	in.SetValue(value)
	in.CharLimit = 400
	in.Focus()
	return &pathDialog{in: in, title: title, ok: ok}
}

func (d *pathDialog) update(msg tea.KeyMsg, m *Model) (bool, tea.Cmd) {
	switch msg.String() {
	case "esc":
		return true, nil
	case "enter":
		cmd, err := d.ok(m, strings.TrimSpace(d.in.Value()))
		if err != nil {
			d.err = err.Error()
			return false, nil
		}
		return true, cmd
	}
	var cmd tea.Cmd
	d.in, cmd = d.in.Update(msg)
	d.err = ""
	return false, cmd
}

func (d *pathDialog) view(m *Model, room int) string {
	s := m.theme.Title.Render(d.title) + m.theme.Dim.Render("  enter ok  esc cancel") + "\n" + d.in.View()
	if d.err != "" {
		s += "\n" + m.theme.Warn.Render(d.err)
	}
	return s
}

// openDialog lists the records in the folder and the sample library, and
// takes a typed path too.
type openDialog struct {
	entries []openEntry
	sel     int
	in      textinput.Model
	typing  bool
	err     string
}

type openEntry struct {
	label string
	path  string // a file, or "lib:NAME" for the embedded library
}

func newOpenDialog(m *Model) *openDialog {
	d := &openDialog{}
	dir := m.opts.Dir
	if dir == "" {
		dir = "."
	}
	if ents, err := os.ReadDir(dir); err == nil {
		for _, e := range ents {
			if _, ok := kif.FormatOfPath(e.Name()); ok && !e.IsDir() {
				d.entries = append(d.entries, openEntry{e.Name(), filepath.Join(dir, e.Name())})
			}
		}
	}
	if m.opts.Library != nil {
		var lib []string
		if ents, err := readDirFS(m.opts.Library); err == nil {
			lib = ents
		}
		sort.Strings(lib)
		for _, n := range lib {
			d.entries = append(d.entries, openEntry{"[sample] " + n, "lib:" + n})
		}
	}
	d.in = textinput.New()
	d.in.Prompt = "path> "
	d.in.CharLimit = 400
	return d
}

func (d *openDialog) update(msg tea.KeyMsg, m *Model) (bool, tea.Cmd) {
	if d.typing {
		switch msg.String() {
		case "esc":
			d.typing = false
			d.in.Blur()
			return false, nil
		case "enter":
			return d.open(m, strings.TrimSpace(d.in.Value()))
		}
		var cmd tea.Cmd
		d.in, cmd = d.in.Update(msg)
		return false, cmd
	}
	switch msg.String() {
	case "esc", "q":
		return true, nil
	case "up", "k":
		d.sel = max(0, d.sel-1)
	case "down", "j":
		d.sel = min(len(d.entries)-1, d.sel+1)
	case "/", ":", "tab":
		d.typing = true
		return false, d.in.Focus()
	case "enter":
		if len(d.entries) == 0 {
			d.typing = true
			return false, d.in.Focus()
		}
		return d.open(m, d.entries[d.sel].path)
	}
	return false, nil
}

func (d *openDialog) open(m *Model, path string) (bool, tea.Cmd) {
	if path == "" {
		return false, nil
	}
	rec, label, err := m.loadRecord(path)
	if err != nil {
		d.err = err.Error()
		return false, nil
	}
	m.openRecord(rec, label, recordName(path))
	return true, nil
}

func (d *openDialog) view(m *Model, room int) string {
	var sb strings.Builder
	sb.WriteString(m.theme.Title.Render("棋譜を開く (open)") + m.theme.Dim.Render("  ↑↓ choose  enter open  / type a path  esc cancel") + "\n")
	h := max(3, room-3)
	start := max(0, min(d.sel-h/2, len(d.entries)-h))
	for i := start; i < len(d.entries) && i < start+h; i++ {
		if i == d.sel && !d.typing {
			sb.WriteString("> " + m.theme.Current.Render(d.entries[i].label) + "\n")
		} else {
			sb.WriteString("  " + d.entries[i].label + "\n")
		}
	}
	if len(d.entries) == 0 {
		sb.WriteString(m.theme.Dim.Render("  (no records in this folder)") + "\n")
	}
	if d.typing {
		sb.WriteString(d.in.View() + "\n")
	}
	if d.err != "" {
		sb.WriteString(m.theme.Warn.Render(d.err) + "\n")
	}
	return strings.TrimRight(sb.String(), "\n")
}

// variationsDialog lists the alternatives to the next move.
type variationsDialog struct {
	parent *kif.Node
	sel    int
}

func (d *variationsDialog) update(msg tea.KeyMsg, m *Model) (bool, tea.Cmd) {
	switch msg.String() {
	case "esc", "q":
		return true, nil
	case "up", "k":
		d.sel = max(0, d.sel-1)
	case "down", "j":
		d.sel = min(len(d.parent.Children)-1, d.sel+1)
	case "enter":
		c := d.parent.Children[d.sel]
		m.s.goTo(d.parent)
		if !c.IsSpecial() {
			m.s.goTo(c)
		}
		return true, m.analysisFollow()
	}
	return false, nil
}

func (d *variationsDialog) view(m *Model, room int) string {
	var sb strings.Builder
	sb.WriteString(m.theme.Title.Render(fmt.Sprintf("%d手目の変化 (variations)", d.parent.Ply+1)) + m.theme.Dim.Render("  ↑↓ enter  esc") + "\n")
	for i, c := range d.parent.Children {
		label := nodeLabel(m.s.rec, c)
		if i == 0 {
			label += "  (本譜)"
		}
		if i == d.sel {
			sb.WriteString("> " + m.theme.Current.Render(label) + "\n")
		} else {
			sb.WriteString("  " + label + "\n")
		}
	}
	return strings.TrimRight(sb.String(), "\n")
}

// nodeLabel is a node as the move list writes it.
func nodeLabel(r *kif.Record, n *kif.Node) string {
	if n.IsSpecial() {
		return n.Text()
	}
	return kif.MoveLabel(n.Move, n.Parent.Move)
}
