package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
	"kiki/kif"
	"kiki/ui/match"
	"kiki/ui/widget"
)

// A game being played is written after every change to
// Options.RecoveryFile (atomically, as KIF in UTF-8), and removed once it
// is saved, discarded or the program quits normally; a file left there by
// a crash or a closed terminal is offered back at the next start, as
// editors recover files.

// The KIF says who played only as names (先手 gpsshogi …), which is not
// enough to play on: beside it, recoveryMetaPath holds the players
// themselves (kiki's AI and its level, or an engine's path) and the
// engine settings, so that a resumed game is the game that was left.

// recoveryState remembers what was last asked of the writer, so that
// the file is written once per change rather than on every message. The
// change is judged by the bytes themselves: a pointer and a few counts
// missed edits that keep them (a promoted variation, a comment rewritten).
type recoveryState struct {
	written bool
	data    []byte // the record and its note as last asked, side by side
	seq     uint64 // the last job handed to the writer
	writer  *recoveryWriter
	last    *recoveryJob // the last write asked, for settleRecovery in tests
}

// recoveryJob is one state of the recovery file: the record and its
// note, or nil data to remove both.
type recoveryJob struct {
	seq        uint64
	path       string
	data, note []byte
}

// recoveryWriter writes the recovery file off the UI goroutine. Jobs may
// run in any order (each is a tea.Cmd); the newest wins: one older than
// the last written is dropped, so a late write never undoes a newer one
// or brings back a file that was removed.
type recoveryWriter struct {
	mu   sync.Mutex
	done uint64
}

// recoveryFailedMsg reports a write that failed.
type recoveryFailedMsg struct{ err error }

// run writes (or removes) the files of j unless a newer job came first.
func (w *recoveryWriter) run(j recoveryJob) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if j.seq <= w.done {
		return nil
	}
	w.done = j.seq
	if j.data == nil {
		os.Remove(j.path)
		os.Remove(recoveryMetaPath(j.path))
		return nil
	}
	err := os.MkdirAll(filepath.Dir(j.path), 0o700)
	// The note first: a record is never left with the note of another game.
	if err == nil {
		err = kif.WriteAtomic(recoveryMetaPath(j.path), j.note)
	}
	if err == nil {
		err = kif.WriteAtomic(j.path, j.data)
	}
	return err
}

// recoveryMeta is the note beside the recovery file.
type recoveryMeta struct {
	// Started is the record's 開始日時: a note that does not match its
	// record (left by another game) is not used.
	Started string `json:"started"`
	// Players are the game's, by colour (先手, 後手).
	Players [2]recoveredPlayer `json:"players"`
	// Engine is the external engine's settings (its sides and the
	// analyser use them); Analyser, whether it analysed.
	Engine   EngineConfig `json:"engine"`
	Analyser bool         `json:"analyser,omitempty"`
}

// recoveredPlayer is a match.Player as the note writes it.
type recoveredPlayer struct {
	AI     bool   `json:"ai,omitempty"`
	Level  int    `json:"level,omitempty"`
	Engine string `json:"engine,omitempty"`
	Name   string `json:"name,omitempty"`
	// Args and Options are how its engine is run (each side its own).
	Args    []string `json:"args,omitempty"`
	Options []string `json:"options,omitempty"`
}

// recoveryMetaPath is the note's file: the recovery file's name with
// .json for its extension.
func recoveryMetaPath(path string) string {
	return strings.TrimSuffix(path, filepath.Ext(path)) + ".json"
}

// recoveryNote is the note for the game of session s.
func (m *Model) recoveryNote(s *session) recoveryMeta {
	started, _ := s.rec.Get("開始日時")
	n := recoveryMeta{Started: started, Engine: m.ext.cfg, Analyser: m.ext.analyse}
	for c, pl := range s.match.Players {
		n.Players[c] = recoveredPlayer{AI: pl.AI, Level: pl.Level, Engine: pl.Engine, Name: pl.Name, Args: pl.Args, Options: pl.Options}
	}
	return n
}

// readRecoveryNote reads the note beside the recovery file, when there is
// one for r.
func (m *Model) readRecoveryNote(r *kif.Record) (recoveryMeta, bool) {
	var n recoveryMeta
	data, err := os.ReadFile(recoveryMetaPath(m.opts.RecoveryFile))
	if err != nil || json.Unmarshal(data, &n) != nil {
		return recoveryMeta{}, false
	}
	started, _ := r.Get("開始日時")
	return n, n.Started == started
}

// autosave keeps the recovery file in step with the player's game (the
// one on screen, or under the room on top): it encodes here, and the
// writing runs as a command, off the UI goroutine.
func (m *Model) autosave() tea.Cmd {
	path := m.opts.RecoveryFile
	if path == "" || m.s == nil || m.quitting {
		// Quitting dropped the file on purpose (quit without saving):
		// writing it again would offer the game back at the next start.
		return nil
	}
	s := m.recordSession()
	if !s.game || !s.dirty || s.rec.Root == nil || len(s.rec.Root.Children) == 0 {
		if m.recovery.written {
			m.dropRecovery()
		}
		return nil
	}
	note, err := json.Marshal(m.recoveryNote(s))
	if err != nil {
		note = nil // cannot happen: the note is plain data
	}
	data, err := kif.Encode(s.rec, kif.FormatKIFU)
	if err != nil {
		return m.recoveryFailed(err, append(data, note...))
	}
	both := append(append([]byte{}, data...), note...)
	if m.recovery.written && bytes.Equal(both, m.recovery.data) {
		return nil
	}
	m.recovery.written, m.recovery.data = true, both
	j := m.recoveryJob(path, data, note)
	m.recovery.last = &j
	w := m.recovery.writer
	return func() tea.Msg {
		if err := w.run(j); err != nil {
			return recoveryFailedMsg{err}
		}
		return nil
	}
}

