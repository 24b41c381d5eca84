package ui

import "github.com/charmbracelet/bubbles/key"

// keyMap is the board screen's key bindings, in one place: the root and
// the board component (boardKeys) match keys against it, the dialogs
// against widget.KeyMap() (ui/widget); the position editor has its own keys
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
	AllOrigins            key.Binding // the check study's every origin, or only O
	Undo, Redo            key.Binding
	Flip, NewGame, Resign key.Binding
	Declare               key.Binding
	MoveNow, Hint         key.Binding
	HideEval              key.Binding
	Edit                  key.Binding
	Practice              key.Binding
	Lesson                key.Binding // the check lesson
	Mistakes              key.Binding // problems from the player's own games
	Help, Quit            key.Binding
	// A game no person plays: pause or resume it, stop it (中断).
	Pause, Stop key.Binding
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
	Engines                key.Binding // the registry of engines
	PlayFromHere           key.Binding
	WriteAnalysis          key.Binding
	// The analysis's candidates (MultiPV): one more, one fewer, draw one.
	MoreCands, FewerCands, PickCand key.Binding
	// The game library's list (kiki DIR).
	LibUp, LibDown, LibPageUp, LibPageDown key.Binding
	LibTop, LibBottom, LibOpen, LibBack    key.Binding
	LibSort, LibReverse, LibSearch         key.Binding
	LibPlayer                              key.Binding
	// The library's review of the games listed, and problems from them.
	LibReview, LibProblems key.Binding
	// Lang is the language of the help.
	Lang Lang
}

func newKeyMap() keyMap { return newKeyMapIn(English) }

// newKeyMapIn is the key map with its help in language l.
func newKeyMapIn(l Lang) keyMap {
	b := func(keys []string, help, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, tr(l, desc)))
	}
	k := keyMap{
		Lang:         l,
		Up:           b([]string{"up", "k"}, "hjkl", "key.Up"),
		Down:         b([]string{"down", "j"}, "j", "key.Down"),
		Left:         b([]string{"h"}, "h", "key.Left"),
		Right:        b([]string{"l"}, "l", "key.Right"),
		Select:       b([]string{"enter", " "}, "enter", "key.Select"),
		Cancel:       b([]string{"esc"}, "esc", "key.Cancel"),
		HandNext:     b([]string{"tab"}, "tab", "key.HandNext"),
		HandPrev:     b([]string{"shift+tab"}, "S-tab", "key.HandPrev"),
		MoveLine:     b([]string{":"}, ":", "key.MoveLine"),
		EffectMap:    b([]string{"e"}, "e", "key.EffectMap"),
		CheckStudy:   b([]string{"c"}, "c", "key.CheckStudy"),
		KindNext:     b([]string{"."}, ". ,", "key.KindNext"),
		KindPrev:     b([]string{","}, ",", "key.KindPrev"),
		Attacker:     b([]string{"v"}, "v", "key.Attacker"),
		AllOrigins:   b([]string{"O"}, "O", "key.AllOrigins"),
		Undo:         b([]string{"u"}, "u", "key.Undo"),
		Redo:         b([]string{"r"}, "r", "key.Redo"),
		Flip:         b([]string{"f"}, "f", "key.Flip"),
		NewGame:      b([]string{"n"}, "n", "key.NewGame"),
		Resign:       b([]string{"x"}, "x", "key.Resign"),
		Declare:      b([]string{"d"}, "d", "key.Declare"),
		Pause:        b([]string{"z"}, "z", "key.Pause"),
		Stop:         b([]string{"Z"}, "Z", "key.Stop"),
		MoveNow:      b([]string{"m"}, "m", "key.MoveNow"),
		Hint:         b([]string{"i"}, "i", "key.Hint"),
		HideEval:     b([]string{"E"}, "E", "key.HideEval"),
		Edit:         b([]string{"b"}, "b", "key.Edit"),
		Practice:     b([]string{"t"}, "t", "key.Practice"),
		Lesson:       b([]string{"L"}, "L", "key.Lesson"),
		Mistakes:     b([]string{"T"}, "T", "key.Mistakes"),
		Help:         b([]string{"?"}, "?", "key.Help"),
		Quit:         b([]string{"q", "ctrl+c"}, "q", "key.Quit"),
		StepBack:     b([]string{"left"}, "<- ->", "key.StepBack"),
		StepFwd:      b([]string{"right"}, "->", "key.StepFwd"),
		PageBack:     b([]string{"pgup"}, "PgUp/Dn", "key.PageBack"),
		PageFwd:      b([]string{"pgdown"}, "PgDn", "key.PageFwd"),
		First:        b([]string{"home"}, "Home/End", "key.First"),
		Last:         b([]string{"end"}, "End", "key.Last"),
		Jump:         b([]string{"g"}, "g", "key.Jump"),
		PrevBranch:   b([]string{"["}, "[ ]", "key.PrevBranch"),
		NextBranch:   b([]string{"]"}, "]", "key.NextBranch"),
		Variations:   b([]string{"V"}, "V", "key.Variations"),
		Open:         b([]string{"o"}, "o", "key.Open"),
		Save:         b([]string{"s"}, "s", "key.Save"),
		SaveAs:       b([]string{"S"}, "S", "key.SaveAs"),
		Comment:      b([]string{"C"}, "C", "key.Comment"),
		Promote:      b([]string{"P"}, "P", "key.Promote"),
		Delete:       b([]string{"X"}, "X", "key.Delete"),
		CopySFEN:     b([]string{"y"}, "y", "key.CopySFEN"),
		CopyKIF:      b([]string{"Y"}, "Y", "key.CopyKIF"),
		Analysis:     b([]string{"a"}, "a", "key.Analysis"),
		AnalyzeAll:   b([]string{"A"}, "A", "key.AnalyzeAll"),
		MateSearch:   b([]string{"M"}, "M", "key.MateSearch"),
		Engines:      b([]string{"R"}, "R", "key.Engines"),
		PlayFromHere: b([]string{"p"}, "p", "key.PlayFromHere"),
		// W writes the whole-game analysis into the comments.
		WriteAnalysis: b([]string{"W"}, "W", "key.WriteAnalysis"),
		MoreCands:     b([]string{"+"}, "+ -", "key.MoreCands"),
		FewerCands:    b([]string{"-"}, "-", "key.FewerCands"),
		PickCand:      b([]string{"1", "2", "3", "4", "5"}, "1-5", "key.PickCand"),
	}
	k.setLibraryKeys(b)
	return k
}

