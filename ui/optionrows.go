package ui

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"kiki/ai/usi"
	"kiki/ui/engines"
)

// The rows the options dialog shows: each option the engine declared,
// with the value it will be given, and what the user may type into each.

// optionRow is one row of the options dialog: an option and the user's
// value for it, if any.
type optionRow struct {
	opt   usi.EngineOption
	value string
	set   bool // the user gave value; otherwise a default applies
	// unknown: a value kept in engines.json for an option the engine
	// does not declare (opt holds only its name).
	unknown bool
}

// buttonPressed is the value saved for a pressed button. A registered
// engine is not running while its options are set (kiki starts a fresh
// process for each game and for the analyser), so a button cannot be
// pressed there and then: a pressed button is sent with the other
// options each time the engine starts, until it is released (Space again,
// or d).
const buttonPressed = "pressed"

// usiEmpty is how USI writes the empty string in a declared default.
const usiEmpty = "<empty>"

// optionRows are the rows of entry e: its declared options in the order
// it declared them, then its values that match none.
func optionRows(e EngineEntry) []optionRow {
	var rows []optionRow
	for _, o := range engines.ParseDeclared(e.Declared) {
		r := optionRow{opt: o}
		if i := engines.FindSetting(e.Values, o.Name); i >= 0 {
			r.value, r.set = e.Values[i].Value, true
		}
		rows = append(rows, r)
	}
	for _, v := range e.Values {
		if !slices.ContainsFunc(rows, func(r optionRow) bool { return strings.EqualFold(r.opt.Name, v.Name) }) {
			rows = append(rows, optionRow{opt: usi.EngineOption{Name: v.Name}, value: v.Value, set: true, unknown: true})
		}
	}
	return rows
}

// rowValues are the values to save: the user's, in the rows' order.
func rowValues(rows []optionRow) []OptionSetting {
	var out []OptionSetting
	for _, r := range rows {
		if r.set {
			out = append(out, OptionSetting{Name: r.opt.Name, Value: r.value})
		}
	}
	return out
}

// defaultKind says where the value of a row the user has not set comes
// from.
type defaultKind uint8

const (
	userValue defaultKind = iota
	engineDefault
	kikiDefaultValue
)

// effective is the value the engine is given (a button: buttonPressed
// or "") and where it comes from.
func (r optionRow) effective() (string, defaultKind) {
	if r.set {
		return r.value, userValue
	}
	if v, ok := engines.KikiDefault(r.opt); ok {
		return v, kikiDefaultValue
	}
	return r.opt.Default, engineDefault
}

// step changes the row's value by one: a spin by one within its range, a
// check toggled, a combo to its next (dir 1) or previous choice, a button
// pressed or not. It reports whether the row is one that steps.
func (r *optionRow) step(dir int) bool {
	v, _ := r.effective()
	switch r.opt.Type {
	case "spin":
		n, err := strconv.Atoi(v)
		if err != nil {
			n = r.opt.Min
		} else {
			n = max(r.opt.Min, min(r.opt.Max, n+dir))
		}
		r.value = strconv.Itoa(n)
	case "check":
		r.value = strconv.FormatBool(v != "true")
	case "combo":
		if len(r.opt.Vars) == 0 {
			return false
		}
		n := len(r.opt.Vars)
		i := slices.Index(r.opt.Vars, v)
		if i < 0 && dir < 0 {
			i = 0
		}
		r.value = r.opt.Vars[((i+dir)%n+n)%n]
	case "button":
		if r.set {
			r.value, r.set = "", false
			return true
		}
		r.value = buttonPressed
	default:
		return false
	}
	r.set = true
	return true
}

// typed reports whether the row's value is typed (Enter opens a field).
func (r optionRow) typed() bool {
	switch r.opt.Type {
	case "spin", "string", "filename":
		return !r.unknown
	}
	return false
}

// errOutOfRange: a spin's typed value is not a whole number in its range.
var errOutOfRange = errors.New("out of range")

// setTyped gives the row a typed value, checked against its type: a spin
// takes a whole number in its range (else errOutOfRange, the value
// unchanged); a string or a file name is trimmed, and empty is written as
// the engine writes it in its default ("<empty>" where it declared that).
func (r *optionRow) setTyped(s string) error {
	s = strings.TrimSpace(s)
	if r.opt.Type == "spin" {
		n, err := strconv.Atoi(s)
		if err != nil || n < r.opt.Min || n > r.opt.Max {
			return errOutOfRange
		}
		s = strconv.Itoa(n)
	} else if s == "" && r.opt.Default == usiEmpty {
		s = usiEmpty
	}
	r.value, r.set = s, true
	return nil
}

// reset takes the row back to its default (an unknown row's value is
// dropped).
func (r *optionRow) reset() { r.value, r.set = "", false }
