package kif

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"kiki/game"
)

// ReadKIF reads a KIF record from decoded text; name is used in errors.
// The KIF format is described in ../shared/reference/kif-format.md.
func ReadKIF(name, text string) (*Record, error) {
	b := newBuilder(name, formatIn(name, famKIF, FormatKIFU), text)
	r, err := b.readLines(text, b.kifLine)
	if err == nil {
		var live []kifSample
		for _, s := range b.kifSamples {
			if r.attached(s.node) {
				live = append(live, s)
			}
		}
		b.src.kif = detectKIFStyle(live)
	}
	return r, err
}

// kifLine reads a KIF line other than those both readers share: a move,
// a variation heading, the summary and column heading (kept as they are:
// the moves say it all), or a preamble line.
func (b *builder) kifLine(l recordLine) error {
	t := l.t
	switch {
	case strings.HasPrefix(t, "変化"):
		if _, ok := variationPly(t); !ok {
			b.warnf(l.no, "bad variation line %q; its moves attach by their numbers", t)
		}
		b.heading = l.line
	case strings.HasPrefix(t, "まで"):
		b.keep(l.line)
	case strings.HasPrefix(t, "手数-") || strings.HasPrefix(t, "手数－"):
		b.keep(l.line)
	default:
		num, rest, ok := moveLine(t)
		if !ok {
			return b.otherLine(l)
		}
		if err := b.begin(); err != nil {
			return err
		}
		b.seenAny = true
		if n, taken := b.kifMove(num, rest, l.no); n != nil {
			b.kifSamples = append(b.kifSamples, kifSample{node: n, line: l.line})
		} else if !taken {
			b.keepLost(l.line)
		}
	}
	return nil
}

// splitLines splits text into lines at LF, CRLF or a bare CR (classic Mac
// OS and Kifu for Macintosh end lines with CR alone).
func splitLines(text string) []string {
	text = strings.TrimPrefix(text, "\uFEFF")
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	lines := strings.Split(text, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// variationPly reads "変化：N手".
func variationPly(t string) (int, bool) {
	s := strings.TrimPrefix(t, "変化")
	s = strings.TrimPrefix(strings.TrimPrefix(s, "："), ":")
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "手"))
	n, err := strconv.Atoi(s)
	return n, err == nil && n > 0
}

// moveLine splits "  12 ７六歩(77)   ( 0:01/00:00:01)" into 12 and the rest.
func moveLine(t string) (int, string, bool) {
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 || i > 6 {
		return 0, "", false
	}
	rest := t[i:]
	trimmed := strings.TrimLeft(rest, " 　\t")
	if trimmed == rest || trimmed == "" {
		return 0, "", false
	}
	n, _ := strconv.Atoi(t[:i])
	return n, trimmed, true
}

// splitTime separates a trailing time "( 0:01/00:00:01)" and the "+"
// variation flag from a move.
func splitTime(rest string) (move, tm string) {
	r := strings.TrimRight(rest, " 　\t")
	r = strings.TrimRight(strings.TrimSuffix(r, "+"), " 　\t")
	if strings.HasSuffix(r, ")") {
		if i := strings.LastIndex(r, "("); i >= 0 && strings.Contains(r[i:], ":") {
			return strings.TrimRight(r[:i], " 　\t"), r[i+1 : len(r)-1]
		}
	}
	return r, ""
}

// parseTime reads "m:ss/h:mm:ss" (either part may be short or missing).
func parseTime(s string) (spent, total time.Duration, hasSpent, hasTotal bool) {
	parts := strings.SplitN(s, "/", 2)
	clock := func(p string) (time.Duration, bool) {
		f := strings.Split(strings.TrimSpace(p), ":")
		if len(f) < 2 || len(f) > 3 {
			return 0, false
		}
		var d time.Duration
		for _, x := range f {
			n, err := strconv.Atoi(strings.TrimSpace(x))
			if err != nil || n < 0 {
				return 0, false
			}
			d = d*60 + time.Duration(n)
		}
		return d * time.Second, true
	}
	spent, hasSpent = clock(parts[0])
	if len(parts) == 2 {
		total, hasTotal = clock(parts[1])
	}
	return
}

// specialOf recognises a special line: 投了, or 将棋倶楽部24's "先手 反則負け".
func specialOf(move string) (Special, string, bool) {
	f := strings.FieldsFunc(move, isSpace)
	if len(f) == 0 {
		return 0, "", false
	}
	if sp, ok := specialByWord[f[0]]; ok {
		return sp, f[0], true
	}
	if _, side := SideByName(f[0]); side || f[0] == "▲" || f[0] == "△" {
		if len(f) > 1 {
			if sp, ok := specialByWord[f[1]]; ok {
				return sp, f[1], true
			}
		}
	}
	return 0, "", false
}

