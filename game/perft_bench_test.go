package game

import "testing"

const (
	matsuriSFEN = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"
	max593SFEN  = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"
)

func benchPerft(b *testing.B, sfen string, depth int, copyMake bool) {
	p, err := ParseSFEN(sfen)
	if err != nil {
		b.Fatal(err)
	}
	var n uint64
	for i := 0; i < b.N; i++ {
		if copyMake {
			n = p.PerftCopy(depth)
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
