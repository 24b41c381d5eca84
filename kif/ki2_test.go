package kif

import "testing"

// TestSummarySpecial reads the まで lines KI2 ends with, one for each
// ending, including the ones that name the winner (…の勝ち: the other
// side resigned) and a word kiki does not know.
func TestSummarySpecial(t *testing.T) {
	for _, c := range []struct {
		line string
		n    int
		sp   Special
		word string
	}{
		{"まで49手詰", 49, Mate, ""},
		{"まで64手で後手の勝ち", 64, Resign, ""},
		{"まで10手で時間切れにより先手の勝ち", 10, Timeout, ""},
		{"まで10手で切れ負け", 10, Timeout, ""},
		{"まで13手で後手の反則勝ち", 13, FoulWin, ""},
		{"まで13手で先手の反則負け", 13, FoulLose, ""},
		{"まで120手で先手の入玉勝ち", 120, EnteringKing, ""},
		{"まで120手で先手の宣言勝ち", 120, EnteringKing, ""},
		{"まで0手で先手の不戦勝", 0, WinByDefault, ""},
		{"まで0手で先手の不戦敗", 0, LoseByDefault, ""},
		{"まで80手で中断", 80, Interrupt, ""},
		{"まで90手で千日手", 90, Repetition, ""},
		{"まで90手で持将棋", 90, Impasse, ""},
		{"まで5手で封じ手", 5, SpecialOther, "封じ手"},
	} {
		n, sp, word, ok := summarySpecial(c.line)
		if !ok || n != c.n || sp != c.sp || word != c.word {
			t.Errorf("%s: %d %v %q %v; want %d %v %q", c.line, n, sp, word, ok, c.n, c.sp, c.word)
		}
	}
	if _, _, _, ok := summarySpecial("まで"); ok {
		t.Error("まで without a count accepted")
	}
}
