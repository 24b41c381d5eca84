package engines

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"kiki/ai/usi"
	"kiki/ui/store"
)

// The registry of engines: the USI engines the user keeps, in
// engines.json in the config folder. Each is added by its command line:
// kiki runs it, performs the handshake (usi/usiok, isready/readyok) and
// records what it declared; one that fails is reported, never added. The
// built-in AI is an entry of its own that is not stored.

const RegistryName = "engines.json"

// RegisterTimeout bounds each step of an engine's handshake when it is
// added.
const RegisterTimeout = 10 * time.Second

// Entry is one registered engine.
type Entry struct {
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
func (e Entry) Config() Config {
	return Config{Path: e.Path, Args: e.Args, Options: SentValues(e), Refused: usi.ParseForms(e.RefusedGo)}
}

// commandLine is the entry's command line as the user would type it.
func (e Entry) CommandLine() string {
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

// registryWhat is what the file should be, in its errors.
const registryWhat = "a kiki engine registry"

// Registry is the file's content.
type Registry struct {
	Engines []Entry `json:"engines"`
	// Migrated: config.json's remembered engine was taken in (once: an
	// engine removed from the registry does not come back).
	Migrated bool `json:"migrated_config,omitempty"`
}

// LoadRegistry reads engines.json in dir. A missing file is an empty
// registry into which config.json's remembered engine is taken (and the
// registry written); a file kiki cannot read is an error, and is never
// overwritten.
func LoadRegistry(dir string) (Registry, error) {
	var r Registry
	if err := store.ReadJSON(dir, RegistryName, registryWhat, &r); err != nil {
		return Registry{}, err
	}
	if dir == "" || r.Migrated {
		return r, nil
	}
	c, err := LoadUserConfig(dir)
	if err != nil {
		return r, nil // reported at start; migrated once it is readable
	}
	r.Migrated = true
	if e := c.Engine; e.Path != "" {
		r.Engines = append(r.Engines, Entry{Name: filepath.Base(e.Path), Path: e.Path, Args: e.Args, Values: e.Options,
			Play: c.Default, Analysis: c.Default && c.Analyser})
	}
	return r, SaveRegistry(dir, r)
}

// SaveRegistry writes r to dir, unless the file there is not one kiki
// can read (it is reported, and left as it is).
func SaveRegistry(dir string, r Registry) error {
	return store.WriteJSON(dir, RegistryName, registryWhat, r)
}

// SplitCommandLine splits a typed command line into words: blanks
// separate them, quotes (' or ") hold blanks in one.
func SplitCommandLine(s string) ([]string, error) {
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
		return nil, ErrUnclosedQuote
	}
	if inWord {
		out = append(out, cur.String())
	}
	if len(out) == 0 {
		return nil, ErrNoCommand
	}
	return out, nil
}

var (
	ErrUnclosedQuote = errors.New("a quote is not closed")
	ErrNoCommand     = errors.New("no command")
)

// Register runs the engine of the command line, performs the
// handshake with timeout for each step and returns its entry, named by
// its id name (else its file name).
func Register(line string, timeout time.Duration) (Entry, error) {
	words, err := SplitCommandLine(line)
	if err != nil {
		return Entry{}, err
	}
	path := store.ExpandHome(words[0])
	c, err := usi.StartEngine(usi.ClientConfig{Path: path, Args: words[1:], StartTimeout: timeout})
	if err != nil {
		return Entry{}, err
	}
	defer c.Close()
	if err := c.Ready(); err != nil {
		return Entry{}, err
	}
	e := Entry{Name: c.Name, Path: path, Args: words[1:], IDName: c.Name, IDAuthor: c.Author, Declared: c.OptionLines}
	if e.Name == "" {
		e.Name = filepath.Base(path)
	}
	return e, nil
}

// add adds e under a name no other entry has.
func (r *Registry) Add(e Entry) {
	base, name := e.Name, e.Name
	for n := 2; r.Find(name) >= 0; n++ {
		name = fmt.Sprintf("%s (%d)", base, n)
	}
	e.Name = name
	r.Engines = append(r.Engines, e)
}

// find is the index of the entry named name, or -1.
func (r *Registry) Find(name string) int {
	for i, e := range r.Engines {
		if e.Name == name {
			return i
		}
	}
	return -1
}

func (r *Registry) Remove(i int) {
	r.Engines = append(r.Engines[:i:i], r.Engines[i+1:]...)
}

// rename names entry i; a name that is empty or another entry's is refused.
func (r *Registry) Rename(i int, name string) error {
	name = strings.TrimSpace(name)
	switch j := r.Find(name); {
	case name == "":
		return ErrNoName
	case j >= 0 && j != i:
		return ErrNameTaken
	}
	r.Engines[i].Name = name
	return nil
}

var (
	ErrNoName    = errors.New("no name")
	ErrNameTaken = errors.New("name taken")
)

// setDefault makes entry i (-1: the built-in AI) the default for play
// or for analysis, and no other.
func (r *Registry) SetDefault(i int, analysis bool) {
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
func (r Registry) DefaultEntry(analysis bool) (Entry, bool) {
	for _, e := range r.Engines {
		if analysis && e.Analysis || !analysis && e.Play {
			return e, true
		}
	}
	return Entry{}, false
}
