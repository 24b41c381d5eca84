package ui

import (
	"kiki/ui/engines"
	"kiki/ui/lang"
	"kiki/ui/theme"
)

// The screen's language and its catalogue live in ui/lang, its styles in
// ui/theme; these are the names the ui package and its callers use.

// Lang is the language of the screen.
type Lang = lang.Lang

// The languages.
const (
	English  = lang.English
	Japanese = lang.Japanese
)

// ParseLang reads "en" or "ja" (as --lang takes them).
func ParseLang(s string) (Lang, error) { return lang.Parse(s) }

// LangFromEnv is the language of the locale (LC_ALL, LC_MESSAGES, LANG).
func LangFromEnv(getenv func(string) string) Lang { return lang.FromEnv(getenv) }

// tr is the message key in the model's language.
func (m *Model) tr(key string) string { return lang.Tr(m.lang, key) }

// tr is the message key in language l.
func tr(l Lang, key string) string { return lang.Tr(l, key) }

// trOr is the message key in language l, or def when there is none.
func trOr(l Lang, key, def string) string { return lang.TrOr(l, key, def) }

// Theme is every style the screen draws with (ui/theme).
type Theme = theme.Theme

// NewTheme returns the dark or light theme, or a plain one without colour.
func NewTheme(dark, noColor bool) Theme { return theme.New(dark, noColor) }

// EngineConfig names an external USI engine and how it is run (the
// engines room's Config, named here for Options and main.go).
type EngineConfig = engines.Config

// OptionSetting is the value given to one of an engine's USI options.
type OptionSetting = engines.OptionSetting

// EngineEntry is one engine of the registry.
type EngineEntry = engines.Entry

// ParseOptionSetting reads NAME=VALUE (as --engine-option takes it).
func ParseOptionSetting(s string) (OptionSetting, error) { return engines.ParseOptionSetting(s) }
