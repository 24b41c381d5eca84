package ui

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textarea"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/mattn/go-runewidth"

	"kiki/ai"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/engines"
	"kiki/ui/match"
	"kiki/ui/store"
)

// playMoveMsg asks the root to play a legal move.
type playMoveMsg struct{ mv game.Move }

// askPromotionMsg asks the root to ask 成 or 不成 (a typed move that left
// it unsaid).
type askPromotionMsg struct{ promo, plain game.Move }

// deselectMsg puts the picked-up piece back (the promotion was cancelled).
type deselectMsg struct{}

// promoDialog asks 成 or 不成 when both are legal; 成 is the default.
type promoDialog struct {
	lang         Lang
	promo, plain game.Move
	no           bool // 不成 highlighted
}

func (d *promoDialog) update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	k := dkeys
	switch {
	case key.Matches(msg, k.Yes):
		return playMoveMsg{d.promo}, nil
	case key.Matches(msg, k.No):
		return playMoveMsg{d.plain}, nil
	case key.Matches(msg, k.Left, k.Right, k.Up, k.Down, k.Tab):
		d.no = !d.no
	case key.Matches(msg, k.Enter, k.Space):
		if d.no {
			return playMoveMsg{d.plain}, nil
		}
		return playMoveMsg{d.promo}, nil
	case key.Matches(msg, k.Esc):
		return deselectMsg{}, nil
	}
	return nil, nil
}

func (d *promoDialog) view(th *Theme, _ int) string {
	yes, no := "[成 y]", " 不成 n "
	if d.no {
		yes, no = " 成 y ", "[不成 n]"
	}
	return th.Title.Render(tr(d.lang, "promo.ask")) + yes + " " + no + th.Dim.Render(tr(d.lang, "promo.keys"))
}

// confirmDialog asks a yes/no question; yes is the answer to y.
type confirmDialog struct {
	question string
	yes      tea.Msg
}

func (d *confirmDialog) update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	switch {
	case key.Matches(msg, dkeys.Yes):
		return d.yes, nil
	case key.Matches(msg, dkeys.No, dkeys.Esc):
		return closeDialogMsg{}, nil
	}
	return nil, nil
}

func (d *confirmDialog) view(th *Theme, _ int) string { return th.Warn.Render(d.question) }

// choiceDialog asks a question with several answers, each on its own key
// (and left/right + Enter); Esc answers the last one, which is always "cancel".
type choiceDialog struct {
	question string
	choices  []choice
	sel      int
}

// choice is one answer of a choiceDialog; answer nil is "cancel".
type choice struct {
	key, label string
	answer     tea.Msg
}

func (d *choiceDialog) update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	pick := func(c choice) (tea.Msg, tea.Cmd) {
		if c.answer == nil {
			return closeDialogMsg{}, nil
		}
		return c.answer, nil
	}
	k := dkeys
	switch {
	case key.Matches(msg, k.Esc):
		return pick(d.choices[len(d.choices)-1])
	case key.Matches(msg, k.Left, k.BackTab):
		d.sel = (d.sel + len(d.choices) - 1) % len(d.choices)
	case key.Matches(msg, k.Right, k.Tab):
		d.sel = (d.sel + 1) % len(d.choices)
	case key.Matches(msg, k.Enter):
		return pick(d.choices[d.sel])
	default:
		for _, c := range d.choices {
			if key.Matches(msg, key.NewBinding(key.WithKeys(c.key))) {
				return pick(c)
			}
		}
	}
	return nil, nil
}

func (d *choiceDialog) view(th *Theme, _ int) string {
	var sb strings.Builder
	sb.WriteString(th.Warn.Render(d.question) + "\n")
	for i, c := range d.choices {
		label := c.key + " " + c.label
		if i == d.sel {
			sb.WriteString("[" + th.Current.Render(label) + "] ")
		} else {
			sb.WriteString(" " + label + "  ")
		}
	}
	return strings.TrimRight(sb.String(), " ")
}

// textDialog shows a text (help, a copied SFEN or record) until Esc.
type textDialog struct {
	lang        Lang
	title, text string
	offset      int
}

