package ui

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai/review"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/widget"
)

// Problems from the player's own games ('T', "自分の対局から"): the game on
// screen is reviewed in the background (ai/review: every position
// searched, mates looked for by df-pn) and the mistakes of the side the
// player names become problems, kept in the data folder (mistakes.json)
// with a spaced repetition. The drill asks them, due ones first: the
// position before the mistake, answered by one move; right is a move the
// review counts as good as the best (every mating move for a missed
// mate), and either way the line that follows is shown. Like the
// practice, the drill works on its own session: the record on screen
// comes back when it is left.

// drillState is the drill on screen.
type drillState struct {
	boardParts // the board's side panel and status line
	set        review.Set
	order      []review.Problem
	idx        int
	answered   bool
	// covered is the board it opened over; its analysis (a graph of that
	// game must not show over a problem) comes back with it.
	covered
	// fromLibrary: it was opened over the library's list (T, p there),
	// which comes back when it is left.
	fromLibrary bool
}

// reviewState is a review of the game on screen for problems, running in
// the background.
type reviewState struct {
	running bool
	gen     int
	cancel  context.CancelFunc
}

// Messages of the review for problems.
type (
	mistakesAskMsg struct {
		side game.Color
		stop bool // stop the review running
	}
	drillStartMsg  struct{}
	reviewProgress struct {
		gen, done, total int
		ch               chan tea.Msg
	}
	reviewDoneMsg struct {
		gen   int
		added int
		err   error
	}
)

// dataDir is the data folder; "" is none.
func (m *Model) dataDir() string { return m.opts.DataDir }

// problemSet reads the problems kept in the data folder and the menu's
// question saying how many there are and are due; ok false (said on
// the status line) when there is no data folder or the file is unreadable.
func (m *Model) problemSet() (set review.Set, question string, ok bool) {
	if m.dataDir() == "" {
		m.setMessage(m.tr("dr.noData"), true)
		return set, "", false
	}
	set, err := review.LoadSet(m.dataDir())
	if err != nil {
		m.setMessage(fileErrWords(m.lang, err), true)
		return set, "", false
	}
	return set, fmt.Sprintf(m.tr("dr.menu"), len(set.Problems), set.Due(m.now())), true
}

// mistakesMenu is 'T': practise the problems kept, or make problems of
// the mistakes of one side of the game on screen.
func (m *Model) mistakesMenu() tea.Cmd {
	set, q, ok := m.problemSet()
	if !ok {
		return nil
	}
	var cs []widget.Option
	if len(set.Problems) > 0 && !m.gameOn() {
		cs = append(cs, widget.Opt("p", m.tr("dr.practise"), drillStartMsg{}))
	}
	if len(m.s.rec.MainMoves()) >= 2 && (!m.s.playing || m.s.end.over) {
		names := m.s.sideNames()
		for c := game.Black; c <= game.White; c++ {
			side := names[c]
			if who, _ := m.s.rec.Get(names[c]); strings.TrimSpace(who) != "" {
				side += " " + m.playerName(strings.TrimSpace(who))
			}
			cs = append(cs, widget.Opt([]string{"b", "w"}[c], fmt.Sprintf(m.tr("dr.add"), side), mistakesAskMsg{side: c}))
		}
	}
	if m.review.running {
		q = m.tr("dr.running")
		cs = []widget.Option{widget.Opt("s", m.tr("dr.stop"), mistakesAskMsg{stop: true})}
	}
	m.dialog = &widget.Choice{Question: q, Options: append(cs, widget.Opt("esc", m.tr("dr.cancel"), nil))}
	return nil
}

// now is the model's clock.
func (m *Model) now() time.Time {
	if m.opts.Now != nil {
		return m.opts.Now()
	}
	return time.Now()
}

