package ui

import "github.com/charmbracelet/x/ansi"

// stripANSI is a screen's text without its styles.
func stripANSI(s string) string { return ansi.Strip(s) }