func (d *textDialog) update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	switch {
	case key.Matches(msg, dkeys.Close, dkeys.Enter):
		return closeDialogMsg{}, nil
	case key.Matches(msg, dkeys.Down):
		d.offset = min(d.offset+1, len(d.lines())-1)
	case key.Matches(msg, dkeys.Up):
		d.offset = max(0, d.offset-1)
	}
	return nil, nil
}

func (d *textDialog) lines() []string { return strings.Split(strings.TrimRight(d.text, "\n"), "\n") }

func (d *textDialog) view(th *Theme, room int) string {
	lines := d.lines()
	h := max(3, room-1)
	off := min(d.offset, len(lines)-1)
	lines = lines[off:min(len(lines), off+h)]
	return th.Title.Render(d.title) + th.Dim.Render(tr(d.lang, "text.keys")) + "\n" + strings.Join(lines, "\n")
}

// moveLine is the typed-move prompt opened with ':' — USI (7g7f, P*5e) or
// Japanese (76歩, 同歩, 55角打, 24歩成, 58金右). The root keeps pos and
// canMove up to date (the AI may move while the prompt is open).
type moveLine struct {
	lang    Lang
	in      textinput.Model
	err     string
	pos     *game.Position
	canMove bool
}

func newMoveLine(l Lang) *moveLine {
	in := textinput.New()
	in.Prompt = ": "
	in.Placeholder = "7g7f, P*5e, 76歩, 同歩, 55角打, 58金右"
	in.CharLimit = 40
	in.Focus()
	return &moveLine{in: in, lang: l}
}

func (d *moveLine) update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	switch {
	case key.Matches(msg, dkeys.Esc):
		return closeDialogMsg{}, nil
	case key.Matches(msg, dkeys.Enter):
		text := strings.TrimSpace(d.in.Value())
		if text == "" {
			return closeDialogMsg{}, nil
		}
		if !d.canMove || d.pos == nil {
			d.err = tr(d.lang, "move.aiTurn")
			return nil, nil
		}
		mv, err := parseTypedMove(d.pos, text)
		if err != nil {
			// Keep the prompt open with the error, ready for a new move.
			d.err = typedMoveWords(d.lang, d.pos, text, err)
			d.in.SetValue("")
			return nil, nil
		}
		if promo, ask := promotionUnsaid(d.pos, text, mv); ask {
			return askPromotionMsg{promo: promo, plain: mv}, nil
		}
		return playMoveMsg{mv}, nil
	}
	var cmd tea.Cmd
	d.in, cmd = d.in.Update(msg)
	d.err = ""
	return nil, cmd
}

