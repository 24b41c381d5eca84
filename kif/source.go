package kif

import (
	"strings"
)

// Saving a record that was read from a file must change only what the
// user changed (issue item 4). Two things make that so:
//
//   - every line the readers do not model (a '#' remark, a KIF 手数----
//     heading or まで summary, a CSA ' comment, a blank line, a line the
//     reader warned about …) is kept verbatim on the node it followed
//     (Node.Kept) or in the preamble before the first move, and written
//     back in place;
//   - the file's own way of writing what kiki does model is remembered in
//     Record.Source: encoding, line ends, the order and spelling of the
//     header lines, the board diagram's lines, the move column and the
//     time format, KI2's moves per line, CSA's times on the move line.
//
// The layout and the kept lines apply when the record is saved in the
// format it was read in, or its other encoding (KIF and KIFU, KI2 and
// KI2U); encoding and line ends, in the very format it was read in (a .kif
// read as UTF-8 is saved as UTF-8; saved as .kifu, a Shift_JIS .kif is
// UTF-8 and its "#KIF version … encoding=" line says so). Saved in
// another format, the layout is the new format's own, and kept lines go
// along only between KIF and KI2, and then only the '#' remarks: the one
// kind of line both write alike. A KIF 手数---- heading or まで line would
// be wrong in KI2, and CSA's lines mean nothing in KIF or KI2 and the
// other way round.
//
// Where the file spells a line that kiki models in a way of its own (手合割
// with trailing blanks, a 変化 heading, a KI2 まで summary, a CSA PI line,
// what follows a move on its line), that spelling is written back only
// while the record still says the same thing (same start position, same
// ply, same ending); else kiki writes the line its own way.

// Source describes the file a record was read from: what a save in the
// same format reproduces. It is nil for a record made in kiki.
type Source struct {
	// Format is the format the file was read as.
	Format Format
	// Encoding is the encoding it was read in (EncShiftJIS, EncUTF8 …);
	// a save in the same format writes it again.
	Encoding string
	// LineEnd is the file's line end: "\n", "\r\n" or "\r".
	LineEnd string
	// NoFinalLineEnd is set when the file's last line had no line end.
	NoFinalLineEnd bool

	// start is the start position as read: the preamble's 手合割 and board
	// diagram lines are written as the file had them only while the
	// record still starts there.
	start string
	// preamble is the order of the lines before the first move.
	preamble []preItem
	// bod is the file's way of writing a board diagram.
	bod bodStyle
	// kif, ki2 and csa are the file's ways of writing moves.
	kif kifStyle
	ki2 ki2Style
	csa csaStyle
}

// KeptLine is a line of a record file that kiki does not model, kept
// verbatim so that a save writes it back where it stood.
type KeptLine struct {
	// Text is the line as written, without its line end.
	Text string
	// At is how many of the node's comments stood before it in the file.
	At int
	// AfterBookmark is set for a line that stood after the node's bookmark.
	AfterBookmark bool
}

// nodeSource is what a reader remembers of the lines that made a node.
type nodeSource struct {
	// summary is the KI2 まで line that made a special node, as written.
	summary string
	// heading is the 変化 line that opened a variation at this node.
	heading string
	// foulLine is set on an illegal move that the file closed with a
	// 反則勝ち line.
	foulLine bool
	// rest is what followed a KIF move on its line that kiki does not
	// read (a second time column …), written back after the move.
	rest string
	// csaTail is what followed a CSA move or ending on its line
	// (",T12,'…"), its time replaced by csaTimeMark; lineComment says its
	// first comment stood there too, after a comma.
	csaTail     string
	lineComment bool
	// csaFoul is the line that closed an illegal CSA move
	// ("%ILLEGAL_MOVE,T0"), as written.
	csaFoul string
}

// preKind is the kind of a line before the first move.
type preKind int

const (
	preKept     preKind = iota // a kept line: text
	preHeader                  // a header field: key and separator
	preHandicap                // 手合割: separator and value as written
	preHand                    // a board diagram's hand line: the side in n
	preFiles                   // the diagram's file numbers "  ９ ８ ７ …"
	preBorder                  // the diagram's border "+----…"
	preRow                     // a diagram rank: n is the rank
	preSide                    // the diagram's 先手番 / 後手番 line
	preComment                 // a comment on the start position
	preBookmark                // the start position's bookmark
	preCSAPI                   // CSA "PI…"
	preCSARow                  // CSA "P1…": n is the rank
	preCSAHand                 // CSA "P+…" / "P-…": n is the side
	preCSASide                 // CSA "+" or "-"
)

