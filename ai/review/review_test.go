package review

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"kiki/ai"
	"kiki/ai/mate"
	"kiki/game"
	"kiki/kif"
)

// counting is a searcher that counts its searches.
type counting struct {
	s ai.Searcher
	n atomic.Int64
}

func (c *counting) Go(ctx context.Context, p *game.Position, r ai.Request) <-chan ai.Result {
	c.n.Add(1)
	return c.s.Go(ctx, p, r)
}

func engine() *counting {
	e := ai.NewEngine(16)
	e.Threads = 1
	return &counting{s: e}
}

func testSettings() Settings {
	return Settings{Name: "kiki-test", Limits: ai.Limits{Nodes: 20_000}, MultiPV: 3, MateNodes: 50_000, MatePlies: 15}
}

func solver() *mate.Solver { return mate.New(mate.Options{HashMiB: 16, MaxNodes: 50_000}) }

// gameOf is a game from an SFEN and USI moves.
func gameOf(t *testing.T, sfen string, moves ...string) Game {
	t.Helper()
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	g := Game{Start: p.Clone()}
	for _, u := range moves {
		m, err := p.ParseUSIMove(u)
		if err != nil || !p.IsLegal(m) {
			t.Fatalf("%s: %v", u, err)
		}
		g.Moves = append(g.Moves, m)
		p.DoMove(m)
	}
	return g
}

// Written by hand: 先手 has 頭金 (G*5b mate) and walks the king instead.
const headGold = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"

func TestMissedMateFound(t *testing.T) {
	g := gameOf(t, headGold, "5i4h", "5a4a")
	r, err := Analyse(context.Background(), g, engine(), solver(), testSettings(), Result{}, nil)
	if err != nil || !r.Done || len(r.Plies) != 2 {
		t.Fatalf("%v %+v", err, r)
	}
	p := r.Plies[0]
	if !p.Missed || !slices.Contains(p.MatingMoves, "G*5b") || len(p.Mate) != 1 {
		t.Fatalf("the missed 頭金: %+v", p)
	}
	if w := Worst(r, 3); len(w) == 0 || w[0].Ply != 1 {
		t.Errorf("worst moments %+v", w)
	}
	ps := From(r, g, game.Black, Source{File: "hand.kif", Player: "先手"})
	if len(ps) != 1 || ps[0].Kind != MissedMate || ps[0].Ply != 1 || ps[0].Source != "hand.kif" {
		t.Fatalf("problems %+v", ps)
	}
	pos, err := ps[0].Position()
	if err != nil {
		t.Fatal(err)
	}
	right, _ := pos.ParseUSIMove("G*5b")
	played, _ := pos.ParseUSIMove("5i4h")
	if !ps[0].Right(right) || ps[0].Right(played) {
		t.Error("the problem's answer")
	}
	if len(From(r, g, game.White, Source{})) != 0 {
		t.Error("後手 made no mistake in this game")
	}
}