func (d *moveLine) view(th *Theme, _ int) string {
	s := d.in.View()
	if d.err != "" {
		s += "\n" + th.Warn.Render(d.err)
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

// gameDialog sets up a new game: handicap, who plays each side (a
// person, the built-in AI, a registered engine or the engine of the typed
// path), AI level, time control, the typed engine's path and options, and
// which engine analyses. It also serves "play from here" (no handicap
// choice).
type gameDialog struct {
	lang     Lang
	fromHere bool
	names    [2]string // the sides' names in the game on screen
	field    int
	handicap int
	players  [2]bool // the AI (built-in or external) plays the side
	external [2]bool // an external engine plays the side
	// entry is the registered engine playing a side (an index in
	// engines); -1 is the engine of the typed path.
	entry    [2]int
	engines  []EngineEntry // the registry, in its order
	was      [2]player     // the players of the game on screen
	level    int
	tcKind   int // index into match.ClockKinds
	mainMin  int
	second   int    // byoyomi or increment seconds
	path     string // the external engine
	options  string // its options, NAME=VALUE; NAME=VALUE
	analyse  bool   // an external engine analyses
	anaEntry int    // which: a registered engine (index in engines), -1 the typed path
	// last is the engine config.json remembers: shown beside an empty
	// path, taken only when the user edits that field.
	last EngineConfig
	// inUse is the engine in use when the dialog opened (the analyser's).
	inUse   EngineConfig
	editing bool // typing into the path or options field
	err     string
}

// The new-game dialog's fields, in order.
const (
	fieldHandicap = iota
	fieldSente
	fieldGote
	fieldLevel
	fieldClock
	fieldMain
	fieldSeconds
	fieldEnginePath
	fieldOptions
	fieldAnalyser
	gameFields
)

// startGameMsg asks the root to start a game: from start, or, when start
// is nil, from the position on screen keeping the record (play from here).
// engine is the typed engine's settings, to remember; analyser, the
// engine that analyses when analyse is set.
type startGameMsg struct {
	start    *game.Position
	players  [2]player
	tc       timeControl
	engine   EngineConfig
	analyse  bool
	analyser EngineConfig
}

// newGameDialog opens on the players and level of the game on screen
// (a person against the AI when both were people) and the external
// engine last used.
func newGameDialog(level int, players [2]player, names [2]string, fromHere bool) *gameDialog {
	d := &gameDialog{level: level, mainMin: 10, second: 30, names: names, fromHere: fromHere, was: players,
		entry: [2]int{-1, -1}, anaEntry: -1}
	d.players = [2]bool{players[0].AI, players[1].AI}
	d.external = [2]bool{players[0].Engine != "", players[1].Engine != ""}
	if !d.players[0] && !d.players[1] {
		d.players[1] = true
	}
	for _, p := range players {
		if p.AI && p.Engine == "" {
			d.level = p.Level
			break
		}
	}
	if fromHere {
		d.field = fieldSente
	}
	return d
}

// withClock starts the clock fields from tc (the game on screen's), when
// it has a clock.
func (d *gameDialog) withClock(tc timeControl) {
	i := slices.Index(match.ClockKinds, tc.Kind)
	if tc.Kind == match.NoClock || i < 0 {
		return
	}
	d.tcKind, d.mainMin = i, min(180, int(tc.Main/time.Minute))
	switch tc.Kind {
	case match.Byoyomi:
		d.second = min(120, int(tc.Byoyomi/time.Second))
	case match.Fischer:
		d.second = min(120, int(tc.Inc/time.Second))
	}
}

// withEngine fills the engine fields from the engine in use.
func (d *gameDialog) withEngine(cfg EngineConfig, analyse bool, lang Lang) *gameDialog {
	d.path, d.options, d.analyse, d.lang, d.inUse = cfg.Path, engines.OptionsText(cfg.Options), analyse, lang, cfg
	return d
}

// suggesting offers the remembered engine beside an empty path.
func (d *gameDialog) suggesting(last EngineConfig) *gameDialog {
	d.last = last
	return d
}

func (d *gameDialog) update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	k := dkeys
	if d.editing {
		d.edit(msg)
		return nil, nil
	}
	textField := d.field == fieldEnginePath || d.field == fieldOptions
	if textField && key.Matches(msg, k.Enter, k.Right, k.Space) {
		// The text fields are typed into after Enter, so that j and k
		// still move between fields. An empty path starts from the
		// remembered engine (ctrl+u clears it).
		d.editing = true
		if d.field == fieldEnginePath && d.path == "" && d.last.Path != "" {
			d.path = d.last.Path
			if d.options == "" {
				d.options = engines.OptionsText(d.last.Options)
			}
		}
		return nil, nil
	}
	step := 0
	switch {
	case key.Matches(msg, k.Esc):
		return closeDialogMsg{}, nil
	case key.Matches(msg, k.Up, k.BackTab):
		d.field = (d.field + gameFields - 1) % gameFields
		if d.fromHere && d.field == fieldHandicap {
			d.field = gameFields - 1
		}
	case key.Matches(msg, k.Down, k.Tab):
		d.field = (d.field + 1) % gameFields
		if d.fromHere && d.field == fieldHandicap {
			d.field = fieldSente
		}
	case key.Matches(msg, k.Left):
		step = -1
	case key.Matches(msg, k.Right, k.Space):
		step = 1
	case key.Matches(msg, k.Enter):
		msg, err := d.start()
		if err != "" {
			d.err = err
			return nil, nil
		}
		return msg, nil
	}
	if step != 0 {
		d.change(step)
	}
	return nil, nil
}

// edit types into the text field under the cursor; Enter, Esc, Tab and
// the arrows end the typing.
func (d *gameDialog) edit(msg tea.KeyMsg) {
	text := &d.path
	if d.field == fieldOptions {
		text = &d.options
	}
	switch msg.Type {
	case tea.KeyRunes:
		*text += string(msg.Runes)
	case tea.KeySpace:
		*text += " "
	case tea.KeyBackspace:
		if r := []rune(*text); len(r) > 0 {
			*text = string(r[:len(r)-1])
		}
	case tea.KeyCtrlU:
		*text = ""
	case tea.KeyEnter, tea.KeyEsc, tea.KeyTab, tea.KeyShiftTab, tea.KeyUp, tea.KeyDown:
		d.editing = false
	}
}

// change steps the value of the field under the cursor.
func (d *gameDialog) change(step int) {
	switch d.field {
	case fieldHandicap:
		d.handicap = (d.handicap + len(game.Handicaps) + step) % len(game.Handicaps)
	case fieldSente, fieldGote:
		// person → AI (kiki) → each registered engine → the typed
		// path's engine → person, or back
		d.stepSide(d.field-fieldSente, step)
	case fieldLevel:
		d.level = min(10, max(1, d.level+step))
	case fieldClock:
		d.tcKind = (d.tcKind + len(match.ClockKinds) + step) % len(match.ClockKinds)
	case fieldMain:
		d.mainMin = min(180, max(0, d.mainMin+step))
	case fieldSeconds:
		// By the second below 10 s (engines play at 1 s a move), by
		// five above.
		if step > 0 && d.second >= 10 || step < 0 && d.second > 10 {
			step *= 5
		}
		d.second = min(120, max(0, d.second+step))
	case fieldAnalyser:
		d.stepAnalyser(step)
	}
}

// secondsLabel names the clock's seconds after its kind, so the row needs
// no explanation that would wrap in a narrow side panel.
var secondsLabel = map[match.ClockKind]string{match.NoClock: "game.seconds", match.Byoyomi: "game.byoyomi",
	match.Fischer: "game.increment", match.Sudden: "game.seconds"}

// pathShown is the most columns of an engine's path the dialog shows: with
// its label it fits the narrowest side panel (80 columns).
const pathShown = 24

// start is the dialog's answer, or why it cannot start.
func (d *gameDialog) start() (startGameMsg, string) {
	tc := timeControl{Kind: match.ClockKinds[d.tcKind], Main: time.Duration(d.mainMin) * time.Minute}
	switch tc.Kind {
	case match.Byoyomi:
		tc.Byoyomi = time.Duration(d.second) * time.Second
	case match.Fischer:
		tc.Inc = time.Duration(d.second) * time.Second
	}
	// A clock with no time at all loses on the first move: refused, not
	// quietly given a minute.
	if tc.Kind != match.NoClock && tc.Main == 0 && (tc.Kind != match.Byoyomi || tc.Byoyomi == 0) {
		return startGameMsg{}, tr(d.lang, "game.noTime")
	}
	path := store.ExpandHome(strings.TrimSpace(d.path))
	opts, err := engines.ParseOptionsText(d.options)
	if err != nil {
		// The setting as typed, in the screen's words (the parser's error
		// is for the command line).
		return startGameMsg{}, fmt.Sprintf(tr(d.lang, "game.badOption"), d.options)
	}
	typed := EngineConfig{Path: path, Options: opts}
	msg := startGameMsg{tc: tc, engine: typed}
	msg.analyser, msg.analyse = d.analyserConfig(typed)
	for i := range msg.players {
		msg.players[i] = player{AI: d.players[i], Level: d.level}
		if d.external[i] {
			cfg := d.sideConfig(i, typed)
			if cfg.Path == "" {
				return startGameMsg{}, tr(d.lang, "game.needPath")
			}
			msg.players[i] = enginePlayer(cfg, d.level)
		}
	}
	if !d.fromHere {
		msg.start = game.Handicaps[d.handicap].Position()
	}
	return msg, ""
}

func (d *gameDialog) view(th *Theme, _ int) string {
	t := func(key string) string { return tr(d.lang, key) }
	names := d.names
	if !d.fromHere && game.Handicaps[d.handicap] != game.Even {
		names = handicapNames
	}
	who := func(i int) string { return d.sideText(i) }
	path, options := d.path, d.options
	if d.editing && d.field == fieldEnginePath {
		path += "_"
	} else if d.editing {
		options += "_"
	}
	if path == "" && d.last.Path != "" {
		// The program's name, short enough for the row to stay one line
		// in the narrowest side panel; Enter fills in the whole path.
		path = th.Dim.Render(fmt.Sprintf(t("game.lastUsed"), ellipsis(filepath.Base(d.last.Path), pathShown-14)))
	} else if path == "" {
		path = th.Dim.Render(t("game.noPath"))
	} else if runewidth.StringWidth(path) > pathShown {
		// The end of a long path names the engine: keep it, on one line.
		rs := []rune(path)
		for runewidth.StringWidth(string(rs)) > pathShown-3 {
			rs = rs[1:]
		}
		path = "..." + string(rs)
	}
	analyser := d.analyserText()
	handicap := game.Handicaps[d.handicap].Name()
	if d.fromHere {
		handicap = t("game.fromHere")
	}
	labelled := [][2]string{
		{t("game.handicap"), handicap},
		{names[0], who(0)},
		{names[1], who(1)},
		{t("game.level"), fmt.Sprintf(t("game.levelValue"), d.level, ai.LevelRating(d.level))},
		{t("game.clock"), t(fmt.Sprintf("clock.%d", match.ClockKinds[d.tcKind]))},
		{"  " + t("game.main"), fmt.Sprintf(t("game.minutes"), d.mainMin)},
		{"  " + t(secondsLabel[match.ClockKinds[d.tcKind]]), fmt.Sprintf(t("game.secondsValue"), d.second)},
		{t("game.enginePath"), path},
		{t("game.options"), options},
		{t("game.analyser"), analyser},
	}
	// The values line up after the widest label, in either language.
	width := 0
	for _, r := range labelled {
		width = max(width, runewidth.StringWidth(r[0]))
	}
	rows := make([]string, len(labelled))
	for i, r := range labelled {
		rows[i] = r[0] + strings.Repeat(" ", width+1-runewidth.StringWidth(r[0])) + r[1]
	}
	title := t("game.title")
	if d.fromHere {
		title = t("game.titleHere")
	}
	var sb strings.Builder
	sb.WriteString(th.Title.Render(title) + th.Dim.Render(t("game.keys")) + "\n")
	fields := picker{items: rows, sel: d.field}
	sb.WriteString(fields.view(th, len(rows), true))
	if d.err != "" {
		sb.WriteString(th.Warn.Render(d.err) + "\n")
	}
	return strings.TrimRight(sb.String(), "\n")
}

// commentDialog edits the comment of the current move.
type commentDialog struct {
	lang Lang
	ta   textarea.Model
	node *kif.Node
}

// commentMsg asks the root to set the comment lines of a node.
type commentMsg struct {
	node  *kif.Node
	lines []string
}

func newCommentDialog(n *kif.Node, l Lang) *commentDialog {
	ta := textarea.New()
	ta.SetValue(strings.Join(n.Comments, "\n"))
	ta.SetWidth(60)
	ta.SetHeight(4)
	ta.ShowLineNumbers = false
	ta.Prompt = "| " // the default "┃" is ambiguous-width
	ta.Focus()
	return &commentDialog{ta: ta, node: n, lang: l}
}

func (d *commentDialog) update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	switch {
	case key.Matches(msg, dkeys.Esc):
		return closeDialogMsg{}, nil
	case key.Matches(msg, dkeys.Save):
		text := strings.TrimRight(d.ta.Value(), "\n")
		var lines []string
		if text != "" {
			lines = strings.Split(text, "\n")
		}
		if strings.Join(lines, "\n") == strings.Join(d.node.Comments, "\n") {
			return closeDialogMsg{}, nil
		}
		return commentMsg{d.node, lines}, nil
	}
	var cmd tea.Cmd
	d.ta, cmd = d.ta.Update(msg)
	return nil, cmd
}

