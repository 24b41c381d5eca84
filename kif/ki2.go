package kif

import (
	"fmt"
	"strconv"
	"strings"

	"kiki/game"
)

var sideMarks = []string{"▲", "△", "☗", "☖", "▽"}

// splitKI2Moves splits "▲７六歩　△３四歩" into marked move tokens; it
// reports false when the line does not start with a side mark.
func splitKI2Moves(t string) ([]string, bool) {
	starts := func(s string) (string, bool) {
		for _, m := range sideMarks {
			if strings.HasPrefix(s, m) {
				return m, true
			}
		}
		return "", false
	}
	if _, ok := starts(t); !ok {
		return nil, false
	}
	var out []string
	for t != "" {
		m, _ := starts(t)
		rest := t[len(m):]
		next := len(rest)
		for _, mk := range sideMarks {
			if i := strings.Index(rest, mk); i >= 0 && i < next {
				next = i
			}
		}
		out = append(out, m+strings.TrimRight(rest[:next], " 　\t"))
		t = strings.TrimLeft(rest[next:], " 　\t")
	}
	return out, true
}

func markColor(tok string) game.Color {
	if strings.HasPrefix(tok, "▲") || strings.HasPrefix(tok, "☗") {
		return game.Black
	}
	return game.White
}

func stripMark(tok string) string {
	for _, m := range sideMarks {
		tok = strings.TrimPrefix(tok, m)
	}
	return tok
}

// summarySpecial reads a "まで…" line: the number of moves played and the ending.
func summarySpecial(t string) (int, Special, string, bool) {
	s := strings.TrimPrefix(t, "まで")
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	n, err := strconv.Atoi(s[:i])
	if err != nil {
		return 0, 0, "", false
	}
	s = strings.TrimPrefix(s[i:], "手")
	if strings.HasPrefix(s, "詰") { // まで49手詰: a tsume record ending in mate
		return n, Mate, "", true
	}
	s = strings.TrimSpace(strings.TrimPrefix(s, "で"))
	if strings.Contains(s, "時間切れ") || strings.Contains(s, "切れ負け") {
		return n, Timeout, "", true
	}
	// In this order: 勝ち alone, last, means the loser resigned.
	for _, e := range []struct {
		suffix string
		sp     Special
	}{
		{"反則勝ち", FoulWin}, {"反則負け", FoulLose}, {"入玉勝ち", EnteringKing}, {"宣言勝ち", EnteringKing},
		{"不戦勝", WinByDefault}, {"不戦敗", LoseByDefault}, {"勝ち", Resign},
	} {
		if strings.HasSuffix(s, e.suffix) {
			return n, e.sp, "", true
		}
	}
	if sp, ok := specialByWord[s]; ok {
		return n, sp, "", true
	}
	return n, SpecialOther, s, true
}

// ReadKI2 reads a KI2 record: moves without numbers or origins, several
// to a line, resolved with the legal moves (右 左 直 上 引 寄, 打, 成/不成).
func ReadKI2(name, text string) (*Record, error) {
	b := newBuilder(name, formatIn(name, famKI2, FormatKI2U), text)
	r, err := b.readLines(text, b.ki2Line)
	if err == nil {
		// Moves of a variation dropped after they were read say nothing.
		for i := range b.ki2Samples {
			for j, n := range b.ki2Samples[i].nodes {
				if n != nil && !r.attached(n) {
					b.ki2Samples[i].nodes[j] = nil
				}
			}
		}
		b.src.ki2 = detectKI2Style(r, b.ki2Samples)
	}
	return r, err
}

// ki2Line reads a KI2 line other than those both readers share: a
// variation heading, the まで summary, a line of moves, or a preamble line.
func (b *builder) ki2Line(l recordLine) error {
	switch {
	case strings.HasPrefix(l.t, "変化"):
		return b.ki2Variation(l)
	case strings.HasPrefix(l.t, "まで"):
		return b.ki2Summary(l)
	}
	toks, ok := splitKI2Moves(l.t)
	if !ok {
		return b.otherLine(l)
	}
	if err := b.begin(); err != nil {
		return err
	}
	b.seenAny = true
	sample := ki2Sample{line: l.line}
	lost := false
	for _, tok := range toks {
		parent, ok := b.attachPoint(b.cur.Ply+1, l.no)
		if !ok {
			lost = true
			continue
		}
		text := stripMark(tok)
		side := markColor(tok)
		n := b.addMove(parent, text, func(p *game.Position, prev game.Move) (game.Move, error) {
			if p.Side() != side {
				return game.NoMove, fmt.Errorf("it is %s's move, not %s's", p.Side(), side)
			}
			return ParseJapanese(p, text, prev)
		}, l.no)
		if n == nil {
			lost = true
		}
		sample.nodes = append(sample.nodes, n)
	}
	if lost && len(sample.nodes) == 0 {
		b.keepLost(l.line) // nothing on the line made a move (after the end, in a dropped variation)
	} else {
		b.ki2Samples = append(b.ki2Samples, sample)
	}
	return nil
}

// ki2Variation reads "変化：N手": the moves that follow replace move N of
// the line read last, so reading goes back to the node before it.
func (b *builder) ki2Variation(l recordLine) error {
	n, ok := variationPly(l.t)
	if !ok {
		return b.errorf(l.no, "bad variation line %q: want 変化：N手", l.t)
	}
	if err := b.begin(); err != nil {
		return err
	}
	cur := b.cur
	for cur.Ply > n-1 && cur.Parent != nil {
		cur = cur.Parent
	}
	if cur.Ply != n-1 {
		return b.errorf(l.no, "変化：%d手 but the line read last has only %d moves", n, cur.Ply)
	}
	b.cur = cur
	b.heading = l.line
	return nil
}