// kifMove reads a move line; it returns the node the line made, or nil
// when it made none, and then whether the line is in the record all the
// same (the 反則勝ち that closes an illegal move): if not, it is kept as
// it is.
func (b *builder) kifMove(num int, rest string, no int) (*Node, bool) {
	move, tm := splitTime(rest)
	if strings.TrimFunc(move, isSpace) == "" {
		b.warnf(no, "move %d has no move text; kept as it is", num)
		return nil, false
	}
	if sp, _, ok := specialOf(move); ok && num == b.cur.Ply+1 && b.confirmsIllegal(sp) {
		b.cur.src.foulLine = true
		return nil, true
	}
	parent, ok := b.attachPoint(num, no)
	if !ok {
		return nil, false
	}
	var n *Node
	if sp, word, ok := specialOf(move); ok {
		n = b.addSpecial(parent, sp, word)
	} else if mt, err := ParseMoveText(move); err != nil {
		word := strings.FieldsFunc(move, isSpace)[0]
		b.warnf(no, "%q is neither a move nor a known ending; kept as the ending", word)
		n = b.addSpecial(parent, SpecialOther, word)
	} else {
		r := strings.TrimSpace(mt.Rest)
		if r != "" {
			b.warnf(no, "kept %q after the move as it is", r)
		}
		n = b.addMove(parent, move, mt.Resolve, no)
		if r != "" && n != nil && n.src != nil && !b.merged {
			n.src.rest = strings.TrimRight(mt.Rest, " 　\t")
		}
	}
	if b.merged {
		// The line repeats a move read before (a variation that begins
		// with the main line's move): it adds nothing, and is kept.
		return nil, false
	}
	if n != nil && tm != "" {
		n.Time, n.Total, n.HasTime, n.HasTotal = parseTime(tm)
	}
	return n, false
}

// textWidth is the display width of KIF text: Japanese characters take
// two columns, ASCII one. Move columns are aligned with it.
func textWidth(s string) int {
	w := 0
	for _, r := range s {
		if r < 0x80 {
			w++
		} else {
			w += 2
		}
	}
	return w
}

// sideAt returns the side to move at ply n (the side that plays move n).
func (r *Record) sideAt(ply int) game.Color {
	s := game.Black
	if strings.Contains(r.Start.SFEN, " w ") {
		s = game.White
	}
	if (ply-1)%2 == 1 {
		s = s.Opp()
	}
	return s
}

// Summary returns the "まで…" line for a special ending node.
func (r *Record) Summary(n *Node) string {
	names := r.SideNames()
	mover := r.sideAt(n.Ply)
	played := n.Ply - 1
	p := fmt.Sprintf("まで%d手で", played)
	switch n.Special {
	case Resign:
		return p + names[mover.Opp()] + "の勝ち"
	case Timeout:
		return p + "時間切れにより" + names[mover.Opp()] + "の勝ち"
	case FoulWin:
		return p + names[mover] + "の反則勝ち"
	case FoulLose, SpecialIllegal:
		return p + names[mover] + "の反則負け"
	case EnteringKing:
		return p + names[mover] + "の入玉勝ち"
	case WinByDefault:
		return p + names[mover] + "の不戦勝"
	case LoseByDefault:
		return p + names[mover] + "の不戦敗"
	case Mate:
		return p + "詰み"
	}
	return p + n.Text()
}

// WriteKIF formats the record as KIF text in the layout Kifu for Windows
// writes: header in order, 手合割 or a board diagram, aligned move columns,
// times where known, comments, and variations after the main line, deepest
// branch first. encodingName goes in the first line (Shift_JIS or UTF-8).
// A record read from a KIF file is written in that file's layout instead,
// with the lines kiki does not model where they stood (see Source).
func WriteKIF(r *Record, encodingName string) string {
	w := &lineWriter{}
	if !r.keeps(famKIF) {
		w.line("#KIF version=2.0 encoding=" + encodingName)
	}
	writePreamble(w, r, famKIF, encodingName)
	k := &kifWriter{w: w, r: r, clock: newKIFClock(r), style: r.kifStyle()}
	k.variations(k.line(r.Root))
	return w.String()
}

// commonPreset marks the start positions every KIF reader knows by name.
var commonPreset = map[game.Handicap]bool{
	game.Even: true, game.LanceHandicap: true, game.RightLanceHandicap: true, game.BishopHandicap: true,
	game.RookHandicap: true, game.RookLanceHandicap: true, game.TwoPieceHandicap: true,
	game.FourPieceHandicap: true, game.SixPieceHandicap: true, game.EightPieceHandicap: true,
	game.TenPieceHandicap: true,
}

// kifWriter writes a record's moves as KIF.
type kifWriter struct {
	w     *lineWriter
	r     *Record
	clock *kifClock
	style kifStyle
}

// fromFile reports whether n was read from the file whose layout is
// being written back: its summary and variation heading are then the
// file's (kept, or none).
func (k *kifWriter) fromFile(n *Node) bool {
	return n.src != nil && k.r.keeps(famKIF)
}

