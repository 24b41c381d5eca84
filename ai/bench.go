package ai

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"kiki/game"
)

// BenchPositions are the positions of kiki bench: openings, middlegames
// and endgames at plies 16, 40 and 70 of twelve professional games from
// ../shared/data/kif, three mating attacks from the tsume set and the
// middlegame of issue 20. They are embedded so that the bench needs no
// files and its signature means the same thing everywhere.
var BenchPositions = []string{
	"ln3g1nl/1r1sgskb1/p1p1pp1pp/1p1p2p2/4P4/2P6/PPBP1PPPP/3SR1K2/LN1G1GSNL b - 17",       // jkf-denou3-1.ki2 ply 16
	"ln5nl/2r2sgk1/p4gbp1/1ppps1p1p/5P3/2PPS3P/PP4PP1/2RBG1SK1/LN3G1NL b 2Pp 41",          // jkf-denou3-1.ki2 ply 40
	"ln5nl/4p1gk1/p3G1bp1/1pp1srp1p/5s3/2PpP2RP/PPB3PP1/6SK1/LN3G1NL b SPg2p 71",          // jkf-denou3-1.ki2 ply 70
	"lnsgkg1nl/1r4s2/p1ppp1b1p/5ppp1/1p7/2P6/PPBPPPP1P/1S5R1/LN1GKGSNL b P 17",            // jkf-jt201409130101.kif ply 16
	"ln4knl/1r4g2/p3sgbs1/2ppppppp/1p7/2PPP1P2/PPSG1P2P/1KGB1S1R1/LN5NL b P 41",           // jkf-jt201409130101.kif ply 40
	"l5k1l/1r4gP1/p1n2gn2/2psp1p1p/5p1R1/1PPSP1P2/P2G1P+b1P/1KG3s2/LN6L b BS3Pnp 71",      // jkf-jt201409130101.kif ply 70
	"lnsgk1snl/6g2/p1ppppb1p/6R2/9/1rP6/P2PPPP1P/1BG6/LNS1KGSNL b 3P2p 17",                // jkf-kiou201403160101.kif ply 16
	"ln6l/2gsk1gs1/p1ppppn1p/9/6r2/2P6/P+p1PPPS1P/1SGK3R1/LN3G1NL b B3Pb2p 41",            // jkf-kiou201403160101.kif ply 40
	"lnk1sR2l/2g4g1/p1ppp+BP1p/5N3/9/1pP6/P1KP+bP2P/S1G1g4/LN1s3NL b S5Prp 71",            // jkf-kiou201403160101.kif ply 70
	"ln3k1nl/1r1sgsgb1/p1pp1p1pp/1p2p1p2/9/2PPP4/PP3PPPP/1BGSGS1R1/LN1K3NL b - 17",        // jkf-oui201407080101.kif ply 16
	"ln5nl/1r4gk1/3psg1pp/p1pbppps1/1p6P/2PPP1P2/PPSG1PSPL/1KGB4R/LN5N1 b - 41",           // jkf-oui201407080101.kif ply 40
	"1n5nl/r5gk1/3p1gspp/2pb1sp2/lp3p1PP/2PPPSP2/PPSG4L/1KGB1R3/LN5N1 b P2p 71",           // jkf-oui201407080101.kif ply 70
	"ln3gsnl/1r2g1kb1/p1pspp1pp/1p1p2p2/4P4/2P6/PPBP1PPPP/4R2K1/LNSG1GSNL b - 17",         // jkf-ouza201410070101.kif ply 16
	"lnr2g1nl/4g1kb1/psP1pp1p1/1B3sp1p/3pP4/4RS3/PP1P1PPPP/2G3SK1/LN3G1NL b Pp 41",        // jkf-ouza201410070101.kif ply 40
	"l3+Pg1nl/3+b1gk2/p3pp1p1/6p1p/3p5/9/PP1P1SPPP/2G1S1SK1/+bN3G1NL b RNPrsl3p 71",       // jkf-ouza201410070101.kif ply 70
	"ln1gk2nl/1r4g2/pppsppspp/3p2p2/7P1/2P6/PPSPPPPSP/3K3R1/LN1G1G1NL b Bb 17",            // jkf-ryuou201409020101.kif ply 16
	"l6nl/2gk1r3/1pnsp1gp1/p1pp4p/5psP1/P1PP5/1PSGPPS1P/1KG4R1/LN5NL b BPbp 41",           // jkf-ryuou201409020101.kif ply 40
	"l6nl/2gk1r3/4p4/ppp3gpp/1n1s5/PSP1Ps3/1P1GB3P/1K1G1S1R1/LN3b1NL b 5P2p 71",           // jkf-ryuou201409020101.kif ply 70
	"ln1g1g1nl/1r3skb1/p1spppppp/2p6/1p7/2PPP4/PPBS1PPPP/4RK3/LN1G1GSNL b - 17",           // mog-game-001.kif ply 16
	"ln1g4l/2r2skg1/p2p1pnpp/3sp1p2/1p6P/4P4/PP1S1PPP1/3B2SK1/LN1G1G1NL b B2Prp 41",       // mog-game-001.kif ply 40
	"2+Bp3rl/5skg1/p1g1Lp1pp/3Sp1p2/1p1P1n2P/4P4/PP3PPP1/4S1SK1/+bN1G1G1NL b NPrlp 71",    // mog-game-001.kif ply 70
	"lnsgk1s1l/5rg2/ppppp1npp/9/5ppP1/2P6/PPSPPPP1P/3K1S1R1/LN1G1G1NL b Bb 17",            // mog-game-002.kif ply 16
	"lns6/3kg1+R2/ppppp1n1p/5r3/6p2/2P2P3/PPSPP1P1P/3KGS3/LN2G3+b b GS2Pbn2lp 41",         // mog-game-002.kif ply 40
	"lnsslS1+R1/3kg4/pppppp2p/8b/9/2P3+b2/PPSPPLp1P/2K1GG3/LN3GP1+r b 2N3P 71",            // mog-game-002.kif ply 70
	"lnsg1g1nl/1k3r1b1/ppppps1pp/5pp2/9/2P1P2P1/PPBPSPP1P/2K4R1/LNSG1G1NL b - 17",         // pyshogi-habu-fujii-2006.kif ply 16
	"kng4nl/ls1g1r3/1p2p1bp1/p1ppspp1p/7P1/P1PPP3P/1PB1SPP2/LSG4R1/KNG4NL b - 41",         // pyshogi-habu-fujii-2006.kif ply 40
	"kng5l/l3p4/1psr1snp1/p3P1p1p/5p1P1/PPP3R1P/3P1PP2/LSGS5/KNG3bNL b GPbp 71",           // pyshogi-habu-fujii-2006.kif ply 70
	"lnsgk2nl/1r4g2/p1pppsbpp/5pp2/1p5P1/2P1P1P2/PPSP1P2P/1B3S1R1/LN1GKG1NL b - 17",       // shogiplayer-16216.kif ply 16
	"l6nl/1r2g1gk1/p1n1ssbpp/2pppp3/1p5P1/2PPP1pS1/PPSG1P2P/2GB2R2/LNK4NL b p 41",         // shogiplayer-16216.kif ply 40
	"l3b2nl/5ggk1/2n1ssppp/2rppp3/pp4S1P/2SPP1R2/PP1G1PN2/1KGB5/LN6L b 3Pp 71",            // shogiplayer-16216.kif ply 70
	"lnsgkg1nl/1r7/p1pp1sbpp/4ppp2/1p5P1/2P1P1P2/PP1P1P2P/1BS1GS1R1/LN1GK2NL b - 17",      // shogiplayer-27480.kif ply 16
	"ln1g2knl/1r3bg2/p1pp1s1p1/5sp1p/1p3p1P1/2PPP1P1P/PPSG1PS2/1KG4R1/LNB4NL b p 41",      // shogiplayer-27480.kif ply 40
	"ln5nl/4r1gk1/p1pp1gbp1/4ss2p/Pp1P1ppP1/2S1P1P1P/1PBGS4/1KG1R4/LN5NL b P2p 71",        // shogiplayer-27480.kif ply 70
	"ln1g2snl/1rs1k1gb1/2ppppp2/p6pp/1p7/P7P/1PPPPPP2/1BGK2SR1/LNS2G1NL b p 17",           // sugyan-oui202106290101.kif ply 16
	"l2g2s1l/2s1k1gb1/2npppnp1/p1p3R1p/5P3/PrP5P/3PP1P2/1BGK2S2/LNS2G1NL b 3Pp 41",        // sugyan-oui202106290101.kif ply 40
	"+L2g2s2/2s1k1gb1/2npp2pp/2p2pp2/5nL2/6P1L/1PNPP4/+pBGK2S2/2S2G1N1 b RL5Prp 71",       // sugyan-oui202106290101.kif ply 70
	"ln5kl/2r6/p1ps2+N1p/4p1pg1/3l3p1/P1P1PPP1P/1P1P1G3/2GS2+n2/+b2K1s2L b RGS2Pbn2p 101", // tsume/medium.tsv line 1 (mate in 9)
	"ln2k3l/1Rs1gsgb1/2pppp3/p5Npp/5PP2/PP2P3P/2PPS4/1Bs2K3/LN3G1+rL w 2Pgnp 56",          // tsume/medium.tsv line 4 (mate in 9)
	"ln1g1k1nl/1rP5g/p1sp1+P1P1/4p3p/2pS2p1P/1P1P3p1/PGB1PP3/5K3/L+r3G1N+b w S2Psnl 62",   // tsume/medium.tsv line 5 (mate in 9)
	"lnsgk1snl/1r4gb1/p1pppp2p/6pR1/1p7/2P6/PP1PPPP1P/1BG6/LNS1KGSNL w Pp 12",             // issue 20: startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d
}

