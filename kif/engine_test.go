package kif

import (
	"testing"
)

// engineCSA is a floodgate-style record: each move is followed by the
// engine's evaluation, "'** score PV", the PV in CSA or USI moves.
const engineCSA = "V2.2\n" +
	"N+a\n" +
	"N-b\n" +
	"PI\n" +
	"+\n" +
	"+7776FU\n" +
	"T1\n" +
	"'** -30 -3334FU +2726FU\n" +
	"-3334FU\n" +
	"T2\n" +
	"'** 0 2g2f 8c8d\n" +
	"+2726FU\n" +
	"'** 100000\n" +
	"-8384FU\n" +
	"'** -250 +2625FU +1111FU -8485FU\n" +
	"'*人の感想\n" +
	"%TORYO\n"

// TestEngineComments reads the "'**" comments of a CSA record as
// evaluations, renders them in Japanese from their move's position, leaves
// other comments alone, and writes the record back byte for byte.
func TestEngineComments(t *testing.T) {
	r, err := Read("engine.csa", []byte(engineCSA))
	if err != nil {
		t.Fatal(err)
	}
	line := r.MainLine()
	cases := []struct {
		n       *Node
		comment int
		want    string
	}{
		{line[0], 0, "評価値 -30 読み筋 △３四歩 ▲２六歩"},
		{line[1], 0, "評価値 0 読み筋 ▲２六歩 △８四歩"},
		{line[2], 0, "評価値 +100000 (詰み)"},
		// A PV move that is not legal there ends the reading: the rest as written.
		{line[3], 0, "評価値 -250 読み筋 ▲２五歩 +1111FU -8485FU"},
	}
	for _, c := range cases {
		text, ok := r.EngineCommentText(c.n, c.n.Comments[c.comment])
		if !ok || text != c.want {
			t.Errorf("move %d comment %q: %q %v, want %q", c.n.Ply, c.n.Comments[c.comment], text, ok, c.want)
		}
	}
	if e, ok := EngineComment(line[0].Comments[0]); !ok || e.Score != -30 || len(e.PV) != 2 || e.PV[0] != "-3334FU" || e.Mate() {
		t.Errorf("EngineComment(%q) = %+v %v", line[0].Comments[0], e, ok)
	}
	if e, ok := EngineComment(line[2].Comments[0]); !ok || !e.Mate() || e.Score != 100000 || len(e.PV) != 0 {
		t.Errorf("EngineComment(%q) = %+v %v", line[2].Comments[0], e, ok)
	}
	for _, c := range []string{line[3].Comments[1], " 130 7g7f 8c8d", "*", "*角道を開ける", "* 12x 7g7f", ""} {
		if e, ok := EngineComment(c); ok {
			t.Errorf("EngineComment(%q) = %+v: not an engine's comment", c, e)
		}
		if text, ok := r.EngineCommentText(line[3], c); ok {
			t.Errorf("EngineCommentText(%q) = %q: not an engine's comment", c, text)
		}
	}
	out, err := Encode(r, FormatCSA)
	if err != nil || string(out) != engineCSA {
		t.Errorf("saved back (%v):\n%s", err, out)
	}
}
