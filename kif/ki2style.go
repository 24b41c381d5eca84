package kif

import (
	"strings"

	"kiki/game"
)

// ki2Style is a KI2 file's way of writing its move lines: how many moves
// to a line, the spaces between them, and two spellings: 同 with or
// without the full-width space, and 打 on every drop or only where
// needed. The default is Kifu for Windows's: six to a line, each move in a
// 12-column cell, "同　", 打 where needed.
type ki2Style struct {
	perLine  int
	pad      padRule
	trail    bool      // the last move of a line is padded too
	marks    [2]string // the side marks: ▲ △, or ☗ ☖, ▲ ▽ …
	allDrops bool
	dialect  dialect
}

var defaultKI2Style = ki2Style{perLine: 6, pad: padRule{kind: padWidth, n: 12}, marks: [2]string{"▲", "△"}}

// ki2Style returns the style to write r's KI2 move lines in.
func (r *Record) ki2Style() ki2Style {
	if r.keeps(famKI2) && r.Source.ki2.perLine > 0 {
		return r.Source.ki2
	}
	return defaultKI2Style
}

// spell writes a KI2 move made by kiki's notation (without its mark) in
// the style's spelling, with its mark.
func (s ki2Style) spell(tok string, m game.Move) string {
	if s.allDrops && m.IsDrop() && !strings.HasSuffix(tok, "打") {
		tok += "打"
	}
	return s.marks[m.Piece().Color()] + s.dialect.spell(tok, m)
}

// ki2Sample is a KI2 move line as read and the nodes its moves made (nil
// for a move that made none).
type ki2Sample struct {
	line  string
	nodes []*Node
}

// ki2Cells splits a move line into its moves (with their marks) and the
// blanks after each.
func ki2Cells(line string) (toks, gaps []string) {
	t := strings.TrimLeft(line, " 　\t")
	for t != "" {
		next := len(t)
		for _, mk := range sideMarks {
			if i := strings.Index(t[1:], mk); i >= 0 && i+1 < next {
				next = i + 1
			}
		}
		cell := t[:next]
		tok := strings.TrimRight(cell, " 　\t")
		toks = append(toks, tok)
		gaps = append(gaps, cell[len(tok):])
		t = t[next:]
	}
	return toks, gaps
}

// detectKI2Style learns a file's KI2 style from its move lines; each part
// is the file's when every line agrees on it, else the default's.
func detectKI2Style(r *Record, samples []ki2Sample) ki2Style {
	st := defaultKI2Style
	if len(samples) == 0 {
		return st
	}
	var texts, gaps []string
	lasts, trailing := 0, 0
	marks := [2]map[string]bool{{}, {}}
	drops, dropsMarked := 0, 0
	type word struct {
		tok string
		n   *Node
	}
	var moves []word
	for _, s := range samples {
		toks, gs := ki2Cells(s.line)
		for i, tok := range toks {
			if i < len(toks)-1 {
				texts, gaps = append(texts, tok), append(gaps, gs[i])
			} else if i > 0 {
				lasts++
				if gs[i] != "" {
					trailing++
				}
			}
			if i >= len(s.nodes) || s.nodes[i] == nil || s.nodes[i].IsSpecial() {
				continue
			}
			n := s.nodes[i]
			c := n.Move.Piece().Color()
			for _, m := range sideMarks {
				if strings.HasPrefix(tok, m) {
					marks[c][m] = true
				}
			}
			moves = append(moves, word{stripMark(tok), n})
			if n.Move.IsDrop() {
				drops++
				if strings.HasSuffix(tok, "打") {
					dropsMarked++
				}
			}
		}
	}
	// Moves to a line: the most a line has, where some line was ended by
	// that limit (its last move has no comment and the next move follows
	// on the next line); else nothing says the limit, and it is at least
	// the default.
	most, limited := 0, false
	for _, s := range samples {
		toks, _ := ki2Cells(s.line)
		most = max(most, len(toks))
		if n := lastNode(s.nodes); n != nil && len(n.Comments) == 0 && len(n.Kept) == 0 && n.Bookmark == "" &&
			len(n.Children) > 0 && !n.Children[0].IsSpecial() {
			limited = true
		}
	}
	st.perLine = most
	if !limited {
		st.perLine = max(most, defaultKI2Style.perLine)
	}
	for c := range marks {
		if len(marks[c]) == 1 {
			for m := range marks[c] {
				st.marks[c] = m
			}
		}
	}
	st.allDrops = drops > 0 && dropsMarked == drops
	// The spelling of the moves, against kiki's notation of each in its
	// position (a line's moves follow each other).
	var words []dialectSample
	var p *game.Position
	var at *Node
	for _, w := range moves {
		n := w.n
		if at != n.Parent {
			p = r.Position(n.Parent)
		}
		text := KI2Move(p, n.Move, n.Parent.Move)
		if st.allDrops && n.Move.IsDrop() && !strings.HasSuffix(text, "打") {
			text += "打"
		}
		words = append(words, dialectSample{kiki: text, file: w.tok, move: n.Move})
		p.DoMove(n.Move)
		at = n
	}
	st.dialect = detectDialect(words)
	if rule, ok := detectPad(texts, gaps); ok {
		st.pad = rule
	}
	st.trail = lasts > 0 && trailing == lasts
	return st
}

// lastNode returns the last of a line's nodes, nil if none.
func lastNode(nodes []*Node) *Node {
	if len(nodes) == 0 {
		return nil
	}
	return nodes[len(nodes)-1]
}
