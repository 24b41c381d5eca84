package mate

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"kiki/game"
	"kiki/game/refdata"
)

type problem struct {
	sfen   string
	length int // -1: nomate
	answer string
	source string
	line   int
}

func loadProblems(t testing.TB, file string) []problem {
	f, err := os.Open(refdata.Path(t, "tsume", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []problem
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 2 || strings.HasPrefix(cols[0], "#") {
			continue
		}
		pr := problem{sfen: cols[0], length: -1, line: n}
		if cols[1] != "nomate" && cols[1] != "" {
			if pr.length, err = strconv.Atoi(cols[1]); err != nil {
				t.Fatalf("%s:%d: bad length %q", file, n, cols[1])
			}
		}
		if len(cols) > 2 {
			pr.answer = cols[2]
		}
		if len(cols) > 3 {
			pr.source = cols[3]
		}
		out = append(out, pr)
	}
	return out
}

// checkLine replays a solution: every attacker move is a legal check, every
// defender move legal, and the line ends in mate.
func checkLine(t testing.TB, sfen string, moves []game.Move) {
	t.Helper()
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	attacker := p.Side()
	for i, m := range moves {
		if !p.IsLegal(m) {
			t.Fatalf("%s: move %d %s is illegal", sfen, i+1, m)
		}
		if p.Side() == attacker && !p.GivesCheck(m) {
			t.Fatalf("%s: attacker move %d %s does not check", sfen, i+1, m)
		}
		p.DoMove(m)
	}
	if !p.IsCheckmate() {
		t.Fatalf("%s: the line %v does not end in mate", sfen, moves)
	}
}

// firstProofNodes counts the nodes of a problem's first proof with a
// technique on and with it switched off (switchOff(sv, true)).
func firstProofNodes(t testing.TB, pr problem, switchOff func(sv *Solver, off bool)) (with, without uint64) {
	t.Helper()
	nodes := func(off bool) uint64 {
		return firstProof(t, pr, func(sv *Solver) { switchOff(sv, off) }, nil).Nodes
	}
	with, without = nodes(false), nodes(true)
	t.Logf("first proof: %d nodes, %d with the technique off", with, without)
	return with, without
}

// firstProof finds the first proof of a problem in a 16 MiB table, with
// setup switching techniques off and inspect looking at the solver
// before it is closed (either may be nil); the line is replayed.
func firstProof(t testing.TB, pr problem, setup, inspect func(*Solver)) Result {
	t.Helper()
	p, err := game.ParseSFEN(pr.sfen)
	if err != nil {
		t.Fatal(err)
	}
	sv := New(Options{HashMiB: 16, FirstProofOnly: true})
	defer sv.Close()
	if setup != nil {
		setup(sv)
	}
	res := sv.Solve(context.Background(), p)
	if res.Status != Mate {
		t.Fatalf("line %d: %v", pr.line, res.Status)
	}
	checkLine(t, pr.sfen, res.Moves)
	if inspect != nil {
		inspect(sv)
	}
	return res
}

func solveFile(t *testing.T, file string, maxLen int) {
	probs := loadProblems(t, file)
	// The timeout only bounds a hung search: the solver now splits its
	// time between shortening and the line, so a slow machine needs room.
	sv := New(Options{HashMiB: 64, Timeout: 180 * time.Second})
	solved := 0
	var total time.Duration
	for _, pr := range probs {
		if pr.length > maxLen {
			continue
		}
		p, err := game.ParseSFEN(pr.sfen)
		if err != nil {
			t.Fatalf("line %d: %v", pr.line, err)
		}
		sv.tt.clear()
		res := sv.Solve(context.Background(), p)
		total += res.Elapsed
		if pr.length < 0 {
			if why, ok := wrongNoMate[pr.sfen]; ok {
				// We believe the reference is wrong here: check our mate
				// independently (brute force, no tables) and by replay.
				if res.Status != Mate || !mateWithin(p.Clone(), res.Length, p.Side()) {
					t.Errorf("%s line %d: %v (length %d) not confirmed (%s)", file, pr.line, res.Status, res.Length, why)
				}
				checkLine(t, pr.sfen, res.Moves)
				continue
			}
			if res.Status != NoMate {
				t.Errorf("%s line %d: %v, want nomate", file, pr.line, res.Status)
			}
			continue
		}
		if pr.length <= 7 && (!mateWithin(p.Clone(), pr.length, p.Side()) || pr.length > 1 && mateWithin(p.Clone(), pr.length-2, p.Side())) {
			t.Errorf("%s line %d: brute force disagrees with length %d", file, pr.line, pr.length)
		}
		if res.Status != Mate {
			t.Errorf("%s line %d (%d plies, %s): %v after %d nodes", file, pr.line, pr.length, pr.source, res.Status, res.Nodes)
			continue
		}
		if res.Length != pr.length || !res.Minimal {
			t.Errorf("%s line %d: length %d (minimal %v), want %d; line %v", file, pr.line, res.Length, res.Minimal, pr.length, res.Moves)
			continue
		}
		checkLine(t, pr.sfen, res.Moves)
		checkPiecesLeft(t, pr, res.Moves, 5)
		solved++
	}
	t.Logf("%s: %d problems up to %d plies solved in %v", file, solved, maxLen, total)
}

// wrongNoMate lists nomate.tsv entries that are forced mates: kiki's
// solver, a brute-force search and gpsusi's "go mate" all find the mate.
var wrongNoMate = map[string]string{
	// The side to move (後手) is in check; ３六玉 escapes with a discovered
	// check from the horse and mates in 9 (gpsusi finds a mate too).
	"lr6l/4g4/p3p4/1pp5p/P2S1p3/2P1N2+bP/1PGP1Pk1R/2N3pp1/4K3L w b2g3s2nl4p 152": "cshogi mateMove_issue45 only says: no mate within 7",
	// ５五角 mates in 7 against every defence, futile drops included
	// (gpsusi gives the same line); the source only says "not a mate in 1".
	"k3l3R/p4s3/9/N8/4p4/4KBB2/9/1pp+l+l+l+n+n+n/+s+s+sggggr1 b 14p 1": "antma tsume1_futile_drops: no mate in 1 by tsume conventions",
}

// mateWithin is an independent check: a plain AND/OR search without
// tables. It reports whether the attacker mates within r plies.
func mateWithin(p *game.Position, r int, attacker game.Color) bool {
	var ml game.MoveList
	if p.Side() == attacker {
		if r < 1 {
			return false
		}
		p.GenerateChecks(&ml)
		for _, m := range ml.Slice() {
			p.DoMove(m)
			ok := mateWithin(p, r-1, attacker)
			p.UndoMove()
			if ok {
				return true
			}
		}
		return false
	}
	p.LegalMoves(&ml)
	if ml.Len() == 0 {
		return true
	}
	if r < 2 {
		return false
	}
	for _, m := range ml.Slice() {
		p.DoMove(m)
		ok := mateWithin(p, r-1, attacker)
		p.UndoMove()
		if !ok {
			return false
		}
	}
	return true
}

func TestShortProblems(t *testing.T)  { solveFile(t, "short.tsv", 15) }
func TestMediumProblems(t *testing.T) { solveFile(t, "medium.tsv", 15) }
func TestNoMate(t *testing.T)         { solveFile(t, "nomate.tsv", 0) }

func TestFirstMoveOnly(t *testing.T) {
	p, _ := game.ParseSFEN("ln5kl/2r6/p1ps2+N1p/4p1pg1/3l3p1/P1P1PPP1P/1P1P1G3/2GS2+n2/+b2K1s2L b RGS2Pbn2p 101")
	res := New(Options{HashMiB: 16, FirstProofOnly: true, FirstMoveOnly: true}).Solve(context.Background(), p)
	if res.Status != Mate || len(res.Moves) != 1 {
		t.Fatalf("%v %v", res.Status, res.Moves)
	}
	p.DoMove(res.Moves[0])
	if !mateWithin(p, res.Length-1, p.Side().Opp()) {
		t.Fatalf("%s does not start a mate in %d", res.Moves[0], res.Length)
	}
}
