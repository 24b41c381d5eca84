package kif

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// kifStyle is a KIF file's way of writing a move line: how the move number
// is padded, how far the time column stands from the move, and how the
// times are spelt. The zero value (!set) is Kifu for Windows's:
//
//	1 ７六歩(77)   ( 0:01/00:00:01)
type kifStyle struct {
	set      bool
	numWidth int    // move numbers right-aligned to this width
	afterNum string // between the number and the move
	pad      padRule
	endPad   padRule // the pad of an ending's line (投了), which some files align otherwise
	clock    clockFormat
	noPlus   bool // no "+" after a move that has alternatives
	// untimed pads a move without a time as if its time followed (some
	// programs leave the blanks there), when set.
	untimed, untimedEnd       padRule
	hasUntimed, hasUntimedEnd bool
	dialect                   dialect
}

// padRule says how many spaces stand between a move and what follows it
// (its time in KIF, the next move in KI2).
type padRule struct {
	kind int // padWidth: to column n by display width; padRunes: to n characters; padFixed: n spaces
	n    int
	min0 bool // a text that reaches the column gets no space (else one)
}

const (
	padWidth = iota
	padRunes
	padFixed
)

// spaces returns the spaces after text.
func (p padRule) spaces(text string) string {
	least := 1
	if p.min0 {
		least = 0
	}
	switch p.kind {
	case padWidth:
		return strings.Repeat(" ", max(p.n-textWidth(text), least))
	case padRunes:
		return strings.Repeat(" ", max(p.n-utf8.RuneCountInString(text), least))
	}
	return strings.Repeat(" ", max(p.n, 0))
}

// detectPad returns the first rule that puts gaps[i] after texts[i] for
// every i, trying the rules each sample suggests: aligned by display
// width, by characters, or a fixed number of spaces. Where every gap is
// one space (or none), the fixed rule comes first: texts that all have
// the same width fit an alignment too, but one space is what such files
// put after any text.
func detectPad(texts, gaps []string) (padRule, bool) {
	kinds := []int{padWidth, padRunes, padFixed}
	if len(gaps) > 0 && (gaps[0] == "" || gaps[0] == " ") {
		same := true
		for _, g := range gaps {
			same = same && g == gaps[0]
		}
		if same {
			kinds = []int{padFixed, padWidth, padRunes}
		}
	}
	tried := map[padRule]bool{}
	for _, min0 := range []bool{false, true} {
		for _, kind := range kinds {
			for i, t := range texts {
				rule := padRule{kind: kind, n: len(gaps[i]), min0: min0}
				switch kind {
				case padWidth:
					rule.n += textWidth(t)
				case padRunes:
					rule.n += utf8.RuneCountInString(t)
				}
				if tried[rule] || strings.Trim(gaps[i], " ") != "" {
					continue
				}
				tried[rule] = true
				ok := true
				for j, u := range texts {
					if rule.spaces(u) != gaps[j] {
						ok = false
						break
					}
				}
				if ok {
					return rule, true
				}
			}
		}
	}
	return padRule{}, false
}

// clockFormat spells a move's time and the running total, as the verbs
// of its fields: ( 0:01/00:00:01) is {"%2d", "%02d", "/", "%02d", "%02d"}.
type clockFormat struct {
	minutes string // the move's minutes: %2d, %02d, %d, %3d
	seconds string // the move's seconds: %02d or %d
	slash   string // "/" or " / "
	hours   string // the total's hours: %02d, %d or %2d
	rest    string // the total's minutes and seconds: %02d or %d
}

var kfwClock = clockFormat{"%2d", "%02d", "/", "%02d", "%02d"}

func (c clockFormat) format(spent, total time.Duration) string {
	s, t := int(spent/time.Second), int(total/time.Second)
	return fmt.Sprintf("("+c.minutes+":"+c.seconds+c.slash+c.hours+":"+c.rest+":"+c.rest+")", s/60, s%60, t/3600, t/60%60, t%60)
}

// clockFormats are the spellings of the time column found in files,
// Kifu for Windows's first.
var clockFormats = func() []clockFormat {
	var out []clockFormat
	for _, m := range []string{"%2d", "%02d", "%d", "%3d"} {
		for _, sec := range []string{"%02d", "%d"} {
			for _, sl := range []string{"/", " / "} {
				for _, h := range []string{"%02d", "%d", "%2d"} {
					for _, rest := range []string{"%02d", "%d"} {
						out = append(out, clockFormat{m, sec, sl, h, rest})
					}
				}
			}
		}
	}
	return out
}()