func (d *commentDialog) view(th *Theme, _ int) string {
	return th.Title.Render(tr(d.lang, "comment.title")) + th.Dim.Render(tr(d.lang, "comment.keys")) + "\n" + d.ta.View()
}

// pathDialog asks for a file name (save as).
type pathDialog struct {
	lang  Lang
	in    textinput.Model
	title string
	err   string
	// check refuses a path (the error is shown and the dialog stays);
	// answer is the answer for a path it takes.
	check  func(path string) error
	answer func(path string) tea.Msg
}

func newPathDialog(l Lang, title, value string, check func(string) error, answer func(string) tea.Msg) *pathDialog {
	in := textinput.New()
	in.Prompt = "> "
	in.SetValue(value)
	in.CharLimit = 400
	in.Focus()
	return &pathDialog{lang: l, in: in, title: title, check: check, answer: answer}
}

func (d *pathDialog) update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	switch {
	case key.Matches(msg, dkeys.Esc):
		return closeDialogMsg{}, nil
	case key.Matches(msg, dkeys.Enter):
		path := strings.TrimSpace(d.in.Value())
		if err := d.check(path); err != nil {
			d.err = err.Error()
			return nil, nil
		}
		return d.answer(path), nil
	}
	var cmd tea.Cmd
	d.in, cmd = d.in.Update(msg)
	d.err = ""
	return nil, cmd
}

