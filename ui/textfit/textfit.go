// Package textfit fits text into the screen's columns: cut to a width
// (keeping its styles), cut with "...", padded, or wrapped at spaces —
// widths counted in terminal cells, so that Japanese counts double.
package textfit

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/mattn/go-runewidth"
)

// Truncate cuts a line to w display columns, keeping its styles.
func Truncate(s string, w int) string { return ansi.Truncate(s, w, "") }

// Ellipsis cuts a value to w display columns and says it was cut ("...",
// not "…": that one's width depends on the terminal).
func Ellipsis(s string, w int) string { return ansi.Truncate(s, w, "...") }

// PadRight pads s with spaces to w display columns.
func PadRight(s string, w int) string {
	if d := w - lipgloss.Width(s); d > 0 {
		return s + strings.Repeat(" ", d)
	}
	return s
}

// Wrap breaks s into lines of at most w cells, at the last space when the
// line has one (so a move in a reading line stays whole) and anywhere in
// text without spaces, as Japanese comments are.
func Wrap(s string, w int) []string {
	var out []string
	var cur []rune
	cw := 0
	for _, r := range s {
		rw := runewidth.RuneWidth(r)
		if cw+rw > w && len(cur) > 0 {
			cut := len(cur)
			if i := lastSpace(cur); i > 0 && r != ' ' {
				cut = i
			}
			out = append(out, strings.TrimRight(string(cur[:cut]), " "))
			cur = append([]rune(nil), cur[cut:]...)
			for len(cur) > 0 && cur[0] == ' ' {
				cur = cur[1:]
			}
			cw = runewidth.StringWidth(string(cur))
			if r == ' ' && len(cur) == 0 {
				continue
			}
		}
		cur = append(cur, r)
		cw += rw
	}
	if len(cur) > 0 || len(out) == 0 {
		out = append(out, string(cur))
	}
	return out
}

func lastSpace(rs []rune) int {
	for i := len(rs) - 1; i >= 0; i-- {
		if rs[i] == ' ' {
			return i
		}
	}
	return -1
}

// WrapLines splits texts into lines and wraps the long ones inside w
// columns (wrapped lines lose their colours).
func WrapLines(texts []string, w int) []string {
	var out []string
	for _, b := range texts {
		for _, l := range strings.Split(b, "\n") {
			if lipgloss.Width(l) < w {
				out = append(out, l)
			} else {
				out = append(out, Wrap(ansi.Strip(l), w-1)...)
			}
		}
	}
	return out
}
