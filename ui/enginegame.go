package ui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
	"kiki/ai/usi"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/enginepanel"
	"kiki/ui/match"
	"kiki/ui/widget"
)

// A game no person plays (two engines, an engine against kiki's AI, or
// kiki against itself) runs by itself on the board, and kiki's rules core
// is its arbiter, as ../shared/tools/usimatch judges:
//
//   - an illegal move, a bestmove that names no move, or a win declared
//     without the right to it: 反則負け;
//   - no move within the side's time (main time left + byoyomi or
//     increment) and match.TimeMargin: 切れ負け (an external engine gets
//     the margin in every game);
//   - an engine that exits or stops answering: it loses, the record
//     ending 中断 (as usimatch writes it) with a comment naming it;
//   - bestmove resign: 投了; a valid declaration: 入玉勝ち;
//   - mate, 千日手 (a draw; perpetual check loses) as in every game;
//   - match.MaxPlies plies: a draw, 持将棋.
//
// The ending node carries a comment saying why. z pauses the game: the
// side to move is stopped and its answer dropped, the clocks stand still
// (the main time it had used stays used, the byoyomi starts afresh), and
// z again has it search anew. Z stops the game (中断, no result), the
// record kept; s saves it as in any game.

// engineGame reports whether a game no person plays is on.
func (m *Model) engineGame() bool {
	return m.s.playing && !m.s.end.over && match.NoPerson(m.s.match.Players)
}

// timeMargin is how far past its time side may answer before it loses:
// match.TimeMargin for an external engine, and for kiki's AI when no
// person plays (both engines are held to the same rule); none otherwise.
func (m *Model) timeMargin(side game.Color) time.Duration {
	if m.s.match.Players[side].Engine != "" || match.NoPerson(m.s.match.Players) {
		return match.TimeMargin
	}
	return 0
}

// who names a side and its player for the arbiter's comments: 先手
// Fairy-Stockfish 11.1.
func (m *Model) who(side game.Color) string {
	return m.s.sideNames()[side] + " " + m.playerName(m.s.match.Players[side].String())
}

// endWith ends the game (the arbiter's ending) and writes why as the
// ending's comment, and says it.
func (m *Model) endWith(winner game.Color, draw bool, reason string, sp kif.Special, why string) {
	m.cancelAI()
	m.s.finish(winner, draw, reason, sp)
	if kids := m.s.node.Children; why != "" && len(kids) > 0 && kids[0].IsSpecial() {
		kids[0].Comments = append(kids[0].Comments, why) // the ending just written
	}
	if why != "" {
		m.setMessage(why, false)
	}
}

// judgeAnswer is the arbiter on an engine's answer in a game no person
// plays (and on an external engine's lateness in any game): it ends the
// game and reports true when the answer loses or ends it.
func (m *Model) judgeAnswer(side game.Color, r ai.Result) bool {
	if m.lateAnswer(side) {
		return true
	}
	if !match.NoPerson(m.s.match.Players) {
		return false
	}
	p := m.s.pos
	switch {
	case r.Declare && !p.CanDeclare():
		pts, n := p.DeclarationPoints(side)
		m.endWith(side.Opp(), false, "反則", kif.FoulLose, fmt.Sprintf(m.tr("arb.badDeclare"), m.who(side), pts, n))
	case r.Declare:
		pts, n := p.DeclarationPoints(side)
		m.endWith(side, false, "入玉宣言", kif.EnteringKing, fmt.Sprintf(m.tr("arb.declared"), m.who(side), pts, n))
	case r.Resign:
		m.spendClock()
		m.endWith(side.Opp(), false, "投了", kif.Resign, fmt.Sprintf(m.tr("arb.resigned"), m.who(side)))
	case !p.IsLegal(r.Move):
		m.endWith(side.Opp(), false, "反則", kif.FoulLose, fmt.Sprintf(m.tr("arb.illegal"), m.who(side), r.Move.USI()))
	default:
		return false
	}
	return true
}

// lateAnswer ends the game on time when side's answer comes later than
// its time and margin allow (the tick may not have seen it yet).
func (m *Model) lateAnswer(side game.Color) bool {
	margin := m.timeMargin(side)
	if margin == 0 || !m.s.clockRunning() || m.remaining(side) >= -margin {
		return false
	}
	m.loseOnTime(side)
	return true
}

// loseOnTime ends the game: side to move has used its time (and margin).
func (m *Model) loseOnTime(side game.Color) {
	c := &m.s.match.Clock
	now := m.opts.Now()
	spent := now.Sub(c.TurnAt)
	allowed := c.Remaining(side, false, now)
	m.cancelAI()
	// The clock shows the zero it ran down to.
	c.Flag(side, now)
	why := ""
	if margin := m.timeMargin(side); margin > 0 {
		why = fmt.Sprintf(m.tr("arb.time"), m.who(side), spent.Seconds(), allowed.Seconds(), margin.Seconds())
	}
	m.endWith(side.Opp(), false, "時間切れ", kif.Timeout, why)
}

// arbiterFault ends a game no person plays when side's engine failed on
// its move (it died, went silent, or sent what is not a move): the side
// loses, never passed to a person. It reports false in a game a person
// plays, which engineFailed handles.
func (m *Model) arbiterFault(side game.Color, err error) bool {
	if !match.NoPerson(m.s.match.Players) || !m.s.playing || m.s.end.over {
		return false
	}
	m.ext.side[side].close()
	m.ext.side[side] = nil
	if m.lateAnswer(side) {
		return true
	}
	var ee *usi.EngineError
	if errors.As(err, &ee) {
		// usimatch's record of a crash: 中断, the winner in the result
		// and the comment.
		m.endWith(side.Opp(), false, "異常終了", kif.Interrupt, fmt.Sprintf(m.tr("arb.crash"), m.who(side), err))
		return true
	}
	m.endWith(side.Opp(), false, "反則", kif.FoulLose, fmt.Sprintf(m.tr("arb.fault"), m.who(side), err))
	return true
}

