package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"kiki/ai/usi"
	"kiki/kif"
)

// The registry of engines: the USI engines the user keeps, in
// engines.json in the config folder. Each is added by its command line:
// kiki runs it, performs the handshake (usi/usiok, isready/readyok) and
// records what it declared; one that fails is reported, never added. The
// built-in AI is an entry of its own that is not stored.

const registryName = "engines.json"

// registryTimeout bounds each step of an engine's handshake when it is
// added.
var registryTimeout = 10 * time.Second

// EngineEntry is one registered engine.
type EngineEntry struct {
	Name     string   `json:"name"`
	Path     string   `json:"path"`
	Args     []string `json:"args,omitempty"`
	IDName   string   `json:"id_name,omitempty"`
	IDAuthor string   `json:"id_author,omitempty"`
	// Declared are its option lines as it sent them when added.
	Declared []string `json:"declared_options,omitempty"`
	// Values are the option values the user set.
	Values   []OptionSetting `json:"options,omitempty"`
	Play     bool            `json:"default_play,omitempty"`
	Analysis bool            `json:"default_analysis,omitempty"`
	// RefusedGo are the forms of go it was found not to take
	// (usi.Forms' names), learnt from its answers.
	RefusedGo []string `json:"refused_go,omitempty"`
}

// config is how the entry is run.
func (e EngineEntry) config() EngineConfig {
	return EngineConfig{Path: e.Path, Args: e.Args, Options: sentValues(e), Refused: usi.ParseForms(e.RefusedGo)}
}

// commandLine is the entry's command line as the user would type it.
func (e EngineEntry) commandLine() string {
	parts := []string{quoteArg(e.Path)}
	for _, a := range e.Args {
		parts = append(parts, quoteArg(a))
	}
	return strings.Join(parts, " ")
}

func quoteArg(s string) string {
	if s == "" || strings.ContainsAny(s, " \t'\"") {
		return "'" + strings.ReplaceAll(s, "'", `'"'"'`) + "'"
	}
	return s
}

// engineRegistry is the file's content.
type engineRegistry struct {
	Engines []EngineEntry `json:"engines"`
	// Migrated: config.json's remembered engine was taken in (once: an
	// engine removed from the registry does not come back).
	Migrated bool `json:"migrated_config,omitempty"`
}

// loadRegistry reads engines.json in dir. A missing file is an empty
// registry into which config.json's remembered engine is taken (and the
// registry written); a file kiki cannot read is an error, and is never
// overwritten.
func loadRegistry(dir string) (engineRegistry, error) {
	var r engineRegistry
	if err := readConfigJSON(dir, registryName, "a kiki engine registry", &r); err != nil {
		return engineRegistry{}, err
	}
	if dir == "" || r.Migrated {
		return r, nil
	}
	c, err := loadUserConfig(dir)
	if err != nil {
		return r, nil // reported at start; migrated once it is readable
	}
	r.Migrated = true
	if e := c.Engine; e.Path != "" {
		r.Engines = append(r.Engines, EngineEntry{Name: filepath.Base(e.Path), Path: e.Path, Args: e.Args, Values: e.Options,
			Play: c.Default, Analysis: c.Default && c.Analyser})
	}
	return r, r.write(dir)
}

// saveRegistry writes r to dir, unless the file there is not one kiki
// can read (it is reported, and left as it is).
func saveRegistry(dir string, r engineRegistry) error {
	var old engineRegistry
	if err := readConfigJSON(dir, registryName, "a kiki engine registry", &old); err != nil {
		return err
	}
	return r.write(dir)
}

func (r engineRegistry) write(dir string) error {
	if dir == "" {
		return nil
	}
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return kif.WriteAtomic(filepath.Join(dir, registryName), append(data, '\n'))
}

// splitCommandLine splits a typed command line into words: blanks
// separate them, quotes (' or ") hold blanks in one.
func splitCommandLine(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	quote, inWord := rune(0), false
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, errUnclosedQuote
	}
	if inWord {
		out = append(out, cur.String())
	}
	if len(out) == 0 {
		return nil, errNoCommand
	}
	return out, nil
}

