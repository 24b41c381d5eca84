package ui

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
	v := judgeCheck(context.Background(), newPracticeSolver(), p, 7, game.NoMove, true)
	if v.kind != verdictEscape || v.reply.USI() != "5i6h" {
		t.Fatalf("verdict %d, reply %s (mate in %d after it): want the escape 5i6h", v.kind, v.reply.USI(), v.mateIn)
	}
}
