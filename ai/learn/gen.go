// Package learn makes the learned evaluation: it generates labelled
// positions by self-play (Generate) and trains the network of ai/nnue on
// them (Train). Nothing here runs inside a game; main.go wires it to the
// `kiki learn` subcommands.
package learn

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"
	"time"

	"kiki/ai"
	"kiki/game"
)

// GenOptions says what Generate plays and where it writes.
type GenOptions struct {
	Out         string           // record file, appended to (created if absent)
	Starts      []*game.Position // opening positions to start games from (at least one)
	Nodes       uint64           // search nodes per move: the label's search
	RandomMoves int              // up to this many random legal moves after the start position
	MaxPlies    int              // a game still going after this many plies is a draw
	Positions   int              // stop once the file holds this many records (0: no limit)
	Seed        uint64
	// RandomProb is the chance, at each ply of a game, of playing a random
	// legal move instead of the search's (variety for cheap data).
	RandomProb float64
	// Label, when set, labels each position with this evaluation's static
	// score instead of the search score (distillation: thousands of
	// positions a second at a few nodes a move). The search still picks
	// the move and tells whether the position is quiet.
	Label ai.Evaluator
	// NewEngine makes the engine that plays and labels (its evaluation is
	// the teacher); Generate sets it to one thread and level 10.
	NewEngine func() *ai.Engine
	// Workers is how many games are played at once, each on its own
	// engine (0: one). Game i's random choices come from (Seed, i) alone
	// and each game starts with a cleared table, and games are written in
	// their order, so the file is the same whatever the number of workers.
	Workers int
	// Exclude holds packed keys (packedKey) of positions never to write:
	// a held-out validation set's, so that no training file holds them.
	Exclude map[uint64]struct{}
	Log     io.Writer // progress lines; nil for none
}

// adjudicate is the score beyond which a game is scored as won without
// playing it out, once both sides agree for a few plies.
const adjudicate = 3000

