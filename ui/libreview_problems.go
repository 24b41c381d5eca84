package ui

import (
	"fmt"
	"path/filepath"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai/review"
	"kiki/game"
	"kiki/kif/library"
	"kiki/ui/widget"
)

// Problems from a player's games (T on the list, "自分の対局から"): with
// the list filtered by a player (p), the mistakes that player made in
// every game listed that the review has done (A) become problems in
// mistakes.json, each with its file, its game in the file and its move;
// T, p asks them, as T, p does on the board.

type (
	// libProblemsMsg makes the problems of the player's reviewed games.
	libProblemsMsg struct{ player string }
	// libProblemsMadeMsg says how it went.
	libProblemsMadeMsg struct {
		st                  *libraryState
		added, games, fresh int // problems new, games used, games not reviewed yet
		err                 error
	}
)

// libraryProblemsMenu is T on the list: practise the problems kept, or
// make problems of the filtered player's reviewed games.
func (m *Model) libraryProblemsMenu() tea.Cmd {
	set, q, ok := m.problemSet()
	if !ok {
		return nil
	}
	st := m.library
	var cs []widget.Option
	if len(set.Problems) > 0 {
		cs = append(cs, widget.Opt("p", m.tr("dr.practise"), drillStartMsg{}))
	}
	if st.player != "" {
		cs = append(cs, widget.Opt("m", fmt.Sprintf(m.tr("lrv.make"), st.player), libProblemsMsg{st.player}))
	} else {
		q += "\n" + m.tr("lrv.needPlayer")
	}
	m.dialog = &widget.Choice{Question: q, Options: append(cs, widget.Opt("esc", m.tr("dr.cancel"), nil))}
	return nil
}

// makeLibProblems collects, off the UI's goroutine, the problems of
// player's mistakes in the games listed whose review is done.
func (m *Model) makeLibProblems(player string) tea.Cmd {
	st := m.library
	if st == nil || st.lib == nil {
		return nil
	}
	entries := make([]library.Entry, len(st.shown))
	for i, e := range st.shown {
		entries[i] = st.lib.Entries[e]
	}
	setup, dir, now, root := m.reviewSetup(), m.dataDir(), m.now(), st.root
	m.setMessage(m.tr("lrv.making"), false)
	return func() tea.Msg {
		out := libProblemsMadeMsg{st: st}
		var ps []review.Problem
		for _, e := range entries {
			sides := playerSides(e, player)
			if len(sides) == 0 || e.Err != "" {
				continue
			}
			path := filepath.Join(root, e.File)
			rec, err := libraryGame(path, e.Game)
			if err != nil {
				continue // said when the list or the review read it
			}
			g := gameOf(rec)
			res, ok, err := setup.cache.Load(g.Key(), setup.set.Key())
			if !ok || err != nil || !res.Done {
				out.fresh++
				continue
			}
			out.games++
			for _, c := range sides {
				name := [2]string{e.Black, e.White}[c]
				ps = append(ps, review.From(res, g, c, review.Source{File: path, Index: e.Game, Player: name})...)
			}
		}
		set, err := review.LoadSet(dir)
		if err != nil {
			out.err = err
			return out
		}
		out.added = set.Add(now, ps...)
		if out.added > 0 {
			out.err = set.Save(dir)
		}
		return out
	}
}

// playerSides are the sides of e whose name holds player (as the filter
// compares them).
func playerSides(e library.Entry, player string) []game.Color {
	var out []game.Color
	p := fold(player)
	for c, name := range [2]string{e.Black, e.White} {
		if p != "" && strings.Contains(fold(name), p) {
			out = append(out, game.Color(c))
		}
	}
	return out
}

// libProblemsMade says how many problems are new.
func (m *Model) libProblemsMade(msg libProblemsMadeMsg) {
	switch {
	case msg.err != nil:
		m.setMessage(fileErrWords(m.lang, msg.err), true)
	case msg.games == 0:
		m.setMessage(fmt.Sprintf(m.tr("lrv.noneReviewed"), msg.fresh), true)
	default:
		s := fmt.Sprintf(m.tr("lrv.made"), msg.added, msg.games)
		if msg.fresh > 0 {
			s += fmt.Sprintf(m.tr("lrv.notYet"), msg.fresh)
		}
		m.setMessage(s, false)
	}
}
