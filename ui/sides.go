package ui

import "kiki/game"

// The sides' names come from here and from game.Color's String (先手,
// 後手): a handicap game calls them 下手 and 上手.
var (
	evenNames     = [2]string{game.Black.String(), game.White.String()}
	handicapNames = [2]string{"下手", "上手"}
)

// sideNames returns the names of the sides of a game: 下手/上手 when it
// is a handicap game, else 先手/後手.
func sideNames(handicap bool) [2]string {
	if handicap {
		return handicapNames
	}
	return evenNames
}
