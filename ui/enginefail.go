package ui

import (
	"errors"
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai"
	"kiki/ai/usi"
	"kiki/game"
	"kiki/kif"
	"kiki/ui/widget"
)

// What happens when an external engine fails (issue 43 item 5). The USI
// client has already ended a silent engine and noticed a dead one; here
// the failure is said in the screen's words, the engine is closed, and:
//   - in a game, its side passes to the person, who is asked whether to
//     go on alone (the default), save the record, or stop the game;
//   - in an analysis, the analysis stops, and the next one the person
//     starts is the built-in AI's (the engine is not tried again, and
//     nothing changes engine behind the person's back).
// The board answers keys throughout: the engine runs off the UI
// goroutine and its reports reach the screen at most 20 times a second
// (infothrottle.go).

// engineFailAnswerMsg answers the offer after an engine failed (why):
// go on alone, or stop (the game ends there, as interrupted: 中断), and
// save the record.
type engineFailAnswerMsg struct {
	why        string
	stop, save bool
}

// engineFailOffer asks the person, after the engine of the other side
// failed (why), to go on alone (Enter, c, Esc: the side is the person's
// already), to save the record (the game stops there), or to stop the
// game.
func (m *Model) engineFailOffer(why string) {
	// The question says what happened; the status line would say it twice.
	m.setMessage("", false)
	m.dialog = &widget.Choice{Question: m.tr("engine.error") + why + "\n" + m.tr("efail.ask"), Sel: 2, Options: []widget.Option{
		widget.Opt("s", m.tr("efail.save"), engineFailAnswerMsg{why: why, stop: true, save: true}),
		widget.Opt("e", m.tr("efail.stop"), engineFailAnswerMsg{why: why, stop: true}),
		widget.Opt("c", m.tr("efail.alone"), engineFailAnswerMsg{why: why}),
	}}
}

// onEngineFailAnswer goes on with the side passed to the person (the
// status line says so), or ends the game as interrupted and, when asked,
// saves it.
func (m *Model) onEngineFailAnswer(msg engineFailAnswerMsg) tea.Cmd {
	if !msg.stop {
		m.setMessage(m.tr("engine.error")+msg.why+m.tr("engine.takeover"), true)
		return nil
	}
	if m.s.playing && !m.s.end.over {
		m.cancelAI()
		m.s.finish(m.s.pos.Side(), false, "中断", kif.Interrupt)
	}
	if msg.save {
		return m.saveThen(nil)
	}
	return nil
}

// analyserFailed reports the external analyser's failure: it is ended,
// the analysis stops (continuous and whole-game: they share it), and the
// built-in AI analyses when the person starts an analysis again.
func (m *Model) analyserFailed(err error) {
	m.ext.analyser.close()
	m.ext.analyser, m.ext.analyse = nil, false
	if m.ai.thinking && m.ai.purpose != purposeMove {
		m.cancelAI()
	}
	m.analysis.On = false
	if m.analysis.Running {
		m.analysis.Cancel()
	}
	m.setMessage(m.tr("engine.error")+engineFailWords(m.lang, err)+m.tr("efail.analysisStopped"), true)
}

// cancelledSearchFailed reports an engine that failed in a search already
// cancelled (deaf to stop, or dead): it is still the side's engine or the
// analyser, and would otherwise fail again, later, at its next search.
func (m *Model) cancelledSearchFailed(by ai.Searcher, err error) {
	e, ok := by.(*engineProc)
	if !ok || e == nil || errors.Is(err, errEngineClosed) {
		return
	}
	switch e {
	case m.ext.analyser:
		m.analyserFailed(err)
	case m.ext.side[game.Black]:
		m.engineFailed(game.Black, err)
	case m.ext.side[game.White]:
		m.engineFailed(game.White, err)
	}
}

// engineFailWords says what an engine did wrong in the screen's words,
// with its last lines on stderr; an error that is not the engine's (the
// position refused, an option) in its own.
func engineFailWords(l Lang, err error) string {
	var ee *usi.EngineError
	if !errors.As(err, &ee) {
		return err.Error()
	}
	var s string
	switch ee.Kind {
	case usi.Exited:
		code, isCode := strings.CutPrefix(ee.Status, "exit status ")
		switch {
		case isCode:
			s = fmt.Sprintf(tr(l, "efail.exited"), ee.Engine, code)
		case ee.Status != "":
			s = fmt.Sprintf(tr(l, "efail.killed"), ee.Engine, ee.Status)
		default:
			s = fmt.Sprintf(tr(l, "efail.closed"), ee.Engine)
		}
	case usi.Silent:
		key := map[string]string{usi.WaitingAfterStop: "efail.deafStop", usi.WaitingInTime: "efail.overTime",
			usi.WaitingReady: "efail.notReady"}[ee.Waiting]
		if key == "" {
			key = "efail.silent"
		}
		s = fmt.Sprintf(tr(l, key), ee.Engine, ee.Timeout)
	case usi.Illegal:
		s = fmt.Sprintf(tr(l, "efail.illegal"), ee.Engine, ee.Sent)
	case usi.Malformed:
		if ee.Sent == "" {
			s = fmt.Sprintf(tr(l, "efail.noMove"), ee.Engine)
		} else {
			s = fmt.Sprintf(tr(l, "efail.malformed"), ee.Engine, ee.Sent)
		}
	default:
		s = err.Error()
	}
	if tail := ee.StderrLines(2); len(tail) > 0 {
		s += tr(l, "efail.stderr") + strings.Join(tail, " / ")
	}
	return s
}