// BenchStats is where a search spent its nodes.
type BenchStats struct {
	Nodes, QNodes      uint64 // all nodes; those in quiescence
	TTProbes, TTHits   uint64 // main-search table probes and hits
	Cutoffs, FirstCuts uint64 // beta cutoffs; those on the first move tried
	// IterNodes[d] is the node count when iteration d completed, and
	// IterBest[d] the best move it left.
	IterNodes [maxPly + 1]uint64
	IterBest  [maxPly + 1]game.Move
}

func (b *BenchStats) add(o *BenchStats) {
	b.Nodes += o.Nodes
	b.QNodes += o.QNodes
	b.TTProbes += o.TTProbes
	b.TTHits += o.TTHits
	b.Cutoffs += o.Cutoffs
	b.FirstCuts += o.FirstCuts
}

// BenchResult is the outcome of Bench.
type BenchResult struct {
	Positions int
	Depth     int
	Time      time.Duration // wall clock
	CPU       time.Duration // process CPU time (0 where unknown)
	Stats     BenchStats
	// EBF is the effective branching factor: the geometric mean over the
	// positions of nodes(depth) / nodes(depth-1), counting cumulative nodes.
	EBF float64
	// Deep is how the iterations went, by depth, over the positions.
	Deep [maxPly + 1]IterStats
}

