package mate

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"kiki/game"
)

// BenchmarkFirstProof finds the first proof of one problem, for a CPU
// profile of the search (go test ./ai/mate -run X -bench FirstProof
// -benchtime 1x -cpuprofile /tmp/cpu.out). The problem is
// KIKI_MATE_SFEN, by default ミクロコスモス (microcosmos.tsv);
// KIKI_MATE_HASH (MiB, default 3072) and KIKI_MATE_TIMEOUT (seconds,
// default 300) and KIKI_MATE_NODES bound it. The line found is replayed through the rules core.
func BenchmarkFirstProof(b *testing.B) {
	sfen := os.Getenv("KIKI_MATE_SFEN")
	if sfen == "" {
		sfen = loadProblems(b, "microcosmos.tsv")[0].sfen
	}
	hash, timeout, nodes := 3072, 300*time.Second, uint64(0)
	if v, err := strconv.ParseUint(os.Getenv("KIKI_MATE_NODES"), 10, 64); err == nil {
		nodes = v
	}
	if v, err := strconv.Atoi(os.Getenv("KIKI_MATE_HASH")); err == nil {
		hash = v
	}
	if v, err := strconv.Atoi(os.Getenv("KIKI_MATE_TIMEOUT")); err == nil {
		timeout = time.Duration(v) * time.Second
	}
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		sv := New(Options{HashMiB: hash, Timeout: timeout, MaxNodes: nodes, FirstProofOnly: true})
		res := sv.Solve(context.Background(), p.Clone())
		sv.Close()
		if res.Status == Mate && !res.Partial {
			checkLine(b, sfen, res.Moves)
		}
		b.ReportMetric(float64(res.Nodes), "nodes")
		b.ReportMetric(float64(res.Length), "plies")
		b.Logf("%v, %d plies, %d nodes, proof %.1fs, line %.1fs", res.Status, res.Length, res.Nodes, res.ProofElapsed.Seconds(), res.LineElapsed.Seconds())
	}
}

// BenchmarkTsumeFile solves every problem of a tsume file as kiki tsume
// does (whole solves with the book length, 256 MiB each), for a CPU
// profile of the solver's usual work; KIKI_MATE_FILE names the file
// (default medium.tsv). Each line found is replayed through the rules core.
func BenchmarkTsumeFile(b *testing.B) {
	file := os.Getenv("KIKI_MATE_FILE")
	if file == "" {
		file = "medium.tsv"
	}
	for i := 0; i < b.N; i++ {
		var nodes uint64
		for _, pr := range loadProblems(b, file) {
			p, err := game.ParseSFEN(pr.sfen)
			if err != nil {
				b.Fatal(err)
			}
			sv := New(Options{HashMiB: 256, SearchBook: true})
			res := sv.Solve(context.Background(), p)
			sv.Close()
			if res.Status == Mate {
				checkLine(b, pr.sfen, res.Moves)
			}
			nodes += res.Nodes
		}
		b.ReportMetric(float64(nodes), "nodes")
	}
}
