package kif

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"kiki/game"
)

// A problem set is a UTF-8 TSV file, one mate problem a line; '#' starts
// a comment line and blank lines are ignored. Columns: 1 the SFEN (the
// attacker is the side to move), 2 the length in plies (odd), 3 the main
// line in USI moves separated by single spaces (empty when the solution
// is not known), 4 the material besides the defending king in SFEN
// letters (GGP; may be empty), 5 the name, 6 the source. Columns 4–6 may
// be absent. Shipped sets are gzip-compressed; the reader knows them by
// gzip's magic bytes, not by the file's name.

// Problem is one mate problem of a problem set.
type Problem struct {
	// SFEN is the position, the attacker to move, as the file writes it.
	SFEN string
	// Length is the mate's length in plies (odd).
	Length int
	// Moves is the main line: Length moves, every attacker move a check,
	// the last one mate; nil when the set does not know the solution.
	Moves    []game.Move
	Material string
	Name     string
	Source   string
	// Line is the line of the file it was read from (0: not read).
	Line int
}

// Position parses the problem's SFEN (already checked by ReadProblems).
func (p Problem) Position() (*game.Position, error) { return game.ParseSFEN(p.SFEN) }

// maxProblemData bounds a problem set after decompression, so that a
// small gzip file cannot ask for unbounded memory.
const maxProblemData = 256 << 20

// ReadProblems reads a problem set; name is the file's name for errors,
// which say the line and what was expected. Every SFEN is checked by the
// rules core's strict parser, every main line move by move.
func ReadProblems(name string, data []byte) ([]Problem, error) {
	if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: not a gzip file: %v", name, err)
		}
		plain, err := io.ReadAll(io.LimitReader(zr, maxProblemData+1))
		if err != nil {
			return nil, fmt.Errorf("%s: gzip: %v", name, err)
		}
		if len(plain) > maxProblemData {
			return nil, fmt.Errorf("%s: more than %d MiB once decompressed", name, maxProblemData>>20)
		}
		data = plain
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var out []Problem
	for i, raw := range strings.Split(string(data), "\n") {
		line := strings.TrimSuffix(raw, "\r")
		n := i + 1
		if !utf8.ValidString(line) {
			return nil, fmt.Errorf("%s:%d: not UTF-8", name, n)
		}
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := parseProblem(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, n, err)
		}
		p.Line = n
		out = append(out, p)
	}
	return out, nil
}

// parseProblem reads the columns of one line and checks the problem.
func parseProblem(line string) (Problem, error) {
	cols := strings.Split(line, "\t")
	if len(cols) < 3 {
		return Problem{}, fmt.Errorf("expected at least 3 tab-separated columns (SFEN, length, main line), got %d", len(cols))
	}
	if len(cols) > 6 {
		return Problem{}, fmt.Errorf("expected at most 6 columns (SFEN, length, main line, material, name, source), got %d", len(cols))
	}
	var p Problem
	p.SFEN = cols[0]
	l, err := strconv.Atoi(cols[1])
	if err != nil || l < 1 || l%2 == 0 {
		return Problem{}, fmt.Errorf("column 2: expected the length in plies, an odd number from 1, got %q", cols[1])
	}
	p.Length = l
	for i, c := range cols[3:] {
		switch i {
		case 0:
			p.Material = c
		case 1:
			p.Name = c
		case 2:
			p.Source = c
		}
	}
	pos, err := game.ParseSFEN(p.SFEN)
	if err != nil {
		return Problem{}, fmt.Errorf("column 1: %v", err)
	}
	if cols[2] != "" {
		for i, f := range strings.Split(cols[2], " ") {
			mv, err := pos.ParseUSIMove(f)
			if err != nil {
				return Problem{}, fmt.Errorf("column 3, move %d: %v", i+1, err)
			}
			pos.DoMove(mv)
			p.Moves = append(p.Moves, mv)
		}
	}
	if err := p.check(); err != nil {
		return Problem{}, err
	}
	return p, nil
}

