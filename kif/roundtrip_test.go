package kif

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// stripTimes removes what KI2 cannot hold.
func stripTimes(r *Record) {
	r.Walk(func(n *Node) { n.Time, n.Total, n.HasTime, n.HasTotal = 0, 0, false, false })
}

// csaView reduces a record to what CSA holds: the main line, move times
// (whole seconds, no totals), comments, the ending as CSA can say it, and
// the header keys CSA has.
func csaView(r *Record) *Record {
	out := &Record{Start: r.Start, Root: &Node{Comments: r.Root.Comments}}
	for _, f := range r.Header {
		switch f.Key {
		case "先手", "後手", "下手", "上手", "棋戦", "場所", "開始日時", "終了日時", "持ち時間", "戦型":
			k := f.Key
			if k == "下手" {
				k = "先手"
			} else if k == "上手" {
				k = "後手"
			}
			out.Header = append(out.Header, HeaderField{k, f.Value})
		default:
			if strings.HasPrefix(f.Key, "$") {
				out.Header = append(out.Header, f)
			}
		}
	}
	slices.SortStableFunc(out.Header, func(a, b HeaderField) int { return strings.Compare(a.Key, b.Key) })
	n := out.Root
	for _, x := range r.MainLine() {
		c := &Node{Move: x.Move, Special: x.Special, SpecialText: x.SpecialText, Comments: x.Comments, Time: x.Time, HasTime: x.HasTime}
		switch c.Special {
		case SpecialIllegal:
			// CSA names an illegal move only with its origin.
			if m, ok := r.illegalMove(x); !ok || !m.hasFrom && !m.drop {
				c.Special, c.SpecialText = FoulLose, ""
			}
		case WinByDefault, LoseByDefault, NoMate:
			c.Special, c.SpecialText = Interrupt, ""
		case SpecialOther:
			if !strings.HasPrefix(c.SpecialText, "%") {
				c.Special, c.SpecialText = Interrupt, ""
			}
		}
		n = n.AddChild(c)
	}
	return out
}

func TestRoundTrip(t *testing.T) {
	for _, path := range corpusFiles(t) {
		rec, err := ReadFile(path)
		if err != nil {
			continue // refused files are covered by the oracle test
		}
		base := filepath.Base(path)
		for _, f := range []Format{FormatKIF, FormatKIFU, FormatKI2, FormatKI2U, FormatCSA} {
			data, err := Encode(rec, f)
			if err != nil {
				// Shift_JIS cannot hold every character: that must be said
				// before anything is written, naming the character and line.
				if (f == FormatKIF || f == FormatKI2) && strings.Contains(err.Error(), "cannot be written in Shift_JIS") && strings.Contains(err.Error(), "line ") {
					continue
				}
				t.Errorf("%s → %v: %v", base, f, err)
				continue
			}
			name := map[Format]string{FormatKIF: "x.kif", FormatKIFU: "x.kifu", FormatKI2: "x.ki2", FormatKI2U: "x.ki2u", FormatCSA: "x.csa"}[f]
			back, err := Read(name, data)
			if err != nil {
				t.Errorf("%s → %s: rereading fails: %v\n%s", base, name, err, data)
				continue
			}
			want, got := clone(t, rec), clone(t, back)
			// KIF writes the running total a record lacks as the sum.
			sameTotals(rec.Root, want.Root)
			sameTotals(rec.Root, got.Root)
			switch f {
			case FormatKI2, FormatKI2U:
				stripTimes(want)
				stripTimes(got)
			case FormatCSA:
				want, got = csaView(rec), csaView(back)
			}
			sameIllegal(want, f == FormatKI2 || f == FormatKI2U)
			sameIllegal(got, f == FormatKI2 || f == FormatKI2U)
			if ok, why := Equal(want, got); !ok {
				t.Errorf("%s → %s → read: %s", base, name, why)
			}
			if len(back.Warnings) > len(rec.Warnings) {
				t.Errorf("%s → %s: new warnings %v", base, name, back.Warnings)
			}
		}
	}
}

// sameTotals forgets the running totals of b where a has none.
func sameTotals(a, b *Node) {
	if !a.HasTotal {
		b.Total, b.HasTotal = 0, false
	}
	for i := range min(len(a.Children), len(b.Children)) {
		sameTotals(a.Children[i], b.Children[i])
	}
}

// sameIllegal writes every illegal ending as its move, so that the
// notations of different formats compare; KI2 writes no origins.
func sameIllegal(r *Record, noOrigin bool) {
	r.Walk(func(n *Node) {
		if m, ok := r.illegalMove(n); ok {
			if noOrigin && !m.drop {
				m.hasFrom = false
			}
			n.SpecialText = m.String()
		}
	})
}

// clone copies a record through KIFU, which holds everything.
func clone(t *testing.T, r *Record) *Record {
	c, err := ReadKIF("clone", WriteKIF(r, "UTF-8"))
	if err != nil {
		t.Fatal(err)
	}
	return c
}
