package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/kif"
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
		m.setMessage("自動保存できません (autosave failed): "+err.Error(), true)
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
	q := fmt.Sprintf("前回の対局が保存されずに残っています (an unsaved game was left: %s, %d手)", strings.TrimSpace(when), len(r.MainMoves()))
	m.dialog = &choiceDialog{question: q, choices: []choice{
		{"r", "続きを指す (resume)", resumeRecoveryMsg{r}},
		{"d", "破棄 (discard)", dropRecoveryMsg{}},
		{"esc", "あとで (later: kept until the next game)", nil},
	}}
}

// resumeGame continues a recovered game at its last move: the players
// come from the record's header; a game that had ended opens as a record.
func (m *Model) resumeGame(r *kif.Record) tea.Cmd {
	m.openRecord(r, "", "前回の対局 (recovered)")
	for m.s.forward() {
	}
	m.s.dirty = true
	m.s.game = true
	m.recovery = recoveryState{written: true}
	if r.Ending() != nil {
		m.setMessage("前回の対局 (終局済み) を開きました: s で保存", false)
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
	m.s.match.Clock.TurnAt = m.opts.Now()
	m.board.flipped = m.s.match.Players[0].AI && !m.s.match.Players[1].AI
	m.setMessage("前回の対局を再開しました (resumed; the clock is not restored)", false)
	return m.maybeStartAI()
}
