package tsume

import (
	"context"
	"testing"

	"kiki/game"
)

// After ☖6八龍(88) in this 9-ply problem (medium.tsv #6, the attacker
// 後手) the defender has two evasions: ☗同玉, which the solver cannot
// decide in the judgement's whole time, and ☗同金, an escape it proves in
// a fraction of a second. The king's move is searched first; the escape
// must still be found, not left unsearched and the check accepted.
func TestJudgeEscapeBehindUndecided(t *testing.T) {
	p, err := game.ParseSFEN("ln2gs2l/2k1g2P1/2p4p1/P2pS1p1p/9/5pP1P/3PP4/3+r1S2B/L+rPKG3L b BPgs3n4p 75")
	if err != nil {
		t.Fatal(err)
	}
	v := Judge(context.Background(), NewSolver(), p, 7, game.NoMove, true)
	if v.Kind != Escape || v.Reply.USI() != "5i6h" {
		t.Fatalf("verdict %d, reply %s (mate in %d after it): want the escape 5i6h", v.Kind, v.Reply.USI(), v.MateIn)
	}
}

// After ☗1二飛打 in short.tsv #80 (mate in 7) the king's ☖9三玉 escapes,
// which the solver proves in about two seconds, behind a dozen drops
// between (合駒) it cannot decide in the judgement's time: the escape
// must be found, not the check accepted as undecided.
func TestJudgeKingEscapeAmongDrops(t *testing.T) {
	p, err := game.ParseSFEN("ln7/1k6R/1pp1S4/p8/9/9/9/9/9 w BGNrb3g3s2n3l15p 2")
	if err != nil {
		t.Fatal(err)
	}
	v := Judge(context.Background(), NewSolver(), p, 5, game.NoMove, true)
	if v.Kind != Escape || v.Reply.USI() != "8b9c" {
		t.Fatalf("verdict %d, reply %s (mate in %d after it): want the escape 8b9c", v.Kind, v.Reply.USI(), v.MateIn)
	}
}

// After ☗4二金打 in short.tsv #46 (mate in 5) ☖6一玉 is mated only in 5
// more plies, proven at once, which refutes the check; ☖6二玉 is mated
// later still (27 plies), which a fast machine proves within the
// judgement's time and a slow one does not. Either is a true refutation:
// the verdict must be "too long" with a reply whose line is a legal
// checkmate of the length said, never a partial line taken for a mate.
func TestJudgeTooLongProvenFirst(t *testing.T) {
	p, err := game.ParseSFEN("4k4/1+B3Gn+R1/4p1Sp1/2pps1l1g/1p3PR2/2P6/1GNPP+pN2/3S5/1+lBKG4 w NL4Psl4p 2")
	if err != nil {
		t.Fatal(err)
	}
	v := Judge(context.Background(), NewSolver(), p, 3, game.NoMove, true)
	if v.Kind != TooLong || v.MateIn <= 3 || len(v.Line) != v.MateIn+1 {
		t.Fatalf("verdict %d, reply %s, mate in %d, line %v: want a defence mated in more than 3", v.Kind, v.Reply.USI(), v.MateIn, v.Line)
	}
	if r := v.Reply.USI(); r != "5a6a" && r != "5a6b" {
		t.Fatalf("reply %s: want 5a6a (mated in 5) or 5a6b (mated in 27)", r)
	}
	if v.Reply.USI() == "5a6a" && v.MateIn != 5 {
		t.Fatalf("5a6a mated in %d: want 5", v.MateIn)
	}
	q := p.Clone()
	for i, m := range v.Line {
		if !q.IsLegal(m) {
			t.Fatalf("line %v: ply %d (%s) is not legal", v.Line, i+1, m.USI())
		}
		q.DoMove(m)
	}
	if !q.IsCheckmate() {
		t.Fatalf("line %v does not end in checkmate", v.Line)
	}
}