// ki2Summary reads the まで line that ends a line of play, which is where
// KI2 says how the game ended.
func (b *builder) ki2Summary(l recordLine) error {
	if b.cur == nil {
		if err := b.begin(); err != nil {
			return err
		}
	}
	n, sp, word, ok := summarySpecial(strings.TrimRight(l.t, " 　"))
	if !ok {
		b.warnf(l.no, "unrecognised summary %q kept as it is", l.t)
		b.keep(l.line)
		return nil
	}
	if b.fake[b.cur] || b.cur.IsSpecial() {
		// The summary of an ending already read (an illegal move's), or
		// of a dropped variation.
		b.keep(l.line)
		return nil
	}
	if n != b.cur.Ply {
		b.warnf(l.no, "the summary counts %d moves but the line has %d", n, b.cur.Ply)
	}
	e := b.addSpecial(b.cur, sp, word)
	if e.src.summary == "" {
		e.src.summary = l.line
	} else {
		b.keep(l.line)
	}
	return nil
}

// WriteKI2 formats the record as KI2: moves with side marks, six to a
// line, the result in a まで line, comments after their move, and
// variations as in KIF. KI2 has no times. A record read from a KI2 file is
// written in that file's layout instead (see Source).
func WriteKI2(r *Record) string { return writeKI2(r, "") }

// writeKI2 is WriteKI2 for a save in encodingName (for a kept version line).
func writeKI2(r *Record, encodingName string) string {
	w := &lineWriter{}
	writePreamble(w, r, famKI2, encodingName)
	k := &ki2Writer{w: w, r: r, style: r.ki2Style()}
	k.variations(k.line(r.Root, nil))
	return w.String()
}

// ki2Writer writes a record's moves as KI2.
type ki2Writer struct {
	w     *lineWriter
	r     *Record
	style ki2Style
}

func (k *ki2Writer) fromFile(n *Node) bool {
	return n.src != nil && k.r.keeps(famKI2)
}

// line writes the moves from first (if not nil) or n's first child on,
// and returns their nodes.
func (k *ki2Writer) line(n *Node, first *Node) []*Node {
	r := k.r
	var line []*Node
	var p *game.Position
	var toks []string
	flush := func() {
		if len(toks) == 0 {
			return
		}
		var sb strings.Builder
		for i, t := range toks {
			if i > 0 {
				sb.WriteString(k.style.pad.spaces(toks[i-1]))
			}
			sb.WriteString(t)
		}
		if k.style.trail && len(toks) > 1 {
			sb.WriteString(k.style.pad.spaces(toks[len(toks)-1]))
		}
		k.w.line(sb.String())
		toks = toks[:0]
	}
	emit := func(c *Node) {
		kept := r.keptLines(c, famKI2)
		if c.Special == SpecialIllegal && k.fromFile(c) && c.src.summary == "" && !isCSAMove(c.SpecialText) {
			// The file wrote the illegal move as a move (its まで line,
			// if any, is kept): so does the save.
			toks = append(toks, k.style.marks[r.sideAt(c.Ply)]+c.SpecialText)
			flush()
			kifOwn(k.w, c, kept)
			return
		}
		if c.IsSpecial() {
			// The summary comes first: a comment after it belongs to the ending.
			flush()
			if k.fromFile(c) && c.src.summary != "" && sameSummary(c, c.src.summary) {
				k.w.line(c.src.summary)
			} else {
				k.w.line(r.Summary(c))
			}
			if c.Special == SpecialIllegal {
				// KI2 readers resolve every move on the board: the illegal
				// move goes in a comment on the 反則負け.
				k.w.line("*" + r.illegalComment(c))
			}
			kifOwn(k.w, c, kept)
			return
		}
		if p == nil {
			p = r.Position(c.Parent)
		}
		toks = append(toks, k.style.spell(KI2Move(p, c.Move, c.Parent.Move), c.Move))
		p.DoMove(c.Move)
		if len(c.Comments) > 0 || c.Bookmark != "" || len(kept) > 0 || len(toks) >= k.style.perLine {
			flush()
			kifOwn(k.w, c, kept)
		}
	}
	if first != nil {
		emit(first)
		line = append(line, first)
		n = first
	}
	for len(n.Children) > 0 && !n.IsSpecial() {
		c := n.Children[0]
		emit(c)
		line = append(line, c)
		n = c
	}
	flush()
	return line
}

func (k *ki2Writer) variations(line []*Node) {
	for i := len(line) - 1; i >= 0; i-- {
		n := line[i]
		if n.Index() != 0 {
			continue
		}
		for _, alt := range n.Parent.Children[1:] {
			writeHeading(k.w, alt, k.fromFile(alt))
			k.variations(k.line(alt.Parent, alt))
		}
	}
}

// sameSummary reports whether a まで line read from the file still says
// how n ends (for the save to write it as it was).
func sameSummary(n *Node, line string) bool {
	_, sp, word, ok := summarySpecial(strings.TrimRight(strings.TrimLeft(line, " 　\t"), " 　"))
	if !ok {
		return false
	}
	if n.Special == SpecialIllegal {
		return sp == FoulLose // the comment form: 反則負け, the move in a comment
	}
	return sp == n.Special && (sp != SpecialOther || word == n.SpecialText)
}
