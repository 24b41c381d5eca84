package game

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"kiki/game/refdata"
)

// mate1Reference is Mate1Ply written the plain way: every check next to
// the king or by a knight, in generation order, made and looked at.
func mate1Reference(p *Position) Move {
	ek := p.kings[p.side.Opp()]
	if ek == NoSquare {
		return NoMove
	}
	near := stepAttacks[p.side.Opp()][King][ek].Or(stepAttacks[p.side.Opp()][Knight][ek])
	var ml MoveList
	p.GenerateChecks(&ml)
	for _, m := range ml.Slice() {
		if !near.Has(m.To()) {
			continue
		}
		p.DoMove(m)
		mated := p.IsCheckmate()
		p.UndoMove()
		if mated {
			return m
		}
	}
	return NoMove
}

// TestMate1PlyMatchesReference compares Mate1Ply, which skips the checks
// the king can simply take, with the plain routine on random positions
// and on every attacker's turn of the short and medium tsume problems (where most
// positions have a mate in one or a check that almost mates).
func TestMate1PlyMatchesReference(t *testing.T) {
	ps := randomPositions(t, 3000)
	for _, name := range []string{"short.tsv", "medium.tsv"} {
		ps = append(ps, attackerTurns(t, refdata.Path(t, "tsume", name))...)
	}
	mates := 0
	for _, p := range ps {
		got, want := p.Mate1Ply(), mate1Reference(p)
		if got != want {
			t.Fatalf("%s: Mate1Ply %s, the plain routine %s", p.SFEN(), got, want)
		}
		if got != NoMove {
			mates++
		}
	}
	if mates < 50 {
		t.Fatalf("only %d of %d positions had a mate in one: too few to test", mates, len(ps))
	}
	t.Logf("%d positions, %d with a mate in one", len(ps), mates)
}

// attackerTurns returns the position before every attacker's move of the
// main lines of a problem set file.
func attackerTurns(t *testing.T, path string) []*Position {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ps []*Position
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 3 || strings.HasPrefix(cols[0], "#") {
			continue
		}
		p, err := ParseSFEN(cols[0])
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for i, u := range strings.Fields(cols[2]) {
			if i%2 == 0 {
				ps = append(ps, p.Clone())
			}
			m, err := p.ParseUSIMove(u)
			if err != nil || !p.IsLegal(m) {
				t.Fatalf("%s: move %d %s of %s: %v", path, i+1, u, cols[0], err)
			}
			p.DoMove(m)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return ps
}
