package ui

import (
	"path/filepath"
	"testing"
	"time"

	"kiki/game"
	"kiki/ui/match"
)

// A recovered game gets its clocks back: the time control from the
// header, and what each side had spent.
func TestRecoveryRestoresClock(t *testing.T) {
	dir := t.TempDir()
	now := fixedNow()
	o := testOptions()
	o.Now = func() time.Time { return now }
	o.RecoveryFile = filepath.Join(dir, "recovered.kifu")
	m := newTestModel(o)
	tc := timeControl{Kind: match.Byoyomi, Main: 10 * time.Minute, Byoyomi: 30 * time.Second}
	m.beginGame(startGameMsg{start: game.NewStartPosition(), players: [2]player{{}, {}}, tc: tc})
	for _, mv := range []struct {
		usi   string
		think time.Duration
	}{{"7g7f", 65 * time.Second}, {"3c3d", 12 * time.Second}, {"2g2f", 3 * time.Second}} {
		now = now.Add(mv.think)
		press(m, ":", mv.usi, "enter")
	}
	want := [2]time.Duration{m.s.match.Clock.Main(game.Black), m.s.match.Clock.Main(game.White)}
	if want[game.Black] != 10*time.Minute-68*time.Second || want[game.White] != 10*time.Minute-12*time.Second {
		t.Fatalf("clocks before recovery %v", want)
	}
	now = now.Add(time.Hour) // the next run starts later
	m2 := newTestModel(o)
	press(m2, "r")
	if !m2.s.playing || m2.s.node.Ply != 3 {
		t.Fatalf("resumed: playing %v ply %d", m2.s.playing, m2.s.node.Ply)
	}
	c := &m2.s.match.Clock
	if c.TC != tc || c.Main(game.Black) != want[game.Black] || c.Main(game.White) != want[game.White] || !c.TurnAt.Equal(now) {
		t.Fatalf("restored clock %+v: 先手 %v 後手 %v, want %v", c.TC, c.Main(game.Black), c.Main(game.White), want)
	}
}

func TestParseTimeControl(t *testing.T) {
	for _, tc := range []timeControl{
		{Kind: match.Byoyomi, Main: 10 * time.Minute, Byoyomi: 30 * time.Second},
		{Kind: match.Fischer, Main: 90 * time.Second, Inc: 5 * time.Second},
		{Kind: match.Sudden, Main: time.Hour},
		{Kind: match.Byoyomi, Byoyomi: 10 * time.Second},
	} {
		if got, ok := parseTimeControl(tc.String()); !ok || got != tc {
			t.Errorf("%q: %+v %v", tc.String(), got, ok)
		}
	}
	for _, bad := range []string{"", "時間制限なし", "持ち時間x分 秒読み30秒", "持ち時間10分 秒読みx", "持ち時間10分 何か"} {
		if _, ok := parseTimeControl(bad); ok {
			t.Errorf("%q read as a time control", bad)
		}
	}
}
