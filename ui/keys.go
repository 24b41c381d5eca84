package ui

import "github.com/charmbracelet/bubbles/key"

// keyMap is the board screen's key bindings, in one place: the root and
// the board component (boardKeys) match keys against it, the dialogs
// against dkeys (dialog.go); the position editor has its own keys
// (editHelp). The help bar shows the ones that matter in the current mode. Some keys are fixed by design and keep
// their meaning everywhere: ':' typed move, 'e' effect map, 'c' check
// study, Esc close, 'u' undo, 'f' flip, '?' help, 'q' quit.
type keyMap struct {
	Up, Down, Left, Right key.Binding
	Select, Cancel        key.Binding
	HandNext, HandPrev    key.Binding
	MoveLine              key.Binding
	EffectMap, CheckStudy key.Binding
	KindNext, KindPrev    key.Binding
	Attacker              key.Binding
	Undo, Redo            key.Binding
	Flip, NewGame, Resign key.Binding
	Declare               key.Binding
	MoveNow, Hint         key.Binding
	HideEval              key.Binding
	Edit                  key.Binding
	Help, Quit            key.Binding
	// Replaying records.
	StepBack, StepFwd      key.Binding
	PageBack, PageFwd      key.Binding
	First, Last            key.Binding
	Jump                   key.Binding
	PrevBranch, NextBranch key.Binding
	Variations             key.Binding
	Open, Save, SaveAs     key.Binding
	Comment                key.Binding
	Promote, Delete        key.Binding
	CopySFEN, CopyKIF      key.Binding
	Analysis, AnalyzeAll   key.Binding
	MateSearch             key.Binding
	PlayFromHere           key.Binding
	WriteAnalysis          key.Binding
}

func newKeyMap() keyMap {
	b := func(keys []string, help, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return keyMap{
		Up:           b([]string{"up", "k"}, "hjkl", "cursor"),
		Down:         b([]string{"down", "j"}, "j", "down"),
		Left:         b([]string{"h"}, "h", "left"),
		Right:        b([]string{"l"}, "l", "right"),
		Select:       b([]string{"enter", " "}, "enter", "pick/put"),
		Cancel:       b([]string{"esc"}, "esc", "cancel"),
		HandNext:     b([]string{"tab"}, "tab", "hand piece"),
		HandPrev:     b([]string{"shift+tab"}, "S-tab", "hand back"),
		MoveLine:     b([]string{":"}, ":", "type move"),
		EffectMap:    b([]string{"e"}, "e", "effect map"),
		CheckStudy:   b([]string{"c"}, "c", "check study"),
		KindNext:     b([]string{"."}, ". ,", "piece kind"),
		KindPrev:     b([]string{","}, ",", "kind back"),
		Attacker:     b([]string{"v"}, "v", "attacker"),
		Undo:         b([]string{"u"}, "u", "undo"),
		Redo:         b([]string{"r"}, "r", "redo"),
		Flip:         b([]string{"f"}, "f", "flip"),
		NewGame:      b([]string{"n"}, "n", "new game"),
		Resign:       b([]string{"x"}, "x", "resign"),
		Declare:      b([]string{"d"}, "d", "declare"),
		MoveNow:      b([]string{"m"}, "m", "move now"),
		Hint:         b([]string{"i"}, "i", "hint"),
		HideEval:     b([]string{"E"}, "E", "hide/show AI eval"),
		Edit:         b([]string{"b"}, "b", "edit board"),
		Help:         b([]string{"?"}, "?", "help"),
		Quit:         b([]string{"q", "ctrl+c"}, "q", "quit"),
		StepBack:     b([]string{"left"}, "←→", "step"),
		StepFwd:      b([]string{"right"}, "→", "forward"),
		PageBack:     b([]string{"pgup"}, "PgUp/Dn", "10 moves"),
		PageFwd:      b([]string{"pgdown"}, "PgDn", "10 forward"),
		First:        b([]string{"home"}, "Home/End", "ends"),
		Last:         b([]string{"end"}, "End", "last"),
		Jump:         b([]string{"g"}, "g", "go to move"),
		PrevBranch:   b([]string{"["}, "[ ]", "branch"),
		NextBranch:   b([]string{"]"}, "]", "next branch"),
		Variations:   b([]string{"V"}, "V", "variations"),
		Open:         b([]string{"o"}, "o", "open"),
		Save:         b([]string{"s"}, "s", "save"),
		SaveAs:       b([]string{"S"}, "S", "save as"),
		Comment:      b([]string{"C"}, "C", "comment"),
		Promote:      b([]string{"P"}, "P", "promote var."),
		Delete:       b([]string{"X"}, "X", "delete var."),
		CopySFEN:     b([]string{"y"}, "y", "copy SFEN"),
		CopyKIF:      b([]string{"Y"}, "Y", "copy KIF"),
		Analysis:     b([]string{"a"}, "a", "analysis"),
		AnalyzeAll:   b([]string{"A"}, "A", "analyse game"),
		MateSearch:   b([]string{"M"}, "M", "mate search"),
		PlayFromHere: b([]string{"p"}, "p", "play from here"),
		// W writes the whole-game analysis into the comments.
		WriteAnalysis: b([]string{"W"}, "W", "write analysis"),
	}
}

// helpKeys implements bubbles' help.KeyMap for the current mode.
type helpKeys struct {
	short []key.Binding
	full  [][]key.Binding
}

func (h helpKeys) ShortHelp() []key.Binding  { return h.short }
func (h helpKeys) FullHelp() [][]key.Binding { return h.full }

func (k keyMap) help(replay, study bool) helpKeys {
	short := []key.Binding{k.Up, k.Select, k.HandNext, k.MoveLine, k.Undo}
	if replay {
		short = []key.Binding{k.StepBack, k.Up, k.Select, k.Variations, k.Comment, k.Save}
	}
	if study {
		short = append(short, k.KindNext, k.Attacker)
	}
	short = append(short, k.EffectMap, k.CheckStudy, k.Help, k.Quit)
	return helpKeys{
		short: short,
		full: [][]key.Binding{
			{k.Up, k.Select, k.Cancel, k.HandNext, k.MoveLine, k.Undo, k.Redo, k.Flip},
			{k.NewGame, k.Resign, k.Declare, k.MoveNow, k.Hint, k.Edit, k.EffectMap, k.CheckStudy, k.KindNext, k.Attacker},
			{k.StepBack, k.PageBack, k.First, k.Jump, k.PrevBranch, k.Variations, k.PlayFromHere},
			{k.Open, k.Save, k.SaveAs, k.Comment, k.Promote, k.Delete, k.CopySFEN, k.CopyKIF},
			{k.Analysis, k.AnalyzeAll, k.WriteAnalysis, k.MateSearch, k.HideEval, k.Help, k.Quit},
		},
	}
}
