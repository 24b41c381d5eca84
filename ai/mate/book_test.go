package mate

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"kiki/game"
	"kiki/game/refdata"
)

// The long-distance checks of antma/tsumeshogi-check's tsume1: every
// interposition is futile, so a tsume book calls them mates in 1 while
// their minimax length counts each drop and its capture.
func TestBookLengthFutileInterpositions(t *testing.T) {
	for _, c := range []struct {
		sfen             string
		minimax, bookLen int
	}{
		{"k8/9/1K7/9/9/9/8B/8B/9 b 2r4g4s4n4l18p 1", 13, 1},
		{"7pk/9/7K1/5+r3/9/9/9/1B7/R8 b b4g4s4n4l17p 1", 15, 1},
	} {
		p, err := game.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		res := New(Options{HashMiB: 16}).Solve(context.Background(), p)
		if res.Status != Mate || res.Length != c.minimax || res.BookLength != c.bookLen {
			t.Errorf("%s: %v length %d book %d, want %d and %d; line %v", c.sfen, res.Status, res.Length, res.BookLength, c.minimax, c.bookLen, res.Moves)
		}
	}
}

// An interposition next to the king that the king takes back is part of
// the solution, not futile: in this line (medium.tsv line 25) N*5b and
// L*6b are simply taken, while G*8b is answered 6b8b 9b8b.
func TestBookLengthKeepsRecapturedInterposition(t *testing.T) {
	p, err := game.ParseSFEN("lnGS5/k4p+R2/1ppp4p/1+b2p1p2/3P5/SP2P3P/K5P2/4gP3/+b1P4NL b RG2SNL2Pgnl2p 1")
	if err != nil {
		t.Fatal(err)
	}
	moves := usiLine(t, p, "3b4b N*5b 4b5b L*6b 5b6b G*8b 6b8b 9b8b R*7b 8b9c S*8b 9c9d G*8e 8d8e 9f8e 9d9e L*9f")
	if got := BookLength(p, moves); got != 13 {
		t.Errorf("book length %d, want 13 (17 less two futile drops and their captures)", got)
	}
}

type claim struct {
	ID      string `json:"id"`
	SFEN    string `json:"sfen"`
	Answer  string `json:"answer"`
	Claimed *int   `json:"claimed_length"`
	Length  *int   `json:"length"`
}

// antma/tsumeshogi-check states its lengths by the tsume convention; the
// minimax lines of the reference data, counted as a book counts, must give
// them. One problem's book solution leaves the minimax line (the defender
// resists differently once futile drops are not counted), which a count
// along one line cannot see.
func TestBookLengthMatchesTsumeConventionClaims(t *testing.T) {
	f, err := os.Open(refdata.Path(t, "tsume", "tsume.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	offLine := map[string]bool{"tc-tsume5-1dfdd8": true}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	checked, differing := 0, 0
	for sc.Scan() {
		var c claim
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(c.ID, "tc-") || c.Claimed == nil || c.Answer == "" {
			continue
		}
		p, err := game.ParseSFEN(c.SFEN)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		moves := usiLine(t, p, c.Answer)
		checked++
		got := BookLength(p, moves)
		if got != *c.Claimed {
			differing++
			if !offLine[c.ID] {
				t.Errorf("%s: book length %d, the source says %d (minimax %d)", c.ID, got, *c.Claimed, len(moves))
			}
		}
		if got > len(moves) || (len(moves)-got)%2 != 0 {
			t.Errorf("%s: book length %d of a %d-ply line", c.ID, got, len(moves))
		}
	}
	if checked < 40 {
		t.Fatalf("only %d tsume-convention problems found", checked)
	}
	t.Logf("%d tsume-convention problems, %d with the source's length", checked, checked-differing)
}

// The compositions of famous.tsv that come with their solution: counted
// as a book counts, each line has the published length. 寿's line holds
// interpositions whose pieces the attacker later drops; they count.
func TestBookLengthOfPublishedSolutions(t *testing.T) {
	checked := 0
	for _, pr := range loadProblems(t, "famous.tsv") {
		if pr.answer == "" {
			continue
		}
		p, err := game.ParseSFEN(pr.sfen)
		if err != nil {
			t.Fatal(err)
		}
		moves := usiLine(t, p, pr.answer)
		checked++
		if got := BookLength(p, moves); got != pr.length {
			t.Errorf("famous.tsv line %d: book length %d, published %d", pr.line, got, pr.length)
		}
	}
	if checked < 4 {
		t.Fatalf("only %d published solutions found", checked)
	}
}

// usiLine reads a line of USI moves played from p (which is not changed).
func usiLine(t *testing.T, p *game.Position, line string) []game.Move {
	t.Helper()
	q := p.Clone()
	var moves []game.Move
	for _, u := range strings.Fields(line) {
		m, err := q.ParseUSIMove(u)
		if err != nil {
			t.Fatalf("%s in %q: %v", u, line, err)
		}
		q.DoMove(m)
		moves = append(moves, m)
	}
	return moves
}
