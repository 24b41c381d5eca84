package kif

import (
	"strings"

	"kiki/game"
)

// ReadUSI reads a USI position line ("position startpos moves …",
// "sfen … moves …") or a bare SFEN as a record with that main line.
func ReadUSI(name, text string) (*Record, error) {
	var line string
	for _, l := range splitLines(text) {
		if t := strings.TrimSpace(l); t != "" {
			line = t
			break
		}
	}
	if line == "" {
		return nil, &ParseError{File: name, Msg: "not a game record: empty"}
	}
	if !strings.HasPrefix(line, "position") && !strings.HasPrefix(line, "startpos") && !strings.HasPrefix(line, "sfen") {
		line = "sfen " + line
	}
	p, err := game.ParseUSIPosition(line)
	if err != nil {
		return nil, &ParseError{File: name, Line: 1, Msg: err.Error()}
	}
	start, moves := p.Origin()
	r := NewRecord(start)
	n := r.Root
	for _, m := range moves {
		n = n.AddChild(&Node{Move: m})
	}
	return r, nil
}

// WriteUSI returns the main line as one USI line: "position sfen <start>
// moves …" (no moves part when there are none).
func WriteUSI(r *Record) string {
	s := "position sfen " + r.Start.SFEN
	if moves := r.MainMoves(); len(moves) > 0 {
		s += " moves " + game.JoinUSI(moves)
	}
	return s
}

// FinalSFEN returns the SFEN after the last move of the main line.
func FinalSFEN(r *Record) string {
	p := r.StartPosition()
	for _, m := range r.MainMoves() {
		p.DoMove(m)
	}
	return p.SFEN()
}

// splitUSIGames splits a USI or SFEN list into its games, one a line;
// blank lines and '#' comments are skipped.
func splitUSIGames(text string) []gamePart {
	var parts []gamePart
	for i, l := range splitLines(text) {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
			parts = append(parts, gamePart{t, i + 1})
		}
	}
	return parts
}
