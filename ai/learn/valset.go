package learn

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"kiki/ai"
	"kiki/ai/usi"
	"kiki/game"
)

// ValsetOptions says how BuildValset makes a held-out validation set.
type ValsetOptions struct {
	Out       string // the finished set, written atomically at the end
	Work      string // folder for the unlabelled positions and the labels as they come (a rerun resumes)
	Positions int    // labelled positions in the set
	Seed      uint64
	Nodes     uint64           // the hand-set search's nodes a move in the games that make the positions
	Starts    []*game.Position // the games' openings
	Teacher   usi.ClientConfig
	Depth     int // the teacher's depth
	Workers   int
	Log       io.Writer
}

// BuildValset plays games with the hand-set evaluation (no generation's
// weights, so the set favours none of them) and has the teacher label
// their quiet positions until o.Positions are labelled; the positions are
// the same for the same seed, starts and node count on any machine and
// any number of workers (see Generate). Scores are the teacher's own
// centipawns (scale 1), as the cycle's labels are.
func BuildValset(ctx context.Context, o ValsetOptions) error {
	if o.Positions <= 0 {
		return fmt.Errorf("valset: want a positive number of positions")
	}
	if err := os.MkdirAll(o.Work, 0o755); err != nil {
		return fmt.Errorf("valset: %w", err)
	}
	stem := fmt.Sprintf("valset-s%d-n%d", o.Seed, o.Nodes)
	pos := filepath.Join(o.Work, stem+"-pos.bin")
	lab := filepath.Join(o.Work, fmt.Sprintf("%s-d%d-w%d.bin", stem, o.Depth, max(o.Workers, 1)))
	// Quiet positions are about half of a game's; play more as needed,
	// always in the same steps so that the positions do not depend on
	// where a run was stopped.
	for target := o.Positions * 2; ; target *= 2 {
		err := Generate(ctx, GenOptions{
			Out: pos, Starts: o.Starts, Nodes: o.Nodes, RandomMoves: 6, RandomProb: 0.1, MaxPlies: 320,
			Positions: target, Seed: o.Seed, Workers: o.Workers, Log: o.Log,
			NewEngine: func() *ai.Engine { return ai.NewEngine(16) },
		})
		if err != nil {
			return fmt.Errorf("valset: %w", err)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		_, err = Label(ctx, LabelOptions{In: pos, Out: lab, Engine: o.Teacher, Depth: o.Depth, Scale: 1,
			Positions: o.Positions, Workers: o.Workers, Log: o.Log})
		if err != nil {
			return fmt.Errorf("valset: %w", err)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		recs, _, err := ReadRecords(lab)
		if err != nil {
			return fmt.Errorf("valset: %w", err)
		}
		if len(recs) >= o.Positions {
			data, err := os.ReadFile(lab)
			if err != nil {
				return fmt.Errorf("valset: %w", err)
			}
			if dir := filepath.Dir(o.Out); dir != "" {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					return fmt.Errorf("valset: %w", err)
				}
			}
			return writeAtomic(o.Out, data[:o.Positions*RecordSize])
		}
	}
}

// ReadValset reads a validation set and returns its records with the set
// of their packed keys (to keep them out of training data).
func ReadValset(path string) ([]Record, map[uint64]struct{}, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	if len(data)%RecordSize != 0 {
		return nil, nil, fmt.Errorf("%s: %d bytes, not a whole number of records", path, len(data))
	}
	recs := make([]Record, len(data)/RecordSize)
	keys := make(map[uint64]struct{}, len(recs))
	for i := range recs {
		b := data[i*RecordSize:]
		if err := recs[i].Unmarshal(b); err != nil {
			return nil, nil, fmt.Errorf("%s: record %d: %w", path, i, err)
		}
		keys[packedKey(b)] = struct{}{}
	}
	return recs, keys, nil
}
