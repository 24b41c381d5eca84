package game

import "kiki/game/refdata"

func refdataDirPresent() bool { return refdata.Dir() != "" }
