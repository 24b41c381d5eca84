package lesson

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"kiki/game"
	"kiki/game/refdata"
)

// bbOf is the squares named by file-rank numbers ("52 42").
func bbOf(t *testing.T, s string) game.Bitboard {
	t.Helper()
	var b game.Bitboard
	for _, f := range strings.Fields(s) {
		n, err := strconv.Atoi(f)
		if err != nil || n/10 < 1 || n/10 > 9 || n%10 < 1 {
			t.Fatalf("bad square %q", f)
		}
		b = b.Set(game.NewSquare(n/10, n%10))
	}
	return b
}

// The lesson's answers agree with libosl's reverse-effect sets
// (../shared/data/reverse-effect.tsv) for every row whose king, piece and
// set a kind of question asks about: drops (問1-2), move destinations
// (問3-5) and knight origins (問6). The sets are computed on the file's
// position (its 先手 king stands on １九) and, on the lesson's own board
// (the king alone), differ from it at most on １九.
func TestLessonAnswersAgreeWithReference(t *testing.T) {
	sk := game.NewSquare(1, 9)
	rows, compared := 0, 0
	for _, r := range refdata.ReverseEffects(t) {
		rows++
		line := fmt.Sprintf("%d %c %s", r.King, r.Piece, r.Set)
		king := game.NewSquare(r.King/10, r.King%10)
		piece, ok := game.HandTypeFromLetter(r.Piece)
		if !ok {
			t.Fatalf("bad piece %q", r.Piece)
		}
		var want game.Bitboard
		for _, n := range r.Squares {
			want = want.Set(game.NewSquare(n/10, n%10))
		}
		var kinds []Kind
		switch r.Set {
		case "drop":
			kinds = []Kind{Drop}
			if piece == game.Silver {
				kinds = append(kinds, SilverDrop)
			}
		case "move-destination":
			kinds = []Kind{MoveDest}
			switch piece {
			case game.Knight:
				kinds = append(kinds, KnightDest)
			case game.Rook:
				kinds = append(kinds, RookDest)
			}
		case "move-origin":
			if piece == game.Knight {
				kinds = []Kind{KnightOrigin}
			}
		default:
			t.Fatalf("bad set %q", r.Set)
		}
		for _, k := range kinds {
			info := k.Info()
			if !containsPiece(info.Pieces, piece) {
				t.Fatalf("%s: kind %d does not ask about %s", line, info.Num, piece.Name())
			}
			q := Question{Kind: k, King: king, Piece: piece}
			hand := game.NoPieceType
			if q.InHand() {
				hand = piece
			}
			p, err := Position(king, sk, hand)
			if err != nil {
				t.Fatal(err)
			}
			if got := Answer(info.Set, p, piece); got != want {
				t.Errorf("問%d king %s %s: got\n%swant\n%s", info.Num, king.Japanese(), piece.Name(), got, want)
			}
			if got := q.Answer().Clear(sk); got != want.Clear(sk) {
				t.Errorf("問%d king %s %s on the lesson's board: got\n%swant\n%s", info.Num, king.Japanese(), piece.Name(), got, want)
			}
			compared++
		}
	}
	if rows != 91 {
		t.Errorf("%d rows read, want 91", rows)
	}
	// 7 drops (+1 silver), 42 destinations (+6 knight, +6 rook), 6 knight origins.
	if compared != 68 {
		t.Errorf("%d comparisons, want 68", compared)
	}
}

func containsPiece(ts []game.PieceType, t game.PieceType) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

// placedSFEN is the SFEN of a 後手 king on k and a 先手 t on s, 先手 to move.
func placedSFEN(k, s game.Square, t game.PieceType) string {
	var rows []string
	for r := 1; r <= 9; r++ {
		row, blank := "", 0
		for f := 9; f >= 1; f-- {
			sq := game.NewSquare(f, r)
			letter := ""
			switch sq {
			case k:
				letter = "k"
			case s:
				letter = t.Letter()
			}
			if letter == "" {
				blank++
				continue
			}
			if blank > 0 {
				row += strconv.Itoa(blank)
				blank = 0
			}
			row += letter
		}
		if blank > 0 {
			row += strconv.Itoa(blank)
		}
		rows = append(rows, row)
	}
	return strings.Join(rows, "/") + " b - 1"
}

