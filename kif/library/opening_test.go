package library

import (
	"path/filepath"
	"strings"
	"testing"

	"kiki/game"
	"kiki/game/refdata"
	"kiki/kif"
)

func usiMoves(t *testing.T, line string) []game.Move {
	t.Helper()
	p, err := game.ParseUSIPosition("position startpos moves " + line)
	if err != nil {
		t.Fatal(err)
	}
	_, moves := p.Origin()
	return moves
}

// Each rule on a textbook move order, and no name where none applies.
func TestClassifyMoveOrders(t *testing.T) {
	for _, c := range []struct {
		moves string
		want  Opening
	}{
		{"7g7f 3c3d 6g6f 8c8d 2h6h", ShikenBisha},
		{"7g7f 3c3d 7f7e 8c8d 2h7h", Ishida},
		{"7g7f 3c3d 6g6f 8c8d 2h7h", SangenBisha},
		{"7g7f 3c3d 2g2f 5c5d 2f2e 8b5b", GokigenNakaBis},
		{"7g7f 3c3d 2g2f 4c4d 5g5f 8b5b", NakaBisha},
		{"7g7f 3c3d 8h7g 8c8d 2h8h", MukaiBisha},
		{"7g7f 3c3d 6g6f 8b3b 2h6h", AiFuribisha},
		{"7g7f 8c8d 6g6f 8d8e 2h4h", MigiShiken},
		{"7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d 8e8f 8g8f 8b8f 2d3d", YokoFudori},
		{"2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d", AiGakari},
		{"2g2f 8c8d 2f2e 8d8e 7g7f 4a3b 8h7g 3c3d 7i8h 2b7g+ 8h7g", KakuGawari},
		{"7g7f 8c8d 2g2f 3c3d 8h2b+ 3a2b", KakuGawari},
		{"7g7f 8c8d 6g6f 3c3d 7i6h 4a3b 6h6g 7a6b 5g5f 9c9d 3i4h 9d9e 4h5g", Gangi},
		{"7g7f 8c8d 6g6f 3c3d 7i6h 4a3b 6h7g", Yagura},
		{"7g7f 3c3d", ""},
		{"", ""},
	} {
		var moves []game.Move
		if c.moves != "" {
			moves = usiMoves(t, c.moves)
		}
		if got := Classify(moves); got != c.want {
			t.Errorf("%s: %q, want %q", c.moves, got, c.want)
		}
	}
}

// headerFamilies maps a record's own 戦型 field to the openings that
// agree with it: a named variation agrees with its family, and 矢倉 with
// 雁木 (where one side builds each, writers name either; Classify
// names 先手's).
var headerFamilies = []struct {
	word  string
	agree []Opening
}{
	{"角換わり", []Opening{KakuGawari}},
	{"横歩取り", []Opening{YokoFudori}},
	{"相掛かり", []Opening{AiGakari}},
	{"相振", []Opening{AiFuribisha}},
	{"右四間", []Opening{MigiShiken}},
	{"四間飛車", []Opening{ShikenBisha}},
	{"三間飛車", []Opening{SangenBisha, Ishida}},
	{"石田流", []Opening{Ishida}},
	{"中飛車", []Opening{NakaBisha, GokigenNakaBis}},
	{"向飛車", []Opening{MukaiBisha}},
	{"向かい飛車", []Opening{MukaiBisha}},
	{"陽動振飛車", []Opening{ShikenBisha, SangenBisha, Ishida, NakaBisha, MukaiBisha}},
	{"矢倉", []Opening{Yagura, Gangi}},
	{"YAGURA", []Opening{Yagura, Gangi}},
	{"雁木", []Opening{Gangi, Yagura}},
}

// Against the real records whose writers named the opening (戦型):
// Classify never names another opening, and names most of them.
func TestClassifyAgainstHeaders(t *testing.T) {
	named, agree, unnamed := 0, 0, 0
	for _, sub := range []string{"kif", "kif-wild"} {
		dir := refdata.Path(t, sub)
		for _, f := range recordFiles(t, dir) {
			r, err := kif.ReadFile(filepath.Join(dir, f))
			if err != nil || !r.Start.IsPreset || r.Start.Preset != game.Even {
				continue
			}
			style, _ := r.Get("戦型")
			var agreeing []Opening
			for _, h := range headerFamilies {
				if strings.Contains(style, h.word) {
					agreeing = h.agree
					break
				}
			}
			if agreeing == nil {
				continue // no 戦型, or one the table does not know (５筋位取り)
			}
			named++
			got := Classify(r.MainMoves())
			switch {
			case got == "":
				unnamed++
			case contains(agreeing, got):
				agree++
			default:
				t.Errorf("%s/%s: 戦型 %s, Classify %s", sub, f, strings.TrimSpace(style), OpeningNames[got])
			}
		}
	}
	t.Logf("%d records name a known opening: Classify agrees on %d, names none for %d", named, agree, unnamed)
	if named < 20 || agree < named*8/10 {
		t.Errorf("Classify agrees on %d of %d", agree, named)
	}
}

func contains(list []Opening, o Opening) bool {
	for _, x := range list {
		if x == o {
			return true
		}
	}
	return false
}