// setLibraryKeys sets the game library's keys (its list has its own: the
// board's letters mean other things there).
func (k *keyMap) setLibraryKeys(b func(keys []string, help, desc string) key.Binding) {
	k.LibUp = b([]string{"up", "k"}, "up/down", "key.LibMove")
	k.LibDown = b([]string{"down", "j"}, "j", "key.LibMove")
	k.LibPageUp = b([]string{"pgup"}, "PgUp/Dn", "key.LibPage")
	k.LibPageDown = b([]string{"pgdown", " "}, "PgDn", "key.LibPage")
	k.LibTop = b([]string{"home", "g"}, "Home/End", "key.LibEnds")
	k.LibBottom = b([]string{"end", "G"}, "End", "key.LibEnds")
	k.LibOpen = b([]string{"enter"}, "enter", "key.LibOpen")
	k.LibBack = b([]string{"esc"}, "esc", "key.LibBack")
	k.LibSort = b([]string{"s"}, "s", "key.LibSort")
	k.LibReverse = b([]string{"r"}, "r", "key.LibReverse")
	k.LibSearch = b([]string{"/"}, "/", "key.LibSearch")
	k.LibPlayer = b([]string{"p"}, "p", "key.LibPlayer")
	k.LibReview = b([]string{"A"}, "A", "key.LibReview")
	k.LibProblems = b([]string{"T"}, "T", "key.LibProblems")
}

// libraryHelp is the help of the game library's list; empty: while
// there is no list yet (indexing, or the folder unreadable), only the
// keys that work then.
func (k keyMap) libraryHelp(empty bool) helpKeys {
	if empty {
		return helpKeys{short: []key.Binding{k.LibBack, k.Open, k.Help, k.Quit}, full: [][]key.Binding{{k.LibBack, k.Open, k.Help, k.Quit}}}
	}
	return helpKeys{
		// A narrow bar drops keys from the end: never the way out.
		short: []key.Binding{k.LibUp, k.LibOpen, k.LibBack, k.LibSearch, k.LibPlayer, k.LibSort, k.LibReview, k.LibProblems, k.Help, k.Quit},
		full: [][]key.Binding{
			{k.LibUp, k.LibPageUp, k.LibTop, k.LibOpen, k.LibBack},
			{k.LibPlayer, k.LibSearch, k.LibSort, k.LibReverse, k.Open, k.Help, k.Quit},
			{k.LibReview, k.LibProblems},
		},
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
			{k.NewGame, k.Resign, k.Declare, k.MoveNow, k.Pause, k.Stop, k.Hint, k.Edit, k.Practice, k.Lesson, k.Mistakes, k.EffectMap, k.CheckStudy, k.KindNext, k.Attacker, k.AllOrigins},
			{k.StepBack, k.PageBack, k.First, k.Jump, k.PrevBranch, k.Variations, k.PlayFromHere},
			{k.Open, k.Save, k.SaveAs, k.Comment, k.Promote, k.Delete, k.CopySFEN, k.CopyKIF},
			{k.Analysis, k.MoreCands, k.PickCand, k.AnalyzeAll, k.WriteAnalysis, k.MateSearch, k.Engines, k.HideEval, k.Help, k.Quit},
			k.legend(),
		},
	}
}

// engineGameHelp is the help while a game no person plays is on: the
// short line names pause, stop and save first.
func (k keyMap) engineGameHelp() helpKeys {
	h := k.help(false, false)
	h.short = []key.Binding{k.Pause, k.Stop, k.Save, k.Flip, k.EffectMap, k.HideEval, k.Help, k.Quit}
	return h
}

// boardMarks are the marks of the board's mark column, each with its
// meaning's catalogue key, as the help's legend lists them.
var boardMarks = [][2]string{
	{"> @", "mark.cursor"}, {"+ x", "mark.dest"}, {"* ~", "mark.effect"},
	{"d m", "mark.drop"}, {"o O", "mark.origin"}, {"D M", "mark.both"},
	{"! #", "mark.check"}, {"b w =", "mark.control"}, {"v", "mark.gote"}, {"&", "mark.hint"},
}

// legend is the help's column of board marks: entries that look like
// keys but answer no key (their key names are not ones a terminal sends).
func (k keyMap) legend() []key.Binding {
	out := []key.Binding{key.NewBinding(key.WithKeys("legend:title"), key.WithHelp(tr(k.Lang, "mark.title"), ""))}
	for _, mk := range boardMarks {
		out = append(out, key.NewBinding(key.WithKeys("legend:"+mk[0]), key.WithHelp(mk[0], tr(k.Lang, mk[1]))))
	}
	return out
}