// reviewForProblems reviews the game on screen in the background and
// adds the mistakes of side to the problems; stop stops a review.
func (m *Model) reviewForProblems(side game.Color, stop bool) tea.Cmd {
	r := &m.review
	if r.cancel != nil {
		r.cancel()
	}
	r.gen++
	r.running = false
	if stop {
		m.setMessage(m.tr("dr.stopped"), false)
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel, r.running = cancel, true
	rec := m.s.rec
	g := review.Game{Start: rec.StartPosition(), Moves: rec.MainMoves()}
	who, _ := rec.Get(m.s.sideNames()[side])
	src := review.Source{File: m.s.path, Player: who}
	dir, gen, now, setup := m.dataDir(), r.gen, m.now(), m.reviewSetup()
	ch := make(chan tea.Msg, 4)
	m.setMessage(fmt.Sprintf(m.tr("dr.reviewing"), 0, len(g.Moves)), false)
	go func() {
		defer cancel()
		ch <- reviewGame(ctx, g, side, src, setup, dir, gen, now, func(done int) {
			select {
			case ch <- reviewProgress{gen, done, len(g.Moves), ch}:
			default:
			}
		})
	}()
	return waitEvent(ch)
}

// reviewGame reviews g (reviewer.game: the cache's result goes on) and
// adds side's mistakes to the problem set.
func reviewGame(ctx context.Context, g review.Game, side game.Color, src review.Source, setup reviewSetup, dir string, gen int, now time.Time, progress func(int)) tea.Msg {
	rv, err := setup.start()
	if err != nil {
		return reviewDoneMsg{gen: gen, err: err}
	}
	defer rv.close()
	res, _, err := rv.game(ctx, g, progress)
	if err != nil {
		return reviewDoneMsg{gen: gen, err: err}
	}
	ps, err := review.LoadSet(dir)
	if err != nil {
		return reviewDoneMsg{gen: gen, err: err}
	}
	added := ps.Add(now, review.From(res, g, side, src)...)
	return reviewDoneMsg{gen: gen, added: added, err: ps.Save(dir)}
}

// onReview takes the review's progress and its end.
func (m *Model) onReview(msg tea.Msg, ch chan tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case reviewProgress:
		if msg.gen == m.review.gen && m.review.running {
			m.setMessage(fmt.Sprintf(m.tr("dr.reviewing"), msg.done, msg.total), false)
		}
		return waitEvent(ch)
	case reviewDoneMsg:
		if msg.gen != m.review.gen {
			return nil
		}
		m.review.running = false
		switch {
		case msg.err == context.Canceled:
		case msg.err != nil:
			m.setMessage(m.tr("dr.failed")+fileErrWords(m.lang, msg.err), true)
		default:
			m.setMessage(fmt.Sprintf(m.tr("dr.added"), msg.added), false)
		}
	}
	return nil
}

// startDrill opens the drill on the problems due first.
func (m *Model) startDrill() tea.Cmd {
	if m.roomGameOn("dr.gameOn") {
		return nil
	}
	set, err := review.LoadSet(m.dataDir())
	if err != nil || len(set.Problems) == 0 {
		m.setMessage(m.tr("dr.none"), true)
		return nil
	}
	m.room = &drillState{set: set, order: set.Order(m.now()), covered: m.cover(), fromLibrary: m.libraryShown()}
	m.analysis.Reset()
	if m.drill().fromLibrary {
		m.library.hidden = true // the board shows the problem
	}
	m.showDrill()
	return nil
}

// showDrill puts the drill's problem on the board.
func (m *Model) showDrill() {
	d := m.drill()
	p := d.order[d.idx]
	pos, err := p.Position()
	if err != nil {
		m.setMessage(fmt.Sprintf(m.tr("dr.bad"), p.ID, err), true)
		return
	}
	m.s = newSession(pos)
	m.replay = false
	m.board.deselect()
	m.board.flipped = pos.Side() == game.White
	d.answered = false
	played := p.Played
	if mv, err := pos.ParseUSIMove(p.Played); err == nil {
		played = moveLabel(pos, mv)
	}
	kind := m.tr("dr.kindLoss")
	if p.Kind == review.MissedMate {
		kind = m.tr("dr.kindMate")
	}
	m.setMessage(fmt.Sprintf(m.tr("dr.ask"), d.idx+1, len(d.order), filepath.Base(p.Source), p.Ply, played, kind), false)
}

