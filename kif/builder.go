package kif

import (
	"fmt"
	"strings"

	"kiki/game"
)

// builder grows a record's tree while a reader goes through a file: it
// keeps the position of the node being extended, checks every move with
// the rules core, and applies the policy for illegal moves (main line: the
// move becomes the ending, 反則; variation: the variation is dropped).
type builder struct {
	name    string
	rec     *Record
	pos     *game.Position
	posNode *Node // the node whose position pos holds (never a special)
	cur     *Node // the last node read on the current line
	fake    map[*Node]bool
	started bool // a move or special has been read

	header   []HeaderField
	handicap string
	handLine int
	diag     diagram
	seenAny  bool // anything that makes the text a record

	// src is the Source the reader fills: the preamble's layout and the
	// file's styles. last is the node read last in file order, which the
	// kept lines that follow belong to; heading is a 変化 line waiting for
	// the node it opens.
	src     *Source
	last    *Node
	heading string
	merged  bool // the move read last was one read before
	// kifSamples and ki2Samples are the move lines read, from which the
	// file's way of writing them is learnt.
	kifSamples []kifSample
	ki2Samples []ki2Sample
}

func newBuilder(name string, f Format, text string) *builder {
	b := &builder{name: name, rec: &Record{Root: &Node{}}, fake: map[*Node]bool{}, src: newSource(f, text)}
	b.rec.Source = b.src
	return b
}

// formatIn returns the format name says if it is one of family fam, else
// def: the format a reader records as its Source.
func formatIn(name string, fam family, def Format) Format {
	if f, ok := FormatOfPath(name); ok && familyOf(f) == fam {
		return f
	}
	return def
}

// keep keeps a line the reader does not model: before the first move in
// the preamble, after it on the node read last.
func (b *builder) keep(line string) {
	if b.pos == nil || b.last == nil {
		b.src.preamble = append(b.src.preamble, preItem{kind: preKept, text: line})
		return
	}
	n := b.last
	n.Kept = append(n.Kept, KeptLine{Text: line, At: len(n.Comments), AfterBookmark: n.Bookmark != ""})
}

// keepLost keeps a move line that made no node (after the end of the
// game, in a dropped variation, a repeated move), with the 変化 line
// before it if that is still waiting for its node.
func (b *builder) keepLost(line string) {
	if b.heading != "" {
		b.keep(b.heading)
		b.heading = ""
	}
	b.keep(line)
}

// layout records a modelled line of the preamble in file order.
func (b *builder) layout(it preItem) {
	if b.pos == nil {
		b.src.preamble = append(b.src.preamble, it)
	}
}

// read marks n, new, as read from the file, the node read last; a 変化
// line before it that did not open a variation (the moves go on past the
// end of the line) is kept as it is.
func (b *builder) read(n *Node) {
	b.merged = false
	if b.heading != "" && n.Index() == 0 {
		b.keep(b.heading)
		b.heading = ""
	}
	n.src = &nodeSource{heading: b.heading}
	b.heading = ""
	b.last = n
}

// merge notes that the move or ending read is one read before: the file
// line adds nothing to the tree, and so is kept (with its 変化 line).
func (b *builder) merge() {
	b.merged = true
	if b.heading != "" {
		b.keep(b.heading)
		b.heading = ""
	}
}

func (b *builder) errorf(line int, format string, args ...any) error {
	return &ParseError{File: b.name, Line: line, Msg: fmt.Sprintf(format, args...)}
}

func (b *builder) warnf(line int, format string, args ...any) {
	b.rec.Warnings = append(b.rec.Warnings, Warning{line, fmt.Sprintf(format, args...)})
}

// startPosition reads a record's start position. Composed puzzles may
// break the placement rules (nine pawns on a file, a pawn on its last
// rank), as Kifu for Windows and ShogiHome allow: such a start loads with
// a warning per break naming the rule and squares; an impossible position
// (side not to move in check) is an error.
func (b *builder) startPosition(sfen string, line int) (*game.Position, error) {
	p, warns, err := game.ParseSFENLenient(sfen)
	if err != nil {
		return nil, b.errorf(line, "impossible start position: %v", err)
	}
	for _, w := range warns {
		var sq []string
		for _, s := range w.Squares {
			sq = append(sq, s.Japanese())
		}
		b.warnf(line, "the start position breaks a placement rule (%s): %s [%s]; kept as composed", w.Rule, w.Reason, strings.Join(sq, " "))
	}
	return p, nil
}

