// Package lang is the language of kiki's screen: English or Japanese,
// and the catalogue every message, help line and dialog is taken from.
// Shogi's own words (先手, 投了, piece names, moves) stay Japanese in both:
// they are the notation, not the language of the program.
package lang

import (
	"fmt"
	"os"
	"strings"
)

// Lang is the language of the screen.
type Lang uint8

// The languages.
const (
	English Lang = iota
	Japanese
)

// String is the language's code, as --lang takes it.
func (l Lang) String() string { return [...]string{"en", "ja"}[l] }

// Parse reads "en" or "ja" (as --lang takes them).
func Parse(s string) (Lang, error) {
	switch strings.ToLower(s) {
	case "en", "english":
		return English, nil
	case "ja", "jp", "japanese":
		return Japanese, nil
	}
	return English, fmt.Errorf("unknown language %q (want ja or en)", s)
}

// FromEnv is the language of the locale: LC_ALL, else LC_MESSAGES,
// else LANG (the first of them set decides, as in POSIX); Japanese when
// it names ja, else English.
func FromEnv(getenv func(string) string) Lang {
	if getenv == nil {
		getenv = os.Getenv
	}
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if l := getenv(v); l != "" {
			if strings.HasPrefix(strings.ToLower(l), "ja") {
				return Japanese
			}
			return English
		}
	}
	return English
}

// Tr is the message key in language l; a key missing from the catalogue
// shows itself (a test checks that none is missing).
func Tr(l Lang, key string) string {
	if e, ok := catalogue[key]; ok {
		return e[l]
	}
	return key
}

// TrOr is the message key in language l, or def when the catalogue has
// no such key (words that may or may not have a translation).
func TrOr(l Lang, key, def string) string {
	if e, ok := catalogue[key]; ok {
		return e[l]
	}
	return def
}

// Has reports whether the catalogue holds key.
func Has(key string) bool {
	_, ok := catalogue[key]
	return ok
}

// Each calls f with every entry of the catalogue (for tests that check
// them all).
func Each(f func(key, en, ja string)) {
	for k, e := range catalogue {
		f(k, e[English], e[Japanese])
	}
}
