package usi

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"kiki/ai"
)

// goRequest is a go command taken apart: the search limits, or a mate
// search with its time limit.
type goRequest struct {
	limits ai.Limits
	// mate asks for a mate search (go mate) instead of a move; mateTime
	// is its limit, 0 for go mate infinite.
	mate     bool
	mateTime time.Duration
	// ignored lists the parameters go does not know, in order; the
	// session reports them and goes on.
	ignored []string
}

// parseGo reads the arguments of a go command. A missing or bad value (a
// negative time, a depth or node count that is not a positive number)
// makes the whole command an error, which the session reports and ignores.
// Unknown parameters are not errors: they are listed in ignored, even
// with an error, so that the session reports everything it skipped.
func parseGo(f []string) (goRequest, error) {
	var r goRequest
	l := &r.limits
	durations := map[string]*time.Duration{
		"btime": &l.BTime, "wtime": &l.WTime, "binc": &l.BInc, "winc": &l.WInc,
		"byoyomi": &l.Byoyomi, "movetime": &l.MoveTime,
	}
	for i := 0; i < len(f); i++ {
		key, value, hasValue := f[i], "", i+1 < len(f)
		if hasValue {
			value = f[i+1]
		}
		ok := true
		switch d, isDuration := durations[key]; {
		case isDuration:
			i++
			*d, ok = millis(value, hasValue)
		case key == "ponder":
			l.Ponder = true
		case key == "infinite":
			l.Infinite = true
		case key == "depth":
			i++
			n, err := strconv.Atoi(value)
			ok = err == nil && n > 0
			l.Depth = n
		case key == "nodes":
			i++
			n, err := strconv.ParseUint(value, 10, 64)
			ok = err == nil && n > 0
			l.Nodes = n
		case key == "mate":
			i++
			r.mate = true
			if value != "infinite" {
				r.mateTime, ok = millis(value, hasValue)
			}
		default:
			r.ignored = append(r.ignored, key)
		}
		if !ok {
			return r, fmt.Errorf("go: bad value for %s; command ignored", key)
		}
	}
	return r, nil
}

// millis reads a USI time: a whole number of milliseconds, not negative.
func millis(s string, given bool) (time.Duration, bool) {
	if !given {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return 0, false
	}
	return time.Duration(n) * time.Millisecond, true
}

// setting is a setoption command taken apart: the option (one of
// options) and its value, checked against the option's type.
type setting struct {
	opt   option
	value string       // as given; EvalFile's path
	n     int          // a spin option's number
	on    bool         // a check option's value
	eval  ai.Evaluator // the Eval option's evaluation
}

// parseSetOption reads the arguments of "setoption name <id> [value <x>]".
// The option name is matched without regard to case and may hold spaces.
// When the name is known but the value is bad, the returned setting still
// names the option (so the session can say first that a search is
// running, as it does for a good value).
func parseSetOption(f []string) (setting, error) {
	var st setting
	if len(f) < 2 || f[0] != "name" {
		return st, fmt.Errorf("setoption: want \"setoption name <id> value <x>\"")
	}
	name, value := f[1], ""
	for i := 2; i < len(f); i++ {
		if f[i] == "value" {
			value = strings.Join(f[i+1:], " ")
			break
		}
		name += " " + f[i]
	}
	found := false
	for _, o := range options(true) {
		if strings.EqualFold(o.name, name) {
			st.opt, found = o, true
		}
	}
	if !found {
		return st, fmt.Errorf("setoption: unknown option %q", name)
	}
	st.value = value
	switch st.opt.kind {
	case "spin":
		n, err := strconv.Atoi(value)
		if err != nil || n < st.opt.min || n > st.opt.max {
			return st, fmt.Errorf("setoption %s: want a number from %d to %d, got %q", st.opt.name, st.opt.min, st.opt.max, value)
		}
		st.n = n
	case "combo":
		ev, ok := ai.NewEvaluator(value)
		if !ok {
			return st, fmt.Errorf("setoption %s: want one of %s, got %q", st.opt.name, strings.Join(ai.EvalNames, ", "), value)
		}
		st.eval = ev
	case "check":
		if value != "true" && value != "false" {
			return st, fmt.Errorf("setoption %s: want true or false, got %q", st.opt.name, value)
		}
		st.on = value == "true"
	}
	return st, nil
}
