package kif

import (
	"fmt"
	"strings"
)

// Files that hold several games: a CSA file whose games are separated by
// "/" lines (CSA V2.2: 複数の棋譜を一つのファイルに), and a USI or SFEN
// list with one game a line. ReadGames reads each game on its own, so one
// that cannot be read does not hide the others.

// Game is one game of a file (ReadGames): its record, or why it cannot
// be read.
type Game struct {
	Record *Record // nil when Err is set
	Err    error
	// Line is the file's line the game starts on (1-based).
	Line int
}

// gamePart is the text of one game of a file and the line it starts on.
type gamePart struct {
	text string
	line int
}

// ReadGames parses a record file that may hold several games; name picks
// the format as for Read. It always returns at least one Game: a file
// holding one game gives Read's result (its error in Err), and a file
// that cannot be decoded gives that error. Errors and warnings name the
// lines of the whole file.
func ReadGames(name string, data []byte) []Game {
	text, enc, note, err := decode(data)
	if err != nil {
		return []Game{{Err: &ParseError{File: name, Msg: err.Error()}, Line: 1}}
	}
	f, ok := FormatOfPath(name)
	if !ok {
		f = sniff(text)
	}
	parts := splitGames(f, text)
	read := ReadCSA
	if f == FormatUSI || f == FormatSFEN {
		read = ReadUSI
	}
	if len(parts) <= 1 {
		r, err := Read(name, data)
		return []Game{{Record: r, Err: err, Line: 1}}
	}
	games := make([]Game, 0, len(parts))
	for _, p := range parts {
		r, err := read(name, p.text)
		if err != nil {
			if pe, ok := err.(*ParseError); ok && pe.Line > 0 {
				pe.Line += p.line - 1
			}
			games = append(games, Game{Err: err, Line: p.line})
			continue
		}
		for i := range r.Warnings {
			if r.Warnings[i].Line > 0 {
				r.Warnings[i].Line += p.line - 1
			}
		}
		if note != "" {
			r.Warnings = append([]Warning{{Msg: note}}, r.Warnings...)
		}
		if r.Source != nil {
			r.Source.Encoding = enc
			if g, ok := FormatOfPath(name); ok && familyOf(g) == familyOf(r.Source.Format) {
				r.Source.Format = g
			}
		}
		r.FileGames = len(parts)
		games = append(games, Game{Record: r, Line: p.line})
	}
	return games
}

// blankText reports whether a game's text holds nothing but blank lines
// and comments (what a trailing separator leaves).
func blankText(text string, comment string) bool {
	for _, l := range splitLines(text) {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, comment) {
			return false
		}
	}
	return true
}

// firstGame returns the text of the first game of a text of format f
// that holds several (CSA, USI), with a warning saying how many; other
// texts come back whole, with none.
func firstGame(f Format, text string) (string, *moreGames) {
	parts := splitGames(f, text)
	if len(parts) <= 1 {
		return text, nil
	}
	return parts[0].text, &moreGames{Warning{Line: parts[0].line, Msg: fmt.Sprintf("the file holds %d games; this is the first", len(parts))}, len(parts)}
}

// moreGames is Read's note on a file of several games.
type moreGames struct {
	Warning
	games int
}

// splitGames splits a text of format f into its games: CSA at "/"
// lines, USI and SFEN a game a line; nil for the other formats, which
// hold one game.
func splitGames(f Format, text string) []gamePart {
	switch f {
	case FormatCSA:
		return splitCSAGames(text)
	case FormatUSI, FormatSFEN:
		return splitUSIGames(text)
	}
	return nil
}