// Check reports what is wrong with a problem, or nil: the SFEN by the
// strict parser and with the defender's king on the board, the length odd, the material in SFEN piece letters, the
// text columns free of tabs and line ends, and the main line (when there
// is one) Length legal moves, each of the attacker's a check, the last
// one mate.
func (p Problem) Check() error { return p.check() }

func (p Problem) check() error {
	pos, err := game.ParseSFEN(p.SFEN)
	if err != nil {
		return fmt.Errorf("column 1: %v", err)
	}
	if strings.ContainsAny(p.SFEN, "\t\r\n") {
		return errors.New("column 1: a tab or line end inside the SFEN")
	}
	// Without the defender's king there is nothing to mate: no check is
	// possible, and a practice of it could never be solved.
	if pos.King(pos.Side().Opp()) == game.NoSquare {
		return fmt.Errorf("column 1: %s, the defender (the side not to move), has no king to mate", pos.Side().Opp())
	}
	if p.Length < 1 || p.Length%2 == 0 {
		return fmt.Errorf("column 2: expected an odd length from 1, got %d", p.Length)
	}
	for _, r := range p.Material {
		if !strings.ContainsRune("PLNSGBR", r) {
			return fmt.Errorf("column 4: expected the material in SFEN letters (PLNSGBR), got %q", p.Material)
		}
	}
	for i, s := range []string{p.Name, p.Source} {
		if strings.ContainsAny(s, "\t\r\n") || !utf8.ValidString(s) {
			return fmt.Errorf("column %d: a tab or line end inside the text", 5+i)
		}
	}
	if len(p.Moves) == 0 {
		return nil
	}
	if len(p.Moves) != p.Length {
		return fmt.Errorf("column 3: expected a main line of %d moves (column 2), got %d", p.Length, len(p.Moves))
	}
	attacker := pos.Side()
	for i, mv := range p.Moves {
		if !pos.IsLegal(mv) {
			return fmt.Errorf("column 3, move %d: %s is not legal here", i+1, mv.USI())
		}
		pos.DoMove(mv)
		if mv.Piece().Color() == attacker && !pos.InCheck() {
			return fmt.Errorf("column 3, move %d: %s is not a check (every attacker move checks)", i+1, mv.USI())
		}
	}
	if !pos.IsCheckmate() {
		return fmt.Errorf("column 3: the main line does not end in mate")
	}
	return nil
}

// WriteProblems writes a problem set: the comments as '#' lines, then one
// line a problem, its empty trailing columns left out. Every problem is
// checked first (Check), so that what is written reads back.
func WriteProblems(w io.Writer, ps []Problem, comments ...string) error {
	var sb strings.Builder
	for _, c := range comments {
		for _, l := range strings.Split(c, "\n") {
			sb.WriteString("# " + strings.TrimRight(l, "\r") + "\n")
		}
	}
	for i, p := range ps {
		if err := p.check(); err != nil {
			return fmt.Errorf("problem %d (%s): %v", i+1, p.SFEN, err)
		}
		cols := []string{p.SFEN, strconv.Itoa(p.Length), game.JoinUSI(p.Moves), p.Material, p.Name, p.Source}
		for len(cols) > 3 && cols[len(cols)-1] == "" {
			cols = cols[:len(cols)-1]
		}
		sb.WriteString(strings.Join(cols, "\t") + "\n")
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// WriteProblemsFile writes a problem set to path atomically (a temporary
// file and a rename), gzip-compressed when the path ends in ".gz".
func WriteProblemsFile(path string, ps []Problem, comments ...string) error {
	var buf bytes.Buffer
	var w io.Writer = &buf
	var zw *gzip.Writer
	if strings.HasSuffix(path, ".gz") {
		zw, _ = gzip.NewWriterLevel(&buf, gzip.BestCompression)
		w = zw
	}
	if err := WriteProblems(w, ps, comments...); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if zw != nil {
		if err := zw.Close(); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	if err := WriteAtomic(path, buf.Bytes()); err != nil {
		// WriteAtomic's own error names its temporary file.
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