// recordLine is a line of a KIF or KI2 record: its number (from 1), the
// line as written, and the line without its leading blanks, which is what
// most of the readers' tests look at.
type recordLine struct {
	no      int
	line, t string
}

// recordLines splits text into the numbered lines the KIF and KI2 readers
// walk.
func recordLines(text string) []recordLine {
	raw := splitLines(text)
	out := make([]recordLine, len(raw))
	for i, line := range raw {
		out[i] = recordLine{i + 1, line, strings.TrimLeft(line, " 　\t")}
	}
	return out
}

// readLines walks the lines of a KIF or KI2 record — those both formats
// share through commonLine, the others through line — and finishes the
// record.
func (b *builder) readLines(text string, line func(recordLine) error) (*Record, error) {
	lines := recordLines(text)
	for _, l := range lines {
		if b.commonLine(l) {
			continue
		}
		if err := line(l); err != nil {
			return nil, err
		}
	}
	return b.finish(len(lines))
}

// otherLine reads a line that is neither a move nor one of the lines both
// readers know by their start: a preamble line, or one that is warned
// about and ignored.
func (b *builder) otherLine(l recordLine) error {
	handled, err := b.preamble(l.line, l.no)
	if err != nil {
		return err
	}
	if !handled {
		b.warnf(l.no, "unrecognised line %q kept as it is", l.t)
		b.keep(l.line)
	}
	return nil
}

// preamble handles the lines KIF and KI2 share before the moves: header
// fields, the board diagram, hands and side to move. It reports whether
// the line was one of them.
func (b *builder) preamble(line string, no int) (bool, error) {
	t := strings.TrimRight(line, " 　\t")
	if c, rest, ok := handLine(t); ok {
		if b.started {
			return true, b.errorf(no, "a hand line after the moves have begun")
		}
		if _, err := parseHand(rest); err != nil {
			return true, b.errorf(no, "%v", err)
		}
		b.diag.hands[c], b.diag.hasHand[c] = rest, true
		b.seenAny = true
		i := strings.Index(line, "の持駒") + len("の持駒")
		if strings.HasPrefix(line[i:], "：") {
			i += len("：")
		} else if strings.HasPrefix(line[i:], ":") {
			i++
		}
		b.layout(preItem{kind: preHand, n: int(c), key: line[:i], text: line[i:]})
		return true, nil
	}
	if c, ok := sideLine(t); ok {
		if b.started {
			return true, b.errorf(no, "a side-to-move line after the moves have begun")
		}
		b.diag.side, b.diag.hasSide = c, true
		b.layout(preItem{kind: preSide, text: line})
		return true, nil
	}
	if strings.HasPrefix(t, "|") {
		if b.started {
			return true, b.errorf(no, "a board diagram after the moves have begun")
		}
		b.diag.rows = append(b.diag.rows, t)
		b.diag.rowLines = append(b.diag.rowLines, no)
		b.seenAny = true
		b.layout(preItem{kind: preRow, n: len(b.diag.rows)})
		return true, nil
	}
	if strings.HasPrefix(t, "+---") {
		b.layout(preItem{kind: preBorder})
		return true, nil
	}
	if strings.HasPrefix(strings.TrimLeft(t, " "), "９ ８ ７") || strings.HasPrefix(strings.TrimLeft(t, " "), "９　８") {
		b.layout(preItem{kind: preFiles})
		return true, nil
	}
	if strings.HasPrefix(t, "手数＝") { // Kifu for Windows position export: the diagram shows that move
		b.keep(line)
		return true, nil
	}
	key, value, ok := headerLine(line)
	if !ok {
		return false, nil
	}
	sep := line[len(key) : len(line)-len(value)]
	if key == "手合割" {
		if b.started {
			return true, b.errorf(no, "手合割 after the moves have begun")
		}
		b.handicap = strings.TrimRight(value, " 　\t")
		b.handLine = no
		b.seenAny = true
		b.layout(preItem{kind: preHandicap, text: sep, key: value})
		return true, nil
	}
	if b.pos != nil {
		// A header line among the moves ("終了日時" at the end): the
		// header was fixed at the first move, so the line is kept where
		// it stands.
		b.keep(line)
		return true, nil
	}
	b.header = append(b.header, HeaderField{key, value})
	b.seenAny = true
	b.layout(preItem{kind: preHeader, text: sep, key: key})
	return true, nil
}

