// Package engines keeps the USI engines a player uses: how each is run
// (Config), the registry of engines.json with each engine's declared
// options and the values given to them, the engine config.json remembers,
// and the defaults kiki gives an engine's costliest options.
package engines

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"kiki/ai/usi"
	"kiki/ui/store"
)

// Config names an external USI engine, the arguments it is run
// with and the options set on it after it starts.
type Config struct {
	Path    string          `json:"path"`
	Args    []string        `json:"args,omitempty"`
	Options []OptionSetting `json:"options,omitempty"`
	// Refused are the forms of go the engine is known not to take; the
	// registry keeps them (Entry.RefusedGo).
	Refused usi.Forms `json:"-"`
}

// OptionSetting is the value given to one of an engine's USI options.
type OptionSetting struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// ParseOptionSetting reads NAME=VALUE (as --engine-option takes it).
func ParseOptionSetting(s string) (OptionSetting, error) {
	name, value, ok := strings.Cut(s, "=")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if !ok || name == "" {
		return OptionSetting{}, fmt.Errorf("engine option %q: want NAME=VALUE", s)
	}
	return OptionSetting{Name: name, Value: value}, nil
}

// OptionsText writes option settings as the new-game dialog shows them:
// "NAME=VALUE; NAME=VALUE".
func OptionsText(os []OptionSetting) string {
	parts := make([]string, len(os))
	for i, o := range os {
		parts[i] = o.Name + "=" + o.Value
	}
	return strings.Join(parts, "; ")
}

// ParseOptionsText reads what OptionsText writes.
func ParseOptionsText(s string) ([]OptionSetting, error) {
	var out []OptionSetting
	for _, part := range strings.Split(s, ";") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		o, err := ParseOptionSetting(part)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

// UserConfig is what kiki remembers between runs in the user's config
// folder: the external engine last chosen in the new-game dialog. It is
// remembered, not applied: the next run analyses and plays with the
// built-in AI and the dialog offers the engine as a suggestion (an
// engine used once must not take over later sessions, where it may not
// even understand what kiki asks), unless the user made it the default.
type UserConfig struct {
	Engine Config `json:"engine"`
	// Analyser: the engine analysed (and gave hints) instead of the
	// built-in AI.
	Analyser bool `json:"analyser,omitempty"`
	// Default is set by the user (by hand in the file): the engine is
	// used from the start, as with --engine, analysing when Analyser is
	// set. The dialog never sets it; saving keeps it.
	Default bool `json:"default,omitempty"`
}

const ConfigName = "config.json"

// LoadUserConfig reads the config in dir. A missing file (or dir "") is
// an empty config; one that cannot be read or is not kiki's JSON is an
// error naming the file, and an empty config.
func LoadUserConfig(dir string) (UserConfig, error) {
	var c UserConfig
	if err := store.ReadJSON(dir, ConfigName, "a kiki config", &c); err != nil {
		return UserConfig{}, err
	}
	return c, nil
}

// SaveUserConfig writes the config in dir (nothing when dir is ""),
// keeping the file's Default (the user's own choice, which no dialog
// makes). A file there that kiki cannot read is reported, not
// overwritten.
func SaveUserConfig(dir string, c UserConfig) error {
	if dir == "" {
		return nil
	}
	old, err := LoadUserConfig(dir)
	if err != nil {
		return err
	}
	c.Default = old.Default
	data, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	tmp := filepath.Join(dir, ConfigName+".tmp")
	if err := os.WriteFile(tmp, append(data, '\n'), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, ConfigName))
}

// SameConfig reports whether a and b run the same engine the same way.
func SameConfig(a, b Config) bool {
	return a.Path == b.Path && slices.Equal(a.Args, b.Args) && OptionsText(a.Options) == OptionsText(b.Options)
}