func (d *pathDialog) view(th *Theme, _ int) string {
	s := th.Title.Render(d.title) + th.Dim.Render(tr(d.lang, "path.keys")) + "\n" + d.in.View()
	if d.err != "" {
		s += "\n" + th.Warn.Render(d.err)
	}
	return s
}

// openDialog lists what can be opened: at the folder it opens in, the
// recent files; then the folder as a game library, its parent, its
// subfolders and its records (Enter on a folder goes into it); and the
// sample games. A path may be typed too, Tab completing it.
type openDialog struct {
	lang    Lang
	list    picker
	entries []openEntry
	// dir is the folder listed ("" when the dialog does not browse:
	// lister is nil); a typed relative path is taken from it.
	dir    string
	lister func(dir string) []openEntry
	in     textinput.Model
	typing bool
	// lastTab is the typed text the last Tab left; a second Tab on it
	// lists the candidates, cands.
	lastTab string
	cands   []string
	err     string
	// load reads a record; an error is shown and the dialog stays.
	load func(path string) (tea.Msg, error)
}

// openKind is what an entry of the open dialog opens.
type openKind int

const (
	openRecordFile openKind = iota // a record (a file, or "lib:NAME")
	openFolder                     // a folder to list
	openLibrary                    // a folder's game library
)