// status is the drill's status line: the problem and what it asks kept
// in view (the message that says it goes with the next key), then the
// board's status.
func (d *drillState) status(m *Model) string {
	p := d.order[d.idx]
	kind := m.tr("dr.kindLoss")
	if p.Kind == review.MissedMate {
		kind = m.tr("dr.kindMate")
	}
	return m.theme.Title.Render(fmt.Sprintf(m.tr("dr.status"), d.idx+1, len(d.order), kind)) + "  " + m.statusLine()
}

// moveLabel is a move as the record writes it, from p.
func moveLabel(p *game.Position, mv game.Move) string { return kif.LineText(p, []game.Move{mv}, 1) }

// drillMove judges the player's answer and shows the line that follows.
func (m *Model) drillMove(mv game.Move) tea.Cmd {
	d := m.drill()
	if d.answered {
		return nil
	}
	p := d.order[d.idx]
	pos := m.s.pos.Clone()
	right := p.Right(mv)
	d.answered = true
	d.set.Answer(p.ID, right, m.now())
	var line []game.Move
	q := pos.Clone()
	for _, u := range p.Line {
		x, err := q.ParseUSIMove(u)
		if err != nil || !q.IsLegal(x) {
			break
		}
		line = append(line, x)
		q.DoMove(x)
	}
	m.s.play(mv, 0)
	m.board.deselect()
	verdict := fmt.Sprintf(m.tr("dr.wrong"), kif.LineText(pos, line, 8))
	if right {
		verdict = fmt.Sprintf(m.tr("dr.right"), kif.LineText(pos, line, 8))
	}
	m.setMessage(verdict, !right)
	set, dir := d.set, m.dataDir()
	return func() tea.Msg {
		if err := set.Save(dir); err != nil {
			return drillSaveErrMsg{err}
		}
		return nil
	}
}

// drillSaveErrMsg says the set could not be kept.
type drillSaveErrMsg struct{ err error }

// drillKey is the drill's keys: n the next problem, Esc leaves; the
// board's keys play the answer.
func (m *Model) drillKey(msg tea.KeyMsg) tea.Cmd {
	if cmd, ok := m.modeKey(msg); ok {
		return cmd
	}
	d := m.drill()
	switch {
	case key.Matches(msg, m.keys.Cancel) && m.board.hasSelection():
		m.board.deselect()
	case key.Matches(msg, m.keys.Cancel):
		return m.answer(leaveRoomMsg{})
	case key.Matches(msg, m.keys.NewGame):
		if d.idx+1 >= len(d.order) {
			cmd := m.leaveDrill()
			m.setMessage(m.tr("dr.end"), false)
			return cmd
		}
		d.idx++
		m.showDrill()
	case key.Matches(msg, m.keys.MoveLine):
		m.dialog = newMoveLine(m.lang)
	default:
		for _, g := range []keyGroup{(*Model).boardKey, (*Model).studyKey} {
			if cmd, ok := g(m, msg); ok {
				return cmd
			}
		}
	}
	return nil
}

// leaveDrill shows the session the drill opened over.
func (m *Model) leaveDrill() tea.Cmd {
	d := m.drill()
	m.room = nil
	cmd := m.uncover(d.covered)
	if d.fromLibrary && m.library != nil {
		m.library.hidden = false
	}
	m.setMessage(m.tr("dr.left"), false)
	return cmd
}

// drillHelp are the drill's keys: the board's to answer, n the next
// problem, Esc leaves.
func (k keyMap) drillHelp() helpKeys {
	b := func(keys []string, name, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(name, tr(k.Lang, desc)))
	}
	// The drill's own keys first: a narrow bar drops keys from the end.
	next, leave := b([]string{"n"}, "n", "dr.key.next"), b([]string{"esc"}, "esc", "dr.key.leave")
	short := []key.Binding{k.Up, k.Select, next, leave, k.HandNext, k.MoveLine, k.Help, k.Quit}
	return helpKeys{short: short, full: [][]key.Binding{{k.Up, k.Select, k.HandNext, k.MoveLine}, {next, leave, k.Help, k.Quit}}}
}
