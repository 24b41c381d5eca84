package learn

import (
	"context"
	"fmt"
	"io"
	"math"
	"sync"
	"time"

	"kiki/ai"
	"kiki/ai/usi"
)

// LabelOptions says which positions Label relabels, with which engine, and
// where it writes.
type LabelOptions struct {
	In  string // record file made by Generate
	Out string // record file written (appended to; a rerun resumes)
	// Engine starts the teacher, an external USI engine.
	Engine usi.ClientConfig
	// Options are set on the engine before the first search, in order
	// (name, value pairs), after oneCore's where the engine declares them.
	Options [][2]string
	// Depth, Nodes and Byoyomi limit each search (at least one of them;
	// gpsusi refuses go depth and nodes: it takes its depth from its
	// LimitDepth option and needs a clock).
	Depth   int
	Nodes   uint64
	Byoyomi time.Duration
	// Scale converts the teacher's centipawns into kiki's: the label is
	// round(Scale × teacher score). 0 means 1 (keep the teacher's).
	Scale float64
	// Clamp bounds the converted score; a mate either way is ±Clamp
	// (0 means 3000, the score at which Generate adjudicates a game).
	Clamp int
	// All relabels positions in check and those whose best move captures
	// or promotes too; by default they are skipped, since training leaves
	// them out and the teacher's time is the cost.
	All bool
	// Positions stops once Out holds this many records (0: no limit).
	Positions int
	// Workers is how many teacher processes search at once (0: one).
	// Worker w searches the w-th, (w+N)-th … positions still to label, and
	// the records are written in the input's order, so that a run gives
	// the same file for the same number of workers (a teacher's table
	// carries from one search to its next, which can move a score).
	Workers int
	Log     io.Writer // progress lines; nil for none
}

// ScaleFit accumulates (teacher, kiki) score pairs of quiet positions and
// fits the factor that turns the teacher's centipawns into kiki's.
type ScaleFit struct {
	n             int
	stt, skk, stk float64
}

// oneCore returns the options that hold a teacher to one thread and a
// small hash (the names differ between engines; only declared ones are
// set), and keep gpsusi out of its opening book, whose moves come with no
// score.
func oneCore() [][2]string {
	return [][2]string{{"Threads", "1"}, {"Thread", "1"}, {"USI_Hash", "64"}, {"Hash", "64"}, {"BookDepth", "0"}}
}

// fitBound leaves out of the fit positions where either score is beyond
// it: there both evaluations saturate or see a mate, and the scale of the
// middle range is what the search's margins depend on.
const fitBound = 2000