// The two-step questions (問7 knight, 問10 bishop, and the same rule for
// every kind in hand) agree with the rules core's legal moves over every
// king square: a square is an answer when dropping the piece there is
// legal and no check, and the piece, left there, has a legal move that
// checks.
func TestLessonTwoStepAgreesWithLegalMoves(t *testing.T) {
	for _, piece := range unpromoted {
		for k := game.Square(0); k < game.NumSquares; k++ {
			p, err := Position(k, game.NoSquare, piece)
			if err != nil {
				t.Fatal(err)
			}
			got := Answer(TwoStep, p, piece)
			var want game.Bitboard
			for s := game.Square(0); s < game.NumSquares; s++ {
				drop := game.NewDrop(game.NewPiece(game.Black, piece), s)
				if !p.IsLegal(drop) || p.GivesCheck(drop) {
					continue
				}
				after, err := game.ParseSFEN(placedSFEN(k, s, piece))
				if err != nil {
					t.Fatalf("%s: %v", placedSFEN(k, s, piece), err)
				}
				var ml game.MoveList
				after.LegalMoves(&ml)
				for _, mv := range ml.Slice() {
					if mv.From() == s && after.GivesCheck(mv) {
						want = want.Set(s)
						break
					}
				}
			}
			if got != want {
				t.Errorf("%s, king %s: got\n%swant\n%s", piece.Name(), k.Japanese(), got, want)
			}
		}
	}
	// The text's 問10 answer for the king on ８一, read off its diagram.
	p, _ := Position(game.NewSquare(8, 1), game.NoSquare, game.Bishop)
	want := bbOf(t, "91 71 61 41 21 82 62 52 32 12 93 83 73 53 43 23 94 74 64 44 34 14 85 65 55 35 25 96 76 56 46 26 16 "+
		"87 67 47 37 17 98 78 58 38 28 89 69 49 29 19")
	if got := Answer(TwoStep, p, game.Bishop); got != want {
		t.Errorf("問10 king ８一: got\n%swant (the text's diagram)\n%s", got, want)
	}
}

// Kinds given up come back first, but leave room for others: a player
// who answers everything with a still meets new kinds.
func TestLessonOrderLeavesRoomForNewKinds(t *testing.T) {
	pr := map[string]Record{}
	for k := range Kind(NumKinds) {
		if k < 9 {
			pr[k.Info().ID] = Record{Asked: 1, LastMissed: true}
		}
	}
	got := Order(pr, 5)
	if len(got) != 5 {
		t.Fatalf("%d kinds, want 5", len(got))
	}
	// The one kind not missed is in the lesson, after three missed ones.
	if got[3] != Kind(9) {
		t.Fatalf("lesson %v: the kind not missed last time is not fourth", got)
	}
	for _, k := range got[:3] {
		if !pr[k.Info().ID].LastMissed {
			t.Fatalf("lesson %v: %d was not missed, yet comes first", got, k)
		}
	}
	all := Order(map[string]Record{}, int(NumKinds))
	if len(all) != int(NumKinds) {
		t.Fatalf("a lesson of every kind has %d", len(all))
	}
}

// closeWant is the squares next to a 後手 king alone on k where the rules
// core says that dropping a 先手 t is legal and checks: the close checks,
// found without the reverse-effect tables.
func closeWant(t *testing.T, k game.Square, piece game.PieceType) game.Bitboard {
	t.Helper()
	p, err := Position(k, game.NoSquare, piece)
	if err != nil {
		t.Fatal(err)
	}
	var want game.Bitboard
	for s := game.Square(0); s < game.NumSquares; s++ {
		f, r := s.File()-k.File(), s.Rank()-k.Rank()
		if s == k || f < -1 || f > 1 || r < -1 || r > 1 {
			continue
		}
		drop := game.NewDrop(game.NewPiece(game.Black, piece), s)
		if p.IsLegal(drop) && p.GivesCheck(drop) {
			want = want.Set(s)
		}
	}
	return want
}

