package game

import (
	"fmt"
	"strconv"
	"strings"
)

// StartSFEN is the even-game start position.
const StartSFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

// NewStartPosition returns the even-game start position.
func NewStartPosition() *Position {
	p, err := ParseSFEN(StartSFEN)
	if err != nil {
		panic(err) // the constant above is valid; tests prove it
	}
	return p
}

// SFENError is a malformed or impossible SFEN, with what is wrong and where.
// When a rule of positions is broken, Err is the *PositionError (with the
// rule and the squares), reachable with errors.As.
type SFENError struct {
	SFEN string
	Msg  string
	Err  error
}

func (e *SFENError) Error() string { return fmt.Sprintf("bad SFEN %q: %s", e.SFEN, e.Msg) }

// Unwrap returns the *PositionError behind the message, if any.
func (e *SFENError) Unwrap() error { return e.Err }

// ParseSFEN reads a position in SFEN ("board side hands [move-number]").
// It rejects what cannot be a position: wrong rank lengths, unknown
// letters, a promoted king or gold, two kings of one side, a side not to
// move in check (RuleOpponentInCheck), and the placement rules: more
// pieces than the set has, a pawn, lance or knight that could never move
// again, two unpromoted pawns of one side on a file. Rule breaks come as
// an *SFENError wrapping a *PositionError.
func ParseSFEN(sfen string) (*Position, error) {
	p, _, err := parseSFEN(sfen, false)
	return p, err
}

// ParseSFENLenient reads a position as ParseSFEN does but accepts breaks of
// the placement rules, which composed puzzles make on purpose (nine pawns
// on a file, a pawn on its last rank), and returns each break as a
// warning. It still refuses an impossible position and more pieces of a
// kind than a set has. For records' start positions: moves from the
// position are generated and checked as usual.
func ParseSFENLenient(sfen string) (*Position, []*PositionError, error) {
	return parseSFEN(sfen, true)
}

// handCapacity is the most pieces of a kind a Hand can hold: the hand field
// is read up to this before the set counts are checked, so it never overflows.
var handCapacity = [King + 1]int{0, 31, 7, 7, 7, 3, 3, 7, 2}

func parseSFEN(sfen string, lenient bool) (*Position, []*PositionError, error) {
	fail := func(format string, args ...any) (*Position, []*PositionError, error) {
		return nil, nil, &SFENError{sfen, fmt.Sprintf(format, args...), nil}
	}
	broke := func(e *PositionError) (*Position, []*PositionError, error) {
		return nil, nil, &SFENError{sfen, e.Reason, e}
	}
	fields := strings.Fields(sfen)
	if len(fields) < 3 || len(fields) > 4 {
		return fail("want 3 or 4 space-separated fields (board, side to move, hands, move number), got %d", len(fields))
	}
	p := &Position{kings: [2]Square{NoSquare, NoSquare}}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 9 {
		return fail("the board has %d ranks separated by '/', want 9", len(ranks))
	}
	var count [King + 1]int
	for r, row := range ranks {
		file := 9
		for i := 0; i < len(row); i++ {
			ch := row[i]
			if ch >= '1' && ch <= '9' {
				file -= int(ch - '0')
				if file < 0 {
					return fail("rank %d (%q) covers more than 9 squares", r+1, row)
				}
				continue
			}
			promoted := false
			if ch == '+' {
				if i+1 >= len(row) {
					return fail("rank %d (%q) ends with '+'", r+1, row)
				}
				promoted = true
				i++
				ch = row[i]
			}
			pc, ok := pieceFromLetter(ch)
			if !ok {
				return fail("rank %d (%q): unknown piece letter %q", r+1, row, ch)
			}
			if file < 1 {
				return fail("rank %d (%q) covers more than 9 squares", r+1, row)
			}
			if promoted {
				if !pc.Type().CanPromote() {
					return fail("rank %d (%q): %s cannot be promoted", r+1, row, pc.Type().Name())
				}
				pc += promotedBit
			}
			s := NewSquare(file, r+1)
			if pc.Type() == King && p.kings[pc.Color()] != NoSquare {
				return fail("two %s kings (%s and %s)", pc.Color(), p.kings[pc.Color()].Japanese(), s.Japanese())
			}
			p.put(s, pc)
			count[pc.Type().Unpromote()]++
			file--
		}
		if file != 0 {
			return fail("rank %d (%q) covers %d squares, want 9", r+1, row, 9-file)
		}
	}
	switch fields[1] {
	case "b":
		p.side = Black
	case "w":
		p.side = White
		p.boardKey ^= zobSide
	default:
		return fail("side to move is %q, want b or w", fields[1])
	}
	if fields[2] != "-" {
		h := fields[2]
		for i := 0; i < len(h); {
			n := 0
			j := i
			for j < len(h) && h[j] >= '0' && h[j] <= '9' {
				n = n*10 + int(h[j]-'0')
				j++
				if n > handCapacity[Pawn] {
					return fail("hand %q: count too large", h)
				}
			}
			if j == len(h) {
				return fail("hand %q ends with a count and no piece", h)
			}
			if j == i {
				n = 1
			} else if n == 0 {
				return fail("hand %q: a count of 0", h)
			}
			pc, ok := pieceFromLetter(h[j])
			if !ok || pc.Type() == King {
				return fail("hand %q: %q is not a piece that can be held", h, h[j])
			}
			if p.hands[pc.Color()].Count(pc.Type())+n > handCapacity[pc.Type()] {
				return fail("hand %q: more %s than a hand can hold (%d)", h, pc.Type().Name(), handCapacity[pc.Type()])
			}
			for k := 0; k < n; k++ {
				p.addHand(pc.Color(), pc.Type())
			}
			count[pc.Type()] += n
			i = j + 1
		}
	}
	var warns []*PositionError
	for t := Pawn; t <= King; t++ {
		if count[t] <= maxCount[t] {
			continue
		}
		e := &PositionError{RulePieceCount, fmt.Sprintf("%d %s on board and in hand: more %s than a set has (%d)",
			count[t], t.Name(), t.Name(), maxCount[t]), p.byType[t].Or(p.byType[t.Promote()]).Squares()}
		// Refused even leniently: with pieces beyond the set a position
		// can have more legal moves than any real one (600, the move
		// list's room) — found by FuzzSFENMoves.
		return broke(e)
	}
	p.ply = 1
	if len(fields) == 4 {
		n, err := strconv.Atoi(fields[3])
		if err != nil || n < 1 {
			return fail("move number %q is not a positive integer", fields[3])
		}
		p.ply = n
	}
	warns = append(warns, p.placementErrors()...)
	if len(warns) > 0 && !lenient {
		return broke(warns[0])
	}
	if e := p.Impossible(); e != nil {
		return broke(e)
	}
	p.checkers = p.computeCheckers()
	return p, warns, nil
}

