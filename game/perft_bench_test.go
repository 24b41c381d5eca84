package game

import "testing"

const (
	matsuriSFEN = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"
	max593SFEN  = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"
)

// perftCopy is Perft by copy-make: each child is a copy of the parent
// with the move made, and nothing is unmade. Only the benchmarks use it,
// to measure make/unmake against it.
func (p *Position) perftCopy(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return uint64(p.CountLegal())
	}
	var ml MoveList
	p.generate(&ml, genAll)
	var n uint64
	for _, m := range ml.Slice() {
		c := *p
		c.doMove(m)
		n += c.perftCopy(depth - 1)
	}
	return n
}

func benchPerft(b *testing.B, sfen string, depth int, copyMake bool) {
	p, err := ParseSFEN(sfen)
	if err != nil {
		b.Fatal(err)
	}
	var n uint64
	for i := 0; i < b.N; i++ {
		if copyMake {
			n = p.perftCopy(depth)
		} else {
			n = p.Perft(depth)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkPerftStart5(b *testing.B)       { benchPerft(b, StartSFEN, 5, false) }
func BenchmarkPerftMatsuri3(b *testing.B)     { benchPerft(b, matsuriSFEN, 3, false) }
func BenchmarkPerft593x3(b *testing.B)        { benchPerft(b, max593SFEN, 3, false) }
func BenchmarkPerftCopyStart5(b *testing.B)   { benchPerft(b, StartSFEN, 5, true) }
func BenchmarkPerftCopyMatsuri3(b *testing.B) { benchPerft(b, matsuriSFEN, 3, true) }
func BenchmarkPerftCopy593x3(b *testing.B)    { benchPerft(b, max593SFEN, 3, true) }

// PerftGen is perft that generates the moves at the last ply and counts
// them, the way libosl's perft does; compare it with Perft (popcount
// counting) to see what bulk counting buys.
func (p *Position) perftGen(depth int) uint64 {
	var ml MoveList
	p.generate(&ml, genAll)
	if depth == 1 {
		return uint64(ml.n)
	}
	var n uint64
	for _, m := range ml.Slice() {
		p.DoMove(m)
		n += p.perftGen(depth - 1)
		p.UndoMove()
	}
	return n
}

func benchPerftGen(b *testing.B, sfen string, depth int) {
	p, err := ParseSFEN(sfen)
	if err != nil {
		b.Fatal(err)
	}
	var n uint64
	for i := 0; i < b.N; i++ {
		n = p.perftGen(depth)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkPerftGenStart5(b *testing.B)   { benchPerftGen(b, StartSFEN, 5) }
func BenchmarkPerftGenMatsuri3(b *testing.B) { benchPerftGen(b, matsuriSFEN, 3) }
func BenchmarkPerftGen593x3(b *testing.B)    { benchPerftGen(b, max593SFEN, 3) }

var middlegames = []string{
	matsuriSFEN,
	"ln1g3nl/1ks1gr3/1ppppsbpp/p4pp2/7P1/P1P1P1P2/1P1PSP2P/1BKS3R1/LNG1G2NL b - 1",
	"l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b BGSs3p 91",
	"8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
}

func benchPositions(b *testing.B) []*Position {
	var ps []*Position
	for _, s := range middlegames {
		p, err := ParseSFEN(s)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

func BenchmarkGenerateLegal(b *testing.B) {
	ps := benchPositions(b)
	var ml MoveList
	for i := 0; i < b.N; i++ {
		ml.Clear()
		ps[i%len(ps)].LegalMoves(&ml)
	}
}

func BenchmarkGenerateChecks(b *testing.B) {
	ps := benchPositions(b)
	var ml MoveList
	for i := 0; i < b.N; i++ {
		ml.Clear()
		ps[i%len(ps)].GenerateChecks(&ml)
	}
}

func BenchmarkGenerateCaptures(b *testing.B) {
	ps := benchPositions(b)
	var ml MoveList
	for i := 0; i < b.N; i++ {
		ml.Clear()
		ps[i%len(ps)].GenerateCaptures(&ml)
	}
}

// BenchmarkMakeUnmake and BenchmarkCopyMake compare the two ways of
// walking the tree over the same moves.
func BenchmarkMakeUnmake(b *testing.B) {
	ps := benchPositions(b)
	lists := make([]MoveList, len(ps))
	for i, p := range ps {
		p.LegalMoves(&lists[i])
	}
	b.ResetTimer()
	moves := 0
	for i := 0; i < b.N; i++ {
		k := i % len(ps)
		p := ps[k]
		for _, m := range lists[k].Slice() {
			p.DoMove(m)
			p.UndoMove()
		}
		moves += lists[k].Len()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(moves), "ns/move")
}

func BenchmarkCopyMake(b *testing.B) {
	ps := benchPositions(b)
	lists := make([]MoveList, len(ps))
	for i, p := range ps {
		p.LegalMoves(&lists[i])
	}
	b.ResetTimer()
	moves := 0
	var sink Square
	for i := 0; i < b.N; i++ {
		k := i % len(ps)
		p := ps[k]
		for _, m := range lists[k].Slice() {
			c := *p
			c.doMove(m)
			sink += c.kings[0]
		}
		moves += lists[k].Len()
	}
	_ = sink
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(moves), "ns/move")
}
