package ui

import (
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
	"kiki/game"
)

// stormKeys is every key the key table names, plus what dialogs and the
// typed-move line read (letters, digits, signs, editing keys).
func stormKeys() []string {
	set := map[string]bool{}
	km := reflect.ValueOf(newKeyMap())
	for i := 0; i < km.NumField(); i++ {
		if b, ok := km.Field(i).Interface().(key.Binding); ok {
			for _, k := range b.Keys() {
				set[k] = true
			}
		}
	}
	for _, r := range "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-*/.,:;[]?!" {
		set[string(r)] = true
	}
	for k := range stormNamed {
		set[k] = true
	}
	var out []string
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out) // a seed gives the same storm every run
	return out
}

// stormNamed are the keys that are not runes.
var stormNamed = map[string]tea.KeyType{
	"enter": tea.KeyEnter, "esc": tea.KeyEsc, "tab": tea.KeyTab, "shift+tab": tea.KeyShiftTab,
	"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
	"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd,
	"backspace": tea.KeyBackspace, "delete": tea.KeyDelete, " ": tea.KeySpace,
	"ctrl+c": tea.KeyCtrlC, "ctrl+s": tea.KeyCtrlS,
}

func stormKey(k string) tea.KeyMsg {
	if t, ok := stormNamed[k]; ok {
		return tea.KeyMsg{Type: t}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// storm drives the root model as the terminal would, without one: keys,
// mouse clicks and resizes go straight to Update. Commands run on their
// own goroutines and their messages are handled before the next event;
// the AI's moves come from a scripted opponent, at once.
type storm struct {
	t       *testing.T
	m       *Model
	pending chan tea.Msg
	events  int
	log     []string // the last events, for the failure message
}

func (s *storm) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		defer func() {
			if r := recover(); r != nil {
				s.pending <- stormPanic{fmt.Sprint(r), string(debug.Stack())}
			}
		}()
		if msg := cmd(); msg != nil {
			select {
			case s.pending <- msg:
			case <-time.After(time.Second): // the storm is over
			}
		}
	}()
}

type stormPanic struct{ value, stack string }

func (s *storm) send(msg tea.Msg) {
	switch msg := msg.(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			s.run(c)
		}
		return
	case tea.QuitMsg:
		s.m.quitting = false // the program would end here; the storm goes on
		return
	case stormPanic:
		s.t.Fatalf("a command panicked: %s\n%s\nlast events: %s", msg.value, msg.stack, strings.Join(s.log, " "))
	}
	s.log = append(s.log, fmt.Sprintf("%T%v", msg, msg))
	if len(s.log) > 40 {
		s.log = s.log[1:]
	}
	func() {
		defer func() {
			if r := recover(); r != nil {
				s.t.Fatalf("panic after %d events: %v\n%s\nlast events: %s", s.events, r, debug.Stack(), strings.Join(s.log, " "))
			}
		}()
		_, cmd := s.m.Update(msg)
		s.m.quitting = false
		s.run(cmd)
	}()
}

// drain handles the messages that have arrived.
func (s *storm) drain() {
	for {
		select {
		case msg := <-s.pending:
			s.send(msg)
		default:
			return
		}
	}
}

// check asserts the invariants: the position on screen can arise in play
// and the record, replayed move by move from its start, reaches it.
func (s *storm) check() {
	m := s.m
	if e := m.s.pos.Impossible(); e != nil {
		s.t.Fatalf("after %d events the position %s is impossible: %v\nlast events: %s", s.events, m.s.pos.SFEN(), e, strings.Join(s.log, " "))
	}
	p := m.s.rec.StartPosition()
	for _, n := range m.s.node.Path() {
		if n.IsSpecial() {
			continue
		}
		if !p.IsLegal(n.Move) {
			s.t.Fatalf("after %d events the record's move %d %s is illegal in %s\nlast events: %s", s.events, n.Ply, n.Move.USI(), p.SFEN(), strings.Join(s.log, " "))
		}
		p.DoMove(n.Move)
	}
	if p.Key() != m.s.pos.Key() || p.SFEN() != m.s.pos.SFEN() {
		s.t.Fatalf("after %d events the record replays to %s, the screen shows %s\nlast events: %s", s.events, p.SFEN(), m.s.pos.SFEN(), strings.Join(s.log, " "))
	}
}