func TestMatePlayedIsNoMistake(t *testing.T) {
	g := gameOf(t, headGold, "G*5b")
	r, err := Analyse(context.Background(), g, engine(), solver(), testSettings(), Result{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if p := r.Plies[0]; p.Missed || IsMistake(p) || len(p.Mate) == 0 {
		t.Fatalf("%+v", p)
	}
}

// Written by hand: 先手's rook on 5h can take the hanging rook on 5e;
// 先手 plays 9g9f and loses its own rook to 5e5h+.
const hangingRook = "lnsgkgsnl/7b1/ppppppppp/9/4r4/9/PPPP1PPPP/1B2R4/LNSGKGSNL b - 1"

func TestLostMoveFound(t *testing.T) {
	g := gameOf(t, hangingRook, "9g9f", "5e5h+")
	r, err := Analyse(context.Background(), g, engine(), solver(), testSettings(), Result{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := r.Plies[0]
	if !IsMistake(p) || p.Loss() < 1000 || len(p.Lines) < 2 || p.Lines[0].Move != "5h5e" {
		t.Fatalf("the lost rook: loss %d, %+v", p.Loss(), p)
	}
	ps := From(r, g, game.Black, Source{})
	if len(ps) != 1 || ps[0].Kind != LostMove || !slices.Contains(ps[0].Answers, "5h5e") || slices.Contains(ps[0].Answers, "9g9f") {
		t.Fatalf("%+v", ps)
	}
	if IsMistake(r.Plies[1]) {
		t.Errorf("taking the rook is no mistake: %+v", r.Plies[1])
	}
}

// realGames are three real records of ../shared/data/kif.
func realGames(t *testing.T) []Game {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "data", "kif")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("../shared/data/kif is absent: the real records are not here")
	}
	var out []Game
	for _, name := range []string{"jkf-jt201409130101.kif", "jkf-kiou201403160101.kif", "jkf-oui201407080101.kif"} {
		rec, err := kif.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		moves := rec.MainMoves()
		out = append(out, Game{Start: rec.StartPosition(), Moves: moves[:min(len(moves), 40)]})
	}
	return out
}

// Three real games at a small budget, kept in the cache: a second run
// searches nothing; a review stopped halfway goes on where it stopped
// and ends as one run straight through would.
func TestCacheAndResume(t *testing.T) {
	games := realGames(t)
	c := Cache{Dir: t.TempDir()}
	set := testSettings()
	set.Limits = ai.Limits{Nodes: 3000}
	e := engine()
	review := func(g Game) Result {
		if r, ok, err := c.Load(g.Key(), set.Key()); err != nil {
			t.Fatal(err)
		} else if ok && r.Done {
			return r
		}
		r, err := Analyse(context.Background(), g, e, solver(), set, Result{}, func(r Result) { _ = c.Save(r) })
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Save(r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	var first []Result
	for _, g := range games {
		first = append(first, review(g))
	}
	n := e.n.Load()
	if n < 100 {
		t.Fatalf("only %d searches for three games", n)
	}
	for i, g := range games {
		if r := review(g); len(r.Plies) != len(first[i].Plies) || !r.Done {
			t.Fatalf("game %d read back: %d plies", i, len(r.Plies))
		}
	}
	if e.n.Load() != n {
		t.Errorf("the second run searched %d positions again", e.n.Load()-n)
	}

	// Stopped after 10 positions, then resumed from what was kept.
	g := games[0]
	c2 := Cache{Dir: t.TempDir()}
	ctx, stop := context.WithCancel(context.Background())
	_, err := Analyse(ctx, g, engine(), solver(), set, Result{}, func(r Result) {
		_ = c2.Save(r)
		if len(r.Plies) == 10 {
			stop()
		}
	})
	if err == nil {
		t.Fatal("a stopped review says it is done")
	}
	kept, ok, err := c2.Load(g.Key(), set.Key())
	if err != nil || !ok || kept.Done || len(kept.Plies) != 10 {
		t.Fatalf("kept %d plies, done %v (%v)", len(kept.Plies), kept.Done, err)
	}
	e2 := engine()
	r, err := Analyse(context.Background(), g, e2, solver(), set, kept, nil)
	if err != nil || !r.Done || len(r.Plies) != len(g.Moves) {
		t.Fatalf("resumed: %v, %d plies", err, len(r.Plies))
	}
	if searched := e2.n.Load(); searched > int64(len(g.Moves)-10)+1+int64(len(Worst(r, 1000))) {
		t.Errorf("resuming searched %d positions, the first 10 again", searched)
	}
}

func TestCorruptCacheReported(t *testing.T) {
	c := Cache{Dir: t.TempDir()}
	path := filepath.Join(c.Dir, "s", "g.json")
	os.MkdirAll(filepath.Dir(path), 0o755)
	os.WriteFile(path, []byte("{not json"), 0o644)
	if _, _, err := c.Load("g", "s"); err == nil {
		t.Error("a corrupt review read")
	}
}

// Spaced repetition: a problem missed comes back after the others due,
// within the sitting; one solved waits a day, then two, then four.
func TestSpacedRepetition(t *testing.T) {
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	var s Set
	mk := func(id string) Problem { return Problem{ID: id} }
	if n := s.Add(now, mk("a"), mk("b"), mk("c")); n != 3 {
		t.Fatal(n)
	}
	if s.Add(now, mk("a")) != 0 {
		t.Error("a problem added twice")
	}
	ids := func(ps []Problem) (out []string) {
		for _, p := range ps {
			out = append(out, p.ID)
		}
		return out
	}
	if got := ids(s.Order(now)); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Errorf("first order %v", got)
	}
	s.Answer("a", false, now)
	s.Answer("b", true, now)
	if got := ids(s.Order(now)); !slices.Equal(got, []string{"c", "a", "b"}) {
		t.Errorf("after a missed, b solved: %v", got)
	}
	if s.Due(now) != 1 || s.Due(now.Add(Retry)) != 2 || s.Due(now.Add(25*time.Hour)) != 3 {
		t.Errorf("due: %d %d %d", s.Due(now), s.Due(now.Add(Retry)), s.Due(now.Add(25*time.Hour)))
	}
	day := now.Add(24 * time.Hour)
	s.Answer("b", true, day)
	if d := s.Cards["b"].Due.Sub(day); d != 48*time.Hour {
		t.Errorf("solved twice waits %v", d)
	}
	s.Answer("b", false, day)
	if c := s.Cards["b"]; c.Box != 0 || c.Right != 2 || c.Wrong != 1 {
		t.Errorf("%+v", c)
	}
	dir := t.TempDir()
	if err := s.Save(dir); err != nil {
		t.Fatal(err)
	}
	back, err := LoadSet(dir)
	if err != nil || len(back.Problems) != 3 || !back.Cards["b"].Due.Equal(s.Cards["b"].Due) {
		t.Fatalf("read back %v %+v", err, back)
	}
	os.WriteFile(filepath.Join(dir, SetFile), []byte("[1,2"), 0o644)
	if _, err := LoadSet(dir); err == nil {
		t.Error("a corrupt set read")
	}
}

// wildGame is the game of a kif-wild record from the position before move
// from (1-based) to the move before to.
func wildGame(t *testing.T, name string, from, to int) Game {
	t.Helper()
	path := filepath.Join("..", "..", "..", "shared", "data", "kif-wild", name)
	if _, err := os.Stat(path); err != nil {
		t.Skip("../shared/data/kif-wild is absent: the real records are not here")
	}
	rec, err := kif.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	moves := rec.MainMoves()
	p := rec.StartPosition()
	for _, m := range moves[:from-1] {
		p.DoMove(m)
	}
	return Game{Start: p, Moves: moves[from-1 : to-1]}
}

// Real games (kif-wild): Player2 missed a mate at move 106 of a game from
// Daiius/seseraki and mated at 108; yyr mated in one at move 81 of a game
// from KazumaTakata/rust_shogi (the solver's list of mating moves, cut
// short by its node limit, once lacked the move played).
func TestMissedMatesInRealGames(t *testing.T) {
	set := testSettings()
	g := wildGame(t, "Daiius-seseraki-sample.kif", 106, 109)
	r, err := Analyse(context.Background(), g, engine(), solver(), set, Result{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Plies[0].Missed || r.Plies[2].Missed || len(r.Plies[2].Mate) == 0 {
		t.Errorf("move 106 missed %v, move 108 missed %v (mate %v)", r.Plies[0].Missed, r.Plies[2].Missed, r.Plies[2].Mate)
	}
	ps := From(r, g, game.White, Source{File: "Daiius-seseraki-sample.kif", Player: "Player2"})
	if len(ps) == 0 || ps[0].Kind != MissedMate {
		t.Fatalf("problems %+v", ps)
	}
	// The problem is a mate the solver proves from its position, with
	// each answer.
	pos, err := ps[0].Position()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range ps[0].Answers {
		m, err := pos.ParseUSIMove(a)
		if err != nil || !mates(context.Background(), pos, m, solver()) {
			t.Errorf("answer %s does not mate (%v)", a, err)
		}
	}
	g = wildGame(t, "KazumaTakata-rust_shogi-sample.csa", 81, 82)
	r, err = Analyse(context.Background(), g, engine(), solver(), set, Result{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if p := r.Plies[0]; p.Missed || len(p.Mate) != 1 {
		t.Errorf("the mate in one played: %+v", p)
	}
}

// The position's best move always answers, and candidates of a MultiPV
// search that scored well below it do not (a walk through the drill
// found the best move refused and three weaker ones accepted).
func TestAnswersKeepTheBest(t *testing.T) {
	ply := Ply{Mover: int(game.White), Score: 31, Best: "B*4g",
		Lines: []Line{{"B*3b", 318}, {"B*3i", 331}, {"1e1f", 325}, {"2b3c", 60}}}
	got := answers(ply)
	if !slices.Equal(got, []string{"B*4g", "2b3c"}) {
		t.Errorf("answers %v, want the best and the line within %d of it", got, AnswerMargin)
	}
	// For 先手 the best is the highest score.
	ply = Ply{Mover: int(game.Black), Score: 100, Best: "7g7f", Lines: []Line{{"2g2f", 150}, {"5g5f", 95}, {"1g1f", 20}}}
	if got := answers(ply); !slices.Equal(got, []string{"7g7f", "2g2f", "5g5f"}) {
		t.Errorf("先手: %v", got)
	}
}

// More games written by hand on problems with known answers (short.tsv's
// mates in 3): the attacker plays its first legal move that is no check
// instead, and the review finds the mate it missed, with the published
// first move among the answers.
func TestMissedMatesHandGames(t *testing.T) {
	for _, c := range []struct{ sfen, first string }{
		{"+B+R5n1/5gk2/p1pps1gp1/4ppnsK/6pP1/1PPSP3L/PR1P1PP2/6S2/L2G1G3 w B2N2LP2p 1", "2d2e"},
		{"lns3kn1/1r3g3/3Bp1s+R1/2pp1p3/pp2P4/2P1SP3/PPSP5/2GBG4/LN1K3N+l b G3Pl3p 51", "P*3b"},
	} {
		p, err := game.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		var ml game.MoveList
		p.LegalMoves(&ml)
		quiet := game.NoMove
		for _, m := range ml.Slice() {
			q := p.Clone()
			q.DoMove(m)
			if !q.InCheck() {
				quiet = m
				break
			}
		}
		q := p.Clone()
		q.DoMove(quiet)
		var replies game.MoveList
		q.LegalMoves(&replies)
		g := Game{Start: p, Moves: []game.Move{quiet, replies.At(0)}}
		r, err := Analyse(context.Background(), g, engine(), solver(), testSettings(), Result{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		ps := From(r, g, p.Side(), Source{File: "hand"})
		if len(ps) == 0 || ps[0].Kind != MissedMate || !slices.Contains(ps[0].Answers, c.first) {
			t.Errorf("%s, %s played: problems %+v", c.sfen, quiet.USI(), ps)
		}
	}
}