// openEntry is one line of the open dialog.
type openEntry struct {
	label string
	path  string // a file, a folder, or "lib:NAME" for the embedded library
	kind  openKind
}

// recordEntries lists what the open dialog offers in dir: at home (the
// folder it opened in) the recent files first and the samples last; the
// folder as a library, its parent, its subfolders (not the hidden ones)
// and its record files.
func recordEntries(l Lang, dir string, home bool, lib fs.FS, recent []string) []openEntry {
	var out []openEntry
	if dir == "" {
		dir = "."
	}
	if home {
		for _, p := range recent {
			out = append(out, openEntry{label: tr(l, "open.recent") + filepath.Base(p) + "  (" + filepath.Dir(p) + ")", path: p})
		}
	}
	out = append(out, openEntry{label: tr(l, "open.library"), path: dir, kind: openLibrary})
	if parent := filepath.Dir(dir); parent != dir {
		out = append(out, openEntry{label: ".." + string(filepath.Separator), path: parent, kind: openFolder})
	}
	var files []openEntry
	if ents, err := os.ReadDir(dir); err == nil {
		for _, e := range ents {
			name := e.Name()
			switch {
			case strings.HasPrefix(name, "."):
			case isDirEntry(dir, e):
				out = append(out, openEntry{label: name + string(filepath.Separator), path: filepath.Join(dir, name), kind: openFolder})
			default:
				if _, ok := kif.FormatOfPath(name); ok {
					files = append(files, openEntry{label: name, path: filepath.Join(dir, name)})
				}
			}
		}
	}
	out = append(out, files...)
	if lib != nil && home {
		names, _ := readDirFS(lib)
		sort.Strings(names)
		for _, n := range names {
			out = append(out, openEntry{label: tr(l, "open.sample") + n, path: "lib:" + n})
		}
	}
	return out
}

// isDirEntry reports whether e, in dir, is a folder or a link to one.
func isDirEntry(dir string, e fs.DirEntry) bool {
	if e.IsDir() {
		return true
	}
	if e.Type()&fs.ModeSymlink == 0 {
		return false
	}
	st, err := os.Stat(filepath.Join(dir, e.Name()))
	return err == nil && st.IsDir()
}

func newOpenDialog(l Lang, entries []openEntry, load func(string) (tea.Msg, error)) *openDialog {
	d := &openDialog{lang: l, load: load}
	d.setEntries(entries)
	d.in = textinput.New()
	d.in.Prompt = tr(l, "open.prompt")
	d.in.CharLimit = 400
	return d
}

