package ui

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
	"kiki/kif"
	"kiki/ui/lesson"
)

// The screen speaks one language at a time. These tests walk every key
// the full help lists, in each language and in each of the screen's main
// states, and fail on a line that mixes the languages: English words on
// the Japanese screen, Japanese on the English one. Shogi's notation is
// the same in both and is excepted: piece names, moves (▲７六歩, 同　歩,
// 55角打), the side names (先手, 後手, 下手, 上手), handicap names and the
// board's rank labels; so are key names, file names and proper names
// (kiki, USI, SFEN …), which are the same in both languages.

// notationRunes are the characters of shogi notation, the same on both
// screens: a run of Japanese text made only of these is notation.
const notationRunes = "歩香桂銀金角飛王玉と杏圭全馬龍竜成不打同右左直上引寄行一二三四五六七八九十" +
	"１２３４５６７８９０　・☗☖▲△先後下手"

// notationWords are notation words with other characters: the endings a
// record writes (as a move, 投了 is notation) are not among them: the
// English screen says "resigned".
var notationWords = func() []string {
	var out []string
	for _, h := range game.Handicaps {
		out = append(out, h.Name())
	}
	return append(out, "平手", "落ち", "香落ち", "角落ち", "飛車落ち", "二枚落ち", "四枚落ち", "六枚落ち", "八枚落ち", "十枚落ち", "飛香落ち", "右香落ち")
}()

// asciiAllowed are the English-looking words the Japanese screen may show:
// key names, format and protocol names, units and proper names.
var asciiAllowed = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`enter esc tab space shift ctrl alt pgup pgdown pgdn home end backspace
		delete del hjkl kiki usi sfen kif kifu csa ki2 ki2u elo nps multipv nnue bonanza json utf shift_jis lib stdin
		gnushogi gpsusi fairy stockfish yaneuraou apery lv startpos position bod png ascii osc`) {
		asciiAllowed[w] = true
	}
}

var (
	moveListEnding = regexp.MustCompile(`\d+ (` + endingWords() + `)`)
	asciiWord      = regexp.MustCompile(`[A-Za-z][A-Za-z_']{2,}`)
	// tokens that are not words of a language: paths, file names, USI
	// moves and SFEN-like runs.
	notWordToken = regexp.MustCompile(`\S*[/\\.]\S*|[1-9][a-i][1-9][a-i]\+?|[PLNSGBRK]\*[1-9][a-i]`)
)

// endingWords are the words of a record's endings, as a regexp choice.
func endingWords() string {
	var ws []string
	for sp := kif.Resign; sp < kif.SpecialIllegal; sp++ {
		ws = append(ws, sp.Word())
	}
	return strings.Join(ws, "|")
}

func isJapanese(r rune) bool {
	return unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han) || (r >= 0xFF10 && r <= 0xFF5A) || r == '　' || r == '・' || r == 'ー'
}

// mixed returns what on line is not in the screen's language l ("" when
// nothing).
func mixed(l Lang, line string) string {
	if l == Japanese {
		clean := notWordToken.ReplaceAllString(line, " ")
		var bad []string
		for _, w := range asciiWord.FindAllString(clean, -1) {
			if !asciiAllowed[strings.ToLower(w)] {
				bad = append(bad, w)
			}
		}
		return strings.Join(bad, " ")
	}
	for _, w := range notationWords {
		line = strings.ReplaceAll(line, w, " ")
	}
	// A record's endings are notation where the move list shows them as
	// a move: "  4 投了".
	line = moveListEnding.ReplaceAllString(line, " ")
	var bad []string
	var run []rune
	flush := func() {
		if len(run) > 0 && strings.Trim(string(run), notationRunes) != "" {
			bad = append(bad, string(run))
		}
		run = run[:0]
	}
	for _, r := range line {
		if isJapanese(r) {
			run = append(run, r)
			continue
		}
		flush()
	}
	flush()
	return strings.Join(bad, " ")
}

// stopWork stops what a walk's model started in the background (the AI's
// search, the game analysis, the practice's solver, engines), so that it
// does not go on taking the CPU from the tests after it.
func stopWork(m *Model) {
	m.cancelAI()
	m.analysis.Cancel()
	if m.practice() != nil {
		m.practice().stop()
	}
	m.ext.closeEngines()
}