// judgeMaxPlies ends a game no person plays that has reached
// match.MaxPlies plies: a draw (持将棋), as usimatch judges.
func (m *Model) judgeMaxPlies() {
	if !m.engineGame() || m.s.node.Ply < match.MaxPlies {
		return
	}
	m.endWith(game.Black, true, "持将棋", kif.Impasse, fmt.Sprintf(m.tr("arb.maxPlies"), match.MaxPlies))
}

// engineGameNotStarted ends a game no person plays whose engines did
// not all start, and reports whether it did: the side whose engine
// failed loses (both failing: no result), as usimatch scores an engine
// that cannot get through isready. The engines that started are closed.
func (m *Model) engineGameNotStarted(msg enginesReadyMsg) bool {
	if side := m.s.pos.Side(); m.waitingForEngine(side) && msg.side[side] != nil {
		// Its turn begins now: starting the program is not thinking.
		m.s.match.Clock.TurnAt = m.opts.Now()
	}
	if !m.engineGame() {
		return false
	}
	var failed []game.Color
	for c := game.Black; c <= game.White; c++ {
		if m.s.match.Players[c].Engine != "" && msg.side[c] == nil && m.ext.side[c] == nil {
			failed = append(failed, c)
		}
	}
	if len(failed) == 0 {
		return false
	}
	msg.side[0].close()
	msg.side[1].close()
	var whos []string
	for _, c := range failed {
		whos = append(whos, m.who(c))
	}
	why := fmt.Sprintf(m.tr("arb.noStart"), strings.Join(whos, ", "), strings.Join(msg.errs, "; "))
	if len(failed) == 2 {
		m.endWith(game.Black, false, "中断", kif.Interrupt, why)
	} else {
		m.endWith(failed[0].Opp(), false, "異常終了", kif.Interrupt, why)
	}
	m.msgErr = true
	return true
}

// waitingForEngine reports whether side is played by an external engine
// that has not started yet; its clock does not fall meanwhile.
func (m *Model) waitingForEngine(side game.Color) bool {
	return m.s.match.Players[side].Engine != "" && m.ext.side[side] == nil
}

// togglePause is z: it pauses a game no person plays (the side to move
// is stopped, its answer dropped; the clocks stand still) or resumes it.
func (m *Model) togglePause() tea.Cmd {
	s := m.s
	switch {
	case !m.engineGame():
		m.setMessage(m.tr("eg.notEngineGame"), true)
		return nil
	case s.paused:
		s.paused = false
		s.match.Clock.TurnAt = m.opts.Now()
		m.setMessage(m.tr("eg.resumed"), false)
		return m.maybeStartAI()
	}
	if s.match.Clock.On() {
		s.match.Clock.Charge(s.pos.Side(), m.opts.Now())
	}
	s.paused = true
	m.cancelAI()
	m.setMessage(m.tr("eg.paused"), false)
	return nil
}

// askStop is Z: stop a game no person plays, after asking.
func (m *Model) askStop() {
	if !m.engineGame() {
		m.setMessage(m.tr("eg.notEngineGame"), true)
		return
	}
	// The game stands still while the question is up: the engines go
	// on only if the answer is no, and only if they were playing.
	var goOn tea.Msg
	if !m.s.paused {
		m.togglePause()
		goOn = unpauseMsg{}
	}
	m.dialog = &widget.Choice{Question: m.tr("eg.stopAsk"), Options: []widget.Option{
		widget.Opt("y", m.tr("eg.stopYes"), stopGameMsg{}),
		widget.Opt("n", m.tr("eg.stopNo"), goOn),
	}}
}

// unpauseMsg goes on with a game paused while the stop question was up.
type unpauseMsg struct{}

// stopGameMsg is the answer to askStop: the game ends as 中断, with no
// result, its record kept.
type stopGameMsg struct{}

// stopGame ends the game as 中断 with no result.
func (m *Model) stopGame() {
	if !m.engineGame() {
		return
	}
	if !m.s.paused && m.s.match.Clock.On() {
		m.spendClock()
	}
	m.endWith(game.Black, false, "中断", kif.Interrupt, m.tr("eg.stopped"))
}

// noteLine keeps the latest report of the side searching its move in a
// game no person plays, for the panel to show both sides' lines.
func (m *Model) noteLine(i ai.Info) {
	if m.ai.purpose != purposeMove || !match.NoPerson(m.s.match.Players) || i.String != "" || i.MultiPV > 1 || i.Depth == 0 {
		return
	}
	l := &m.s.lines[m.s.pos.Side()]
	if l.Pos == nil || l.Pos.Key() != m.s.pos.Key() || l.Pos.Side() != m.s.pos.Side() {
		l.Pos = m.s.pos.Clone()
	}
	l.Info = i
}

// sideReports are both sides' latest lines for the engine panel, when
// no person plays the game on screen (nil otherwise).
func (m *Model) sideReports() *[2]enginepanel.Side {
	if !m.s.game || !match.NoPerson(m.s.match.Players) {
		return nil
	}
	var out [2]enginepanel.Side
	for c := game.Black; c <= game.White; c++ {
		out[c] = enginepanel.Side{Who: m.who(c), Line: m.s.lines[c],
			Live: m.ai.thinking && m.ai.purpose == purposeMove && m.s.pos.Side() == c}
	}
	return &out
}
