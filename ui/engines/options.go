package engines

import (
	"slices"
	"strconv"
	"strings"

	"kiki/ai/usi"
)

// The values a registered engine's options are given: the user's, and
// the defaults kiki gives the two options that cost the machine most.

// Engines left to themselves take every core (kiki usi declares Threads
// as the number of CPUs) or a hash too small for analysis (fairy-stockfish
// declares 16 MiB): kiki gives one thread and 256 MiB unless the user set
// them. The names are compared without regard to case, as USI compares
// them; Hash is how the Stockfish family (fairy-stockfish) names USI_Hash,
// Thread how gpsusi names Threads (it declares 2 by default).
const (
	kikiThreads = 1
	kikiHashMiB = 256
)

// KikiDefault is the value kiki gives option o when the user has not set
// it, clamped to its declared range; ok false when kiki leaves it to the
// engine.
func KikiDefault(o usi.EngineOption) (value string, ok bool) {
	if o.Type != "spin" {
		return "", false
	}
	var n int
	switch {
	case strings.EqualFold(o.Name, "Threads"), strings.EqualFold(o.Name, "Thread"):
		n = kikiThreads
	case strings.EqualFold(o.Name, "USI_Hash"), strings.EqualFold(o.Name, "Hash"):
		n = kikiHashMiB
	default:
		return "", false
	}
	if o.Min <= o.Max {
		n = max(o.Min, min(o.Max, n))
	}
	return strconv.Itoa(n), true
}

// WithDefaultOptions is what startEngine sends: the user's values, then
// kiki's default for each declared option that has one and no value of
// the user's.
func WithDefaultOptions(declared []usi.EngineOption, values []OptionSetting) []OptionSetting {
	out := slices.Clone(values)
	for _, o := range declared {
		v, ok := KikiDefault(o)
		if ok && FindSetting(values, o.Name) < 0 {
			out = append(out, OptionSetting{Name: o.Name, Value: v})
		}
	}
	return out
}

// FindSetting is the index of the value for option name, or -1.
func FindSetting(values []OptionSetting, name string) int {
	return slices.IndexFunc(values, func(s OptionSetting) bool { return strings.EqualFold(s.Name, name) })
}

// ParseDeclared reads an entry's declared option lines (a line kiki
// cannot read is left out, as the USI client leaves it out).
func ParseDeclared(lines []string) []usi.EngineOption {
	var out []usi.EngineOption
	for _, l := range lines {
		if o, ok := usi.ParseOptionLine(l); ok {
			out = append(out, o)
		}
	}
	return out
}

// SentValues are the entry's values that are sent to the engine: those
// of options it declared. A value of an option the engine no longer
// declares (it was updated) stays in engines.json but is not sent, where
// the engine would refuse it; an entry that has never been run (taken
// from config.json) declared nothing yet, and all its values are sent.
func SentValues(e Entry) []OptionSetting {
	if len(e.Declared) == 0 {
		return e.Values
	}
	decl := ParseDeclared(e.Declared)
	var out []OptionSetting
	for _, v := range e.Values {
		if slices.ContainsFunc(decl, func(o usi.EngineOption) bool { return strings.EqualFold(o.Name, v.Name) }) {
			out = append(out, v)
		}
	}
	return out
}
