package kif

import (
	"fmt"
	"strconv"
	"strings"

	"kiki/game"
)

// Engines that play on floodgate (and programs that log games the same
// way) write their evaluation after each of their moves as a CSA comment
// that starts "'**": the score, then the line they expect, in CSA moves or
// USI moves:
//
//	+7776FU
//	'** -30 -3334FU +2726FU
//	'** 0 8c8d 2g2f
//
// kiki keeps the line as a comment of the move ("* -30 -3334FU +2726FU":
// the first '* is CSA's comment mark), so that it goes back into the file
// as it was; EngineComment reads it and EngineCommentText shows it as the
// evaluation it is.

// EngineEval is an engine's evaluation from a "'**" comment.
type EngineEval struct {
	// Score is in centipawns from 先手's side (positive: 先手 is ahead),
	// as floodgate records it whichever side moved.
	Score int
	// PV is the line the engine expects from the position after the move,
	// as written: CSA moves ("-3334FU") or USI moves ("8c8d", "P*2b").
	PV []string
}

// mateScore is floodgate's score for a mate found: ±100000.
const mateScore = 100000

// Mate reports whether the score says mate: floodgate's ±100000 (or more).
func (e EngineEval) Mate() bool { return e.Score >= mateScore || e.Score <= -mateScore }

// EngineComment reads a node's comment as an engine's evaluation: the
// comment a CSA "'**" line leaves ("* 100000", "* -123 8c8d 2g2f").
// ok is false for any other comment.
func EngineComment(comment string) (e EngineEval, ok bool) {
	rest, ok := strings.CutPrefix(comment, "*")
	if !ok {
		return EngineEval{}, false
	}
	f := strings.Fields(rest)
	if len(f) == 0 {
		return EngineEval{}, false
	}
	score, err := strconv.Atoi(f[0])
	if err != nil {
		return EngineEval{}, false
	}
	return EngineEval{Score: score, PV: f[1:]}, true
}

// EngineCommentText shows a comment of node n that is an engine's
// evaluation (see EngineComment) in Japanese: "評価値 +100000 (詰み)",
// "評価値 -30 読み筋 △３四歩 ▲２六歩", the line in KI2 notation from n's
// position. A move of the line that is not a legal move there ends the
// reading: it and the rest are shown as written. ok is false for any other
// comment, which the caller shows as it is.
func (r *Record) EngineCommentText(n *Node, comment string) (text string, ok bool) {
	e, ok := EngineComment(comment)
	if !ok {
		return "", false
	}
	var sb strings.Builder
	sb.WriteString("評価値 ")
	if e.Score == 0 {
		sb.WriteString("0")
	} else {
		fmt.Fprintf(&sb, "%+d", e.Score)
	}
	if e.Mate() {
		sb.WriteString(" (詰み)")
	}
	if len(e.PV) == 0 {
		return sb.String(), true
	}
	sb.WriteString(" 読み筋" + r.EngineLine(n, e))
	return sb.String(), true
}

// EngineLine is the line of an engine's evaluation at node n in KI2
// notation from n's position, each move after a space; a move that is not
// legal there ends the reading, shown with the rest as written.
func (r *Record) EngineLine(n *Node, e EngineEval) string {
	var sb strings.Builder
	p := r.Position(n)
	prev := n.Move
	if n.IsSpecial() {
		prev = n.Parent.Move
	}
	for i, mv := range e.PV {
		var m game.Move
		var err error
		if isCSAMove(mv) {
			m, err = csaMove(p, mv)
		} else {
			m, err = p.ParseUSIMove(mv)
		}
		if err != nil {
			sb.WriteString(" " + strings.Join(e.PV[i:], " "))
			break
		}
		sb.WriteString(" " + m.Piece().Color().Mark() + KI2Move(p, m, prev))
		p.DoMove(m)
		prev = m
	}
	return sb.String()
}