// line writes the line from n's first child on, and returns its nodes.
func (k *kifWriter) line(n *Node) []*Node {
	var line []*Node
	for len(n.Children) > 0 {
		c := n.Children[0]
		k.node(c)
		line = append(line, c)
		n = c
	}
	return line
}

// moveLine spells a move line: number, move, time column and the "+"
// that says the move has alternatives.
func (k *kifWriter) moveLine(ply int, text string, n *Node) string {
	s := fmt.Sprintf("%*d%s%s", k.style.numWidth, ply, k.style.afterNum, text)
	if n == nil {
		return s
	}
	if spent, total, ok := k.clock.at(n); ok {
		pad := k.style.pad
		if n.IsSpecial() {
			pad = k.style.endPad
		}
		s += pad.spaces(text) + k.style.clock.format(spent, total)
	} else if n.IsSpecial() && k.style.hasUntimedEnd {
		s += k.style.untimedEnd.spaces(text)
	} else if !n.IsSpecial() && k.style.hasUntimed {
		s += k.style.untimed.spaces(text)
	}
	if n.Index() < len(n.Parent.Children)-1 && !k.style.noPlus {
		s += "+"
	}
	return s
}

func (k *kifWriter) node(n *Node) {
	r := k.r
	// after is a line that must follow the move line at once: the 反則勝ち
	// that closes an illegal move written as a move, or the comment naming
	// an illegal move that cannot be.
	var text, after, summary string
	switch {
	case n.Special == SpecialIllegal:
		if m, ok := r.illegalMove(n); ok && r.kifWritable(m, n) {
			text = m.kifText(n.Parent.Move)
			if !k.fromFile(n) || n.src.foulLine {
				after = k.moveLine(n.Ply+1, FoulWin.Word(), nil)
			}
			summary = r.foulSummary(n)
		} else {
			text = FoulLose.Word()
			after = "*" + r.illegalComment(n)
			summary = r.Summary(n)
		}
	case n.IsSpecial():
		text = n.Text()
		summary = r.Summary(n)
	default:
		text = k.style.dialect.spell(KIFMove(n.Move, n.Parent.Move), n.Move)
		if k.fromFile(n) {
			text += n.src.rest
		}
	}
	k.w.line(k.moveLine(n.Ply, text, n))
	if after != "" {
		k.w.line(after)
	}
	kifOwn(k.w, n, r.keptLines(n, famKIF))
	if summary != "" && !k.fromFile(n) {
		// A file's own まで line is one of its kept lines.
		k.w.line(summary)
	}
}

// variations writes the alternatives to the nodes of line, deepest first,
// each block followed by its own variations: the order Kifu for Windows
// uses, in which every block attaches to the line read last.
func (k *kifWriter) variations(line []*Node) {
	for i := len(line) - 1; i >= 0; i-- {
		n := line[i]
		if n.Index() != 0 {
			continue // the head of a block: its siblings belong to the caller
		}
		for _, alt := range n.Parent.Children[1:] {
			writeHeading(k.w, alt, k.fromFile(alt))
			k.node(alt)
			k.variations(append([]*Node{alt}, k.line(alt)...))
		}
	}
}

// writeHeading writes the 変化 line that opens the variation at alt (KIF
// and KI2): the file's own if alt was read from the file being written
// back (its blank line before it is a kept line), else a new one after a
// blank line.
func writeHeading(w *lineWriter, alt *Node, fromFile bool) {
	if fromFile {
		if ply, ok := variationPly(strings.TrimSpace(alt.src.heading)); ok && ply == alt.Ply {
			w.line(alt.src.heading)
			return
		}
	}
	w.line("")
	w.line(fmt.Sprintf("変化：%d手", alt.Ply))
}

// kifClock gives the time column of a KIF record. json-kifu-format (Kifu
// for JS) requires both the move's time and the running total, so when a
// record holds only per-move times (CSA), each side's total is summed.
type kifClock struct {
	totals map[*Node]time.Duration
}

func newKIFClock(r *Record) *kifClock {
	c := &kifClock{totals: map[*Node]time.Duration{}}
	var walk func(n *Node, sums [2]time.Duration)
	walk = func(n *Node, sums [2]time.Duration) {
		for _, ch := range n.Children {
			s := sums
			if ch.HasTime {
				side := r.sideAt(ch.Ply)
				if ch.HasTotal {
					s[side] = ch.Total
				} else {
					s[side] += ch.Time
				}
				c.totals[ch] = s[side]
			}
			walk(ch, s)
		}
	}
	walk(r.Root, [2]time.Duration{})
	return c
}

// at returns the time column of n, if it has one.
func (c *kifClock) at(n *Node) (spent, total time.Duration, ok bool) {
	if c == nil || !n.HasTime {
		return 0, 0, false
	}
	return n.Time, c.totals[n], true
}
