package usi

import (
	"errors"
	"slices"
	"strings"
	"time"

	"kiki/ai"
)

// Engines do not all take every form of go. gpsusi dies on "go nodes",
// "go depth" and "go movetime", and answers "go infinite" with silence,
// then "bestmove resign" on stop. A form an engine refused is learnt
// (the caller keeps it with the engine's registry entry) and the search
// is asked again in a form it takes. The one form every USI engine takes
// is a clock: "go btime 0 wtime 0 byoyomi N", a fixed time per move.

// Form is a kind of go command other than a clock.
type Form uint8

// The forms of go that an engine may refuse. A clock (byoyomi, main time,
// increment) is always taken and has no Form.
const (
	FormInfinite Form = 1 << iota // go infinite … stop
	FormNodes                     // go nodes N
	FormDepth                     // go depth N
)

// Forms is a set of forms.
type Forms uint8

// formNames are the forms as the registry file writes them.
var formNames = []struct {
	f    Form
	name string
}{{FormInfinite, "infinite"}, {FormNodes, "nodes"}, {FormDepth, "depth"}}

// Has reports whether f is in the set.
func (s Forms) Has(f Form) bool { return f != 0 && s&Forms(f) != 0 }

// With is the set with f added.
func (s Forms) With(f Form) Forms { return s | Forms(f) }

// Names lists the set's forms by name, in a fixed order.
func (s Forms) Names() []string {
	var out []string
	for _, n := range formNames {
		if s.Has(n.f) {
			out = append(out, n.name)
		}
	}
	return out
}

// String is the set as "infinite, nodes" ("" when empty).
func (s Forms) String() string { return strings.Join(s.Names(), ", ") }

// ParseForms reads names as Names writes them; unknown names are ignored
// (a later kiki may know more forms).
func ParseForms(names []string) Forms {
	var s Forms
	for _, n := range formNames {
		if slices.Contains(names, n.name) {
			s = s.With(n.f)
		}
	}
	return s
}

// FormOf is the form of go that l is sent as; 0 for a clock or a fixed
// time (sent as a byoyomi), which every engine takes.
func FormOf(l ai.Limits) Form {
	switch {
	case l.Ponder:
		return 0
	case l.Infinite:
		return FormInfinite
	case l.MoveTime > 0 || l.BTime > 0 || l.WTime > 0 || l.Byoyomi > 0 || l.BInc > 0 || l.WInc > 0:
		return 0
	case l.Nodes > 0:
		return FormNodes
	case l.Depth > 0:
		return FormDepth
	}
	return FormInfinite // no limit at all is sent as infinite
}

// Fallback times for a refused form. A node budget becomes the time an
// engine of a million nodes a second would take for it, within bounds; a
// depth becomes a fixed time that most engines reach a middling depth in.
const (
	fallbackNPS      = 1_000_000
	fallbackMinTime  = 200 * time.Millisecond
	fallbackMaxTime  = 30 * time.Second
	fallbackDepthPly = 250 * time.Millisecond // per ply of the depth asked
)

// Fallback is l in a form the engine has not refused: a refused node
// budget or depth becomes a fixed time per move. A refused infinite
// search is not rewritten here: it becomes a run of growing fixed-time
// searches (see RollingTimes), which only the caller can drive.
func Fallback(l ai.Limits, refused Forms) ai.Limits {
	switch f := FormOf(l); {
	case !refused.Has(f) || f == FormInfinite:
		return l
	case f == FormNodes:
		t := time.Duration(float64(l.Nodes) / fallbackNPS * float64(time.Second))
		return ai.Limits{MoveTime: min(fallbackMaxTime, max(fallbackMinTime, t))}
	default: // FormDepth
		t := time.Duration(l.Depth) * fallbackDepthPly
		return ai.Limits{MoveTime: min(fallbackMaxTime, max(fallbackMinTime, t))}
	}
}

// RollingTimes is the fixed time of the i-th search (from 0) of an
// infinite analysis run as a series of fixed-time searches: one second,
// then doubling, up to half a minute. Each search keeps the engine's
// table, so the series loses little against one long search, and its
// lines show as each search reports them.
func RollingTimes(i int) time.Duration {
	if i >= 5 {
		return fallbackMaxTime
	}
	return time.Second << i
}

// Refused reports whether res, the answer to a search sent in form f,
// says the engine refused that form: it died before reporting any search
// (gpsusi throws on a node budget or a depth), or, for infinite, it
// answered with no search reported at all (gpsusi's silence, then
// "bestmove resign" on stop). A clock form is never refused: an engine
// that dies on it has crashed.
func Refused(f Form, res ai.Result) bool {
	if f == 0 || res.Depth > 0 || res.Nodes > 0 {
		return false
	}
	if res.Err != nil {
		// Dying is how an engine refuses a node budget or a depth
		// (gpsusi throws); an engine that dies under go infinite has
		// crashed (it is never how the form is refused), and is reported.
		var ee *EngineError
		return f != FormInfinite && errors.As(res.Err, &ee) && ee.Status != ""
	}
	return f == FormInfinite
}