// keyMsgs turns a binding's first key into the message a terminal sends.
func keyMsg(k string) (tea.KeyMsg, bool) {
	if t, ok := namedKeys[k]; ok {
		return tea.KeyMsg{Type: t}, true
	}
	extra := map[string]tea.KeyType{"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "shift+tab": tea.KeyShiftTab,
		"ctrl+c": tea.KeyCtrlC, "backspace": tea.KeyBackspace, "delete": tea.KeyDelete, " ": tea.KeySpace, "space": tea.KeySpace,
		"shift+up": tea.KeyShiftUp, "shift+down": tea.KeyShiftDown, "shift+left": tea.KeyShiftLeft, "shift+right": tea.KeyShiftRight,
		"ctrl+up": tea.KeyCtrlUp, "ctrl+down": tea.KeyCtrlDown, "ctrl+u": tea.KeyCtrlU}
	if t, ok := extra[k]; ok {
		return tea.KeyMsg{Type: t}, true
	}
	if strings.HasPrefix(k, "legend:") {
		return tea.KeyMsg{}, false
	}
	if r := []rune(k); len(r) == 1 {
		return tea.KeyMsg{Type: tea.KeyRunes, Runes: r}, true
	}
	return tea.KeyMsg{}, false
}

// langStates are the screens the walk starts from: the keys pressed
// first, and the help whose keys are then walked.
var langStates = []struct {
	name  string
	setup func(t *testing.T, o *Options) []string
	help  func(k keyMap) helpKeys
}{
	{"game", func(t *testing.T, o *Options) []string {
		return []string{":", "7g7f", "enter", ":", "3c3d", "enter"}
	}, boardHelp},
	{"ended", func(t *testing.T, o *Options) []string {
		return []string{":", "7g7f", "enter", "x", "y"}
	}, boardHelp},
	{"record", func(t *testing.T, o *Options) []string {
		r, err := kif.Read("r.kifu", []byte("開始日時：2026/01/02\n手合割：平手\n先手：A\n後手：B\n*☗２六歩\n   1 ７六歩(77)   ( 0:01/00:00:01)\n*７六歩\n   2 ３四歩(33)   ( 0:02/00:00:02)\n   3 ２六歩(27)   ( 0:03/00:00:04)\n   4 投了\n"))
		if err != nil {
			t.Fatal(err)
		}
		o.Record = r
		return []string{"right", "right"}
	}, boardHelp},
	{"editor", func(t *testing.T, o *Options) []string { return []string{"b"} }, keyMap.editHelp},
	{"picker", func(t *testing.T, o *Options) []string { return []string{"t"} },
		func(k keyMap) helpKeys { return k.practiceHelp(false) }},
	{"practice", func(t *testing.T, o *Options) []string { return []string{"t", "enter"} },
		func(k keyMap) helpKeys { return k.practiceHelp(true) }},
	{"lesson", func(t *testing.T, o *Options) []string { return []string{"L", "enter", "j", "enter"} },
		func(k keyMap) helpKeys { return k.lessonHelp(phaseAsking) }},
	{"lesson graded", func(t *testing.T, o *Options) []string { return []string{"L", "j", "enter", "s"} },
		func(k keyMap) helpKeys { return k.lessonHelp(phaseGraded) }},
	{"lesson close", func(t *testing.T, o *Options) []string { return closeFirst(t, o) },
		func(k keyMap) helpKeys { return k.lessonHelp(phaseChoosing) }},
	{"lesson close wrong", func(t *testing.T, o *Options) []string { return append(closeFirst(t, o), "l", "j", "l", "s") },
		func(k keyMap) helpKeys { return k.lessonHelp(phaseGraded) }},
	{"lesson close right", func(t *testing.T, o *Options) []string {
		return append(closeFirst(t, o), "l", "l", "l", "l", "j", "l", "l", "l", "l", "s")
	}, func(k keyMap) helpKeys { return k.lessonHelp(phaseGraded) }},
	{"lesson done", func(t *testing.T, o *Options) []string {
		return []string{"L", "a", "n", "a", "n", "a", "n", "a", "n", "a", "n"}
	}, func(k keyMap) helpKeys { return k.lessonHelp(phaseDone) }},
}

