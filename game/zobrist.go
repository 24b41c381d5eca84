package game

// Zobrist keys. The generator is seeded with a constant so that keys (and
// hence transposition tables and opening books) are the same on every run.
var (
	zobPiece [NumPieces][NumSquares]uint64
	zobHand  [2][Gold + 1]uint64
	zobSide  uint64
)

// splitmix64 is a small, well-mixed generator for table initialisation.
type splitmix64 uint64

func (s *splitmix64) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func init() {
	rng := splitmix64(0x6b696b69) // "kiki"
	// The side key is bit 0 only, so that Key()&1 tells the side to move
	// and every piece key leaves bit 0 alone.
	zobSide = 1
	for p := 0; p < NumPieces; p++ {
		for s := 0; s < NumSquares; s++ {
			zobPiece[p][s] = rng.next() &^ 1
		}
	}
	for c := 0; c < 2; c++ {
		for t := Pawn; t <= Gold; t++ {
			zobHand[c][t] = rng.next() &^ 1
		}
	}
}