// headerLine splits "key：value" (or "key:value"); keys have no spaces.
func headerLine(line string) (string, string, bool) {
	i := strings.Index(line, "：")
	n := len("：")
	if j := strings.Index(line, ":"); j >= 0 && (i < 0 || j < i) {
		i, n = j, 1
	}
	if i <= 0 {
		return "", "", false
	}
	key := line[:i]
	if strings.ContainsAny(key, " 　\t*#&|") || strings.HasPrefix(key, "変化") {
		return "", "", false
	}
	return key, line[i+n:], true
}

// begin fixes the start position from the 手合割, board diagram and side
// lines; it runs before the first move (or at the end of a file without moves).
func (b *builder) begin() error {
	if b.pos != nil {
		return nil
	}
	b.rec.Header = b.header
	var sfen string
	preset, hasPreset := game.Handicap(0), false
	if b.handicap != "" {
		preset, hasPreset = game.HandicapByName(b.handicap)
	}
	switch {
	case b.diag.present():
		side := game.Black
		if hasPreset && preset != game.Even {
			side = game.White
		}
		s, err := b.diag.position(side)
		if err != nil {
			return b.errorf(b.diag.rowLines[0], "%v", err)
		}
		sfen = s
	case hasPreset:
		sfen = preset.SFEN()
	case b.handicap != "" && b.handicap != "平手":
		return b.errorf(b.handLine, "unknown 手合割 %q and no board diagram; want one of 平手, 香落ち, 右香落ち, 角落ち, 飛車落ち, 飛香落ち, 二枚落ち, 三枚落ち, 四枚落ち, 五枚落ち, 左五枚落ち, 六枚落ち, 左七枚落ち, 右七枚落ち, 八枚落ち, 十枚落ち", b.handicap)
	default:
		sfen = game.StartSFEN
	}
	line := b.handLine
	if b.diag.present() {
		line = b.diag.rowLines[0]
	}
	p, err := b.startPosition(sfen, line)
	if err != nil {
		return err
	}
	b.rec.SetStart(p)
	b.src.start = b.rec.Start.SFEN
	b.src.bod = detectBODStyle(b.src.preamble, b.diag.rows, b.rec)
	b.pos = b.rec.StartPosition()
	b.posNode = b.rec.Root
	b.cur = b.rec.Root
	return nil
}

// seek moves pos to node n (a live, non-special node).
func (b *builder) seek(n *Node) {
	// Up to the common ancestor, then down along n's path.
	depth := func(x *Node) int { return x.Ply }
	a, c := b.posNode, n
	for depth(a) > depth(c) {
		a = a.Parent
	}
	for depth(c) > depth(a) {
		c = c.Parent
	}
	for a != c {
		a, c = a.Parent, c.Parent
	}
	for x := b.posNode; x != a; x = x.Parent {
		b.pos.UndoMove()
	}
	path := n.Path()
	for _, x := range path[len(path)-(n.Ply-a.Ply):] {
		b.pos.DoMove(x.Move)
	}
	b.posNode = n
}

// attachPoint returns the node a move numbered num extends: the current
// node, or for a smaller number the node at ply num-1 on the current line
// (a variation). It reports false when the move is to be skipped.
func (b *builder) attachPoint(num, no int) (*Node, bool) {
	cur := b.cur
	if num <= cur.Ply {
		for cur.Ply > num-1 && cur.Parent != nil {
			cur = cur.Parent
		}
		if num <= 0 {
			b.warnf(no, "move number %d", num)
		}
	} else if num > cur.Ply+1 && !b.fake[cur] {
		if cur.Ply == 0 {
			b.warnf(no, "the first move is numbered %d; read as move 1", num)
		} else {
			b.warnf(no, "move number %d where %d was expected; read as the next move", num, cur.Ply+1)
		}
	}
	if cur.IsSpecial() {
		b.warnf(no, "a move after the end of the game (%s); ignored", cur.Text())
		b.cur = b.fakeChild(cur)
		return nil, false
	}
	if b.fake[cur] {
		b.cur = b.fakeChild(cur)
		return nil, false
	}
	return cur, true
}

func (b *builder) fakeChild(parent *Node) *Node {
	n := &Node{Parent: parent, Ply: parent.Ply + 1}
	b.fake[n] = true
	return n
}

