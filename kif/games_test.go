package kif

import (
	"strings"
	"testing"
)

const multiCSA = `V2.2
N+Alice
N-Bob
$START_TIME:2024/01/02 10:00:00
PI
+
+7776FU
-3334FU
%TORYO
/
N+Carol
N-Dave
+7776FU
/
'the third game
N+Eve
N-Frank
PI
+
+2726FU
%CHUDAN
/
`

// A CSA file of three games separated by "/" lines gives three games, in
// order; the broken second one carries its error with the line of the
// whole file, and the others read whole.
func TestReadGamesMultiCSA(t *testing.T) {
	games := ReadGames("three.csa", []byte(multiCSA))
	if len(games) != 3 {
		t.Fatalf("%d games, want 3", len(games))
	}
	want := []struct {
		black, white string
		moves, line  int
		end          Special
	}{{"Alice", "Bob", 2, 1, Resign}, {}, {"Eve", "Frank", 1, 15, Interrupt}}
	for i, w := range want {
		g := games[i]
		if i == 1 {
			pe, ok := g.Err.(*ParseError)
			if !ok || pe.Line != 13 || !strings.Contains(pe.Error(), "three.csa:13") {
				t.Errorf("game 2: error %v, want a ParseError at three.csa:13", g.Err)
			}
			if g.Line != 11 {
				t.Errorf("game 2 starts on line %d, want 11", g.Line)
			}
			continue
		}
		if g.Err != nil {
			t.Fatalf("game %d: %v", i+1, g.Err)
		}
		r := g.Record
		b, _ := r.Get("先手")
		wh, _ := r.Get("後手")
		if b != w.black || wh != w.white || len(r.MainMoves()) != w.moves || r.Ending() == nil || r.Ending().Special != w.end || g.Line != w.line {
			t.Errorf("game %d: %s vs %s, %d moves, ending %v, line %d; want %+v", i+1, b, wh, len(r.MainMoves()), r.Ending(), g.Line, w)
		}
	}
	// Read still reads the first game, and says that there are more.
	r, err := Read("three.csa", []byte(multiCSA))
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := r.Get("先手"); b != "Alice" || !hasWarning(r, "holds 3 games") || r.FileGames != 3 || games[2].Record.FileGames != 3 {
		t.Errorf("Read: 先手 %q, warnings %v", b, r.Warnings)
	}
}

// A separator at the end of a one-game file leaves one game, as Read
// reads it.
func TestReadGamesTrailingSeparator(t *testing.T) {
	text := "N+A\nN-B\nPI\n+\n+7776FU\n%TORYO\n/\n\n"
	games := ReadGames("one.csa", []byte(text))
	if len(games) != 1 || games[0].Err != nil || len(games[0].Record.MainMoves()) != 1 {
		t.Fatalf("got %+v", games)
	}
	if hasWarning(games[0].Record, "games") || games[0].Record.FileGames != 0 {
		t.Errorf("a one-game file warns of more games: %v", games[0].Record.Warnings)
	}
}

// A USI list holds a game a line: position lines, startpos lines and
// bare SFEN; blank lines and comments are skipped, and a bad line is an
// error of its own game with its line number.
func TestReadGamesUSIList(t *testing.T) {
	text := "# games\nposition startpos moves 7g7f 3c3d\n\nstartpos moves 2g2f\nposition startpos moves 7g7f 7g7f\n" +
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1\n"
	games := ReadGames("list.usi", []byte(text))
	if len(games) != 4 {
		t.Fatalf("%d games, want 4", len(games))
	}
	for i, want := range []int{2, 1, -1, 0} {
		g := games[i]
		if want < 0 {
			pe, ok := g.Err.(*ParseError)
			if !ok || pe.Line != 5 {
				t.Errorf("game %d: error %v, want one on line 5", i+1, g.Err)
			}
			continue
		}
		if g.Err != nil || len(g.Record.MainMoves()) != want {
			t.Errorf("game %d: %v, want %d moves", i+1, g.Err, want)
		}
	}
	if games[3].Record.StartPosition().Side().String() == games[0].Record.StartPosition().Side().String() {
		t.Errorf("the SFEN line's side to move (後手) was lost")
	}
	// The same text read as one record is its first game, with a warning.
	r, err := Read("list.usi", []byte(text))
	if err != nil || len(r.MainMoves()) != 2 || !hasWarning(r, "holds 4 games") {
		t.Errorf("Read: %v, %v", err, r)
	}
}

// A file of one game reads as Read reads it; one that cannot be read
// gives its error.
func TestReadGamesOneGame(t *testing.T) {
	kifText := "先手：A\n後手：B\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 投了\n"
	games := ReadGames("g.kifu", []byte(kifText))
	if len(games) != 1 || games[0].Err != nil {
		t.Fatalf("got %+v", games)
	}
	want, _ := Read("g.kifu", []byte(kifText))
	if ok, why := Equal(games[0].Record, want); !ok {
		t.Error(why)
	}
	games = ReadGames("bad.kif", []byte("\n\n"))
	if len(games) != 1 || games[0].Err == nil || games[0].Record != nil {
		t.Errorf("a broken record: %+v", games)
	}
}
