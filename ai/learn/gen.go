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
	Log       io.Writer // progress lines; nil for none
}

// adjudicate is the score beyond which a game is scored as won without
// playing it out, once both sides agree for a few plies.
const adjudicate = 3000

// Generate plays self-play games and appends their positions, labelled
// with the search score and the game's result, to o.Out. Each game is
// written whole once it ends, so stopping at any moment (ctx, a kill)
// loses at most the game being played; a run restarted on the same file
// carries on, skipping positions the file already holds.
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
	f, seen, have, err := openAppend(o.Out)
	if err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	defer f.Close()
	// A restarted run must not replay the same games: mix the file size in.
	rng := rand.New(rand.NewPCG(o.Seed, uint64(have)*0x9e3779b97f4a7c15+1))
	eng := o.NewEngine()
	eng.Threads = 1
	eng.MateSearch = false
	eng.Seed(rng.Uint64())
	logf := func(format string, a ...any) {
		if o.Log != nil {
			fmt.Fprintf(o.Log, format, a...)
		}
	}
	label := "search score"
	if o.Label != nil {
		label = "static evaluation"
	}
	logf("gen: %s holds %d positions; %d nodes a move, labelled with the %s\n", o.Out, have, o.Nodes, label)
	start := time.Now()
	games, added, dups := 0, 0, 0
	buf := make([]byte, 0, RecordSize*512)
	for ctx.Err() == nil && (o.Positions == 0 || have < o.Positions) {
		recs := playGame(ctx, eng, o, rng)
		if recs == nil {
			continue
		}
		buf = buf[:0]
		for i := range recs {
			var b [RecordSize]byte
			recs[i].Marshal(b[:])
			k := packedKey(b[:])
			if _, ok := seen[k]; ok {
				dups++
				continue
			}
			seen[k] = struct{}{}
			buf = append(buf, b[:]...)
		}
		if _, err := f.Write(buf); err != nil {
			return fmt.Errorf("gen: %w", err)
		}
		n := len(buf) / RecordSize
		have += n
		added += n
		games++
		if games%10 == 0 {
			if err := f.Sync(); err != nil {
				return fmt.Errorf("gen: %w", err)
			}
			el := time.Since(start)
			logf("gen: %d games, +%d positions (%d duplicates skipped), %d in file, %.1f positions/s\n",
				games, added, dups, have, float64(added)/el.Seconds())
		}
	}
	logf("gen: done: %d games, +%d positions, %d in file, %s\n", games, added, have, time.Since(start).Round(time.Second))
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