// SFEN formats the position, e.g. StartSFEN for the start position.
func (p *Position) SFEN() string { return ComposeSFEN(&p.board, p.side, p.hands, p.ply) }

// ComposeSFEN writes the SFEN of a board (by square), side to move, hands
// and move number, without checking that they make a legal position
// (ParseSFEN does that).
func ComposeSFEN(board *[NumSquares]Piece, side Color, hands [2]Hand, moveNumber int) string {
	var sb strings.Builder
	for r := 1; r <= 9; r++ {
		empty := 0
		for f := 9; f >= 1; f-- {
			pc := board[NewSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteString(pc.USI())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r < 9 {
			sb.WriteByte('/')
		}
	}
	if side == Black {
		sb.WriteString(" b ")
	} else {
		sb.WriteString(" w ")
	}
	if hands[Black]|hands[White] == 0 {
		sb.WriteByte('-')
	} else {
		hands[Black].sfen(&sb, Black)
		hands[White].sfen(&sb, White)
	}
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(moveNumber))
	return sb.String()
}

// String returns the SFEN.
func (p *Position) String() string { return p.SFEN() }

// ParseUSIPosition reads the argument of a USI "position" command —
// "startpos [moves …]" or "sfen <sfen> [moves …]", with or without the
// leading word "position" — and returns the position after the moves,
// each checked for legality, with the moves in its history.
func ParseUSIPosition(cmd string) (*Position, error) {
	fields := strings.Fields(cmd)
	if len(fields) > 0 && fields[0] == "position" {
		fields = fields[1:]
	}
	if len(fields) == 0 {
		return nil, fmt.Errorf("position: want startpos or sfen <sfen>")
	}
	var p *Position
	var rest []string
	switch fields[0] {
	case "startpos":
		p = NewStartPosition()
		rest = fields[1:]
	case "sfen":
		end := len(fields)
		for i := 1; i < len(fields); i++ {
			if fields[i] == "moves" {
				end = i
				break
			}
		}
		var err error
		if p, err = ParseSFEN(strings.Join(fields[1:end], " ")); err != nil {
			return nil, err
		}
		rest = fields[end:]
	default:
		return nil, fmt.Errorf("position: want startpos or sfen, got %q", fields[0])
	}
	if len(rest) == 0 {
		return p, nil
	}
	if rest[0] != "moves" {
		return nil, fmt.Errorf("position: want \"moves\" after the position, got %q", rest[0])
	}
	for i, s := range rest[1:] {
		m, err := p.ParseUSIMove(s)
		if err != nil {
			return nil, fmt.Errorf("position: move %d: %w", i+1, err)
		}
		p.DoMove(m)
	}
	return p, nil
}

// USIPosition returns the USI "position" argument that reproduces p: the
// position it was set up from (its Origin) and the moves since.
func (p *Position) USIPosition() string {
	q, moves := p.Origin()
	var sb strings.Builder
	sb.WriteString("sfen ")
	sb.WriteString(q.SFEN())
	if len(moves) > 0 {
		sb.WriteString(" moves ")
		sb.WriteString(JoinUSI(moves))
	}
	return sb.String()
}
