package kif

import (
	"testing"

	"kiki/game"
)

// TestSideNames checks both forms of the side names and that each reads
// back as its side, and that a record names its sides by its start and
// header.
func TestSideNames(t *testing.T) {
	for _, c := range []struct {
		handicap bool
		want     [2]string
	}{{false, [2]string{"先手", "後手"}}, {true, [2]string{"下手", "上手"}}} {
		names := SideNames(c.handicap)
		if names != c.want {
			t.Errorf("SideNames(%v) = %v, want %v", c.handicap, names, c.want)
		}
		for _, side := range []game.Color{game.Black, game.White} {
			if got, ok := SideByName(names[side]); !ok || got != side {
				t.Errorf("SideByName(%q) = %v, %v; want %v", names[side], got, ok, side)
			}
		}
	}
	for _, bad := range []string{"", "先", "先手番", "▲"} {
		if _, ok := SideByName(bad); ok {
			t.Errorf("SideByName(%q) accepted", bad)
		}
	}

	even := NewRecord(game.NewStartPosition())
	if got := even.SideNames(); got != SideNames(false) {
		t.Errorf("even record: %v", got)
	}
	even.Set("下手", "someone")
	if got := even.SideNames(); got != SideNames(true) {
		t.Errorf("even record with a 下手 header: %v", got)
	}
	handicap := NewRecord(game.Handicaps[1].Position())
	if !handicap.Start.IsHandicap() {
		t.Fatalf("%s start is not a handicap", game.Handicaps[1].Name())
	}
	if got := handicap.SideNames(); got != SideNames(true) {
		t.Errorf("%s record: %v", game.Handicaps[1].Name(), got)
	}
}
