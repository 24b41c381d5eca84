package ui

import (
	"errors"
	"fmt"
	"io/fs"
	"os/exec"
	"strings"

	"kiki/ai/usi"
	"kiki/ui/engines"
)

// registerErrWords says why an engine could not be added, in the
// screen's words, with the last lines it wrote on stderr.
func registerErrWords(l Lang, line string, err error) string {
	var ee *usi.EngineError
	switch {
	case errors.Is(err, engines.ErrUnclosedQuote):
		return tr(l, "reg.quote")
	case errors.Is(err, engines.ErrNoCommand):
		return tr(l, "reg.noCommand")
	case errors.Is(err, exec.ErrNotFound), errors.Is(err, fs.ErrNotExist):
		return fmt.Sprintf(tr(l, "engine.notFound"), line)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Sprintf(tr(l, "engine.notRunnable"), line)
	case errors.As(err, &ee):
		var s string
		if ee.Timeout > 0 {
			s = fmt.Sprintf(tr(l, "reg.silent"), line, ee.Timeout)
		} else if code, ok := strings.CutPrefix(ee.Status, "exit status "); ok {
			s = fmt.Sprintf(tr(l, "reg.exited"), line, code)
		} else {
			s = fmt.Sprintf(tr(l, "reg.killed"), line, ee.Status)
		}
		if tail := ee.StderrLines(3); len(tail) > 0 {
			s += "\n" + tr(l, "reg.stderr") + "\n  " + strings.Join(tail, "\n  ")
		}
		return s
	}
	return fmt.Sprintf(tr(l, "reg.failed"), line)
}

// useRegistry takes the registry's defaults, unless the engine was given
// on the command line or by config.json's "default": the default for
// analysis analyses (and gives hints); the default for play is the
// engine the new-game dialog offers.
func (m *Model) useRegistry(r engines.Registry) {
	x := &m.ext
	if x.fixed {
		return
	}
	play, okPlay := r.DefaultEntry(false)
	ana, okAna := r.DefaultEntry(true)
	if okAna != x.analyse || okAna && !engines.SameConfig(ana.Config(), x.cfg) {
		x.analyser.close() // the next analysis starts the new one
		x.analyser = nil
	}
	x.playCfg = EngineConfig{}
	if okPlay {
		x.playCfg, x.cfg = play.Config(), play.Config()
	}
	if okAna {
		x.cfg = ana.Config()
	}
	x.analyse = okAna
}
