// Package kif holds kiki's game record model and its formats: KIF/KIFU,
// KI2, CSA and USI/SFEN, reading and writing, with encoding detection,
// plus Japanese move notation (▲７六歩(77), 同　歩, 右/左/直…), which the
// formats and the UI both take from here.
package kif

import (
	"fmt"
	"time"

	"kiki/game"
)

// Record is a game record: header fields in file order, a start position,
// and a tree of moves whose root stands for the start position.
type Record struct {
	Header []HeaderField
	Start  Start
	Root   *Node
	// Warnings lists what the reader accepted but reports (an illegal move
	// that ended the main line, a dropped variation, an unknown line …).
	Warnings []Warning
	// Source describes the file the record was read from, for a save to
	// write it back as it was; nil for a record made in kiki.
	Source *Source
	// FileGames is how many games the file it was read from holds, when
	// it holds several (ReadGames; Read returns the first): saved over
	// that file, the record would take the others' place.
	FileGames int
}

// HeaderField is one "key：value" line, kept verbatim.
type HeaderField struct {
	Key, Value string
}

// Start is a record's start position: a named preset (handicap), or a
// position given as a board diagram or SFEN.
type Start struct {
	// Preset is valid when IsPreset; it names the position (平手, 角落ち …).
	Preset   game.Handicap
	IsPreset bool
	// SFEN is the start position, always set (move number 1).
	SFEN string
}

// Node is a position in the record's tree, reached by Move from its parent
// (the root has no move). A node may instead be a special ending (投了 …),
// which has no move and no children.
type Node struct {
	Move    game.Move
	Special Special
	// SpecialText is the original word of a special ending (for SpecialOther
	// and SpecialIllegal it is all there is: the unknown word, or the
	// illegal move as written).
	SpecialText string
	// Ply is the move number: 0 for the root.
	Ply int
	// Time is the time spent on this move, Total the player's running total;
	// both only when HasTime (HasTotal).
	Time     time.Duration
	Total    time.Duration
	HasTime  bool
	HasTotal bool
	// Comments are the comment lines after this move (for the root: before
	// the first move), without the leading '*'.
	Comments []string
	// Bookmark is a KIF bookmark (しおり, the '&' line), if any.
	Bookmark string
	// Kept are the lines of the file after this node's move that kiki
	// does not model (remarks, summaries, blank lines …), written back in
	// place by a save in the file's format (see Source). They belong to
	// the node as its comments do: deleting the move deletes them.
	Kept     []KeptLine
	Parent   *Node
	Children []*Node

	src *nodeSource // what the reader saw of the node's lines; nil if made in kiki
}

// Special is a non-move line of a record: how the game ended.
type Special int

// The special endings the formats know.
const (
	NotSpecial     Special = iota
	Resign                 // 投了
	Interrupt              // 中断
	Repetition             // 千日手
	Mate                   // 詰み
	NoMate                 // 不詰
	Impasse                // 持将棋
	Timeout                // 切れ負け
	FoulWin                // 反則勝ち: the side to move wins, the previous move was a foul
	FoulLose               // 反則負け: the side to move loses by a foul
	EnteringKing           // 入玉勝ち
	WinByDefault           // 不戦勝
	LoseByDefault          // 不戦敗
	SpecialIllegal         // an illegal move as written; it ends the record (反則)
	SpecialOther           // any other word, kept in SpecialText
)

var specialWords = map[Special]string{
	Resign: "投了", Interrupt: "中断", Repetition: "千日手", Mate: "詰み", NoMate: "不詰",
	Impasse: "持将棋", Timeout: "切れ負け", FoulWin: "反則勝ち", FoulLose: "反則負け",
	EnteringKing: "入玉勝ち", WinByDefault: "不戦勝", LoseByDefault: "不戦敗",
}

// specialByWord maps the words of KIF special lines (and synonyms) to endings.
var specialByWord = map[string]Special{
	"投了": Resign, "中断": Interrupt, "千日手": Repetition, "詰み": Mate, "詰": Mate,
	"不詰": NoMate, "持将棋": Impasse, "切れ負け": Timeout, "反則勝ち": FoulWin,
	"反則負け": FoulLose, "入玉勝ち": EnteringKing, "不戦勝": WinByDefault, "不戦敗": LoseByDefault,
	"宣言勝ち": EnteringKing,
}

// Word returns the Japanese word of the ending (the original text for
// SpecialOther and SpecialIllegal).
func (s Special) Word() string { return specialWords[s] }

