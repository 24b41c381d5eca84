package learn

import (
	"context"
	"fmt"
	"math"
	"path/filepath"

	"kiki/ai"
)

// defaultFigure is a set of weights' score against the default
// evaluation, and the limits it was measured at.
type defaultFigure struct {
	Weights string // the weights' path in the run folder
	Limits  string // matchLimitsText of the match
	W, D, L int
}

// score is the figure's tally.
func (f *defaultFigure) score() MatchScore { return MatchScore{W: f.W, D: f.D, L: f.L} }

// defaultEngine makes one-thread engines with kiki's default evaluation
// (the hand-made, tuned numbers; no network).
func defaultEngine() *ai.Engine {
	e := ai.NewEngine(16)
	e.Threads = 1
	return e
}

// gateZ is how many combined standard errors the new weights' score
// against the default evaluation may fall below the best weights' (95%,
// one-sided 97.5%: an equal candidate passes 39 times in 40).
const gateZ = 1.96

// defaultGate is the second gate: it passes the new weights unless their
// score against the default evaluation is below the best weights' by more
// than the two matches' combined noise, gateZ·√(se_new² + se_best²).
// Noise alone refuses an equal candidate one time in 40, so it cannot
// stall learning; a real loss of strength larger than the noise is
// refused. It returns the margin too, for the log.
func defaultGate(best, cand MatchScore) (pass bool, margin float64) {
	margin = gateZ * math.Hypot(best.StdErr(), cand.StdErr())
	return cand.Fraction() >= best.Fraction()-margin, margin
}

// cycleDefault plays the new weights against the default evaluation
// (DIR/gen-NNN/default.txt) and, if the best weights' own figure at the
// same limits is not in the state yet, the best weights too
// (default-best.txt); both resume from their files. The new weights stay
// accepted only if defaultGate passes them. It plays nothing when the
// earlier gates refused the new weights (unless MatchAlways).
func cycleDefault(ctx context.Context, o *CycleOptions, st *cycleState, cand, gdir string) error {
	st.DefPlayed, st.DW, st.DD, st.DL = false, 0, 0, 0
	if o.DefaultGames == 0 || !st.Accepted && !o.MatchAlways {
		if o.Log != nil && o.DefaultGames > 0 {
			fmt.Fprintln(o.Log, "default: not played: the validation loss or the self-match refused the new weights")
		}
		return nil
	}
	best, nw, err := loadPair(o, st, cand)
	if err != nil {
		return err
	}
	lim := matchLimitsText(o)
	if f := st.BestDefault; f == nil || f.Weights != st.Best || f.Limits != lim {
		s, err := playMatchFile(ctx, o, "default (best)", filepath.Join(gdir, "default-best.txt"), o.DefaultGames, netEngine(best), defaultEngine)
		if err != nil || ctx.Err() != nil {
			return err
		}
		st.BestDefault = &defaultFigure{Weights: st.Best, Limits: lim, W: s.W, D: s.D, L: s.L}
	}
	s, err := playMatchFile(ctx, o, "default (new)", filepath.Join(gdir, "default.txt"), o.DefaultGames, netEngine(nw), defaultEngine)
	if err != nil || ctx.Err() != nil {
		return err
	}
	st.DefPlayed, st.DW, st.DD, st.DL = true, s.W, s.D, s.L
	bs := st.BestDefault.score()
	pass, margin := defaultGate(bs, s)
	was := st.Accepted
	st.Accepted = st.Accepted && pass
	if o.Log != nil {
		verdict := "passes"
		if !pass {
			verdict = "refuses"
		}
		fmt.Fprintf(o.Log, "default: new %.3f (%s) against best %.3f (%s), margin %.3f: the gate %s them; accepted: %v (before this gate: %v)\n",
			s.Fraction(), s, bs.Fraction(), bs, margin, verdict, st.Accepted, was)
	}
	return nil
}