// recoveryJob numbers a new job for the writer, making it first.
func (m *Model) recoveryJob(path string, data, note []byte) recoveryJob {
	if m.recovery.writer == nil {
		m.recovery.writer = &recoveryWriter{}
	}
	m.recovery.seq++
	return recoveryJob{seq: m.recovery.seq, path: path, data: data, note: note}
}

// recoveryFailed says that the recovery file could not be written; the
// same state is not tried again on every message.
func (m *Model) recoveryFailed(err error, state []byte) tea.Cmd {
	m.setMessage(m.tr("recovery.failed")+err.Error(), true)
	m.recovery.data = state
	return nil
}

// dropRecovery removes the recovery file: its game was saved or
// deliberately discarded.
func (m *Model) dropRecovery() {
	if m.opts.RecoveryFile == "" {
		return
	}
	// Removed at once, through the writer, so that a write still on its
	// way cannot bring the file back.
	j := m.recoveryJob(m.opts.RecoveryFile, nil, nil)
	m.recovery.writer.run(j)
	m.recovery.written, m.recovery.data, m.recovery.last = false, nil, nil
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
	m.dialog = &widget.Choice{Question: q, Options: []widget.Option{
		widget.Opt("r", m.tr("ask.resume"), resumeRecoveryMsg{r}),
		widget.Opt("d", m.tr("ask.discard"), dropRecoveryMsg{}),
		widget.Opt("esc", m.tr("recovery.later"), nil),
	}}
}

// resumeGame continues a recovered game at its last move with the same
// players (kiki's AI at its level, an engine with its settings), from
// the note beside the record, else from the record's header; a side the
// header names as neither a person nor kiki's AI was an engine that
// cannot be named, and the person is asked (resumeOffer). A game that
// had ended opens as a record.
func (m *Model) resumeGame(r *kif.Record) tea.Cmd {
	note, noted := m.readRecoveryNote(r)
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
	level := func(n int) int {
		if n < 1 || n > 10 {
			return m.opts.Level
		}
		return n
	}
	names := m.s.sideNames()
	var unknown []string
	for c := range m.s.match.Players {
		if noted {
			pl := note.Players[c]
			m.s.match.Players[c] = player{AI: pl.AI || pl.Engine != "", Level: level(pl.Level), Engine: pl.Engine, Name: pl.Name,
				Args: pl.Args, Options: pl.Options}
			if pl.Engine != "" && pl.Engine == note.Engine.Path && pl.Args == nil && pl.Options == nil {
				// A note from before each side kept its own settings.
				m.s.match.Players[c] = enginePlayer(note.Engine, level(pl.Level))
				m.s.match.Players[c].Name = pl.Name
			}
			continue
		}
		v, _ := r.Get(names[c])
		v = strings.TrimSpace(v)
		if lv, ok := strings.CutPrefix(v, "AI Lv"); ok {
			n, err := strconv.Atoi(lv)
			if err != nil {
				n = 0
			}
			m.s.match.Players[c] = player{AI: true, Level: level(n)}
		} else if v != "" && v != (player{}).String() {
			unknown = append(unknown, names[c]+" "+v)
		}
	}
	if noted && note.Engine.Path != "" {
		// The game's own engine settings, whatever this run started with
		// (a game that had none keeps this run's).
		m.ext.closeEngines()
		m.ext.cfg, m.ext.analyse = note.Engine, note.Analyser && note.Engine.Path != ""
		m.ext.resumed = true
	}
	m.s.playing = true
	m.replay = false
	m.s.match.Started = m.opts.Now()
	clockText, _ := r.Get("持ち時間")
	m.s.match.Clock = restoreClock(clockText, m.s.rec.MainLine(), m.opts.Now())
	m.board.flipped = m.s.match.Players[0].AI && !m.s.match.Players[1].AI
	m.setMessage(m.tr("recovery.resumed"), false)
	if len(unknown) > 0 {
		m.resumeOffer(fmt.Sprintf(m.tr("resume.unknown"), strings.Join(unknown, ", ")))
	}
	return tea.Batch(m.loadEngines(), m.maybeStartAI())
}

// resumeOffer tells that a resumed game cannot have its engine back
// (why) and offers to play on as human against human (Enter, y, Esc:
// the engine's side is the person's already) or to choose the players
// again from this position (p).
func (m *Model) resumeOffer(why string) {
	m.dialog = &widget.Choice{Question: why, Sel: 1, Options: []widget.Option{
		widget.Opt("p", m.tr("resume.players"), showNewGameMsg{fromHere: true}),
		widget.Opt("y", m.tr("resume.humans"), nil),
	}}
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