// specialEnglish are the endings' names in English, for String.
var specialEnglish = [...]string{
	NotSpecial: "not special", Resign: "resign", Interrupt: "interrupt", Repetition: "repetition",
	Mate: "mate", NoMate: "no mate", Impasse: "impasse", Timeout: "timeout", FoulWin: "foul win",
	FoulLose: "foul lose", EnteringKing: "entering king", WinByDefault: "win by default",
	LoseByDefault: "lose by default", SpecialIllegal: "illegal move", SpecialOther: "other",
}

// String names the ending in English with its word, if it has one
// ("resign (投了)"), for logs and test messages.
func (s Special) String() string {
	if s < 0 || int(s) >= len(specialEnglish) {
		return fmt.Sprintf("Special(%d)", int(s))
	}
	if w := s.Word(); w != "" {
		return specialEnglish[s] + " (" + w + ")"
	}
	return specialEnglish[s]
}

// Text returns what the node's special line says.
func (n *Node) Text() string {
	if n.Special == SpecialOther || n.Special == SpecialIllegal {
		return n.SpecialText
	}
	return n.Special.Word()
}

// IsSpecial reports whether the node is an ending rather than a move.
func (n *Node) IsSpecial() bool { return n.Special != NotSpecial }

// Warning is something a reader accepted but reports.
type Warning struct {
	Line int // 1-based line in the file, 0 if none
	Msg  string
}

func (w Warning) String() string {
	if w.Line > 0 {
		return fmt.Sprintf("line %d: %s", w.Line, w.Msg)
	}
	return w.Msg
}

// ParseError is a record that cannot be read: where and what was expected.
type ParseError struct {
	File string // may be empty when reading from memory
	Line int
	Msg  string
}

func (e *ParseError) Error() string {
	f := e.File
	if f == "" {
		f = "record"
	}
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", f, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", f, e.Msg)
}

// NewRecord returns an empty record starting from the given position.
func NewRecord(start *game.Position) *Record {
	r := &Record{Root: &Node{}}
	r.SetStart(start)
	return r
}

// SetStart sets the start position, naming it when it is a preset.
func (r *Record) SetStart(p *game.Position) {
	q, _ := p.Origin()
	sfen := q.SFEN()
	r.Start = Start{SFEN: sfen}
	if h, ok := game.HandicapBySFEN(sfen); ok {
		r.Start.Preset, r.Start.IsPreset = h, true
	}
	// Records number moves from 1: normalise the move number.
	r.Start.SFEN = withMoveNumber(sfen, 1)
}

func withMoveNumber(sfen string, n int) string {
	p, _, err := game.ParseSFENLenient(sfen)
	if err != nil {
		return sfen
	}
	s := p.SFEN()
	i := len(s) - 1
	for i >= 0 && s[i] != ' ' {
		i--
	}
	return fmt.Sprintf("%s %d", s[:i], n)
}

// StartPosition returns a new position set up as the record starts.
// The start may break placement rules (composed puzzles); readers warn.
func (r *Record) StartPosition() *game.Position {
	p, _, err := game.ParseSFENLenient(r.Start.SFEN)
	if err != nil {
		panic(fmt.Sprintf("kif: record start %q: %v", r.Start.SFEN, err)) // readers validate it
	}
	return p
}

// Get returns the value of the first header field with key, and whether there is one.
func (r *Record) Get(key string) (string, bool) {
	for _, f := range r.Header {
		if f.Key == key {
			return f.Value, true
		}
	}
	return "", false
}

// Set sets a header field, replacing the first one with that key or
// appending a new one.
func (r *Record) Set(key, value string) {
	for i := range r.Header {
		if r.Header[i].Key == key {
			r.Header[i].Value = value
			return
		}
	}
	r.Header = append(r.Header, HeaderField{key, value})
}

// MainLine returns the nodes of the main line (first children), root excluded.
func (r *Record) MainLine() []*Node {
	var out []*Node
	for n := r.Root; len(n.Children) > 0; {
		n = n.Children[0]
		out = append(out, n)
	}
	return out
}

// MainMoves returns the moves of the main line, specials excluded.
func (r *Record) MainMoves() []game.Move {
	var out []game.Move
	for _, n := range r.MainLine() {
		if !n.IsSpecial() {
			out = append(out, n.Move)
		}
	}
	return out
}

// Ending returns the special node that ends the main line, or nil.
func (r *Record) Ending() *Node {
	line := r.MainLine()
	if len(line) > 0 && line[len(line)-1].IsSpecial() {
		return line[len(line)-1]
	}
	return nil
}

// AddChild appends a new child to n and returns it.
func (n *Node) AddChild(c *Node) *Node {
	c.Parent = n
	c.Ply = n.Ply + 1
	n.Children = append(n.Children, c)
	return c
}

