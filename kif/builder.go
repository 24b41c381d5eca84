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
}

func newBuilder(name string) *builder {
	return &builder{name: name, rec: &Record{Root: &Node{}}, fake: map[*Node]bool{}}
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

// read walks the lines of a KIF or KI2 record — those both formats share
// through commonLine, the others through line — and finishes the record.
func (b *builder) read(text string, line func(recordLine) error) (*Record, error) {
	lines := recordLines(text)
	for _, l := range lines {
		if b.commonLine(l.t) {
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
		b.warnf(l.no, "unrecognised line %q ignored", l.t)
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
		return true, nil
	}
	if c, ok := sideLine(t); ok {
		if b.started {
			return true, b.errorf(no, "a side-to-move line after the moves have begun")
		}
		b.diag.side, b.diag.hasSide = c, true
		return true, nil
	}
	if strings.HasPrefix(t, "|") {
		if b.started {
			return true, b.errorf(no, "a board diagram after the moves have begun")
		}
		b.diag.rows = append(b.diag.rows, t)
		b.diag.rowLines = append(b.diag.rowLines, no)
		b.seenAny = true
		return true, nil
	}
	if strings.HasPrefix(t, "+---") || strings.HasPrefix(strings.TrimLeft(t, " "), "９ ８ ７") || strings.HasPrefix(strings.TrimLeft(t, " "), "９　８") {
		return true, nil
	}
	if strings.HasPrefix(t, "手数＝") { // Kifu for Windows position export: the diagram shows that move
		return true, nil
	}
	key, value, ok := headerLine(line)
	if !ok {
		return false, nil
	}
	if key == "手合割" {
		if b.started {
			return true, b.errorf(no, "手合割 after the moves have begun")
		}
		b.handicap = strings.TrimRight(value, " 　\t")
		b.handLine = no
		b.seenAny = true
		return true, nil
	}
	b.header = append(b.header, HeaderField{key, value})
	b.seenAny = true
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
	b.seek(parent)
	m, err := resolve(b.pos, parent.Move)
	if err != nil {
		return b.illegal(parent, text, err, no)
	}
	if c := parent.FindChild(m); c != nil {
		b.cur = c // a variation repeating an existing move merges into it
	} else {
		b.cur = parent.AddChild(&Node{Move: m})
	}
	b.seek(b.cur)
	return b.cur
}

// illegal applies the policy for a move that is not legal.
func (b *builder) illegal(parent *Node, text string, why error, no int) *Node {
	if len(parent.Children) == 0 && parent.IsMainLine() {
		b.warnf(no, "move %d %s is illegal (%v); the record ends there as 反則", parent.Ply+1, text, why)
		b.cur = parent.AddChild(&Node{Special: SpecialIllegal, SpecialText: text})
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
	n := &Node{Special: sp}
	if sp == SpecialOther || sp == SpecialIllegal {
		n.SpecialText = text
	}
	for _, c := range parent.Children {
		if c.IsSpecial() && c.Special == n.Special && c.Text() == n.Text() {
			b.cur = c
			return c
		}
	}
	b.cur = parent.AddChild(n)
	return b.cur
}

// commonLine handles what KIF and KI2 lines share: blank lines, '#'
// remarks, '*' comments and '&' bookmarks. It reports whether it did.
func (b *builder) commonLine(t string) bool {
	switch {
	case strings.TrimSpace(strings.ReplaceAll(t, "　", "")) == "", strings.HasPrefix(t, "#"):
	case strings.HasPrefix(t, "*"):
		b.comment(t[1:])
	case strings.HasPrefix(t, "&"):
		if b.cur == nil {
			b.rec.Root.Bookmark = t[1:]
		} else if !b.fake[b.cur] {
			b.cur.Bookmark = t[1:]
		}
	default:
		return false
	}
	return true
}

// comment attaches a comment line to the node read last.
func (b *builder) comment(text string) {
	if b.cur == nil {
		b.rec.Root.Comments = append(b.rec.Root.Comments, text)
		return
	}
	if b.fake[b.cur] || b.illegalFromComment(text) {
		return
	}
	b.cur.Comments = append(b.cur.Comments, text)
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