// The text's claim (問8-9), over every king square: the squares next to
// the king from which a bishop's (rook's) drop checks are the AND of the
// effects of a 先手 and a 後手 silver (gold) on the king's square; the
// lesson's answer is that set.
func TestLessonCloseChecksClaim(t *testing.T) {
	for _, piece := range []game.PieceType{game.Bishop, game.Rook} {
		x := CloseTextPiece(piece)
		kind := BishopClose
		if piece == game.Rook {
			kind = RookClose
		}
		for k := game.Square(0); k < game.NumSquares; k++ {
			want := closeWant(t, k, piece)
			if got := PairMeets(x, x, k); got != want {
				t.Errorf("%s, king %s: 先手 %s & 後手 %s =\n%swant\n%s", piece.Name(), k.Japanese(), x.Name(), x.Name(), got, want)
			}
			q := Question{Kind: kind, King: k, Piece: piece}
			if got := q.Answer(); got != want {
				t.Errorf("問%d king %s: answer\n%swant\n%s", kind.Info().Num, k.Japanese(), got, want)
			}
			// Away from the edges there are four: the text's "斜め4マス"
			// and "上下左右4マス".
			if f, r := k.File(), k.Rank(); f > 1 && f < 9 && r > 1 && r < 9 && want.Count() != 4 {
				t.Errorf("%s, king %s: %d close checks", piece.Name(), k.Japanese(), want.Count())
			}
		}
	}
}

// A pair is graded right exactly when its effects meet on the close
// checks for a king on every square: every piece that moves as a gold
// counts as a gold, and the pairs that differ somewhere are wrong.
func TestLessonClosePairs(t *testing.T) {
	goldLike := []game.PieceType{game.Gold, game.ProPawn, game.ProLance, game.ProKnight, game.ProSilver}
	for _, piece := range []game.PieceType{game.Bishop, game.Rook} {
		var want [game.NumSquares]game.Bitboard
		for k := range want {
			want[k] = closeWant(t, game.Square(k), piece)
		}
		var right []string
		for _, x := range pickKinds {
			for _, y := range pickKinds {
				holds := true
				for k := range want {
					holds = holds && PairMeets(x, y, game.Square(k)) == want[k]
				}
				if got := CloseMismatch(piece, x, y) == game.NoSquare; got != holds {
					t.Errorf("%s: 先手 %s 後手 %s graded right=%v, the claim holds=%v", piece.Name(), x.Name(), y.Name(), got, holds)
				}
				if holds {
					right = append(right, x.Name()+"/"+y.Name())
				}
			}
		}
		t.Logf("%s: right pairs %v", piece.Name(), right)
	}
	for _, x := range goldLike {
		for _, y := range goldLike {
			if s := CloseMismatch(game.Rook, x, y); s != game.NoSquare {
				t.Errorf("rook: 先手 %s 後手 %s fails on %s", x.Name(), y.Name(), s.Japanese())
			}
		}
	}
	for _, c := range []struct{ t, x, y game.PieceType }{
		{game.Bishop, game.Silver, game.Gold}, {game.Bishop, game.Gold, game.Gold}, {game.Rook, game.Silver, game.Silver},
		{game.Rook, game.Gold, game.Silver}, {game.Bishop, game.King, game.King}, {game.Rook, game.Rook, game.Rook},
	} {
		if CloseMismatch(c.t, c.x, c.y) == game.NoSquare {
			t.Errorf("%s: 先手 %s 後手 %s graded right", c.t.Name(), c.x.Name(), c.y.Name())
		}
	}
	if CloseMismatch(game.Bishop, game.Silver, game.Silver) != game.NoSquare {
		t.Errorf("bishop: the text's 銀/銀 graded wrong")
	}
}