// Path returns the nodes from the root's first move to n, inclusive.
func (n *Node) Path() []*Node {
	var out []*Node
	for x := n; x != nil && x.Parent != nil; x = x.Parent {
		out = append(out, x)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// Index returns n's position among its siblings (0 = the main choice).
func (n *Node) Index() int {
	if n.Parent == nil {
		return 0
	}
	for i, c := range n.Parent.Children {
		if c == n {
			return i
		}
	}
	return -1
}

// IsMainLine reports whether n lies on the record's main line.
func (n *Node) IsMainLine() bool {
	for x := n; x.Parent != nil; x = x.Parent {
		if x.Index() != 0 {
			return false
		}
	}
	return true
}

// Position returns the position at node n (after its move), with the
// moves from the start in its history.
func (r *Record) Position(n *Node) *game.Position {
	p := r.StartPosition()
	for _, x := range n.Path() {
		if !x.IsSpecial() {
			p.DoMove(x.Move)
		}
	}
	return p
}

// CountComments returns how many nodes (root included) carry a comment.
func (r *Record) CountComments() int {
	n := 0
	r.Walk(func(x *Node) {
		if len(x.Comments) > 0 {
			n++
		}
	})
	return n
}

// CountBranches returns how many nodes are alternatives (not a first child).
func (r *Record) CountBranches() int {
	n := 0
	r.Walk(func(x *Node) {
		if x.Parent != nil && x.Index() > 0 {
			n++
		}
	})
	return n
}

// Walk calls f on every node, depth first, parents before children.
func (r *Record) Walk(f func(*Node)) {
	var walk func(*Node)
	walk = func(n *Node) {
		f(n)
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(r.Root)
}

// Promote makes n the first choice among its siblings, and so on up to
// the root, so that n lies on the main line.
func Promote(n *Node) {
	for x := n; x.Parent != nil; x = x.Parent {
		i := x.Index()
		ch := x.Parent.Children
		copy(ch[1:i+1], ch[0:i])
		ch[0] = x
	}
}

// Remove deletes n and everything below it from the tree.
func Remove(n *Node) {
	if n.Parent == nil {
		return
	}
	i := n.Index()
	ch := n.Parent.Children
	n.Parent.Children = append(ch[:i:i], ch[i+1:]...)
	n.Parent = nil
}

// FindChild returns n's child reached by move m, or nil.
func (n *Node) FindChild(m game.Move) *Node {
	for _, c := range n.Children {
		if !c.IsSpecial() && c.Move == m {
			return c
		}
	}
	return nil
}

// Equal reports whether two records hold the same header, start, tree,
// comments, times and endings; it is what round-trip tests compare.
func Equal(a, b *Record) (bool, string) {
	if a.Start.SFEN != b.Start.SFEN {
		return false, fmt.Sprintf("start %s vs %s", a.Start.SFEN, b.Start.SFEN)
	}
	if len(a.Header) != len(b.Header) {
		return false, fmt.Sprintf("header %v vs %v", a.Header, b.Header)
	}
	for i := range a.Header {
		if a.Header[i] != b.Header[i] {
			return false, fmt.Sprintf("header field %d: %v vs %v", i, a.Header[i], b.Header[i])
		}
	}
	return equalNodes(a.Root, b.Root)
}

func equalNodes(a, b *Node) (bool, string) {
	where := fmt.Sprintf("ply %d", a.Ply)
	if a.Move != b.Move || a.Special != b.Special || a.Text() != b.Text() {
		return false, fmt.Sprintf("%s: %s%s vs %s%s", where, a.Move, a.Text(), b.Move, b.Text())
	}
	if a.HasTime != b.HasTime || a.HasTime && a.Time != b.Time || a.HasTotal != b.HasTotal || a.HasTotal && a.Total != b.Total {
		return false, fmt.Sprintf("%s %s: time %v/%v vs %v/%v", where, a.Move, a.Time, a.Total, b.Time, b.Total)
	}
	if fmt.Sprint(a.Comments) != fmt.Sprint(b.Comments) {
		return false, fmt.Sprintf("%s %s: comments %q vs %q", where, a.Move, a.Comments, b.Comments)
	}
	if a.Bookmark != b.Bookmark {
		return false, fmt.Sprintf("%s: bookmark %q vs %q", where, a.Bookmark, b.Bookmark)
	}
	if len(a.Children) != len(b.Children) {
		return false, fmt.Sprintf("%s %s: %d vs %d children", where, a.Move, len(a.Children), len(b.Children))
	}
	for i := range a.Children {
		if ok, why := equalNodes(a.Children[i], b.Children[i]); !ok {
			return false, why
		}
	}
	return true, ""
}