// TestKeyStorm: random keys from the whole key table, mouse clicks, wheel
// and resizes, for several seeds, against a game with the AI on one side;
// no panic, and the invariants hold after every event.
func TestKeyStorm(t *testing.T) {
	events := 20000
	if n := os.Getenv("KIKI_STORM_EVENTS"); n != "" {
		events, _ = strconv.Atoi(n) // a quick local look; CI runs the full storm
	}
	keys := stormKeys()
	for _, seed := range []uint64{1, 2, 3, 4, 5} {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			t.Chdir(t.TempDir()) // saves land here
			rng := rand.New(rand.NewPCG(seed, 0x6b696b69))
			o := testOptions()
			o.Dir = "."
			o.Players = [2]bool{false, true}
			o.Level = 1
			o.Clipboard = func(string) {}
			o.AILimits = &ai.Limits{Depth: 1}
			o.Opponent = func(p *game.Position) game.Move {
				var ml game.MoveList
				p.LegalMoves(&ml)
				if ml.Len() == 0 {
					return game.NoMove
				}
				return ml.At(int(p.Key() % uint64(ml.Len())))
			}
			s := &storm{t: t, m: New(o), pending: make(chan tea.Msg, 1024)}
			s.run(s.m.Init())
			w, h := 120, 40
			s.send(tea.WindowSizeMsg{Width: w, Height: h})
			for s.events = 0; s.events < events; s.events++ {
				s.drain()
				switch r := rng.IntN(100); {
				case r < 90:
					k := keys[rng.IntN(len(keys))]
					s.send(stormKey(k))
				case r < 97:
					b := []tea.MouseButton{tea.MouseButtonLeft, tea.MouseButtonRight, tea.MouseButtonWheelUp, tea.MouseButtonWheelDown}[rng.IntN(4)]
					s.send(tea.MouseMsg{X: rng.IntN(w + 2), Y: rng.IntN(h + 2), Button: b, Action: tea.MouseActionPress})
				default:
					sizes := [][2]int{{120, 40}, {80, 24}, {200, 60}, {40, 12}, {20, 8}, {1, 1}, {0, 0}}
					sz := sizes[rng.IntN(len(sizes))]
					w, h = sz[0], sz[1]
					s.send(tea.WindowSizeMsg{Width: w, Height: h})
				}
				if s.events%50 == 0 {
					func() {
						defer func() {
							if r := recover(); r != nil {
								t.Fatalf("View panicked after %d events: %v\n%s\nlast events: %s", s.events, r, debug.Stack(), strings.Join(s.log, " "))
							}
						}()
						_ = s.m.View()
					}()
				}
				s.check()
			}
			s.m.ai.stop()
		})
	}
}

// TestEditRefusesImpossiblePosition: the free study board will not finish
// on a position in which the side not to move is in check; it says why.
func TestEditRefusesImpossiblePosition(t *testing.T) {
	m := New(testOptions())
	before := m.s.pos.SFEN()
	m.startEdit()
	p, err := game.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b R 1")
	if err != nil {
		t.Fatal(err)
	}
	for s := game.Square(0); s < game.NumSquares; s++ {
		m.edit().Board[s] = p.PieceAt(s)
	}
	m.edit().Board[game.NewSquare(5, 8)] = game.NewPiece(game.Black, game.Rook)
	m.edit().Side = game.Black
	m.applyEdit()
	if !strings.Contains(m.edit().Err, "後手's king is left in check") {
		t.Errorf("edit error %q does not say which king is in check", m.edit().Err)
	}
	if m.s.pos.SFEN() != before {
		t.Errorf("the impossible position was taken: %s", m.s.pos.SFEN())
	}
}
