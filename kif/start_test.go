package kif

import (
	"strings"
	"testing"
)

// ninePawnsKIF is a composed puzzle's record: nine 先手 pawns on file 9,
// one of them on its last rank. Kifu for Windows and ShogiHome open it.
const ninePawnsKIF = `後手の持駒：なし
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| 歩 ・ ・ ・v玉 ・ ・ ・ ・|一
| 歩 ・ ・ ・ ・ ・ ・ ・ ・|二
| 歩 ・ ・ ・ ・ ・ ・ ・ ・|三
| 歩 ・ ・ ・ ・ ・ ・ ・ ・|四
| 歩 ・ ・ ・ ・ ・ ・ ・ ・|五
| 歩 ・ ・ ・ ・ ・ ・ ・ ・|六
| 歩 ・ ・ ・ ・ ・ ・ ・ ・|七
| 歩 ・ ・ ・ ・ ・ ・ ・ ・|八
| 歩 ・ ・ ・ 玉 ・ ・ ・ ・|九
+---------------------------+
先手の持駒：歩　
手数----指手---------消費時間--
   1 ５八玉(59)
   2 ５二玉(51)
   3 ５五歩打
   4 ５三玉(52)
   5 ５七玉(58)
`

// TestPlacementBreakingStartLoads: the puzzle opens with a warning naming
// each broken rule and its square, steps through, and saves back equal in
// every format.
func TestPlacementBreakingStartLoads(t *testing.T) {
	r, err := Read("nine.kif", []byte(ninePawnsKIF))
	if err != nil {
		t.Fatalf("refused: %v", err)
	}
	var all []string
	for _, w := range r.Warnings {
		all = append(all, w.String())
	}
	text := strings.Join(all, "\n")
	for _, want := range []string{"二歩", "file 9", "行き所のない駒", "９一"} {
		if !strings.Contains(text, want) {
			t.Errorf("warnings %q do not mention %q", text, want)
		}
	}
	// Step through: every main-line move is legal from the position before.
	p := r.StartPosition()
	if len(r.MainLine()) != 5 {
		t.Fatalf("main line has %d moves, want 5", len(r.MainLine()))
	}
	for _, n := range r.MainLine() {
		if !p.IsLegal(n.Move) {
			t.Fatalf("move %d %s is not legal", n.Ply, n.Move.USI())
		}
		p.DoMove(n.Move)
	}
	if got, want := p.SFEN(), "P8/P8/P3k4/P8/P3P4/P8/P3K4/P8/P8 w - 6"; got != want {
		t.Errorf("after the moves: %s, want %s", got, want)
	}
	// Save back in every format: the same start and moves, and the KIF
	// text is stable.
	kif := WriteKIF(r, "UTF-8")
	for _, row := range []string{"| 歩 ・ ・ ・v玉 ・ ・ ・ ・|一", "| 歩 ・ ・ ・ 玉 ・ ・ ・ ・|九", "先手の持駒：歩"} {
		if !strings.Contains(kif, row) {
			t.Errorf("saved KIF lacks %q:\n%s", row, kif)
		}
	}
	for name, out := range map[string]string{"back.kif": kif, "back.ki2": WriteKI2(r), "back.csa": WriteCSA(r)} {
		back, err := Read(name, []byte(out))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if back.Start.SFEN != r.Start.SFEN || WriteUSI(back) != WriteUSI(r) {
			t.Errorf("%s: start %s moves %s, want %s", name, back.Start.SFEN, WriteUSI(back), WriteUSI(r))
		}
		if name == "back.kif" && WriteKIF(back, "UTF-8") != kif {
			t.Errorf("KIF not stable:\n%s\nthen\n%s", kif, WriteKIF(back, "UTF-8"))
		}
	}
	// Moves are still checked: no pawn drop onto file 9.
	q := r.StartPosition()
	if m, err := q.ParseUSIMove("P*9a"); err == nil && q.IsLegal(m) {
		t.Error("P*9a accepted")
	}
}

// TestImpossibleStartRefused: a start in which the side not to move is in
// check is no puzzle; it is refused, whatever the format.
func TestImpossibleStartRefused(t *testing.T) {
	kifText := strings.Replace(ninePawnsKIF, "| 歩 ・ ・ ・ ・ ・ ・ ・ ・|二", "| 歩 ・ ・ ・ 飛 ・ ・ ・ ・|二", 1)
	if _, err := Read("check.kif", []byte(kifText)); err == nil || !strings.Contains(err.Error(), "in check") {
		t.Errorf("KIF: %v", err)
	}
	csa := "V2.2\nP1 *  *  *  * -OU *  *  *  * \nP2 *  *  *  * +HI *  *  *  * \nP3 *  *  *  *  *  *  *  *  * \nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9 *  *  *  * +OU *  *  *  * \n+\n+5958OU\n"
	if _, err := Read("check.csa", []byte(csa)); err == nil || !strings.Contains(err.Error(), "in check") {
		t.Errorf("CSA: %v", err)
	}
	if _, err := Read("check.usi", []byte("position sfen 4k4/4R4/9/9/9/9/9/9/4K4 b - 1")); err == nil {
		t.Error("USI accepted")
	}
}