func boardHelp(k keyMap) helpKeys { return k.help(true, true) }

// closeFirst gives the options a config folder whose lesson progress has
// 問8 missed last, so that L asks it first; the keys are L.
func closeFirst(t *testing.T, o *Options) []string {
	o.ConfigDir = t.TempDir()
	pr := map[string]lesson.Record{lesson.BishopClose.Info().ID: {Asked: 1, LastMissed: true}}
	if err := lesson.SaveProgress(o.ConfigDir, pr); err != nil {
		t.Fatal(err)
	}
	return []string{"L"}
}

// langSequences are key sequences that reach messages no single key does:
// errors from the rules core and the OS among them.
var langSequences = [][]string{
	{":", "7g7f", "enter", ":", "7g7f", "enter"}, // no piece there
	{":", "zz", "enter"},
	{":", "7g7f", "enter", ":", "2g2f", "enter"}, // 後手 to move: not its piece
	{":", "P*5e", "enter"},                       // not in hand
	{":", "26歩打", "enter"},
	{":", "77角", "enter"},
	{":", "7g7f", "enter", ":", "8c8d", "enter", ":", "8h2b", "enter"}, // must say whether it promotes? no: legal both ways
	{"o", "/", "/no/such/folder/x.kif", "enter"},
	{"S", "ctrl+u", "/no/such/folder/x.kif", "enter"},
	{"M"},
	{"g", "5", "0", "enter"},
	{"t", "right"},
	{"t", "down", "enter", ":", "1a1b", "enter"},
	{"L", ":", "52 zz", "enter"}, // the lesson's typed squares refused
	{"L", "s"},                   // graded with nothing marked
	{"L", "n"},                   // next before an answer
	{"b", "z", "enter"},
	{"i"},
	{"a"},
	{"A"},
}

// TestOneLanguagePerScreen walks every key of the full help in both
// languages from each state, then Enter and Esc after it (answering the
// dialog the key opened), and the sequences above, and fails on a line
// that mixes the languages.
func TestOneLanguagePerScreen(t *testing.T) {
	found := map[string][]string{}
	for _, l := range []Lang{English, Japanese} {
		check := func(m *Model, where string) {
			for _, line := range strings.Split(stripANSI(m.View()), "\n") {
				if bad := mixed(l, line); bad != "" {
					key := fmt.Sprintf("%s: %q", l, bad)
					found[key] = append(found[key], fmt.Sprintf("%s: %s", where, strings.TrimSpace(line)))
				}
			}
		}
		for _, st := range langStates {
			o := testOptions()
			o.Lang = l
			o.Dir = t.TempDir() // s saves here, never into the package's folder
			pre := st.setup(t, &o)
			probe := newTestModel(o)
			var bindings []string
			for _, col := range st.help(probe.keys).FullHelp() {
				for _, b := range col {
					if ks := b.Keys(); len(ks) > 0 {
						bindings = append(bindings, ks[0])
					}
				}
			}
			for _, k := range bindings {
				msg, ok := keyMsg(k)
				if !ok {
					continue
				}
				if k == "q" || k == "ctrl+c" || k == "Y" {
					// Quitting shows nothing to read; Y shows the record
					// itself, in its format's words.
					continue
				}
				m := newTestModel(o)
				press(m, pre...)
				check(m, st.name)
				m.Update(msg)
				check(m, st.name+", "+k)
				press(m, "enter")
				check(m, st.name+", "+k+" enter")
				press(m, "esc")
				check(m, st.name+", "+k+" enter esc")
				stopWork(m)
			}
		}
		for _, seq := range langSequences {
			o := testOptions()
			o.Lang = l
			o.Dir = t.TempDir()
			m := newTestModel(o)
			for i, k := range seq {
				if msg, ok := keyMsg(k); ok {
					m.Update(msg)
				} else {
					m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k), Paste: true})
				}
				check(m, strings.Join(seq[:i+1], " "))
			}
			stopWork(m)
		}
	}
	keys := make([]string, 0, len(found))
	for k := range found {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Errorf("%s (%d lines), e.g. %s", k, len(found[k]), found[k][0])
	}
}
