package learn

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"strings"
	"sync"
	"time"

	"kiki/ai"
	"kiki/game"
)

// MatchOptions says who plays whom in a self-match, and how.
type MatchOptions struct {
	// NewA and NewB make the two players' engines (each is set to one
	// thread); A is the candidate, and the score is A's.
	NewA, NewB func() *ai.Engine
	// Openings are USI position arguments ("startpos moves …"); game i
	// starts from opening i/2 (round and round) with A 先手 when i is even.
	Openings []string
	Games    int
	Limits   ai.Limits // per move (Byoyomi, or Nodes for a match the machine's load cannot tilt)
	MaxPlies int       // a game longer than this is a draw (0: 320)
	Workers  int       // games at once
	// Done holds games already played (a resumed match), by index; OnGame
	// is called with each game played now, from one goroutine at a time.
	Done   map[int]GameResult
	OnGame func(GameResult)
}

// GameResult is one game of a match, from A's view.
type GameResult struct {
	Index int
	Score int // 1 A won, 0 draw, -1 A lost
	Plies int
	How   string // how it ended (checkmate, repetition, …)
	// Moves are the game's moves after its opening (USI), as played.
	Moves []string
	// Illegal is set when a player's move was not legal (it loses).
	Illegal bool
}

// MatchScore is a match's tally from A's view.
type MatchScore struct {
	W, D, L int
	Illegal int
}

// Add counts one game.
func (s *MatchScore) Add(g GameResult) {
	switch g.Score {
	case 1:
		s.W++
	case 0:
		s.D++
	default:
		s.L++
	}
	if g.Illegal {
		s.Illegal++
	}
}

// N is the number of games.
func (s MatchScore) N() int { return s.W + s.D + s.L }

// Fraction is A's score, draws counting half (0.5 for no games).
func (s MatchScore) Fraction() float64 {
	if s.N() == 0 {
		return 0.5
	}
	return (float64(s.W) + float64(s.D)/2) / float64(s.N())
}

// eloOf is the Elo difference of an expected score x, clamped to ±1000
// where x reaches 0 or 1.
func eloOf(x float64) float64 {
	const lim = 1000
	if x <= 0 {
		return -lim
	}
	if x >= 1 {
		return lim
	}
	if x == 0.5 {
		return 0 // not -0
	}
	return max(min(-400*math.Log10(1/x-1), lim), -lim)
}

// Elo returns A's Elo difference against B and the bounds of its 95%
// interval: the score's mean with the standard error of the games'
// scores (wins 1, draws ½, losses 0) times 1.96, each end turned into Elo.
func (s MatchScore) Elo() (elo, lo, hi float64) {
	if s.N() == 0 {
		return 0, -1000, 1000
	}
	x, se := s.Fraction(), s.StdErr()
	return eloOf(x), eloOf(x - 1.96*se), eloOf(x + 1.96*se)
}

// StdErr is the standard error of the score's mean: the spread of the
// games' scores (wins 1, draws ½, losses 0) over √games (0 for no games).
func (s MatchScore) StdErr() float64 {
	n := float64(s.N())
	if n == 0 {
		return 0
	}
	x := s.Fraction()
	v := (float64(s.W)*(1-x)*(1-x) + float64(s.D)*(0.5-x)*(0.5-x) + float64(s.L)*x*x) / n
	return math.Sqrt(v / n)
}

// String is "W-D-L, Elo ±interval".
func (s MatchScore) String() string {
	e, lo, hi := s.Elo()
	return fmt.Sprintf("%d-%d-%d, %+.0f (%+.0f … %+.0f)", s.W, s.D, s.L, e, lo, hi)
}

// ReadOpenings reads an openings file: one USI position argument a line,
// "#" comments and blank lines skipped; every line is checked through the
// rules.
func ReadOpenings(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []string
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if _, err := game.ParseUSIPosition(line); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		out = append(out, line)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no openings", path)
	}
	return out, nil
}

// PlayMatch plays the games of o not in o.Done and returns the tally of
// all of them. Stopping ctx ends it early: games cut short are not
// counted or reported.
func PlayMatch(ctx context.Context, o MatchOptions) (MatchScore, error) {
	var score MatchScore
	if len(o.Openings) == 0 {
		return score, fmt.Errorf("match: no openings")
	}
	if o.MaxPlies <= 0 {
		o.MaxPlies = 320
	}
	var todo []int
	for i := 0; i < o.Games; i++ {
		if g, ok := o.Done[i]; ok {
			score.Add(g)
		} else {
			todo = append(todo, i)
		}
	}
	workers := max(min(o.Workers, len(todo)), 1)
	jobs := make(chan int, len(todo))
	for _, i := range todo {
		jobs <- i
	}
	close(jobs)
	var mu sync.Mutex
	var wg sync.WaitGroup
	var firstErr error
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, b := o.NewA(), o.NewB()
			a.Threads, b.Threads = 1, 1
			for i := range jobs {
				if ctx.Err() != nil {
					return
				}
				g, err := playMatchGame(ctx, a, b, o, i)
				if ctx.Err() != nil {
					return
				}
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				if err == nil {
					score.Add(g)
					if o.OnGame != nil {
						o.OnGame(g)
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return score, firstErr
}

// playMatchGame plays game i of the match: A against B from the game's
// opening, every move checked by the rules core.
func playMatchGame(ctx context.Context, a, b *ai.Engine, o MatchOptions, i int) (GameResult, error) {
	g := GameResult{Index: i}
	opening := o.Openings[(i/2)%len(o.Openings)]
	p, err := game.ParseUSIPosition(opening)
	if err != nil {
		return g, fmt.Errorf("match: opening %q: %w", opening, err)
	}
	// Which colour A has: 先手 in even games.
	aSide := game.Black
	if i%2 == 1 {
		aSide = game.White
	}
	a.NewGame()
	b.NewGame()
	end := func(winner game.Color, draw bool, how string) GameResult {
		g.How = how
		switch {
		case draw:
			g.Score = 0
		case winner == aSide:
			g.Score = 1
		default:
			g.Score = -1
		}
		return g
	}
	for {
		if ctx.Err() != nil {
			return g, ctx.Err()
		}
		switch st, loser := p.Status(); st {
		case game.Checkmated, game.NoLegalMoves:
			return end(loser.Opp(), false, "checkmate"), nil
		case game.PerpetualCheck:
			return end(loser.Opp(), false, "perpetual check"), nil
		case game.RepetitionDraw:
			return end(0, true, "repetition"), nil
		}
		if g.Plies >= o.MaxPlies {
			return end(0, true, "max plies"), nil
		}
		eng := b
		if p.Side() == aSide {
			eng = a
		}
		r := eng.Think(ctx, p, ai.Request{Limits: o.Limits, Start: time.Now()})
		if ctx.Err() != nil {
			return g, ctx.Err()
		}
		switch {
		case r.Declare:
			if p.CanDeclare() {
				return end(p.Side(), false, "declaration"), nil
			}
			g.Illegal = true
			return end(p.Side().Opp(), false, "false declaration"), nil
		case r.Resign || r.Move == game.NoMove:
			return end(p.Side().Opp(), false, "resignation"), nil
		case !p.IsLegal(r.Move):
			g.Illegal = true
			return end(p.Side().Opp(), false, "illegal move "+r.Move.USI()), nil
		}
		p.DoMove(r.Move)
		g.Moves = append(g.Moves, r.Move.USI())
		g.Plies++
	}
}