// IterStats is what the iterations of one depth did over the bench's
// positions: how many completed, their nodes (those of the iteration
// alone), the geometric mean of their growth over the iteration before,
// and how many changed the best move.
type IterStats struct {
	N       int
	Nodes   uint64
	logSum  float64
	Changed int
}

// Growth is the iterations' mean growth: nodes(d) / nodes(d-1), both
// cumulative (the EBF at this depth).
func (s IterStats) Growth() float64 {
	if s.N == 0 {
		return 0
	}
	return math.Exp(s.logSum / float64(s.N))
}

// note adds one position's iterations.
func (r *BenchResult) note(st *BenchStats, depth int) {
	for d := 2; d <= depth && d < len(st.IterNodes); d++ {
		if st.IterNodes[d] == 0 || st.IterNodes[d-1] == 0 {
			break
		}
		it := &r.Deep[d]
		it.N++
		it.Nodes += st.IterNodes[d] - st.IterNodes[d-1]
		if st.IterNodes[d] > st.IterNodes[d-1] {
			it.logSum += math.Log(float64(st.IterNodes[d]) / float64(st.IterNodes[d-1]))
		}
		if st.IterBest[d] != st.IterBest[d-1] {
			it.Changed++
		}
	}
}

// changedShare is the share of the nodes of iterations from depth from
// on that went to iterations that changed the best move.
func (r *BenchResult) changedShare(from int) float64 {
	var all, changed float64
	for d := from; d < len(r.Deep); d++ {
		it := r.Deep[d]
		if it.N == 0 {
			continue
		}
		all += float64(it.Nodes)
		changed += float64(it.Nodes) * float64(it.Changed) / float64(it.N)
	}
	return changed / max(all, 1)
}

// NPS is nodes per second of wall-clock time.
func (r BenchResult) NPS() float64 { return float64(r.Stats.Nodes) / max(r.Time.Seconds(), 1e-9) }

// CPUNPS is nodes per second of CPU time: the speed on an unloaded core.
func (r BenchResult) CPUNPS() float64 { return float64(r.Stats.Nodes) / max(r.CPU.Seconds(), 1e-9) }

