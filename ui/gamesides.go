package ui

import (
	"path/filepath"
	"slices"
	"strings"

	"kiki/ui/match"
	"kiki/ui/textfit"
)

// Who plays each side, as the new-game dialog offers it: a person, kiki's
// AI (at the dialog's level), each engine of the registry by its name (in
// the registry's order), and the engine of the typed path once a path is
// typed. The analyser is kiki's AI, a registered engine or the typed one.
// Each side runs its own engine process with its own arguments and
// options, so that two different engines, or one engine on both sides,
// can play each other.

// The dialog's choices for a side besides the registered engines (which
// are their index in the registry).
const (
	choiceTyped = -1 // the engine of the typed path
	choiceKiki  = -2 // kiki's own AI
	choiceHuman = -3 // a person
)

// withRegistry gives the dialog the registered engines: a side the game
// on screen gave to a registered engine opens on it, and the AI's side
// against a person on the registry's default for play, when it has one
// (kiki against kiki stays so), as does the analyser; the typed path is left empty when it only names a
// registered engine (the suggestion beside it stays: Enter takes it).
func (d *gameDialog) withRegistry(engines []EngineEntry) *gameDialog {
	d.engines = engines
	def := slices.IndexFunc(engines, func(e EngineEntry) bool { return e.Play })
	for i, pl := range d.was {
		switch {
		case d.external[i] && pl.Engine != "":
			d.entry[i] = findEntry(engines, pl.Engine, pl.Args)
		case d.players[i] && def >= 0 && !match.NoPerson(d.was):
			d.external[i], d.entry[i] = true, def
		}
	}
	if d.analyse {
		d.anaEntry = findEntry(engines, d.inUse.Path, d.inUse.Args)
	}
	if p := strings.TrimSpace(d.path); p != "" && findEntry(engines, p, nil) >= 0 {
		d.path, d.options = "", ""
	}
	return d
}

// findEntry is the index of the registered engine run as path with args
// (any arguments when args is nil), or -1.
func findEntry(engines []EngineEntry, path string, args []string) int {
	return slices.IndexFunc(engines, func(e EngineEntry) bool {
		return e.Path == path && (args == nil || slices.Equal(e.Args, args))
	})
}

// sideChoice is who plays side i now.
func (d *gameDialog) sideChoice(i int) int {
	switch {
	case d.external[i] && d.entry[i] >= 0 && d.entry[i] < len(d.engines):
		return d.entry[i]
	case d.external[i]:
		return choiceTyped
	case d.players[i]:
		return choiceKiki
	}
	return choiceHuman
}

// engineChoices are the registered engines, then the typed path's engine
// when a path is typed (or it is chosen already: its row then says a
// path is wanted).
func (d *gameDialog) engineChoices(cur int) []int {
	var out []int
	for i := range d.engines {
		out = append(out, i)
	}
	if strings.TrimSpace(d.path) != "" || cur == choiceTyped {
		out = append(out, choiceTyped)
	}
	return out
}

// stepChoice moves from cur to the next (or previous) of choices.
func stepChoice(choices []int, cur, step int) int {
	i := max(0, slices.Index(choices, cur))
	return choices[(i+step+len(choices))%len(choices)]
}

// stepSide changes who plays side i: person → kiki → each registered
// engine → the typed path's engine → person.
func (d *gameDialog) stepSide(i, step int) {
	cur := d.sideChoice(i)
	c := stepChoice(append([]int{choiceHuman, choiceKiki}, d.engineChoices(cur)...), cur, step)
	d.players[i], d.external[i], d.entry[i] = c != choiceHuman, c >= choiceTyped, c
}

// analyserChoice is the engine that analyses now.
func (d *gameDialog) analyserChoice() int {
	switch {
	case d.analyse && d.anaEntry >= 0 && d.anaEntry < len(d.engines):
		return d.anaEntry
	case d.analyse:
		return choiceTyped
	}
	return choiceKiki
}

// stepAnalyser changes the analyser: kiki → each registered engine →
// the typed path's engine → kiki.
func (d *gameDialog) stepAnalyser(step int) {
	cur := d.analyserChoice()
	c := stepChoice(append([]int{choiceKiki}, d.engineChoices(cur)...), cur, step)
	d.analyse, d.anaEntry = c != choiceKiki, c
}

// choiceText names a choice in the dialog: the registered engine's name,
// the typed path's program.
func (d *gameDialog) choiceText(c int) string {
	t := func(key string) string { return tr(d.lang, key) }
	switch c {
	case choiceHuman:
		return t("game.human")
	case choiceKiki:
		return t("game.ai")
	case choiceTyped:
		if p := strings.TrimSpace(d.path); p != "" {
			return t("game.engine") + " (" + textfit.Ellipsis(filepath.Base(p), pathShown-8) + ")"
		}
		return t("game.engine")
	}
	// After the widest label ("analyser  "), a row keeps to the narrowest
	// room the dialog gets (80 columns: about 30 cells).
	return textfit.Ellipsis(d.engines[c].Name, nameShown)
}

// nameShown is the most cells of an engine's name the dialog shows.
const nameShown = 18

// sideText is who plays side i, as its row says it.
func (d *gameDialog) sideText(i int) string { return d.choiceText(d.sideChoice(i)) }

// analyserText is the analyser, as its row says it ("kiki" for the
// built-in AI, the row being about analysis).
func (d *gameDialog) analyserText() string {
	if c := d.analyserChoice(); c != choiceKiki {
		return d.choiceText(c)
	}
	return "kiki"
}

// sideConfig is how side i's engine is run: the registered engine's
// command and options, or the typed path with the typed options.
func (d *gameDialog) sideConfig(i int, typed EngineConfig) EngineConfig {
	if c := d.sideChoice(i); c >= 0 {
		return d.engines[c].Config()
	}
	return typed
}

// analyserConfig is the engine that analyses, and whether one does (the
// typed path's only once a path is typed).
func (d *gameDialog) analyserConfig(typed EngineConfig) (EngineConfig, bool) {
	switch c := d.analyserChoice(); {
	case c >= 0:
		return d.engines[c].Config(), true
	case c == choiceTyped && typed.Path != "":
		return typed, true
	}
	return EngineConfig{}, false
}

// enginePlayer is the player running the engine of c, at level (kept for
// a later game against kiki).
func enginePlayer(c EngineConfig, level int) player {
	pl := player{AI: true, Level: level, Engine: c.Path, Args: slices.Clone(c.Args)}
	for _, o := range c.Options {
		pl.Options = append(pl.Options, o.Name+"="+o.Value)
	}
	return pl
}

// playerEngine is how pl's external engine is run.
func playerEngine(pl player) EngineConfig {
	c := EngineConfig{Path: pl.Engine, Args: slices.Clone(pl.Args)}
	for _, s := range pl.Options {
		if o, err := ParseOptionSetting(s); err == nil {
			c.Options = append(c.Options, o)
		}
	}
	return c
}
