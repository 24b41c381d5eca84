package ui

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
	"kiki/kif"
)

// step moves n plies through the line on screen (negative: back).
func (m *Model) step(n int) tea.Cmd {
	if m.s.playing && !m.s.end.over {
		m.setMessage("対局中です: u で待った, or finish the game first", true)
		return nil
	}
	m.cancelAIUnlessAnalysis()
	for ; n < 0 && m.s.back(); n++ {
	}
	for ; n > 0 && m.s.forward(); n-- {
	}
	m.selected, m.dropKind = game.NoSquare, game.NoPieceType
	return m.analysisFollow()
}

func (m *Model) cancelAIUnlessAnalysis() {
	if m.ai.thinking && m.ai.purpose != "analysis" {
		m.cancelAI()
	}
}

// jumpKey collects the digits after 'g' and jumps on Enter.
func (m *Model) jumpKey(msg tea.KeyMsg) tea.Cmd {
	s := msg.String()
	switch {
	case len(s) == 1 && s[0] >= '0' && s[0] <= '9':
		m.jumpDigits += s
		m.setMessage("go to move: "+m.jumpDigits, false)
		return nil
	case s == "backspace" && m.jumpDigits != "":
		m.jumpDigits = m.jumpDigits[:len(m.jumpDigits)-1]
		m.setMessage("go to move: "+m.jumpDigits, false)
		return nil
	case s == "enter":
		m.pendingG = false
		n, err := strconv.Atoi(m.jumpDigits)
		if err != nil {
			m.setMessage("go to move: no number given", true)
			return nil
		}
		return m.step(n - m.s.node.Ply)
	}
	m.pendingG = false
	m.setMessage("", false)
	return nil
}

// switchBranch moves to the previous or next alternative of the nearest
// move (at or before the current one) that has alternatives.
func (m *Model) switchBranch(dir int) tea.Cmd {
	for n := m.s.node; n != nil && n.Parent != nil; n = n.Parent {
		sib := n.Parent.Children
		if len(sib) < 2 {
			continue
		}
		i := (n.Index() + dir + len(sib)) % len(sib)
		target := sib[i]
		if target.IsSpecial() {
			m.s.goTo(n.Parent)
		} else {
			m.s.goTo(target)
		}
		m.setMessage(fmt.Sprintf("変化 %d/%d at move %d", i+1, len(sib), target.Ply), false)
		return m.analysisFollow()
	}
	m.setMessage("no variations here", true)
	return nil
}

// openVariations lists the alternatives to the next move (or, at the end
// of a line, to the current one).
func (m *Model) openVariations() {
	parent := m.s.node
	if len(parent.Children) < 2 && parent.Parent != nil && len(parent.Parent.Children) >= 2 {
		parent = parent.Parent
	}
	if len(parent.Children) < 2 {
		m.setMessage("no variations here", true)
		return
	}
	d := &variationsDialog{parent: parent}
	for i, c := range parent.Children {
		if c == m.s.node {
			d.sel = i
		}
	}
	m.dialog = d
}

// promoteVariation makes the current line the main line.
func (m *Model) promoteVariation() {
	if m.s.node.IsMainLine() {
		m.setMessage("already the main line", true)
		return
	}
	kif.Promote(m.s.node)
	m.s.dirty = true
	m.setMessage("this line is now the main line", false)
}

// deleteVariation removes the variation the current move belongs to.
func (m *Model) deleteVariation() {
	n := m.s.node
	for n.Parent != nil && n.Index() == 0 {
		n = n.Parent
	}
	if n.Parent == nil {
		m.setMessage("the main line cannot be deleted (only variations)", true)
		return
	}
	m.dialog = &confirmDialog{question: fmt.Sprintf("変化 (move %d, %s …) を削除しますか? y/n", n.Ply, nodeLabel(m.s.rec, n)), yes: func(m *Model) tea.Cmd {
		parent := n.Parent
		kif.Remove(n)
		m.s.goTo(parent)
		m.s.dirty = true
		return nil
	}}
}

