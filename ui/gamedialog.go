package ui

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/mattn/go-runewidth"

	"kiki/ai"
	"kiki/game"
	"kiki/ui/engines"
	"kiki/ui/match"
	"kiki/ui/store"
	"kiki/ui/textfit"
	"kiki/ui/widget"
)

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

func (d *gameDialog) Update(msg tea.KeyMsg) (tea.Msg, tea.Cmd) {
	k := widget.KeyMap()
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
		return widget.CloseMsg{}, nil
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

func (d *gameDialog) View(th *Theme, _ int) string {
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
		path = th.Dim.Render(fmt.Sprintf(t("game.lastUsed"), textfit.Ellipsis(filepath.Base(d.last.Path), pathShown-14)))
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
	fields := widget.Picker{Items: rows, Sel: d.field}
	sb.WriteString(fields.View(th, len(rows), true))
	if d.err != "" {
		sb.WriteString(th.Warn.Render(d.err) + "\n")
	}
	return strings.TrimRight(sb.String(), "\n")
}