var (
	errUnclosedQuote = errors.New("a quote is not closed")
	errNoCommand     = errors.New("no command")
)

// registerEngine runs the engine of the command line, performs the
// handshake with timeout for each step and returns its entry, named by
// its id name (else its file name).
func registerEngine(line string, timeout time.Duration) (EngineEntry, error) {
	words, err := splitCommandLine(line)
	if err != nil {
		return EngineEntry{}, err
	}
	path := expandHome(words[0])
	c, err := usi.StartEngine(usi.ClientConfig{Path: path, Args: words[1:], StartTimeout: timeout})
	if err != nil {
		return EngineEntry{}, err
	}
	defer c.Close()
	if err := c.Ready(); err != nil {
		return EngineEntry{}, err
	}
	e := EngineEntry{Name: c.Name, Path: path, Args: words[1:], IDName: c.Name, IDAuthor: c.Author, Declared: c.OptionLines}
	if e.Name == "" {
		e.Name = filepath.Base(path)
	}
	return e, nil
}

// add adds e under a name no other entry has.
func (r *engineRegistry) add(e EngineEntry) {
	base, name := e.Name, e.Name
	for n := 2; r.find(name) >= 0; n++ {
		name = fmt.Sprintf("%s (%d)", base, n)
	}
	e.Name = name
	r.Engines = append(r.Engines, e)
}

// find is the index of the entry named name, or -1.
func (r *engineRegistry) find(name string) int {
	for i, e := range r.Engines {
		if e.Name == name {
			return i
		}
	}
	return -1
}

func (r *engineRegistry) remove(i int) {
	r.Engines = append(r.Engines[:i:i], r.Engines[i+1:]...)
}

// rename names entry i; a name that is empty or another entry's is refused.
func (r *engineRegistry) rename(i int, name string) error {
	name = strings.TrimSpace(name)
	switch j := r.find(name); {
	case name == "":
		return errNoName
	case j >= 0 && j != i:
		return errNameTaken
	}
	r.Engines[i].Name = name
	return nil
}

var (
	errNoName    = errors.New("no name")
	errNameTaken = errors.New("name taken")
)

// setDefault makes entry i (-1: the built-in AI) the default for play
// or for analysis, and no other.
func (r *engineRegistry) setDefault(i int, analysis bool) {
	for j := range r.Engines {
		if analysis {
			r.Engines[j].Analysis = j == i
		} else {
			r.Engines[j].Play = j == i
		}
	}
}

// defaultEntry is the default engine for play or analysis; ok false
// when it is the built-in AI.
func (r engineRegistry) defaultEntry(analysis bool) (EngineEntry, bool) {
	for _, e := range r.Engines {
		if analysis && e.Analysis || !analysis && e.Play {
			return e, true
		}
	}
	return EngineEntry{}, false
}

// registerErrWords says why an engine could not be added, in the
// screen's words, with the last lines it wrote on stderr.
func registerErrWords(l Lang, line string, err error) string {
	var ee *usi.EngineError
	switch {
	case errors.Is(err, errUnclosedQuote):
		return tr(l, "reg.quote")
	case errors.Is(err, errNoCommand):
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
func (m *Model) useRegistry(r engineRegistry) {
	x := &m.ext
	if x.fixed {
		return
	}
	play, okPlay := r.defaultEntry(false)
	ana, okAna := r.defaultEntry(true)
	if okAna != x.analyse || okAna && !sameConfig(ana.config(), x.cfg) {
		x.analyser.close() // the next analysis starts the new one
		x.analyser = nil
	}
	x.playCfg = EngineConfig{}
	if okPlay {
		x.playCfg, x.cfg = play.config(), play.config()
	}
	if okAna {
		x.cfg = ana.config()
	}
	x.analyse = okAna
}

func sameConfig(a, b EngineConfig) bool {
	return a.Path == b.Path && slices.Equal(a.Args, b.Args) && optionsText(a.Options) == optionsText(b.Options)
}
