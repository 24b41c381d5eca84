package game

import (
	"strings"
	"testing"
)

func TestSFENRoundTrip(t *testing.T) {
	for _, c := range loadPerft(t) {
		p, err := ParseSFEN(c.SFEN)
		if err != nil {
			t.Fatalf("%s: %v", c.SFEN, err)
		}
		if got := p.SFEN(); got != c.SFEN {
			t.Errorf("round trip: %s → %s", c.SFEN, got)
		}
	}
	for _, h := range Handicaps {
		p := h.Position()
		if p.SFEN() != h.SFEN() {
			t.Errorf("%s: %s → %s", h, h.SFEN(), p.SFEN())
		}
		if h != Even && p.Side() != White {
			t.Errorf("%s: 上手 (White) must move first", h)
		}
		if got, ok := HandicapByName(h.Name()); !ok || got != h {
			t.Errorf("HandicapByName(%s) = %v, %v", h.Name(), got, ok)
		}
		if got, ok := HandicapBySFEN(h.SFEN()); !ok || got != h {
			t.Errorf("HandicapBySFEN(%s) = %v, %v", h.SFEN(), got, ok)
		}
	}
	if len(Handicaps) != 16 {
		t.Errorf("%d start positions, want the even game and 15 handicaps", len(Handicaps))
	}
}

func TestSFENErrors(t *testing.T) {
	cases := []struct{ sfen, want string }{
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1", "8 ranks"},
		{"lnsgkgsnl/1r5b1/pppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "rank 3"},
		{"lnsgkgsnl/1r5b1/pppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "covers 8 squares"},
		{"lnsgkgsnl/1r5b1/ppppxpppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "unknown piece letter 'x'"},
		{"lnsg+kgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "玉 cannot be promoted"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS+GKGSNL b - 1", "金 cannot be promoted"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1", "19 歩"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 3R 1", "more 飛 than a set has"},
		{"P8/9/9/9/4k4/9/9/9/4K4 b - 1", "歩 on ９一"},
		{"4k4/9/9/9/9/9/9/9/4K3l w - 1", "香 on １九"},
		{"4k4/N8/9/9/9/9/9/9/4K4 b - 1", "桂 on ９二"},
		{"4k4/9/4p4/9/4p4/9/9/9/4K4 b - 1", "two 後手 pawns on file 5"},
		{"4k4/9/9/9/9/9/9/9/3KK4 b - 1", "two 先手 kings"},
		{"4k4/9/9/9/9/9/9/9/4K4 x - 1", "side to move"},
		{"4k4/9/9/9/9/9/9/9/4K4 b - 0", "move number"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 0P 1", "count of 0"},
		{"4k4/9/9/9/9/9/9/9/4K4 b K 1", "not a piece that can be held"},
		{"4k4/9/9/9/9/9/9/9/4K4", "fields"},
		{"", "fields"},
	}
	for _, c := range cases {
		_, err := ParseSFEN(c.sfen)
		if err == nil {
			t.Errorf("%q: accepted, want an error mentioning %q", c.sfen, c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %q does not mention %q", c.sfen, err, c.want)
		}
	}
}

func TestOneKingPositions(t *testing.T) {
	p, err := ParseSFEN("4k4/9/4P4/9/9/9/9/9/9 b G 1")
	if err != nil {
		t.Fatal(err)
	}
	var ml MoveList
	p.LegalMoves(&ml)
	if ml.Len() == 0 {
		t.Fatal("a side without a king must still have moves")
	}
	m, err := p.ParseUSIMove("G*5b")
	if err != nil {
		t.Fatal(err)
	}
	p.DoMove(m)
	if !p.IsCheckmate() {
		t.Errorf("G*5b should mate: %s", p.SFEN())
	}
}

func TestUSIPosition(t *testing.T) {
	p, err := ParseUSIPosition("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e")
	if err != nil {
		t.Fatal(err)
	}
	want := "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"
	if p.SFEN() != want {
		t.Errorf("got %s want %s", p.SFEN(), want)
	}
	if got := p.USIPosition(); got != "sfen "+StartSFEN+" moves 7g7f 3c3d 8h2b+ 3a2b B*4e" {
		t.Errorf("USIPosition = %s", got)
	}
	for _, bad := range []string{"position startpos moves 7g7e", "position startpos moves 7g7f 7c7d 2b8h", "position sfen 9/9 b - 1", "position foo", "position startpos 7g7f", "position startpos moves P*5e"} {
		if _, err := ParseUSIPosition(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestParseUSIMoveErrors(t *testing.T) {
	p := NewStartPosition()
	cases := map[string]string{
		"7g7e":  "cannot move there",
		"5a5b":  "not 先手's",
		"5e5d":  "no piece",
		"P*5e":  "no 歩 in hand",
		"7g7f+": "成れない",
		"x":     "want USI",
		"7z7f":  "bad square",
		"K*5e":  "a drop is",
	}
	for s, want := range cases {
		_, err := p.ParseUSIMove(s)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one mentioning %q", s, err, want)
		}
	}
}

func FuzzParseSFEN(f *testing.F) {
	f.Add(StartSFEN)
	f.Add(matsuriSFEN)
	f.Add("4k4/9/9/9/9/9/9/9/4K4 b 18P 1")
	f.Add("+P+L+N+S+B+R3/9/9/9/9/9/9/9/9 w - 1")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseSFEN(s)
		if err != nil {
			return
		}
		q, err := ParseSFEN(p.SFEN())
		if err != nil {
			t.Fatalf("own SFEN %q rejected: %v", p.SFEN(), err)
		}
		if q.SFEN() != p.SFEN() || q.Key() != p.Key() {
			t.Fatalf("round trip changed %q", s)
		}
		var ml MoveList
		p.LegalMoves(&ml)
	})
}

func FuzzParseUSIMove(f *testing.F) {
	for _, s := range []string{"7g7f", "8h2b+", "P*5e", "5i5h", "", "++++", "9a9i+"} {
		f.Add(StartSFEN, s)
	}
	f.Add(matsuriSFEN, "B*5e")
	f.Fuzz(func(t *testing.T, sfen, mv string) {
		p, err := ParseSFEN(sfen)
		if err != nil {
			return
		}
		key := p.Key()
		m, err := p.ParseUSIMove(mv)
		if p.Key() != key {
			t.Fatal("parsing changed the position")
		}
		if err != nil {
			return
		}
		if m.USI() != mv {
			t.Fatalf("%q parsed to %q", mv, m.USI())
		}
		p.DoMove(m)
		p.UndoMove()
		if p.Key() != key || p.SFEN() != sfen && p.SFEN() != mustSFEN(t, sfen) {
			t.Fatal("do/undo did not restore the position")
		}
	})
}

func mustSFEN(t *testing.T, s string) string {
	p, err := ParseSFEN(s)
	if err != nil {
		t.Fatal(err)
	}
	return p.SFEN()
}
