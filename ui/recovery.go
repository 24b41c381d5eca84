package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
	"kiki/kif"
	"kiki/ui/match"
)

// A game being played is written after every change to
// Options.RecoveryFile (atomically, as KIF in UTF-8), and removed once it
// is saved, discarded or the program quits normally; a file left there by
// a crash or a closed terminal is offered back at the next start, as
// editors recover files.

// recoveryState remembers what was last written, so that the file is
// written once per change rather than on every message.
type recoveryState struct {
	written bool
	key     string
}

// autosave keeps the recovery file in step with the game on screen.
func (m *Model) autosave() {
	path := m.opts.RecoveryFile
	if path == "" || m.s == nil {
		return
	}
	if !m.s.game || !m.s.dirty || m.s.rec.Root == nil || len(m.s.rec.Root.Children) == 0 {
		if m.recovery.written {
			m.dropRecovery()
		}
		return
	}
	key := fmt.Sprintf("%p/%v/%v/%d/%d", m.s.node, m.s.end.over, m.s.playing, len(m.s.node.Children), len(m.s.node.Comments))
	if m.recovery.written && key == m.recovery.key {
		return
	}
	data, err := kif.Encode(m.s.rec, kif.FormatKIFU)
	if err == nil {
		err = os.MkdirAll(filepath.Dir(path), 0o700)
	}
	if err == nil {
		err = kif.WriteAtomic(path, data)
	}
	if err != nil {
		m.setMessage(m.tr("recovery.failed")+err.Error(), true)
		m.recovery.key = key // do not retry on every message
		return
	}
	m.recovery.written, m.recovery.key = true, key
}

// dropRecovery removes the recovery file: its game was saved or
// deliberately discarded.
func (m *Model) dropRecovery() {
	if m.opts.RecoveryFile == "" {
		return
	}
	os.Remove(m.opts.RecoveryFile)
	m.recovery = recoveryState{}
}

// offerRecovery asks, at start, whether to take back a game left in the
// recovery file by a previous run that did not end normally.
func (m *Model) offerRecovery() {
	path := m.opts.RecoveryFile
	if path == "" {
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return
	}
	r, err := kif.Read(path, data)
	if err != nil || len(r.MainMoves()) == 0 {
		return
	}
	when, _ := r.Get("開始日時")
	q := fmt.Sprintf(m.tr("recovery.ask"), strings.TrimSpace(when), len(r.MainMoves()))
	m.dialog = &choiceDialog{question: q, choices: []choice{
		{"r", m.tr("ask.resume"), resumeRecoveryMsg{r}},
		{"d", m.tr("ask.discard"), dropRecoveryMsg{}},
		{"esc", m.tr("recovery.later"), nil},
	}}
}

// resumeGame continues a recovered game at its last move: the players
// come from the record's header; a game that had ended opens as a record.
func (m *Model) resumeGame(r *kif.Record) tea.Cmd {
	m.openRecord(r, "", m.tr("recovery.name"))
	for m.s.forward() {
	}
	m.s.dirty = true
	m.s.game = true
	m.recovery = recoveryState{written: true}
	if r.Ending() != nil {
		m.setMessage(m.tr("recovery.ended"), false)
		return nil
	}
	names := m.s.sideNames()
	for c := range m.s.match.Players {
		v, _ := r.Get(names[c])
		if lv, ok := strings.CutPrefix(strings.TrimSpace(v), "AI Lv"); ok {
			n, err := strconv.Atoi(lv)
			if err != nil || n < 1 || n > 10 {
				n = m.opts.Level
			}
			m.s.match.Players[c] = player{AI: true, Level: n}
		}
	}
	m.s.playing = true
	m.replay = false
	m.s.match.Started = m.opts.Now()
	clockText, _ := r.Get("持ち時間")
	m.s.match.Clock = restoreClock(clockText, m.s.rec.MainLine(), m.opts.Now())
	m.board.flipped = m.s.match.Players[0].AI && !m.s.match.Players[1].AI
	m.setMessage(m.tr("recovery.resumed"), false)
	return m.maybeStartAI()
}

// restoreClock is the clocks of a recovered game: its time control (the
// record's 持ち時間 header; none when absent or unreadable), with the time
// each move of the line spent charged to its mover, the next turn
// beginning now.
func restoreClock(header string, line []*kif.Node, now time.Time) match.Clock {
	tc, ok := parseTimeControl(header)
	if !ok {
		return match.NewClock(timeControl{}, now)
	}
	c := match.NewClock(tc, now)
	for _, n := range line {
		if n.IsSpecial() || n.Move == game.NoMove {
			continue
		}
		c.TurnAt = now
		c.Spend(n.Move.Piece().Color(), now.Add(n.Time))
	}
	c.TurnAt = now
	return c
}

// parseTimeControl reads what match.TimeControl's String writes:
// 持ち時間10分 秒読み30秒, 持ち時間1分30秒 加算5秒, 持ち時間60分 切れ負け.
func parseTimeControl(s string) (timeControl, bool) {
	f := strings.Fields(s)
	if len(f) != 2 {
		return timeControl{}, false
	}
	mainText, ok := strings.CutPrefix(f[0], "持ち時間")
	if !ok {
		return timeControl{}, false
	}
	main, ok := parseJaDuration(mainText)
	if !ok {
		return timeControl{}, false
	}
	tc := timeControl{Main: main}
	switch {
	case f[1] == "切れ負け":
		tc.Kind = match.Sudden
	case strings.HasPrefix(f[1], "秒読み"):
		tc.Kind = match.Byoyomi
		tc.Byoyomi, ok = parseJaDuration(strings.TrimPrefix(f[1], "秒読み"))
	case strings.HasPrefix(f[1], "加算"):
		tc.Kind = match.Fischer
		tc.Inc, ok = parseJaDuration(strings.TrimPrefix(f[1], "加算"))
	default:
		ok = false
	}
	return tc, ok
}

// parseJaDuration reads 10分, 1分30秒, 30秒.
func parseJaDuration(s string) (time.Duration, bool) {
	var d time.Duration
	if mins, rest, ok := strings.Cut(s, "分"); ok {
		n, err := strconv.Atoi(mins)
		if err != nil || n < 0 {
			return 0, false
		}
		d += time.Duration(n) * time.Minute
		s = rest
	}
	if secs, ok := strings.CutSuffix(s, "秒"); ok {
		n, err := strconv.Atoi(secs)
		if err != nil || n < 0 {
			return 0, false
		}
		d += time.Duration(n) * time.Second
	} else if s != "" {
		return 0, false
	}
	return d, true
}