// browsing makes the dialog list dir and the folders chosen from it.
func (d *openDialog) browsing(dir string, lister func(string) []openEntry) *openDialog {
	d.dir, d.lister = dir, lister
	return d
}

func (d *openDialog) setEntries(entries []openEntry) {
	d.entries = entries
	d.list = picker{}
	for _, e := range entries {
		d.list.items = append(d.list.items, e.label)
	}
}

// chdir lists folder dir, the cursor on the folder it came from, if any.
func (d *openDialog) chdir(dir string) {
	from := d.dir
	d.dir = dir
	d.setEntries(d.lister(dir))
	for i, e := range d.entries {
		if e.kind == openFolder && e.path == from && filepath.Dir(e.path) == dir {
			d.list.sel = i // back up: on the folder just left (not on its ..)
		}
	}
	d.err = ""
}

func (d *openDialog) update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	k := dkeys
	if d.typing {
		return d.typingKey(msg)
	}
	switch {
	case key.Matches(msg, k.Close):
		return closeDialogMsg{}, nil
	case d.list.update(msg):
	case key.Matches(msg, k.TypePath):
		d.typing = true
		return nil, d.in.Focus()
	case msg.Type == tea.KeyBackspace && d.lister != nil:
		d.chdir(filepath.Dir(d.dir))
	case key.Matches(msg, k.Enter):
		if len(d.entries) == 0 {
			d.typing = true
			return nil, d.in.Focus()
		}
		e := d.entries[d.list.sel]
		switch e.kind {
		case openFolder:
			d.chdir(e.path)
			return nil, nil
		case openLibrary:
			return openLibraryMsg{e.path}, nil
		}
		return d.open(e.path)
	}
	return nil, nil
}

// typingKey handles a key while a path is typed: Enter opens it (or
// lists it, a folder), Tab completes it, Esc goes back to the list.
func (d *openDialog) typingKey(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	switch {
	case key.Matches(msg, dkeys.Esc):
		d.typing, d.cands = false, nil
		d.in.Blur()
		return nil, nil
	case key.Matches(msg, dkeys.Enter):
		path := d.resolve(strings.TrimSpace(d.in.Value()))
		if st, err := os.Stat(path); err == nil && st.IsDir() && d.lister != nil {
			d.typing, d.cands = false, nil
			d.in.Blur()
			d.in.SetValue("")
			d.chdir(path)
			return nil, nil
		}
		return d.open(path)
	case key.Matches(msg, dkeys.Tab):
		d.complete()
		return nil, nil
	}
	var cmd tea.Cmd
	d.in, cmd = d.in.Update(msg)
	d.cands, d.err = nil, ""
	return nil, cmd
}

// resolve reads a typed path: ~ is the home folder, and a relative path
// is taken from the folder listed.
func (d *openDialog) resolve(path string) string {
	if path == "" || path == "-" || strings.HasPrefix(path, "lib:") {
		return path
	}
	path = store.ExpandHome(path)
	if !filepath.IsAbs(path) && d.dir != "" {
		path = filepath.Join(d.dir, path)
	}
	return path
}

// complete is Tab: the typed path grows to what every file and folder
// beginning so shares; a second Tab with nothing to add lists them.
func (d *openDialog) complete() {
	v := d.in.Value()
	done, cands := completePath(d.dir, v)
	d.err = ""
	switch {
	case len(cands) == 0:
		d.err, d.cands = tr(d.lang, "open.noMatch"), nil
	case done != v:
		d.in.SetValue(done)
		d.in.CursorEnd()
		d.lastTab, d.cands = done, nil
	case len(cands) > 1 && d.lastTab == v:
		d.cands = cands
	default:
		d.lastTab = v
	}
}