// addMove adds the move that text names (resolved in the parent's
// position) as a child of parent.
func (b *builder) addMove(parent *Node, text string, resolve func(p *game.Position, prev game.Move) (game.Move, error), no int) *Node {
	b.started = true
	b.merged = false
	b.seek(parent)
	m, err := resolve(b.pos, parent.Move)
	if err != nil {
		return b.illegal(parent, text, err, no)
	}
	if c := parent.FindChild(m); c != nil {
		b.cur = c // a variation repeating an existing move merges into it
		b.merge()
	} else {
		b.cur = parent.AddChild(&Node{Move: m})
		b.read(b.cur)
	}
	b.seek(b.cur)
	return b.cur
}

// illegal applies the policy for a move that is not legal.
func (b *builder) illegal(parent *Node, text string, why error, no int) *Node {
	if len(parent.Children) == 0 && parent.IsMainLine() {
		b.warnf(no, "move %d %s is illegal (%v); the record ends there as 反則", parent.Ply+1, text, why)
		b.cur = parent.AddChild(&Node{Special: SpecialIllegal, SpecialText: text})
		b.read(b.cur)
		return b.cur
	}
	if len(parent.Children) > 0 {
		b.warnf(no, "variation move %d %s is illegal (%v); the variation is dropped", parent.Ply+1, text, why)
		b.cur = b.fakeChild(parent)
		return nil
	}
	// Drop the whole variation this move belongs to, from its branch node.
	v := parent
	for v.Index() == 0 {
		v = v.Parent
	}
	b.warnf(no, "variation move %d %s is illegal (%v); the variation from move %d is dropped", parent.Ply+1, text, why, v.Ply)
	keep := v.Parent
	b.seek(keep)
	Remove(v)
	b.cur = keep
	for b.cur.Ply < parent.Ply+1 {
		b.cur = b.fakeChild(b.cur)
	}
	return nil
}

// addSpecial ends the line at parent with a special.
func (b *builder) addSpecial(parent *Node, sp Special, text string) *Node {
	b.started = true
	b.merged = false
	n := &Node{Special: sp}
	if sp == SpecialOther || sp == SpecialIllegal {
		n.SpecialText = text
	}
	for _, c := range parent.Children {
		if c.IsSpecial() && c.Special == n.Special && c.Text() == n.Text() {
			b.cur = c
			b.merge()
			return c
		}
	}
	b.cur = parent.AddChild(n)
	b.read(b.cur)
	return b.cur
}

// commonLine handles what KIF and KI2 lines share: blank lines and '#'
// remarks (kept as they are), '*' comments and '&' bookmarks. It reports
// whether it did.
func (b *builder) commonLine(l recordLine) bool {
	t := l.t
	switch {
	case strings.TrimSpace(strings.ReplaceAll(t, "　", "")) == "", strings.HasPrefix(t, "#"):
		b.keep(l.line)
	case strings.HasPrefix(t, "*"):
		if !b.comment(t[1:]) {
			b.keep(l.line)
		}
	case strings.HasPrefix(t, "&"):
		switch {
		case b.cur == nil:
			b.rec.Root.Bookmark = t[1:]
			b.layout(preItem{kind: preBookmark})
		case !b.fake[b.cur] && b.cur.Bookmark == "":
			b.cur.Bookmark = t[1:]
		default:
			b.keep(l.line) // in a dropped variation, or a second one
		}
	default:
		return false
	}
	return true
}

// comment attaches a comment line to the node read last. It reports false
// when the comment belongs to nothing kiki keeps (a dropped variation),
// for the caller to keep the line as it is.
func (b *builder) comment(text string) bool {
	if b.cur == nil {
		b.rec.Root.Comments = append(b.rec.Root.Comments, text)
		b.layout(preItem{kind: preComment})
		return true
	}
	if b.fake[b.cur] {
		return false
	}
	if b.illegalFromComment(text) {
		return true
	}
	b.cur.Comments = append(b.cur.Comments, text)
	return true
}

// finish completes the record.
func (b *builder) finish(lastLine int) (*Record, error) {
	if !b.seenAny && !b.started && len(b.rec.Root.Comments) == 0 {
		return nil, b.errorf(0, "not a game record: no header, board diagram or moves found")
	}
	if err := b.begin(); err != nil {
		return nil, err
	}
	return b.rec, nil
}
