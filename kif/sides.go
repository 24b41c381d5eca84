package kif

import "kiki/game"

// SideNames returns what a record calls the two sides, indexed by
// game.Color: 先手 and 後手, or 下手 and 上手 in a handicap game (上手, the
// stronger player, gives up pieces and plays White).
func SideNames(handicap bool) [2]string {
	if handicap {
		return [2]string{"下手", "上手"}
	}
	return [2]string{"先手", "後手"}
}

// SideByName reads a side's name in either form: 先手 or 下手 is Black,
// 後手 or 上手 is White.
func SideByName(name string) (game.Color, bool) {
	for _, handicap := range []bool{false, true} {
		for c, n := range SideNames(handicap) {
			if n == name {
				return game.Color(c), true
			}
		}
	}
	return 0, false
}

// IsHandicap reports whether the start is a handicap preset (not 平手).
func (s Start) IsHandicap() bool { return s.IsPreset && s.Preset != game.Even }

// SideNames returns what r calls the two sides: 下手/上手 when it starts
// from a handicap or its header names a 下手, else 先手/後手.
func (r *Record) SideNames() [2]string {
	if r.Start.IsHandicap() {
		return SideNames(true)
	}
	if _, ok := r.Get(SideNames(true)[game.Black]); ok {
		return SideNames(true)
	}
	return SideNames(false)
}