// Bench searches each position to depth with a fresh table, one thread,
// full strength and no root mate probe (mate adds the df-pn probe), so that
// the node count is a signature of the search: it changes exactly when the
// search's behaviour does. progress, if not nil, gets a line per position.
func Bench(positions []string, depth, hashMiB int, eval Evaluator, mate bool, progress io.Writer) (BenchResult, error) {
	e := NewEngine(hashMiB)
	e.MateSearch = mate
	if eval != nil {
		e.Eval = eval
	}
	return BenchEngine(positions, depth, e, progress)
}

// BenchEngine is Bench with an engine set up by the caller (the learned
// evaluation's, say); it searches on one thread.
func BenchEngine(positions []string, depth int, e *Engine, progress io.Writer) (BenchResult, error) {
	res := BenchResult{Depth: depth}
	logSum, nLog := 0.0, 0
	e.Threads = 1
	for i, sfen := range positions {
		p, err := game.ParseSFEN(sfen)
		if err != nil {
			return res, fmt.Errorf("bench position %d: %w", i+1, err)
		}
		e.NewGame()
		var st BenchStats
		e.stats = &st
		t0, c0 := time.Now(), processCPU()
		r := e.Think(context.Background(), p, Request{Limits: Limits{Depth: depth}})
		el := time.Since(t0)
		res.Time += el
		res.CPU += processCPU() - c0
		res.Stats.add(&st)
		res.note(&st, r.Depth)
		res.Positions++
		if d := r.Depth; d >= 2 && st.IterNodes[d-1] > 0 && st.IterNodes[d] > st.IterNodes[d-1] {
			logSum += math.Log(float64(st.IterNodes[d]) / float64(st.IterNodes[d-1]))
			nLog++
		}
		if progress != nil {
			fmt.Fprintf(progress, "%2d/%d depth %2d nodes %10d %6.0f ms  bestmove %s score %d\n",
				i+1, len(positions), r.Depth, st.Nodes, el.Seconds()*1000, r.Move.USI(), r.Score)
		}
	}
	if nLog > 0 {
		res.EBF = math.Exp(logSum / float64(nLog))
	}
	return res, nil
}

// Report writes the bench's summary lines.
func (r BenchResult) Report(w io.Writer) {
	s := r.Stats
	pct := func(a, b uint64) float64 { return 100 * float64(a) / max(float64(b), 1) }
	fmt.Fprintf(w, "positions %d, depth %d\n", r.Positions, r.Depth)
	fmt.Fprintf(w, "qsearch share   %5.1f%%\n", pct(s.QNodes, s.Nodes))
	fmt.Fprintf(w, "TT hit rate     %5.1f%%\n", pct(s.TTHits, s.TTProbes))
	fmt.Fprintf(w, "first-move cuts %5.1f%%\n", pct(s.FirstCuts, s.Cutoffs))
	fmt.Fprintf(w, "EBF             %5.2f\n", r.EBF)
	r.reportDepths(w)
	fmt.Fprintf(w, "time            %.2f s (CPU %.2f s)\n", r.Time.Seconds(), r.CPU.Seconds())
	fmt.Fprintf(w, "nodes/s         %.0f (per CPU second %.0f)\n", r.NPS(), r.CPUNPS())
	fmt.Fprintf(w, "nodes           %d\n", s.Nodes)
}

// reportDepths writes, for the deeper iterations, their growth (the EBF
// at each depth: does pruning tighten or loosen as the search deepens?)
// and how many positions' best move they changed, then the share of those
// iterations' nodes that went to ones that changed it.
func (r BenchResult) reportDepths(w io.Writer) {
	from := max(2, r.Depth-5)
	var growth, changed strings.Builder
	for d := from; d <= r.Depth && d < len(r.Deep); d++ {
		it := r.Deep[d]
		if it.N == 0 {
			continue
		}
		fmt.Fprintf(&growth, " d%d %.2f", d, it.Growth())
		fmt.Fprintf(&changed, " d%d %d/%d", d, it.Changed, it.N)
	}
	fmt.Fprintf(w, "EBF by depth   %s\n", growth.String())
	fmt.Fprintf(w, "best changed   %s\n", changed.String())
	fmt.Fprintf(w, "nodes changing %5.1f%% (of the iterations from depth %d)\n", 100*r.changedShare(from), from)
}
