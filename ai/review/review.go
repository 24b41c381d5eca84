// Package review analyses played games position by position and finds
// what a player can learn from them: the mates that were there and not
// played, and the moves that lost much more than the best. Each position
// is searched once by any ai.Searcher (the built-in AI or a USI engine)
// at fixed settings; a position where the mover's score says a mate may
// be near is also given to the df-pn solver. Results are kept per game
// and per settings (cache.go), so a review stopped halfway goes on where
// it stopped, and problems (problems.go) are made from them.
package review

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"slices"

	"kiki/ai"
	"kiki/ai/mate"
	"kiki/game"
)

// Game is one played game: where it started and the moves played.
type Game struct {
	Start *game.Position
	Moves []game.Move
}

// Key names the game by its start and its moves, whatever file holds it.
func (g Game) Key() string {
	h := sha256.New()
	h.Write([]byte(g.Start.SFEN()))
	for _, m := range g.Moves {
		h.Write([]byte(" " + m.USI()))
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// Settings are how positions are searched. Name says who searches and
// how (an engine's name and options, "kiki"): a result is reused only for
// the same Name and limits.
type Settings struct {
	Name   string
	Limits ai.Limits
	// MultiPV is how many lines are searched where a move was a mistake
	// (the moves a problem accepts come from them); at least 1.
	MultiPV int
	// MateNodes bounds the solver in each position it is given (0: none
	// is given); MatePlies is the longest mate looked for.
	MateNodes uint64
	MatePlies int
}

// DefaultSettings review with the built-in AI at a modest budget.
func DefaultSettings() Settings {
	return Settings{Name: "kiki", Limits: ai.Limits{Nodes: 300_000}, MultiPV: 4, MateNodes: 200_000, MatePlies: 15}
}

// Key names the settings in the cache.
func (s Settings) Key() string {
	l := s.Limits
	txt := fmt.Sprintf("%s|n%d|d%d|t%d|pv%d|m%d/%d", s.Name, l.Nodes, l.Depth, l.MoveTime.Milliseconds(), s.MultiPV, s.MateNodes, s.MatePlies)
	h := sha256.Sum256([]byte(txt))
	return hex.EncodeToString(h[:8])
}

// Line is one searched line: its first move and score (先手's view).
type Line struct {
	Move  string `json:"move"`
	Score int    `json:"score"`
}

// Ply is what the review found in the position before move Ply (from 1)
// of the game, with that move played.
type Ply struct {
	Ply    int      `json:"ply"`
	Mover  int      `json:"mover"`  // 0 先手, 1 後手
	Played string   `json:"played"` // USI
	Score  int      `json:"score"`  // the position's score, 先手's view
	Best   string   `json:"best"`   // the searcher's move (USI)
	PV     []string `json:"pv,omitempty"`
	// After is the score after the move played (先手's view): the next
	// ply's Score, or the end of the game's.
	After int `json:"after"`
	// Lines are the candidates searched where the move was a mistake
	// (best first), the moves within a margin of the best among them.
	Lines []Line `json:"lines,omitempty"`
	// Mate is a forced mate the mover had (the solver's line, USI), and
	// MatingMoves every first move that mates; Missed says the move played
	// was none of them.
	Mate        []string `json:"mate,omitempty"`
	MatingMoves []string `json:"mating_moves,omitempty"`
	Missed      bool     `json:"missed_mate,omitempty"`
}

// Result is a game's review, done or in progress.
type Result struct {
	Game     string `json:"game"`
	Settings string `json:"settings"`
	Plies    []Ply  `json:"plies"`
	Done     bool   `json:"done"`
}

// Loss is what the move of p cost its mover, in centipawns (never below
// 0), from the scores before and after it.
func (p Ply) Loss() int {
	d := p.Score - p.After
	if p.Mover == int(game.White) {
		d = -d
	}
	return max(0, d)
}

// WinRate is a score's chance of winning for the side it is for: the
// logistic curve shogi engines use, 600 centipawns to its scale.
func WinRate(score int) float64 { return 1 / (1 + math.Exp(-float64(score)/600)) }

// errNoSearcher: Analyse needs someone to search.
var errNoSearcher = errors.New("review: no searcher")

// Analyse reviews g with s at set, going on from done (a result of the
// same game and settings stopped halfway; empty to start). After each
// position, progress gets the result so far (to keep it: a review stopped
// goes on from there). The solver, if not nil, looks for the mates.
func Analyse(ctx context.Context, g Game, s ai.Searcher, solver *mate.Solver, set Settings, done Result, progress func(Result)) (Result, error) {
	if s == nil {
		return done, errNoSearcher
	}
	if pe := g.Start.Impossible(); pe != nil {
		return done, fmt.Errorf("review: the game's start cannot arise: %w", pe)
	}
	res := Result{Game: g.Key(), Settings: set.Key()}
	if done.Game == res.Game && done.Settings == res.Settings {
		res = done
	}
	p := g.Start.Clone()
	for i, m := range g.Moves {
		if !p.IsLegal(m) {
			return res, fmt.Errorf("review: move %d (%s) is not legal", i+1, m.USI())
		}
		if i >= len(res.Plies) {
			if ctx.Err() != nil {
				return res, ctx.Err()
			}
			ply, err := position(ctx, p, m, s, solver, set)
			if err != nil {
				return res, err
			}
			ply.Ply = i + 1
			res.Plies = append(res.Plies, ply)
			if i > 0 {
				res.Plies[i-1].After = ply.Score
			}
			if progress != nil {
				progress(res)
			}
		}
		p.DoMove(m)
	}
	if n := len(res.Plies); n > 0 {
		res.Plies[n-1].After = endScore(ctx, p, s, set)
	}
	// A mistake is searched again for its candidates, now that the score
	// after it is known.
	if err := candidates(ctx, g, s, set, &res); err != nil {
		return res, err
	}
	res.Done = ctx.Err() == nil
	return res, ctx.Err()
}

// position searches the position before move m.
func position(ctx context.Context, p *game.Position, m game.Move, s ai.Searcher, solver *mate.Solver, set Settings) (Ply, error) {
	r := <-s.Go(ctx, p, ai.Request{Limits: set.Limits, Analysis: true})
	if r.Err != nil {
		return Ply{}, r.Err
	}
	ply := Ply{Mover: int(p.Side()), Played: m.USI(), Score: senteView(p, r.Score)}
	if r.Move != game.NoMove {
		ply.Best = r.Move.USI()
	}
	for _, mv := range r.PV {
		ply.PV = append(ply.PV, mv.USI())
	}
	if solver != nil && set.MateNodes > 0 && mateLikely(r.Score) {
		findMate(ctx, p, m, solver, set, &ply)
	}
	return ply, nil
}

// mateLikely says the mover's score is high enough for a mate to be
// worth looking for (a mate within reach scores far above any material).
func mateLikely(score int) bool { return score >= 1500 }

// findMate gives the position to the solver; a mate found is kept with
// every first move that mates, and whether the move played was one.
func findMate(ctx context.Context, p *game.Position, played game.Move, solver *mate.Solver, set Settings, ply *Ply) {
	r := solver.Solve(ctx, p)
	if r.Status != mate.Mate || len(r.Moves) == 0 || set.MatePlies > 0 && r.Length > set.MatePlies {
		return
	}
	for _, mv := range r.Moves {
		ply.Mate = append(ply.Mate, mv.USI())
	}
	moves, _, complete := solver.MatingMoves(ctx, p)
	if !slices.Contains(moves, r.Moves[0]) {
		moves = append([]game.Move{r.Moves[0]}, moves...)
	}
	for _, mv := range moves {
		ply.MatingMoves = append(ply.MatingMoves, mv.USI())
	}
	// A list the solver's limits cut short may lack the move played: it
	// is asked about that move alone.
	ply.Missed = !slices.Contains(moves, played) && (complete || !mates(ctx, p, played, solver))
}

// mates reports whether mv, a move of p, is a check that forces mate:
// every evasion leaves a position the solver proves mate in.
func mates(ctx context.Context, p *game.Position, mv game.Move, solver *mate.Solver) bool {
	q := p.Clone()
	q.DoMove(mv)
	if !q.InCheck() {
		return false
	}
	var ml game.MoveList
	q.LegalMoves(&ml)
	for _, e := range ml.Slice() {
		q.DoMove(e)
		r := solver.Solve(ctx, q)
		q.UndoMove()
		if r.Status != mate.Mate {
			return false
		}
	}
	return true
}

// endScore is the score of the game's last position (先手's view): a
// mate when the side to move has no move, else searched.
func endScore(ctx context.Context, p *game.Position, s ai.Searcher, set Settings) int {
	var ml game.MoveList
	p.LegalMoves(&ml)
	if ml.Len() == 0 {
		return senteView(p, -ai.MateScore)
	}
	r := <-s.Go(ctx, p, ai.Request{Limits: set.Limits, Analysis: true})
	if r.Err != nil {
		return 0
	}
	return senteView(p, r.Score)
}

// senteView turns a score from the side to move's view to 先手's.
func senteView(p *game.Position, score int) int {
	if p.Side() == game.White {
		return -score
	}
	return score
}

// candidates searches, where a move was a mistake, the position again
// with MultiPV lines, so that a problem made from it knows which moves
// are as good as the best.
func candidates(ctx context.Context, g Game, s ai.Searcher, set Settings, res *Result) error {
	if set.MultiPV < 2 {
		return nil
	}
	p := g.Start.Clone()
	for i := range res.Plies {
		ply := &res.Plies[i]
		if IsMistake(*ply) && ply.Lines == nil && ctx.Err() == nil {
			lines, err := multiPV(ctx, p, s, set)
			if err != nil {
				return err
			}
			ply.Lines = lines
		}
		p.DoMove(g.Moves[i])
	}
	return nil
}

// multiPV is the position's best lines by one MultiPV search.
func multiPV(ctx context.Context, p *game.Position, s ai.Searcher, set Settings) ([]Line, error) {
	var last []ai.Info
	r := <-s.Go(ctx, p, ai.Request{Limits: set.Limits, Analysis: true, MultiPV: set.MultiPV, Info: func(i ai.Info) {
		if i.MultiPV < 1 || i.MultiPV > 64 || len(i.PV) == 0 || i.String != "" {
			return
		}
		for len(last) < i.MultiPV {
			last = append(last, ai.Info{})
		}
		last[i.MultiPV-1] = i
	}})
	if r.Err != nil {
		return nil, r.Err
	}
	var out []Line
	seen := map[game.Move]bool{}
	if r.Move != game.NoMove {
		out = append(out, Line{Move: r.Move.USI(), Score: senteView(p, r.Score)})
		seen[r.Move] = true
	}
	for _, i := range last {
		if len(i.PV) > 0 && !seen[i.PV[0]] && p.IsLegal(i.PV[0]) {
			seen[i.PV[0]] = true
			out = append(out, Line{Move: i.PV[0].USI(), Score: senteView(p, i.Score)})
		}
	}
	return out, nil
}

// The thresholds of a mistake: the move lost at least MistakeLoss
// centipawns and MistakeWinRate of the mover's chance of winning.
const (
	MistakeLoss    = 300
	MistakeWinRate = 0.15
)

// IsMistake says whether the move of p lost much more than the best.
func IsMistake(p Ply) bool {
	if p.Missed {
		return true
	}
	if p.Loss() < MistakeLoss {
		return false
	}
	before, after := p.Score, p.After
	if p.Mover == int(game.White) {
		before, after = -before, -after
	}
	return WinRate(before)-WinRate(after) >= MistakeWinRate
}

// Worst are the game's mistakes, worst first (a missed mate before any
// loss), at most n.
func Worst(r Result, n int) []Ply {
	var out []Ply
	for _, p := range r.Plies {
		if IsMistake(p) {
			out = append(out, p)
		}
	}
	rank := func(p Ply) float64 {
		if p.Missed {
			return math.Inf(1)
		}
		return float64(p.Loss())
	}
	for i := 1; i < len(out); i++ { // insertion sort: a game has few
		for j := i; j > 0 && rank(out[j]) > rank(out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out[:min(n, len(out))]
}