// completePath completes typed, a path in folder dir (or absolute, or
// from ~): the names in its folder that begin with its last part (record
// files, and folders with a separator after them; hidden ones only when
// the part begins with a dot), and typed grown to what they all share.
func completePath(dir, typed string) (string, []string) {
	sep := strings.LastIndex(typed, string(filepath.Separator))
	head, prefix := typed[:sep+1], typed[sep+1:]
	look := store.ExpandHome(head)
	if look == "" {
		look = "."
	}
	if !filepath.IsAbs(look) && dir != "" {
		look = filepath.Join(dir, look)
	}
	ents, err := os.ReadDir(look)
	if err != nil {
		return typed, nil
	}
	var cands []string
	for _, e := range ents {
		name := e.Name()
		if !strings.HasPrefix(name, prefix) || strings.HasPrefix(name, ".") && !strings.HasPrefix(prefix, ".") {
			continue
		}
		if isDirEntry(look, e) {
			cands = append(cands, name+string(filepath.Separator))
		} else if _, ok := kif.FormatOfPath(name); ok {
			cands = append(cands, name)
		}
	}
	if len(cands) == 0 {
		return typed, nil
	}
	common := cands[0]
	for _, c := range cands[1:] {
		for !strings.HasPrefix(c, common) {
			_, size := utf8.DecodeLastRuneInString(common)
			common = common[:len(common)-size]
		}
	}
	return head + common, cands
}

func (d *openDialog) open(path string) (tea.Msg, tea.Cmd) {
	if path == "" {
		return nil, nil
	}
	answer, err := d.load(path)
	if err != nil {
		d.err = fileErrWords(d.lang, err)
		return nil, nil
	}
	return answer, nil
}

func (d *openDialog) view(th *Theme, room int) string {
	var sb strings.Builder
	keys := "open.keys"
	if d.typing {
		keys = "open.keys2"
	}
	sb.WriteString(th.Title.Render(tr(d.lang, "open.title")) + th.Dim.Render(tr(d.lang, keys)) + "\n")
	if d.dir != "" {
		sb.WriteString(th.Dim.Render(tr(d.lang, "open.folder")+d.dir) + "\n")
		room--
	}
	if !d.typing || len(d.cands) == 0 {
		sb.WriteString(d.list.view(th, max(3, room-3), !d.typing))
	}
	if len(d.entries) == 0 {
		sb.WriteString(th.Dim.Render(tr(d.lang, "open.none")) + "\n")
	}
	if d.typing {
		sb.WriteString(d.in.View() + "\n")
		d.viewCands(&sb, max(2, room-3))
	}
	if d.err != "" {
		sb.WriteString(th.Warn.Render(d.err) + "\n")
	}
	return strings.TrimRight(sb.String(), "\n")
}

// viewCands lists Tab's candidates in at most h lines.
func (d *openDialog) viewCands(sb *strings.Builder, h int) {
	for i, c := range d.cands {
		if i == h-1 && len(d.cands) > h {
			fmt.Fprintf(sb, tr(d.lang, "open.more")+"\n", len(d.cands)-i)
			break
		}
		sb.WriteString("  " + c + "\n")
	}
}

// variationsDialog lists the alternatives to the next move.
type variationsDialog struct {
	lang   Lang
	parent *kif.Node
	list   picker
}

// gotoVariationMsg asks the root to show a variation: child of parent
// (parent itself when child is an ending).
type gotoVariationMsg struct{ parent, child *kif.Node }

// newVariationsDialog lists parent's children with cur chosen.
func newVariationsDialog(parent, cur *kif.Node, l Lang) *variationsDialog {
	d := &variationsDialog{parent: parent, lang: l}
	for i, c := range parent.Children {
		label := nodeLabel(c)
		if i == 0 {
			label += tr(l, "var.main")
		}
		d.list.items = append(d.list.items, label)
		if c == cur {
			d.list.sel = i
		}
	}
	return d
}

func (d *variationsDialog) update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	switch {
	case key.Matches(msg, dkeys.Close):
		return closeDialogMsg{}, nil
	case d.list.update(msg):
	case key.Matches(msg, dkeys.Enter):
		return gotoVariationMsg{d.parent, d.parent.Children[d.list.sel]}, nil
	}
	return nil, nil
}

func (d *variationsDialog) view(th *Theme, room int) string {
	head := th.Title.Render(fmt.Sprintf(tr(d.lang, "var.title"), d.parent.Ply+1)) + th.Dim.Render(tr(d.lang, "var.keys")) + "\n"
	return strings.TrimRight(head+d.list.view(th, max(len(d.list.items), room-1), true), "\n")
}

// nodeLabel is a node as the move list writes it.
func nodeLabel(n *kif.Node) string {
	if n.IsSpecial() {
		return n.Text()
	}
	return kif.MoveLabel(n.Move, n.Parent.Move)
}