var defaultKIFStyle = kifStyle{numWidth: 4, afterNum: " ", pad: padRule{kind: padWidth, n: 13}, endPad: padRule{kind: padWidth, n: 13}, clock: kfwClock}

// style returns the style to write r's KIF move lines in.
func (r *Record) kifStyle() kifStyle {
	if r.keeps(famKIF) && r.Source.kif.set {
		return r.Source.kif
	}
	return defaultKIFStyle
}

// kifSample is a move line as read and the node it made.
type kifSample struct {
	node *Node
	line string
}

// detectKIFStyle learns a file's KIF style from its move lines: each part
// is the file's when every line agrees on it, else Kifu for Windows's.
func detectKIFStyle(samples []kifSample) kifStyle {
	st := defaultKIFStyle
	if len(samples) == 0 {
		return st
	}
	st.set = true
	// The move number.
	widths, afters := map[int]bool{}, map[string]bool{}
	unpadded := true
	for _, s := range samples {
		lead := len(s.line) - len(strings.TrimLeft(s.line, " "))
		rest := s.line[lead:]
		digits := len(rest) - len(strings.TrimLeft(rest, "0123456789"))
		after := rest[digits:]
		after = after[:len(after)-len(strings.TrimLeft(after, " 　\t"))]
		afters[after] = true
		if lead > 0 {
			unpadded = false
			widths[lead+digits] = true
		}
	}
	if len(widths) == 1 {
		for w := range widths {
			st.numWidth = w
		}
	} else if unpadded {
		st.numWidth = 0
	}
	if len(afters) == 1 {
		for a := range afters {
			st.afterNum = a
		}
	}
	// The time column: a rule that every timed line obeys.
	var texts, gaps, endTexts, endGaps, bareTexts, bareGaps, bareEndTexts, bareEndGaps []string
	var clocks []string
	var timed []*Node
	for _, s := range samples {
		_, rest, _ := moveLine(strings.TrimLeft(s.line, " 　\t"))
		r := strings.TrimRight(strings.TrimSuffix(strings.TrimRight(rest, " 　\t"), "+"), " 　\t")
		i := strings.LastIndex(r, "(")
		if !s.node.HasTime && !strings.HasSuffix(strings.TrimRight(rest, " "), "+") {
			text := strings.TrimRight(rest, " ")
			if s.node.IsSpecial() {
				bareEndTexts, bareEndGaps = append(bareEndTexts, text), append(bareEndGaps, rest[len(text):])
			} else {
				bareTexts, bareGaps = append(bareTexts, text), append(bareGaps, rest[len(text):])
			}
		}
		if !s.node.HasTime || !strings.HasSuffix(r, ")") || i < 0 {
			continue
		}
		head := r[:i]
		text := strings.TrimRight(head, " ")
		if s.node.IsSpecial() {
			endTexts = append(endTexts, text)
			endGaps = append(endGaps, head[len(text):])
		} else {
			texts = append(texts, text)
			gaps = append(gaps, head[len(text):])
		}
		clocks = append(clocks, r[i:])
		timed = append(timed, s.node)
	}
	if rule, ok := detectPad(texts, gaps); ok {
		st.pad = rule
	}
	st.endPad = st.pad
	if rule, ok := detectPad(endTexts, endGaps); ok {
		st.endPad = rule
	}
	if strings.Join(bareGaps, "") != "" {
		st.untimed, st.hasUntimed = detectPad(bareTexts, bareGaps)
	}
	if strings.Join(bareEndGaps, "") != "" {
		st.untimedEnd, st.hasUntimedEnd = detectPad(bareEndTexts, bareEndGaps)
	}
	if len(clocks) > 0 {
		for _, c := range clockFormats {
			ok := true
			for i, n := range timed {
				if !n.HasTotal || c.format(n.Time, n.Total) != clocks[i] {
					ok = false
					break
				}
			}
			if ok {
				st.clock = c
				break
			}
		}
	}
	// The "+" after a move with alternatives, and the spelling of moves.
	branches, plus := 0, 0
	var words []dialectSample
	for _, s := range samples {
		n := s.node
		_, rest, _ := moveLine(strings.TrimLeft(s.line, " 　\t"))
		if n.Index() < len(n.Parent.Children)-1 {
			branches++
			if strings.HasSuffix(strings.TrimRight(rest, " 　\t"), "+") {
				plus++
			}
		}
		if !n.IsSpecial() {
			move, _ := splitTime(rest)
			words = append(words, dialectSample{kiki: KIFMove(n.Move, n.Parent.Move), file: move, move: n.Move})
		}
	}
	st.noPlus = branches > 0 && plus == 0
	st.dialect = detectDialect(words)
	return st
}
