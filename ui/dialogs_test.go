package ui

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/match"
	"kiki/ui/widget"
)

// The dialogs are tested alone: keys in, answers out, no root model.

// key is one key press by name ("enter", "esc" ...) or rune.
func key1(k string) tea.KeyMsg {
	if t, ok := namedKeys[k]; ok {
		return tea.KeyMsg{Type: t}
	}
	switch k {
	case " ":
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	case "shift+tab":
		return tea.KeyMsg{Type: tea.KeyShiftTab}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// answer sends keys to d and returns the first answer (nil: still open).
func answer(d widget.Dialog, ks ...string) tea.Msg {
	for _, k := range ks {
		if a, _ := d.Update(key1(k)); a != nil {
			return a
		}
	}
	return nil
}

var th = NewTheme(true, true)

func TestPromoDialogAnswers(t *testing.T) {
	p := game.NewStartPosition()
	promo, _ := p.ParseUSIMove("7g7f") // any two moves: the dialog only returns them
	plain, _ := p.ParseUSIMove("2g2f")
	for keys, want := range map[string]tea.Msg{
		"y": playMoveMsg{promo}, "N": playMoveMsg{plain}, "enter": playMoveMsg{promo},
		"tab enter": playMoveMsg{plain}, "l h enter": playMoveMsg{promo}, "esc": deselectMsg{},
	} {
		d := &promoDialog{promo: promo, plain: plain}
		if got := answer(d, strings.Fields(keys)...); got != want {
			t.Errorf("%s: %#v, want %#v", keys, got, want)
		}
	}
	d := &promoDialog{promo: promo, plain: plain}
	if answer(d, "x", "tab") != nil || !strings.Contains(d.View(&th, 3), "[不成 n]") {
		t.Errorf("tab does not highlight 不成: %q", d.View(&th, 3))
	}
}

func TestMoveLineAnswers(t *testing.T) {
	p, _ := game.ParseSFEN("4k4/9/9/7P1/9/9/9/9/4K4 b - 1")
	typed := func(canMove bool, text string) (*moveLine, tea.Msg) {
		d := newMoveLine(English)
		d.pos, d.canMove = p, canMove
		d.in.SetValue(text)
		a, _ := d.Update(key1("enter"))
		return d, a
	}
	if d, a := typed(false, "2d2c"); a != nil || d.err == "" {
		t.Errorf("not the person's turn: answer %#v err %q", a, d.err)
	}
	if d, a := typed(true, "11角成"); a != nil || d.err == "" || d.in.Value() != "" {
		t.Errorf("bad move: answer %#v err %q value %q", a, d.err, d.in.Value())
	}
	if _, a := typed(true, "23歩"); a == nil {
		t.Error("23歩: no answer")
	} else if ap, ok := a.(askPromotionMsg); !ok || !ap.promo.IsPromotion() || ap.plain.IsPromotion() {
		t.Errorf("23歩: %#v, want the promotion question", a)
	}
	if _, a := typed(true, "2d2c+"); a == nil || !a.(playMoveMsg).mv.IsPromotion() {
		t.Errorf("2d2c+: %#v", a)
	}
	if _, a := typed(true, ""); a != (widget.CloseMsg{}) {
		t.Errorf("empty line: %#v", a)
	}
}

func TestGameDialog(t *testing.T) {
	players := [2]player{{}, {AI: true, Level: 7}}
	d := newGameDialog(3, players, evenNames, false)
	if d.level != 7 || !d.players[1] || d.players[0] {
		t.Fatalf("opens on %v level %d, want the game's players and level 7", d.players, d.level)
	}
	// Handicap 1 step, time control 秒読み with 2 minutes and 40 s.
	a := answer(d, "l", "j", "j", "j", "j", "l", "j", "h", "h", "h", "h", "h", "h", "h", "h", "j", "l", "l", "enter")
	msg, ok := a.(startGameMsg)
	if !ok {
		t.Fatalf("answer %#v", a)
	}
	if msg.start == nil || msg.start.SFEN() != game.Handicaps[1].Position().SFEN() {
		t.Errorf("start %v, want the first handicap", msg.start)
	}
	want := timeControl{Kind: match.Byoyomi, Main: 2 * time.Minute, Byoyomi: 40 * time.Second}
	if msg.tc != want || !reflect.DeepEqual(msg.players, [2]player{{Level: 7}, {AI: true, Level: 7}}) {
		t.Errorf("tc %+v players %+v", msg.tc, msg.players)
	}
	if !strings.Contains(d.View(&th, 10), handicapNames[0]) {
		t.Error("a handicap game does not name 下手")
	}
	// Play from here skips the handicap field and starts from no position.
	d = newGameDialog(3, [2]player{}, evenNames, true)
	answer(d, "k", "k", "k", "k", "k", "k")
	if d.field == 0 {
		t.Error("play from here reached the handicap field")
	}
	if a := answer(d, "enter"); a.(startGameMsg).start != nil {
		t.Error("play from here gives a start position")
	}
	if answer(newGameDialog(3, players, evenNames, false), "esc") != (widget.CloseMsg{}) {
		t.Error("esc does not close")
	}
}

// TestGameDialogShowsRating: the level row shows the level's approximate
// rating, and it follows the level as it changes.
func TestGameDialogShowsRating(t *testing.T) {
	d := newGameDialog(4, [2]player{{}, {AI: true, Level: 4}}, evenNames, false)
	for _, want := range []int{4, 5, 6} {
		row := fmt.Sprintf("%d  (about %d Elo)", want, ai.LevelRating(want))
		if !strings.Contains(d.View(&th, 10), row) {
			t.Fatalf("level %d: no %q in\n%s", want, row, d.View(&th, 10))
		}
		d.field = fieldLevel
		answer(d, "l")
	}
	if d.level != 7 {
		t.Errorf("level %d after three steps up from 4", d.level)
	}
}

func TestCommentDialogAnswers(t *testing.T) {
	n := &kif.Node{Comments: []string{"old"}}
	d := newCommentDialog(n, English)
	if answer(d, "ctrl+s") != (widget.CloseMsg{}) {
		t.Error("saving an unchanged comment is not a plain close")
	}
	d = newCommentDialog(n, English)
	a := answer(d, "!", "ctrl+s")
	cm, ok := a.(commentMsg)
	if !ok || cm.node != n || strings.Join(cm.lines, "|") != "old!" {
		t.Fatalf("answer %#v", a)
	}
	if n.Comments[0] != "old" {
		t.Error("the dialog changed the node itself")
	}
}

func TestOpenDialogPicksAndLoads(t *testing.T) {
	var entries []openEntry
	for i := 0; i < 20; i++ {
		entries = append(entries, openEntry{label: fmt.Sprintf("game%02d.kif", i), path: fmt.Sprintf("/d/game%02d.kif", i)})
	}
	load := func(path string) (tea.Msg, error) {
		if strings.Contains(path, "bad") {
			return nil, errors.New("bad record")
		}
		return openRecordMsg{path: path}, nil
	}
	d := newOpenDialog(English, entries, load)
	answer(d, "j", "j", "j", "k", "down")
	v := d.View(&th, 8)
	if !strings.Contains(v, "> game03.kif") || strings.Count(v, "game") != 5 {
		t.Errorf("list in 8 lines, cursor on game03:\n%s", v)
	}
	for i := 0; i < 30; i++ {
		answer(d, "j")
	}
	if v := d.View(&th, 8); !strings.Contains(v, "> game19.kif") {
		t.Errorf("cursor at the end not shown:\n%s", v)
	}
	if a := answer(d, "enter"); a != (openRecordMsg{path: "/d/game19.kif"}) {
		t.Errorf("enter: %#v", a)
	}
	d = newOpenDialog(English, entries, load)
	a := answer(d, "/", "b", "a", "d", "enter")
	if a != nil || d.err != "bad record" || !d.typing {
		t.Errorf("a bad typed path: answer %#v err %q", a, d.err)
	}
	if answer(d, "esc") != nil || d.typing {
		t.Error("esc while typing does not go back to the list")
	}
	if answer(d, "q") != (widget.CloseMsg{}) {
		t.Error("q on the list does not close")
	}
}

func TestVariationsDialog(t *testing.T) {
	r := kif.NewRecord(game.NewStartPosition())
	p := r.StartPosition()
	var kids []*kif.Node
	for _, u := range []string{"7g7f", "2g2f", "5g5f"} {
		mv, _ := p.ParseUSIMove(u)
		kids = append(kids, r.Root.AddChild(&kif.Node{Move: mv}))
	}
	d := newVariationsDialog(r.Root, kids[1], English)
	if v := d.View(&th, 3); !strings.Contains(v, "(main line)") || !strings.Contains(v, "> ▲２六歩") || strings.Count(v, "\n") != 3 {
		t.Errorf("view:\n%s", v)
	}
	if a := answer(d, "j", "enter"); a != (gotoVariationMsg{r.Root, kids[2]}) {
		t.Errorf("answer %#v", a)
	}
}

// The new-game dialog starts from the last game's clock (a new user had
// to set 1 min + 10 s again for every game).
func TestNewGameDialogKeepsClock(t *testing.T) {
	m := newTestModel(testOptions())
	m.s.match.Clock.TC = timeControl{Kind: match.Byoyomi, Main: 3 * time.Minute, Byoyomi: 10 * time.Second}
	d := m.newGameDialog(false)
	if match.ClockKinds[d.tcKind] != match.Byoyomi || d.mainMin != 3 || d.second != 10 {
		t.Errorf("dialog clock %v %d min %d s", match.ClockKinds[d.tcKind], d.mainMin, d.second)
	}
	m.s.match.Clock.TC = timeControl{}
	if d := m.newGameDialog(false); match.ClockKinds[d.tcKind] != match.NoClock || d.mainMin != 10 {
		t.Errorf("no clock: %v %d", match.ClockKinds[d.tcKind], d.mainMin)
	}
}

// The save-as dialog refuses what checkSavePath refuses (a name that is
// not a record's, a folder) and answers a record's name.
func TestPathDialogChecks(t *testing.T) {
	save := func(value string) widget.Dialog {
		return widget.NewPath(English, "save", value, func(p string) error { return checkSavePath(English, p) }, func(p string) tea.Msg { return saveAsMsg{p, nil} })
	}
	d := save("x.txt")
	why := checkSavePath(English, "x.txt")
	if a := answer(d, "enter"); a != nil || why == nil || !strings.Contains(stripANSI(d.View(&th, 3)), why.Error()) {
		t.Fatalf("a .txt name: answer %#v, view %q", a, d.View(&th, 3))
	}
	if a := answer(save("x.kif"), "enter"); a != (saveAsMsg{"x.kif", nil}) {
		t.Fatalf("x.kif: %#v", a)
	}
	if err := checkSavePath(English, t.TempDir()+"/"); err == nil {
		t.Error("a folder is taken as a file name")
	}
}
