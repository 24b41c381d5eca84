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

// Searched, the same holds: from the position four plies into that line,
// G*8b is a defence, and the book's length is the minimax 13 (11 if an
// interposition taken back counted as futile).
func TestSearchedBookLengthKeepsRecapturedInterposition(t *testing.T) {
	p, err := game.ParseSFEN("lnGS5/k2n+R4/1ppp4p/1+b2p1p2/3P5/SP2P3P/K5P2/4gP3/+b1P4NL b RG2SN2L3Pg2p 5")
	if err != nil {
		t.Fatal(err)
	}
	res := New(Options{HashMiB: 16, SearchBook: true}).Solve(context.Background(), p)
	if res.Status != Mate || res.Length != 13 || !res.BookSearched || res.BookLength != 13 || res.BookMoves != nil {
		t.Errorf("%v, length %d, book length %d (searched %v, line %v); want 13 and 13", res.Status, res.Length, res.BookLength, res.BookSearched, res.BookMoves)
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
	offLine := map[string]bool{"tc-tsume5-1dfdd8": true}
	checked, differing := 0, 0
	for _, c := range tsumeConventionClaims(t) {
		if c.Answer == "" {
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

// The book length searched: antma/tsumeshogi-check states its lengths by
// the tsume convention, and the search in the book's terms must find
// each of them, tc-tsume5-1dfdd8's too, whose book solution leaves the
// minimax line (a count along a line does not see it). Where the book's
// length is shorter, its line must be that long, legal, check on every
// attacker's move and end where the defender has nothing but drops
// between a distant checker and the king. Each part of the futility rule
// shows here: with no drop futile, the distant checks of tsume1 are
// mates in 3 or more; with every untaken-back capture futile, whether or
// not the attacker mates without the piece, tc-tsume5-0fab88 is a mate in
// 3 (its source, and the book, say 5).
func TestSearchedBookLengthMatchesTsumeConventionClaims(t *testing.T) {
	checked, shorter := 0, 0
	for _, c := range tsumeConventionClaims(t) {
		if c.Length == nil || *c.Length > 15 {
			continue
		}
		p, err := game.ParseSFEN(c.SFEN)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		res := New(Options{HashMiB: 16, SearchBook: true}).Solve(context.Background(), p)
		checked++
		if res.Status != Mate || !res.BookSearched || res.BookLength != *c.Claimed || res.Length != *c.Length {
			t.Errorf("%s: %v, length %d, book length %d (searched %v); the source says %d, minimax %d", c.ID, res.Status, res.Length, res.BookLength, res.BookSearched, *c.Claimed, *c.Length)
			continue
		}
		if res.BookLength < res.Length {
			shorter++
			checkBookLine(t, c.ID, p, res.BookMoves, res.BookLength)
		} else if res.BookMoves != nil {
			t.Errorf("%s: a book line though the book length is the minimax one", c.ID)
		}
	}
	if checked < 45 || shorter < 6 {
		t.Fatalf("only %d tsume-convention problems found, %d with a shorter book length", checked, shorter)
	}
	t.Logf("%d tsume-convention problems, %d with a book length shorter than the minimax", checked, shorter)
}

// When futility probes run out, the drops they were for stay defences,
// so the book search's length may be too long; it stands only if a second
// search that counts those drops futile finds no shorter mate, and else
// the length is counted along the line. With probes of one node (none
// finishes), a length said to be searched must still be the book's: on
// the tsume-convention problems the source's (ten of them are confirmed
// by the second search), and on medium.tsv's line 17 the 11 plies that
// the search with its probes finds, where with none it sees only 13, and
// the second search, finding a shorter mate, leaves the length counted.
// Without the second search, or with it counting those drops as
// defences too, that 13 comes out as searched.
func TestUnfinishedProbesAreConfirmedOrCounted(t *testing.T) {
	type want struct {
		id           string
		sfen         string
		length, book int
	}
	var cases []want
	for _, c := range tsumeConventionClaims(t) {
		if c.Length != nil && *c.Length <= 15 {
			cases = append(cases, want{c.ID, c.SFEN, *c.Length, *c.Claimed})
		}
	}
	for _, pr := range loadProblems(t, "medium.tsv") {
		if pr.line == 17 {
			p, err := game.ParseSFEN(pr.sfen)
			if err != nil {
				t.Fatal(err)
			}
			res := New(Options{HashMiB: 16, SearchBook: true}).Solve(context.Background(), p)
			if !res.BookSearched || res.BookLength != 11 || res.Length != 13 {
				t.Fatalf("medium.tsv line 17: length %d, book length %d (searched %v); want 13 and 11", res.Length, res.BookLength, res.BookSearched)
			}
			cases = append(cases, want{"medium.tsv line 17", pr.sfen, 13, 11})
		}
	}
	confirmed, counted := 0, 0
	for _, c := range cases {
		p, err := game.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		sv := New(Options{HashMiB: 16, SearchBook: true})
		sv.probeNodes = 1
		res := sv.Solve(context.Background(), p)
		switch {
		case res.Status != Mate || res.Length != c.length:
			t.Errorf("%s: %v, length %d; minimax %d", c.id, res.Status, res.Length, c.length)
		case !res.BookSearched:
			counted++
			if res.BookMoves != nil {
				t.Errorf("%s: a book line though the length was counted", c.id)
			}
		case res.BookLength != c.book:
			t.Errorf("%s: book length %d searched with unfinished probes; it is %d", c.id, res.BookLength, c.book)
		default:
			confirmed++
		}
	}
	if len(cases) < 46 || confirmed == 0 || counted == 0 {
		t.Fatalf("%d problems, %d lengths confirmed, %d counted: the test shows too little", len(cases), confirmed, counted)
	}
	t.Logf("unfinished probes on %d problems: %d lengths searched (confirmed where unsure), %d counted", len(cases), confirmed, counted)
}

// A game position (short.tsv, DeepLearningShogi's test 1433, which calls
// it a mate in 3): minimax 5, but 5d6d leaves the king 8d8e, answered by
// S*8f with only futile drops left. The search must not let a drop that
// the table (or the want of plies) shows refuting stand before it has
// looked at the drop's futility: counted so, the book length is 5.
func TestSearchedBookLengthChecksRefutingDrops(t *testing.T) {
	p, err := game.ParseSFEN("l1l5l/7g1/2GK2+b2/1k1s+R4/p8/2sNP+r3/PP+pP4+p/2G6/LN5+p1 b GS2N3Pbs7p 147")
	if err != nil {
		t.Fatal(err)
	}
	res := New(Options{HashMiB: 16, SearchBook: true}).Solve(context.Background(), p)
	if res.Status != Mate || res.Length != 5 || !res.BookSearched || res.BookLength != 3 {
		t.Fatalf("%v, length %d, book length %d (searched %v); want 5 and 3", res.Status, res.Length, res.BookLength, res.BookSearched)
	}
	checkBookLine(t, "test 1433", p, res.BookMoves, 3)
}

// tsumeConventionClaims reads the problems of tsume.jsonl whose lengths
// antma/tsumeshogi-check states by the tsume convention.
func tsumeConventionClaims(t *testing.T) []claim {
	f, err := os.Open(refdata.Path(t, "tsume", "tsume.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var out []claim
	for sc.Scan() {
		var c claim
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(c.ID, "tc-") && c.Claimed != nil {
			out = append(out, c)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// checkBookLine replays a book line of n plies from p: legal, every
// attacker's move a check, ending where the defender is in check and
// has no move but drops (each of them between a distant checker and the
// king), or none at all.
func checkBookLine(t *testing.T, id string, p *game.Position, moves []game.Move, n int) {
	t.Helper()
	if len(moves) != n {
		t.Errorf("%s: book line %v of %d plies, book length %d", id, moves, len(moves), n)
		return
	}
	q := p.Clone()
	for i, m := range moves {
		if !q.IsLegal(m) || q.Side() == p.Side() && !q.GivesCheck(m) {
			t.Errorf("%s: book line %v: move %d %s is illegal or no check", id, moves, i+1, m)
			return
		}
		q.DoMove(m)
	}
	var ml game.MoveList
	q.LegalMoves(&ml)
	if !q.InCheck() {
		t.Errorf("%s: book line %v ends without check", id, moves)
	}
	for _, m := range ml.Slice() {
		if !m.IsDrop() || q.Checkers().MoreThanOne() || !game.Between(q.Checkers().First(), q.King(q.Side())).Has(m.To()) {
			t.Errorf("%s: book line %v ends where the defender has %s", id, moves, m)
			return
		}
	}
}

// 煙詰 (将棋図巧 99番, 117 plies published) as its first proof plays it
// (`kiki mate --first`): 123 plies, the attacker's bishop taking a pawn on
// each square of its diagonal from 9g on to 4b and mating with the horse
// from there. The first three drops are futile (the bishop takes the
// third pawn's square from 9g as well), the last two are not: without
// them the bishop neither promotes on 5c nor stands on 4b for 4b3b. A
// rule that only asked whether the attacker runs out of pawns counted
// all five as futile: 111, shorter than the composition's proven 117.
func TestBookLengthKeepsSliderAdvancesUsedLater(t *testing.T) {
	pr := loadProblems(t, "famous.tsv")[4]
	p, err := game.ParseSFEN(pr.sfen)
	if err != nil {
		t.Fatal(err)
	}
	moves := usiLine(t, p, "7a8a 9a8a 7b7a+ 8a9a 7a8a 9a8a 6b7b 8a9a 7b8b 9a8b 7d7c+ 8b9a 7c8b 9a8b 6d7c 8b9a "+
		"7c8b 9a8b 7f7b+ 8b9a 7b8b 9a8b 9d9c 8b9c R*7c 9c9d 7c8c+ 9d8e 8c8d 8e8d 3d5d 8d9e L*9f 8g9f+ 9g9f 9e9f "+
		"S*8g 9f9g 5d9d 9g8g 9d8d 8g7h 8d8h 7h6g S*6h 6g5h 6h5g 5h4g 3f4f 4g5g G*5f 6f5f 5e5f 5g6g 6e7f 6g7f "+
		"5f6f 7f6f 8h7g 6f6e 4f5e 6e5e 7g6f 5e4e 4c4d 4e4d 6f5f P*8h 9i8h P*5e 5f5e 4d3c 5e5c 3c3d 5c4d 3d2c "+
		"4d2d 2c2d 1f1e 2d3d G*4d 3d2c P*2d 2c1c G*2c 3b2c 2d2c+ 1c2c 2g3e 2c1c S*2d 1c1b 2d2c 1b1a 2b2a+ 1a2a "+
		"2c2b+ 2a2b 4d3c 2b3a 8h9g P*8f 9g8f P*7e 8f7e P*6d 7e6d P*5c 6d5c+ P*4b 5c4b 3a2a P*2b 2a1a P*1b 1a1b "+
		"3c2c 1b1a 2b2a+ 1a2a 4b3b 2a1a 2c2b")
	if len(moves) != 123 {
		t.Fatalf("%d plies, want 123", len(moves))
	}
	if got := BookLength(p, moves); got != pr.length {
		t.Errorf("book length %d, want %d (123 less the three futile drops and their captures)", got, pr.length)
	}
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