// preItem is one line before the first move.
type preItem struct {
	kind preKind
	text string // a kept line; a header's or 手合割's separator
	key  string // a header field's key; 手合割's value as written
	n    int
}

// family is a group of formats that write the same kinds of lines.
type family int

const (
	famKIF family = iota
	famKI2
	famCSA
	famOther
)

func familyOf(f Format) family {
	switch f {
	case FormatKIF, FormatKIFU:
		return famKIF
	case FormatKI2, FormatKI2U:
		return famKI2
	case FormatCSA:
		return famCSA
	}
	return famOther
}

// keeps reports whether writing r in family fam writes back the file's
// layout (its preamble order, styles and every kept line).
func (r *Record) keeps(fam family) bool {
	return r.Source != nil && familyOf(r.Source.Format) == fam
}

// keepsRemarks reports whether writing r in family fam writes back the
// kept '#' remarks only: KIF and KI2 both write them.
func (r *Record) keepsRemarks(fam family) bool {
	if r.Source == nil || r.keeps(fam) {
		return false
	}
	src := familyOf(r.Source.Format)
	return (src == famKIF || src == famKI2) && (fam == famKIF || fam == famKI2)
}

// keptLines returns the kept lines of n that a save in family fam writes.
func (r *Record) keptLines(n *Node, fam family) []KeptLine {
	switch {
	case r.keeps(fam):
		return n.Kept
	case r.keepsRemarks(fam):
		var out []KeptLine
		for _, k := range n.Kept {
			if isRemark(k.Text) {
				out = append(out, k)
			}
		}
		return out
	}
	return nil
}

// isRemark reports whether a kept line is a '#' remark that both KIF and
// KI2 write alike: not the version line, which names its format.
func isRemark(line string) bool {
	return strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "#KIF") && !strings.HasPrefix(line, "#KI2")
}

// startUnchanged reports whether r still starts where the file did.
func (r *Record) startUnchanged() bool {
	return r.Source != nil && r.Source.start == r.Start.SFEN
}

// ownLines writes a node's own lines — its comments (prefixed), then its
// bookmark line if any — with its kept lines among them: each after as
// many comments as stood before it in the file (or after the bookmark).
// Kept lines beyond the comments there are now (the user deleted some)
// come after the last. A comment given as "" was written already (a CSA
// comment on the move's line).
func ownLines(w *lineWriter, comments []string, bookmark string, kept []KeptLine) {
	for i := 0; i <= len(comments); i++ {
		for _, k := range kept {
			if !k.AfterBookmark && (k.At == i || i == len(comments) && k.At > i) {
				w.line(k.Text)
			}
		}
		if i < len(comments) && comments[i] != "" {
			w.line(comments[i])
		}
	}
	if bookmark != "" {
		w.line(bookmark)
	}
	for _, k := range kept {
		if k.AfterBookmark {
			w.line(k.Text)
		}
	}
}

// kifOwn writes n's own lines in KIF and KI2: "*comment" lines, then
// "&bookmark", with the kept lines among them.
func kifOwn(w *lineWriter, n *Node, kept []KeptLine) {
	comments := make([]string, len(n.Comments))
	for i, c := range n.Comments {
		comments[i] = "*" + c
	}
	bookmark := ""
	if n.Bookmark != "" {
		bookmark = "&" + n.Bookmark
	}
	ownLines(w, comments, bookmark, kept)
}

// lineWriter collects a record's text line by line.
type lineWriter struct {
	sb strings.Builder
}

func (w *lineWriter) line(s string) {
	w.sb.WriteString(s)
	w.sb.WriteByte('\n')
}

func (w *lineWriter) String() string { return w.sb.String() }

// detectLineEnd returns the line end most lines of text end with, and
// whether the last line ends with one.
func detectLineEnd(text string) (eol string, final bool) {
	crlf := strings.Count(text, "\r\n")
	cr := strings.Count(text, "\r") - crlf
	lf := strings.Count(text, "\n") - crlf
	eol = "\n"
	switch {
	case crlf > lf && crlf >= cr:
		eol = "\r\n"
	case cr > lf && cr > crlf:
		eol = "\r"
	}
	return eol, text == "" || strings.HasSuffix(text, "\n") || strings.HasSuffix(text, "\r")
}

// newSource returns the Source of a record read from text as format f.
func newSource(f Format, text string) *Source {
	eol, final := detectLineEnd(text)
	return &Source{Format: f, LineEnd: eol, NoFinalLineEnd: !final}
}

// attached reports whether n is in r's tree (a dropped variation's nodes
// are not).
func (r *Record) attached(n *Node) bool {
	for n.Parent != nil {
		n = n.Parent
	}
	return n == r.Root
}