// Generate plays self-play games and appends their positions, labelled
// with the search score and the game's result, to o.Out, until it holds
// o.Positions records (the last game cut there). Each game is written
// whole once it and the games before it have ended, so stopping at any
// moment (ctx, a kill) loses at most the games being played; a run
// restarted on the same file carries on, skipping positions the file
// already holds.
func Generate(ctx context.Context, o GenOptions) error {
	if len(o.Starts) == 0 {
		return fmt.Errorf("gen: no start positions")
	}
	if o.Nodes == 0 {
		o.Nodes = 5000
	}
	if o.MaxPlies <= 0 {
		o.MaxPlies = 320
	}
	workers := max(o.Workers, 1)
	f, seen, have, err := openAppend(o.Out)
	if err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	defer f.Close()
	logf := func(format string, a ...any) {
		if o.Log != nil {
			fmt.Fprintf(o.Log, format, a...)
		}
	}
	label := "search score"
	if o.Label != nil {
		label = "static evaluation"
	}
	logf("gen: %s holds %d positions; %d nodes a move, labelled with the %s, %d games at once\n", o.Out, have, o.Nodes, label, workers)
	if o.Positions > 0 && have >= o.Positions {
		return nil
	}
	// A restarted run must not replay the same games: mix the file size in.
	stream := uint64(have)*0x9e3779b97f4a7c15 + 1
	gctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type played struct {
		idx  int
		recs []Record
	}
	jobs := make(chan int)
	results := make(chan played, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			eng := o.NewEngine()
			eng.Threads = 1
			eng.MateSearch = false
			for idx := range jobs {
				rng := rand.New(rand.NewPCG(o.Seed, stream+uint64(idx)*0xbf58476d1ce4e5b9))
				eng.Seed(rng.Uint64())
				recs := playGame(gctx, eng, o, rng)
				select {
				case results <- played{idx, recs}:
				case <-gctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := 0; ; i++ {
			select {
			case jobs <- i:
			case <-gctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	start := time.Now()
	games, added, dups := 0, 0, 0
	pending := map[int][]Record{}
	next := 0
	var werr error
	buf := make([]byte, 0, RecordSize*512)
	for r := range results {
		if gctx.Err() != nil {
			continue // draining: a cut-short game is not written
		}
		pending[r.idx] = r.recs
		for gctx.Err() == nil {
			recs, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			buf = buf[:0]
			for i := range recs {
				if o.Positions > 0 && have+len(buf)/RecordSize >= o.Positions {
					break
				}
				var b [RecordSize]byte
				recs[i].Marshal(b[:])
				k := packedKey(b[:])
				_, dup := seen[k]
				_, excluded := o.Exclude[k]
				if dup || excluded {
					dups++
					continue
				}
				seen[k] = struct{}{}
				buf = append(buf, b[:]...)
			}
			if _, err := f.Write(buf); err != nil {
				werr = err
				cancel()
				break
			}
			n := len(buf) / RecordSize
			have += n
			added += n
			games++
			if o.Positions > 0 && have >= o.Positions {
				cancel()
				break
			}
			if games%10 == 0 {
				if err := f.Sync(); err != nil {
					werr = err
					cancel()
					break
				}
				el := time.Since(start)
				logf("gen: %d games, +%d positions (%d duplicates skipped), %d in file, %.1f positions/s\n",
					games, added, dups, have, float64(added)/el.Seconds())
			}
		}
	}
	if werr != nil {
		return fmt.Errorf("gen: %w", werr)
	}
	logf("gen: done: %d games, +%d positions, %d in file, %.1f positions/s, %s\n", games, added, have,
		float64(added)/time.Since(start).Seconds(), time.Since(start).Round(time.Second))
	return f.Sync()
}

// playGame plays one self-play game from a random start and returns its
// positions labelled; nil when the start led nowhere (no legal move).
func playGame(ctx context.Context, eng *ai.Engine, o GenOptions, rng *rand.Rand) []Record {
	p := o.Starts[rng.IntN(len(o.Starts))].Clone()
	var ml game.MoveList
	for i, n := 0, rng.IntN(o.RandomMoves+1); i < n; i++ {
		ml.Clear()
		p.LegalMoves(&ml)
		if ml.Len() == 0 {
			return nil
		}
		p.DoMove(ml.At(rng.IntN(ml.Len())))
	}
	// Start the game's own history here, so that repetition counts only
	// the game played from this position.
	p, err := game.ParseSFEN(p.SFEN())
	if err != nil {
		return nil
	}
	eng.NewGame()
	var recs []Record
	result := [2]int8{} // per side, filled at the end
	lastSign, streak := 0, 0
	finish := func(winner game.Color, draw bool) []Record {
		if !draw {
			result[winner], result[winner.Opp()] = 1, -1
		}
		for i := range recs {
			recs[i].Result = result[recs[i].Side]
		}
		return recs
	}
	for ply := 0; ; ply++ {
		if ctx.Err() != nil {
			return nil
		}
		switch st, loser := p.Status(); st {
		case game.Checkmated, game.NoLegalMoves, game.PerpetualCheck:
			return finish(loser.Opp(), false)
		case game.RepetitionDraw:
			return finish(0, true)
		}
		if ply >= o.MaxPlies {
			return finish(0, true)
		}
		r := eng.Think(context.Background(), p, ai.Request{Limits: ai.Limits{Nodes: o.Nodes}, Analysis: true})
		if r.Declare {
			return finish(p.Side(), false)
		}
		if r.Resign || r.Move == game.NoMove {
			return finish(p.Side().Opp(), false)
		}
		score := r.Score
		if _, mate := ai.IsMate(score); !mate && score > -adjudicate*4 && score < adjudicate*4 {
			rec := NewRecord(p)
			rec.Score = int16(score)
			if o.Label != nil {
				rec.Score = int16(min(max(o.Label.Evaluate(p), -adjudicate*4), adjudicate*4))
			}
			rec.Move = r.Move.Key16()
			if p.InCheck() {
				rec.Flags |= FlagInCheck
			}
			if r.Move.IsCapture() || r.Move.IsPromotion() {
				rec.Flags |= FlagCapture
			}
			rec.Ply = uint16(ply)
			recs = append(recs, rec)
		}
		// Adjudicate a game both sides see as decided, from the view of
		// the side to move: + for 先手 ahead.
		v := score
		if p.Side() == game.White {
			v = -v
		}
		sign := 0
		if v >= adjudicate {
			sign = 1
		} else if v <= -adjudicate {
			sign = -1
		}
		if sign != 0 && sign == lastSign {
			streak++
		} else {
			streak = 0
		}
		lastSign = sign
		if streak >= 4 {
			if sign > 0 {
				return finish(game.Black, false)
			}
			return finish(game.White, false)
		}
		m := r.Move
		if o.RandomProb > 0 && rng.Float64() < o.RandomProb {
			ml.Clear()
			p.LegalMoves(&ml)
			m = ml.At(rng.IntN(ml.Len())) // r.Move exists, so the list is not empty
		}
		p.DoMove(m)
	}
}