func (m *Model) askOpen() {
	if m.s.dirty {
		m.dialog = &confirmDialog{question: "保存していない変更があります。破棄して開きますか? (discard changes?) y/n", yes: func(m *Model) tea.Cmd {
			m.dialog = newOpenDialog(m)
			return nil
		}}
		return
	}
	m.dialog = newOpenDialog(m)
}

// loadRecord reads a record file, "-" for standard input, or "lib:NAME"
// from the embedded library.
func (m *Model) loadRecord(path string) (*kif.Record, string, error) {
	if name, ok := strings.CutPrefix(path, "lib:"); ok {
		if m.opts.Library == nil {
			return nil, "", fmt.Errorf("no library")
		}
		data, err := fs.ReadFile(m.opts.Library, name)
		if err != nil {
			return nil, "", err
		}
		r, err := kif.Read(name, data)
		return r, "", err
	}
	if path == "-" {
		data, err := io.ReadAll(os.Stdin)
		if err != nil {
			return nil, "", err
		}
		r, err := kif.Read("stdin", data)
		return r, "", err
	}
	r, err := kif.ReadFile(path)
	return r, path, err
}

// openRecord shows a record for replay.
func (m *Model) openRecord(r *kif.Record, path string) {
	m.cancelAI()
	m.analysis.cancel()
	m.analysis = analysisState{}
	m.s = sessionFromRecord(r, path)
	m.replay = true
	m.flipped = false
	m.selected, m.dropKind = game.NoSquare, game.NoPieceType
	name := path
	if name == "" {
		name = "sample"
	}
	msg := fmt.Sprintf("opened %s: %d moves", filepath.Base(name), len(r.MainMoves()))
	if len(r.Warnings) > 0 {
		msg += fmt.Sprintf(" (%d warnings; first: %s)", len(r.Warnings), r.Warnings[0])
	}
	m.setMessage(msg, len(r.Warnings) > 0)
}

// save writes the record to its file, or asks for one. The format follows
// the extension: .kif (Shift_JIS) .kifu (UTF-8) .ki2 .csa.
func (m *Model) save(as bool) tea.Cmd {
	m.fillHeaders()
	if !as && m.s.path != "" {
		if err := m.writeRecord(m.s.path); err != nil {
			m.setMessage(err.Error(), true)
		}
		return nil
	}
	def := m.s.path
	if def == "" {
		def = filepath.Join(m.opts.Dir, "kiki-"+m.opts.Now().Format("20060102-150405")+".kif")
	}
	m.dialog = newPathDialog("名前を付けて保存 (save as: .kif .kifu .ki2 .csa)", def, func(m *Model, path string) error {
		return m.writeRecord(path)
	})
	return nil
}

func (m *Model) writeRecord(path string) error {
	f, ok := kif.FormatOfPath(path)
	if !ok || f == kif.FormatUSI || f == kif.FormatSFEN {
		return fmt.Errorf("%s: use .kif, .kifu, .ki2, .ki2u or .csa", path)
	}
	if err := kif.WriteFile(path, m.s.rec, f); err != nil {
		return err
	}
	m.s.path, m.s.format, m.s.dirty = path, f, false
	m.setMessage("saved "+path, false)
	return nil
}

// fillHeaders completes a played game's header before saving.
func (m *Model) fillHeaders() {
	r := m.s.rec
	if _, ok := r.Get("開始日時"); !ok && m.s.started.IsZero() == false {
		r.Set("開始日時", m.s.started.Format("2006/01/02 15:04:05"))
	}
	if m.s.end.over {
		if _, ok := r.Get("終了日時"); !ok {
			r.Set("終了日時", m.opts.Now().Format("2006/01/02 15:04:05"))
		}
		if _, ok := r.Get("結果"); !ok {
			r.Set("結果", m.s.end.banner(m.s.sideNames()))
		}
	}
	_ = time.Second
}

// readDirFS lists the record files at the top of an fs.FS.
func readDirFS(f fs.FS) ([]string, error) {
	ents, err := fs.ReadDir(f, ".")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		if _, ok := kif.FormatOfPath(e.Name()); ok && !e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out, nil
}