// Add records one position's teacher score and kiki's (hand-set) score,
// both from the side to move's view.
func (f *ScaleFit) Add(teacher, kiki int) {
	if abs(teacher) > fitBound || abs(kiki) > fitBound {
		return
	}
	t, k := float64(teacher), float64(kiki)
	f.n++
	f.stt += t * t
	f.skk += k * k
	f.stk += t * k
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// N is the number of pairs in the fit.
func (f *ScaleFit) N() int { return f.n }

// Scale returns kiki centipawns per teacher centipawn, the ratio of the
// two scores' spreads (about zero, both being from the side to move's
// view and symmetric) signed by their correlation, and that correlation.
// The ratio of spreads rather than a least-squares slope: with two noisy
// evaluations the slope of either on the other is pulled towards zero by
// their disagreement, and so would shrink the converted scores.
func (f *ScaleFit) Scale() (scale, corr float64) {
	if f.n < 2 || f.stt == 0 || f.skk == 0 {
		return 1, 0
	}
	scale = math.Sqrt(f.skk / f.stt)
	corr = f.stk / math.Sqrt(f.stt*f.skk)
	if corr < 0 {
		scale = -scale
	}
	return scale, corr
}

// convertScore turns a teacher's search score (ai.Result.Score, from the
// side to move's view) into a label in kiki's centipawns.
func convertScore(score int, scale float64, clamp int) int16 {
	switch {
	case score >= ai.MateInMaxPly:
		return int16(clamp)
	case score <= -ai.MateInMaxPly:
		return int16(-clamp)
	}
	v := math.Round(float64(score) * scale)
	return int16(max(min(v, float64(clamp)), float64(-clamp)))
}

// Label has an external engine search each position of o.In and appends
// the records to o.Out with its score, converted to kiki's centipawns, in
// place of theirs; the result, move and flags stay Generate's. Records
// are written one whole record at a time and o.Out is read first (a cut
// last record dropped), so a run stopped at any moment and started again
// goes on where it stopped. It returns the fit of the teacher's raw
// scores against the input's (from `learn gen --label eval`, the
// hand-set evaluation), which is how Scale is chosen.
func Label(ctx context.Context, o LabelOptions) (ScaleFit, error) {
	var fit ScaleFit
	if o.Depth <= 0 && o.Nodes == 0 && o.Byoyomi <= 0 {
		return fit, fmt.Errorf("label: give a depth, a node count or a byoyomi")
	}
	if o.Scale == 0 {
		o.Scale = 1
	}
	if o.Clamp <= 0 {
		o.Clamp = 3000
	}
	o.Clamp = min(o.Clamp, math.MaxInt16)
	recs, _, err := ReadRecords(o.In)
	if err != nil {
		return fit, fmt.Errorf("label: %w", err)
	}
	f, done, have, err := openAppend(o.Out)
	if err != nil {
		return fit, fmt.Errorf("label: %w", err)
	}
	defer f.Close()
	logf := func(format string, a ...any) {
		if o.Log != nil {
			fmt.Fprintf(o.Log, format, a...)
		}
	}
	// The positions still to label, in the input's order.
	var todo []int
	var b [RecordSize]byte
	for i := range recs {
		r := recs[i]
		if !o.All && r.Flags&(FlagInCheck|FlagCapture) != 0 {
			continue
		}
		r.Marshal(b[:])
		if _, ok := done[packedKey(b[:])]; ok {
			continue
		}
		p, err := r.Position()
		if err != nil {
			logf("label: record %d skipped: %v\n", i, err)
			continue
		}
		if p.Impossible() != nil || !p.HasLegalMove() {
			continue // nothing to search: the engine would refuse it or resign
		}
		done[packedKey(b[:])] = struct{}{} // an input's repeats once
		todo = append(todo, i)
	}
	if o.Positions > 0 {
		todo = todo[:max(min(len(todo), o.Positions-have), 0)]
	}
	workers := max(min(o.Workers, len(todo)), 1)
	logf("label: %s holds %d records; %d teachers (%s) label %d of the %d positions of %s (depth %d, nodes %d, byoyomi %v, ×%.4g)\n",
		o.Out, have, workers, o.Engine.Path, len(todo), len(recs), o.In, o.Depth, o.Nodes, o.Byoyomi, o.Scale)
	if len(todo) == 0 {
		return fit, nil
	}
	wctx, cancel := context.WithCancel(ctx)
	type labelled struct {
		score int // the teacher's, in its units
		err   error
	}
	chans := make([]chan labelled, workers)
	var wg sync.WaitGroup
	for w := range workers {
		chans[w] = make(chan labelled, 64)
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(chans[w])
			send := func(l labelled) bool {
				select {
				case chans[w] <- l:
					return true
				case <-wctx.Done():
					return false
				}
			}
			eng, err := startTeacher(o)
			if err != nil {
				send(labelled{err: err})
				return
			}
			defer eng.Close()
			for j := w; j < len(todo) && wctx.Err() == nil; j += workers {
				p, _ := recs[todo[j]].Position() // checked above
				res := <-eng.Go(context.WithoutCancel(wctx), p, ai.Request{Limits: ai.Limits{Depth: o.Depth, Nodes: o.Nodes, Byoyomi: o.Byoyomi}})
				if res.Err != nil {
					send(labelled{err: fmt.Errorf("record %d: %w", todo[j], res.Err)})
					return
				}
				score := res.Score
				switch {
				case res.Declare:
					score = ai.MateScore
				case res.Resign:
					score = -ai.MateScore
				}
				if !send(labelled{score: score}) {
					return
				}
			}
		}()
	}
	defer func() {
		cancel()
		wg.Wait() // a teacher busy in a search finishes it first
	}()
	start := time.Now()
	added, lastLog := 0, time.Now()
	for j, i := range todo {
		l, ok := <-chans[j%workers]
		if !ok {
			break // stopped (ctx)
		}
		if l.err != nil {
			return fit, fmt.Errorf("label: %w", l.err)
		}
		r := recs[i]
		fit.Add(l.score, int(r.Score))
		r.Score = convertScore(l.score, o.Scale, o.Clamp)
		r.Marshal(b[:])
		if _, err := f.Write(b[:]); err != nil {
			return fit, fmt.Errorf("label: %w", err)
		}
		have++
		added++
		if time.Since(lastLog) >= time.Minute {
			lastLog = time.Now()
			if err := f.Sync(); err != nil {
				return fit, fmt.Errorf("label: %w", err)
			}
			s, c := fit.Scale()
			logf("label: +%d, %d in file, %.1f positions/s; teacher against input scores: ×%.4f (correlation %.3f, %d positions)\n",
				added, have, float64(added)/time.Since(start).Seconds(), s, c, fit.N())
		}
	}
	s, c := fit.Scale()
	logf("label: done: +%d, %d in file, %.1f positions/s, %s; teacher against input scores: ×%.4f (correlation %.3f, %d positions)\n",
		added, have, float64(added)/time.Since(start).Seconds(), time.Since(start).Round(time.Second), s, c, fit.N())
	return fit, f.Sync()
}

// startTeacher starts one teacher process with its options set and a new
// game begun.
func startTeacher(o LabelOptions) (*usi.Client, error) {
	eng, err := usi.StartEngine(o.Engine)
	if err != nil {
		return nil, err
	}
	for _, kv := range oneCore() {
		if _, ok := eng.Option(kv[0]); ok {
			if err := eng.SetOption(kv[0], kv[1]); err != nil {
				eng.Close()
				return nil, err
			}
		}
	}
	for _, kv := range o.Options {
		if err := eng.SetOption(kv[0], kv[1]); err != nil {
			eng.Close()
			return nil, err
		}
	}
	if err := eng.NewGame(); err != nil {
		eng.Close()
		return nil, err
	}
	return eng, nil
}
