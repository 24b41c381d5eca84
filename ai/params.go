package ai

import "kiki/game"

// Params holds every number the evaluation uses, in centipawns (a pawn on
// the board is about 100), so that they can be tuned in one place.
//
// Where they come from: the material values follow the values Bonanza 6
// published in its source (param.h: pawn 87, lance 232, knight 257, silver
// 369, gold 444, bishop 569, rook 642, and the promoted pieces), scaled so
// that a pawn is 100 and rounded; pieces in hand are worth more than on the
// board because a drop can go anywhere (the ratio is the one common in
// engines of that generation, about 1.1). The positional terms are
// hand-set starting points: piece-square shapes that reward advanced
// pawns, a king that stays home and generals near their king; king safety
// counting attacked squares around each king, holes the enemy can drop
// into, open files facing the king; each was checked by self-play games
// when it was set. Those are HandSet below. The numbers kiki plays with,
// Default, are HandSet fitted by kiki learn tune to positions that
// fairy-stockfish scored (params_default.go, generated; see ai/learn/README.md):
// the fit keeps the terms and moves their weights, so a pawn on the board
// is worth less there (its advance and king-distance terms carry the rest).
type Params struct {
	Board [game.NumPieceTypes]int // on the board
	Hand  [game.Gold + 1]int      // in hand

	PawnAdvance   int // per rank a pawn stands beyond its start
	SilverForward int // silver on relative ranks 4–6 (1 = the enemy's back rank), where it fights
	KnightHome    int // knight still on its start rank (blocked later)
	KingHome      int // per rank the king stands above its back rank (negative)
	KingCenter    int // per file the king stands from the edge zone (negative)

	Mobility [game.NumPieceTypes]int // per square attacked (not own pieces)

	GuardNear    int // gold/silver within one square of its king
	GuardNear2   int // within two squares
	ZoneAttack   int // per attacked square around the enemy king
	ZoneAttack2  int // per square around the enemy king attacked twice or more
	ZoneDefended int // per square around own king that own pieces cover (subtracted from attacks)
	KingEscape   int // per safe square the king can step to
	HandThreat   [game.Gold + 1]int
	OpenFile     int // no own pawn on the king's file or its neighbours, enemy rook/lance able to use it
	Tempo        int
	// AttackNear and DefendNear score a piece by its king distance (the
	// larger of the file and rank differences, 0–8) to the enemy king and
	// to its own: attackers close to the enemy king, generals close to
	// their own. A cheap cousin of Bonanza's king-relative tables.
	AttackNear [game.NumPieceTypes][9]int
	DefendNear [game.NumPieceTypes][9]int
}

// HandSet is the evaluation as it was set by hand (the values above). It
// is where kiki learn tune starts from, and its piece values are the
// material-only evaluation's; Default, in params_default.go, is what the
// tuning made of it.
var HandSet = Params{
	Board: [game.NumPieceTypes]int{
		game.Pawn: 100, game.Lance: 267, game.Knight: 295, game.Silver: 424, game.Gold: 510,
		game.Bishop: 654, game.Rook: 738, game.King: 0,
		game.ProPawn: 614, game.ProLance: 562, game.ProKnight: 586, game.ProSilver: 569,
		game.Horse: 951, game.Dragon: 1086,
	},
	Hand: [game.Gold + 1]int{
		game.Pawn: 115, game.Lance: 300, game.Knight: 335, game.Silver: 470, game.Gold: 560,
		game.Bishop: 730, game.Rook: 830,
	},
	PawnAdvance:   4,
	SilverForward: 12,
	KnightHome:    -8,
	KingHome:      -18,
	KingCenter:    -10,
	Mobility: [game.NumPieceTypes]int{
		game.Lance: 2, game.Knight: 3, game.Silver: 2, game.Gold: 1, game.Bishop: 3, game.Rook: 3,
		game.ProPawn: 1, game.ProLance: 1, game.ProKnight: 1, game.ProSilver: 1, game.Horse: 4, game.Dragon: 4,
	},
	GuardNear:    0,
	GuardNear2:   0,
	ZoneAttack:   14,
	ZoneAttack2:  16,
	ZoneDefended: 6,
	KingEscape:   8,
	HandThreat: [game.Gold + 1]int{
		game.Pawn: 3, game.Lance: 6, game.Knight: 10, game.Silver: 12, game.Gold: 14, game.Bishop: 14, game.Rook: 18,
	},
	OpenFile: 20,
	Tempo:    20,
	AttackNear: [game.NumPieceTypes][9]int{
		game.Pawn:      {0, 20, 8, 2},
		game.Lance:     {0, 12, 8, 4},
		game.Knight:    {0, 8, 20, 8},
		game.Silver:    {0, 35, 22, 8, 2},
		game.Gold:      {0, 35, 20, 6},
		game.Bishop:    {0, 15, 12, 8, 4},
		game.Rook:      {0, 20, 15, 10, 5},
		game.ProPawn:   {0, 45, 25, 8},
		game.ProLance:  {0, 40, 22, 6},
		game.ProKnight: {0, 40, 22, 6},
		game.ProSilver: {0, 40, 22, 6},
		game.Horse:     {0, 45, 30, 18, 8, 3},
		game.Dragon:    {0, 55, 40, 22, 10, 4},
	},
	DefendNear: [game.NumPieceTypes][9]int{
		game.Pawn:      {0, 12, 8, 2},
		game.Lance:     {0, 4, 2},
		game.Knight:    {0, 6, 8, 2},
		game.Silver:    {0, 35, 22, 6, 0, -4, -8, -10, -12},
		game.Gold:      {0, 45, 28, 8, 0, -6, -10, -14, -16},
		game.ProPawn:   {0, 20, 10},
		game.ProLance:  {0, 20, 10},
		game.ProKnight: {0, 20, 10},
		game.ProSilver: {0, 20, 10},
		game.Horse:     {0, 30, 20, 10},
		game.Dragon:    {0, 10, 5},
	},
}
