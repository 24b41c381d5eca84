package kif

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"kiki/game"
)

// gamePositions returns every position of the corpus records (all
// variations), then random playouts from them until there are at least n.
func gamePositions(t *testing.T, n int) []*game.Position {
	var out []*game.Position
	for _, path := range corpusFiles(t) {
		rec, err := ReadFile(path)
		if err != nil {
			continue
		}
		rec.Walk(func(x *Node) {
			if !x.IsSpecial() {
				out = append(out, rec.Position(x))
			}
		})
	}
	fromGames := len(out)
	rng := rand.New(rand.NewPCG(7, 11))
	for i := 0; len(out) < n; i++ {
		p := out[rng.IntN(fromGames)].Clone()
		for k := 0; k < 40; k++ {
			var ml game.MoveList
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			p.DoMove(ml.At(rng.IntN(ml.Len())))
			out = append(out, p.Clone())
		}
	}
	return out
}

func TestNotationRoundTrip(t *testing.T) {
	positions := gamePositions(t, 4000)
	for _, p := range positions {
		var ml game.MoveList
		p.LegalMoves(&ml)
		prev := p.LastMove()
		for _, m := range ml.Slice() {
			for _, text := range []string{KI2Move(p, m, prev), KIFMove(m, prev), m.Piece().Color().Mark() + KI2Move(p, m, prev)} {
				got, err := ParseJapanese(p, text, prev)
				if err != nil || got != m {
					t.Fatalf("%s: %s written %q read back as %v (%v)", p.SFEN(), m, text, got, err)
				}
			}
		}
	}
}

func TestChecksOnGamePositions(t *testing.T) {
	positions := gamePositions(t, 10000)
	for _, p := range positions {
		var cl, ml game.MoveList
		p.GenerateChecks(&cl)
		p.LegalMoves(&ml)
		var want []string
		for _, m := range ml.Slice() {
			p.DoMove(m)
			if p.InCheck() {
				want = append(want, m.USI())
			}
			p.UndoMove()
		}
		var got []string
		for _, m := range cl.Slice() {
			got = append(got, m.USI())
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: checks %v, want %v", p.SFEN(), got, want)
		}
	}
	t.Logf("%d positions from the corpus games and playouts from them", len(positions))
}

func TestRelativeWords(t *testing.T) {
	cases := []struct {
		sfen, usi, want string
	}{
		// Two golds on ６九 and ４九 go up to ５八: 右 / 左.
		{"4k4/9/9/9/9/9/9/9/3GKG3 b - 1", "4i5h", "５八金右"},
		{"4k4/9/9/9/9/9/9/9/3GKG3 b - 1", "6i5h", "５八金左"},
		// Golds on ５九 and ６九 to ５八: 直 for the straight one.
		{"4k4/9/9/9/9/9/9/9/3GG1K2 b - 1", "5i5h", "５八金直"},
		{"4k4/9/9/9/9/9/9/9/3GG1K2 b - 1", "6i5h", "５八金左"},
		// Golds on ６八 and ５九 to ５八... 寄 and 上.
		{"4k4/9/9/9/9/9/9/3G5/4G3K b - 1", "6h5h", "５八金寄"},
		{"4k4/9/9/9/9/9/9/3G5/4G3K b - 1", "5i5h", "５八金上"},
		// A silver that comes back: 引.
		{"4k4/9/9/9/9/9/3S5/9/4S3K b - 1", "6g5h", "５八銀引"},
		// Gote's view: right and left are mirrored.
		{"3gkg3/9/9/9/9/9/9/9/4K4 w - 1", "4a5b", "５二金左"},
		{"3gkg3/9/9/9/9/9/9/9/4K4 w - 1", "6a5b", "５二金右"},
		// 打 only when a board piece could also go there.
		{"4k4/9/9/9/9/9/9/4G4/4K4 b G 1", "G*5g", "５七金打"},
		{"4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*5e", "５五金"},
		// 不成 only where promotion was possible.
		{"4k4/9/9/9/9/9/9/9/4K2B1 b - 1", "2i7d", "７四角"},
		{"4k4/9/9/9/9/9/9/9/4K2B1 b - 1", "2i8c", "８三角不成"},
		{"4k4/9/9/9/9/9/9/9/4K2B1 b - 1", "2i8c+", "８三角成"},
		// Two dragons: 右/左 rather than 直.
		{"4k4/9/9/9/9/9/9/+R7+R/4K4 b - 1", "1h5h", "５八龍右"},
		// Three golds: 右上 style combinations.
		{"4k4/9/9/9/9/9/9/3G1G3/3G1K3 b - 1", "6h5h", "５八金左寄"},
	}
	for _, c := range cases {
		p, err := game.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseUSIMove(c.usi)
		if err != nil {
			t.Fatalf("%s %s: %v", c.sfen, c.usi, err)
		}
		if got := KI2Move(p, m, game.NoMove); got != c.want {
			t.Errorf("%s %s: %s, want %s", c.sfen, c.usi, got, c.want)
		}
	}
}

func TestParseJapaneseErrors(t *testing.T) {
	p, _ := game.ParseSFEN("4k4/9/9/9/9/9/9/9/3GKG3 b P 1")
	cases := map[string]string{
		"58金":  "ambiguous",
		"５八金":  "ambiguous",
		"55角":  "no 角 in hand",
		"55玉":  "cannot be dropped",
		"１一歩":  "行き所のない駒",
		"同歩":   "no previous move",
		"x":    "want a destination",
		"５八":   "want a piece name",
		"５八金成": "",
	}
	for s, want := range cases {
		_, err := ParseJapanese(p, s, game.NoMove)
		if err == nil {
			t.Errorf("%q accepted", s)
			continue
		}
		if want != "" && !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want it to mention %q", s, err, want)
		}
	}
	for _, s := range []string{"58金右", "５八金右", "▲５八金左", "57歩打", "57歩", "５九玉(59)"} {
		if _, err := ParseJapanese(p, s, game.NoMove); err != nil && s != "５九玉(59)" {
			t.Errorf("%q: %v", s, err)
		}
	}
}

// A line reads in KI2 with its marks and 同, stops at the most asked for
// and at the first move that is not legal, and leaves the position as it
// was.
func TestLineText(t *testing.T) {
	p := game.NewStartPosition()
	var line []game.Move
	q := p.Clone()
	for _, u := range []string{"7g7f", "3c3d", "8h2b+", "3a2b"} {
		m, err := q.ParseUSIMove(u)
		if err != nil {
			t.Fatal(err)
		}
		line = append(line, m)
		q.DoMove(m)
	}
	if got := LineText(p, line, 0); got != "▲７六歩 △３四歩 ▲２二角成 △同　銀" {
		t.Errorf("whole line: %q", got)
	}
	if got := LineText(p, line, 2); got != "▲７六歩 △３四歩" {
		t.Errorf("two moves: %q", got)
	}
	if got := LineText(p, append([]game.Move{line[1]}, line...), 0); got != "" {
		t.Errorf("an illegal first move: %q", got)
	}
	if p.SFEN() != game.NewStartPosition().SFEN() {
		t.Error("the position was changed")
	}
}
