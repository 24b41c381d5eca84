package learn

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"kiki/ai"
	"kiki/ai/nnue"
	"kiki/ai/usi"
	"kiki/game"
	"kiki/kif"
	"kiki/kif/cli"
)

const learnUsage = "learn gen|train|label|tune|valset|cycle|shift|blend [FLAGS]"

// Command is `kiki learn` and its steps: gen (training positions by
// self-play), train (the learned evaluation), label (positions relabelled
// by another USI engine), tune (the evaluation's numbers fitted), valset
// (the fixed validation set), cycle (generations of gen, label, train
// and a match, resumable), shift (a network's mean score and slope, and
// the network lowered or rescaled) and blend (two networks' weights
// mixed). weights are the shipped network's, where a
// cycle starts.
func Command(weights []byte) cli.Command {
	return cli.Command{Name: "learn", Usage: learnUsage, Summary: "make training positions by self-play / train the learned evaluation / relabel positions with a USI engine / fit the evaluation's numbers / make the validation set / run generations of learning / measure or shift a network's mean score / mix two networks' weights",
		Run: func(args []string, stdout, stderr io.Writer) int { return runLearn(args, weights, stdout, stderr) }}
}

// runLearn dispatches `kiki learn`'s steps.
func runLearn(args []string, weights []byte, stdout, stderr io.Writer) int {
	usage := "usage: kiki " + learnUsage + "  (kiki learn gen -h lists the flags)"
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return cli.ExitUsage
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		fmt.Fprintln(stdout, usage)
		return cli.ExitOK
	}
	switch args[0] {
	case "gen":
		return runLearnGen(args[1:], stdout, stderr)
	case "label":
		return runLearnLabel(args[1:], stdout, stderr)
	case "train":
		return runLearnTrain(args[1:], stdout, stderr)
	case "tune":
		return runLearnTune(args[1:], stdout, stderr)
	case "valset":
		return runLearnValset(args[1:], stdout, stderr)
	case "cycle":
		return runLearnCycle(args[1:], weights, stdout, stderr)
	case "shift":
		return runLearnShift(args[1:], stdout, stderr)
	case "blend":
		return runLearnBlend(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "kiki learn: unknown step %q (want gen, label, train, tune, valset, cycle, shift or blend)\n", args[0])
	return cli.ExitUsage
}

// startPositions reads every record of dir and returns the positions of
// their main lines up to maxPly plies in, with the even start position
// always among them; positions without both kings (mate problems) are
// left out. Files that cannot be read are skipped with a warning.
func startPositions(dir string, maxPly int, stderr io.Writer) ([]*game.Position, error) {
	starts := []*game.Position{game.NewStartPosition()}
	if dir == "" {
		return starts, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	seen := map[uint64]bool{starts[0].Key(): true}
	files := 0
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !slices.Contains([]string{".kif", ".kifu", ".ki2", ".ki2u", ".csa"}, strings.ToLower(filepath.Ext(name))) {
			continue
		}
		r, err := kif.ReadFile(filepath.Join(dir, name))
		if err != nil {
			fmt.Fprintf(stderr, "kiki learn: skipping %s: %v\n", name, err)
			continue
		}
		files++
		p := r.StartPosition()
		for i, m := range append([]game.Move{game.NoMove}, r.MainMoves()...) {
			if i > maxPly {
				break
			}
			if m != game.NoMove {
				if !p.IsLegal(m) {
					break
				}
				p.DoMove(m)
			}
			// Both kings, or the record is a mate problem's (a
			// teacher's search without a king of its own runs away).
			bothKings := p.King(game.Black) != game.NoSquare && p.King(game.White) != game.NoSquare
			if bothKings && p.HasLegalMove() && !seen[p.Key()] {
				seen[p.Key()] = true
				q, err := game.ParseSFEN(p.SFEN())
				if err == nil {
					starts = append(starts, q)
				}
			}
		}
	}
	fmt.Fprintf(stderr, "kiki learn: %d start positions from %d records in %s\n", len(starts), files, dir)
	return starts, nil
}

// runLearnGen is `kiki learn gen`: self-play games from the records'
// openings, every position appended with its label to a record file.
func runLearnGen(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("learn gen", stderr)
	out := fs.String("out", "learn-data/gen1.bin", "record file to append to")
	kifDir := fs.String("kif", "../shared/data/kif", "folder of records whose openings start the games (empty: the even start only)")
	maxStart := fs.Int("start-plies", 40, "start from a record's main line at most this many plies in")
	nodes := fs.Uint64("nodes", 5000, "search nodes per move (the label)")
	random := fs.Int("random-moves", 6, "up to this many random legal moves before self-play")
	maxPlies := fs.Int("max-plies", 320, "a game longer than this is a draw")
	positions := fs.Int("positions", 0, "stop when the file holds this many positions (0: run until killed)")
	seed := fs.Uint64("seed", 1, "random seed (mixed with the file size, so a restart plays new games)")
	randomProb := fs.Float64("random-prob", 0, "chance of a random legal move at each ply of a game (variety)")
	workers := fs.Int("workers", 0, "games played at once, one engine each (0: one a core; the file is the same for any number)")
	labelFlag := fs.String("label", "search", "label: search (the search's score) or eval (the hand-set static evaluation: cheap, for distillation)")
	evalFlag := evalFlags(fs)
	if _, ok := cli.ParseOperands(fs, args, 0, "learn gen [--out FILE] [--nodes N] [--label search|eval] [--eval FILE] ... (kiki learn gen -h lists the flags)"); !ok {
		return cli.ExitUsage
	}
	newEngine, err := evalFlag()
	if err != nil {
		return cli.Fail(stderr, cli.ExitUsage, "learn gen", err)
	}
	var label ai.Evaluator
	switch *labelFlag {
	case "search":
	case "eval":
		label = &ai.Default
	default:
		fmt.Fprintf(stderr, "kiki learn gen: --label %q: want search or eval\n", *labelFlag)
		return cli.ExitUsage
	}
	if *randomProb < 0 || *randomProb > 1 {
		fmt.Fprintln(stderr, "kiki learn gen: --random-prob must be in 0..1")
		return cli.ExitUsage
	}
	starts, err := startPositions(*kifDir, *maxStart, stderr)
	if err != nil {
		return cli.Fail(stderr, cli.ExitUsage, "learn gen", err)
	}
	if dir := filepath.Dir(*out); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return cli.Fail(stderr, cli.ExitFailure, "learn gen", err)
		}
	}
	ctx, cancel := cli.Interruptible()
	defer cancel()
	err = Generate(ctx, GenOptions{
		Out: *out, Starts: starts, Nodes: *nodes, RandomMoves: *random, MaxPlies: *maxPlies,
		Positions: *positions, Seed: *seed, NewEngine: newEngine, Log: stdout,
		RandomProb: *randomProb, Label: label, Workers: workersOr(*workers),
	})
	if err != nil {
		return cli.Fail(stderr, cli.ExitFailure, "learn gen", err)
	}
	return cli.ExitOK
}

// runLearnLabel is `kiki learn label`: an external USI engine relabels the
// positions of a record file (a stronger teacher than kiki's own search).
func runLearnLabel(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("learn label", stderr)
	in := fs.String("in", "", "record file to relabel (made by learn gen)")
	out := fs.String("out", "", "record file to append the relabelled records to (a rerun resumes)")
	engine := fs.String("engine", "/usr/games/fairy-stockfish", "the teacher: a USI engine's path")
	depth := fs.Int("depth", 0, "search depth per position")
	nodes := fs.Uint64("nodes", 0, "search nodes per position")
	byoyomi := fs.Duration("byoyomi", 0, "search with this byoyomi (for gpsusi, which refuses go depth: set its depth with --option LimitDepth=N)")
	scale := fs.Float64("scale", 1, "kiki centipawns per teacher centipawn (the label is the teacher's score times this)")
	clamp := fs.Int("clamp", 3000, "labels are bounded by ±this; a mate is ±this")
	all := fs.Bool("all", false, "label positions in check and with a capturing best move too (training leaves them out)")
	positions := fs.Int("positions", 0, "stop when the output holds this many records (0: all of the input)")
	workers := fs.Int("workers", 0, "teacher processes searching at once, one thread each (0: one a core)")
	var opts [][2]string
	fs.Func("option", "set an engine option, NAME=VALUE (repeatable; one thread and a 64 MiB hash are set first where the engine declares them)", func(s string) error {
		name, value, ok := strings.Cut(s, "=")
		if !ok || name == "" {
			return fmt.Errorf("want NAME=VALUE")
		}
		opts = append(opts, [2]string{name, value})
		return nil
	})
	if _, ok := cli.ParseOperands(fs, args, 0, "learn label --in FILE --out FILE --depth N|--nodes N|--byoyomi D [--engine PATH] [--option NAME=VALUE] ... (kiki learn label -h lists the flags)"); !ok {
		return cli.ExitUsage
	}
	switch {
	case *in == "" || *out == "":
		fmt.Fprintln(stderr, "kiki learn label: --in and --out are required")
		return cli.ExitUsage
	case *depth <= 0 && *nodes == 0 && *byoyomi <= 0:
		fmt.Fprintln(stderr, "kiki learn label: give --depth, --nodes or --byoyomi")
		return cli.ExitUsage
	case *scale <= 0 || math.IsInf(*scale, 0) || math.IsNaN(*scale):
		fmt.Fprintln(stderr, "kiki learn label: --scale must be positive")
		return cli.ExitUsage
	case *clamp <= 0:
		fmt.Fprintln(stderr, "kiki learn label: --clamp must be positive")
		return cli.ExitUsage
	}
	ctx, cancel := cli.Interruptible()
	defer cancel()
	_, err := Label(ctx, LabelOptions{
		In: *in, Out: *out, Engine: usi.ClientConfig{Path: enginePath(*engine)}, Options: opts,
		Depth: *depth, Nodes: *nodes, Byoyomi: *byoyomi, Scale: *scale, Clamp: *clamp, All: *all,
		Positions: *positions, Workers: workersOr(*workers), Log: stdout,
	})
	if err != nil {
		return cli.Fail(stderr, cli.ExitFailure, "learn label", err)
	}
	return cli.ExitOK
}

// evalFlags adds --eval (which evaluation plays and labels) and returns a
// function that makes engines with it.
func evalFlags(fs interface {
	String(name, value, usage string) *string
}) func() (func() *ai.Engine, error) {
	ev := fs.String("eval", "handset", "evaluation that plays: handset, or a weights file")
	return func() (func() *ai.Engine, error) {
		switch *ev {
		case "handset", "":
			return func() *ai.Engine { return ai.NewEngine(16) }, nil
		}
		data, err := os.ReadFile(*ev)
		if err != nil {
			return nil, fmt.Errorf("--eval: %w", err)
		}
		net, err := nnue.Load(data)
		if err != nil {
			return nil, fmt.Errorf("--eval %s: %w", *ev, err)
		}
		return func() *ai.Engine {
			e := ai.NewEngine(16)
			e.Net = net
			return e
		}, nil
	}
}

// runLearnTrain is `kiki learn train`: the learned evaluation trained on
// record files, its weights written after each best epoch.
func runLearnTrain(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("learn train", stderr)
	out := fs.String("out", "learn-data/nnue.bin", "weights file, written after an epoch whose validation loss is the best so far")
	ckpt := fs.String("checkpoint", "learn-data/train.ckpt", "checkpoint (float weights, optimiser state) written after every epoch")
	resume := fs.Bool("resume", false, "carry on from --checkpoint")
	from := fs.String("from", "", "start from this checkpoint's (or weights file's) weights with this run's --lambda and data (fine-tuning; --resume takes precedence when --checkpoint exists)")
	epochs := fs.Int("epochs", 10, "epochs to run")
	batch := fs.Int("batch", 256, "positions per mini-batch")
	lr := fs.Float64("lr", 1e-3, "Adam learning rate")
	lambda := fs.Float64("lambda", 0.5, "weight of the search score against the game result in the target (0..1)")
	scale := fs.Float64("scale", 0, "centipawns per logit (0: fit to the data)")
	seed := fs.Uint64("seed", 1, "random seed (initial weights, shuffling)")
	bucketLR := fs.Float64("bucket-lr", 0.1, "learning-rate factor of the king-bucket rows")
	squareLR := fs.Float64("square-lr", 0.3, "learning-rate factor of the bucket-free piece-square rows")
	scoreScale := fs.Float64("score-scale", 1, "multiply the records' scores by this as they are read (teacher labels written with another scale than a later fit's)")
	scoreOffset := fs.Int("score-offset", 0, "subtract this from every score after --score-scale (a teacher's bonus for the side to move)")
	maxDiff := fs.Int("max-diff", 0, "leave out positions whose score is more than this from the hand-set static evaluation (0: keep all)")
	l1 := fs.Int("l1", 0, "units of a hidden layer between the accumulators and the output (0: none; a resumed checkpoint keeps its own)")
	data, err := cli.ParseArgs(fs, args)
	if err != nil {
		return cli.ExitUsage
	}
	if len(data) == 0 || *lambda < 0 || *lambda > 1 || *epochs < 0 || !(*scoreScale > 0) || math.IsInf(*scoreScale, 0) {
		fmt.Fprintln(stderr, "usage: kiki learn train [FLAGS] RECORDFILE...  (--lambda in 0..1, --score-scale positive)")
		return cli.ExitUsage
	}
	ctx, cancel := cli.Interruptible()
	defer cancel()
	err = Train(ctx, TrainOptions{
		Data: data, Out: *out, Checkpoint: *ckpt, Resume: *resume, From: *from, Epochs: *epochs, Batch: *batch,
		LR: *lr, Lambda: *lambda, Scale: *scale, Seed: *seed, BucketLR: *bucketLR, SquareLR: *squareLR, L1: *l1, ScoreScale: *scoreScale, ScoreOffset: *scoreOffset, MaxDiff: *maxDiff, Log: stdout,
	})
	if err != nil {
		return cli.Fail(stderr, cli.ExitFailure, "learn train", err)
	}
	return cli.ExitOK
}

// runLearnTune is `kiki learn tune`: the hand-set evaluation's numbers
// fitted to labelled positions, written as the Go source of ai.Default.
func runLearnTune(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("learn tune", stderr)
	out := fs.String("out", "", "Go file to write the tuned ai.Default to (e.g. ai/params_default.go); empty: print the numbers only")
	scale := fs.Float64("scale", 600, "centipawns per logit of the loss's win-probability curve")
	maxScore := fs.Int("max-score", 2000, "leave out records scored beyond ±this")
	step := fs.Int("step", 8, "first step in centipawns, halved when no number moves")
	sweeps := fs.Int("sweeps", 40, "most passes over the numbers")
	val := fs.Float64("val", 0.1, "share of records held out to measure the fit")
	seed := fs.Uint64("seed", 1, "seed of the held-out split")
	limit := fs.Int("limit", 0, "use at most this many records (0: all)")
	data, err := cli.ParseArgs(fs, args)
	if err != nil {
		return cli.ExitUsage
	}
	if len(data) == 0 {
		fmt.Fprintln(stderr, "usage: kiki learn tune [FLAGS] RECORDFILE...  (records labelled by kiki learn label)")
		return cli.ExitUsage
	}
	if *out != "" {
		if err := cli.CheckOutPath(*out); err != nil {
			return cli.Fail(stderr, cli.ExitUsage, "learn tune", err)
		}
	}
	ctx, cancel := cli.Interruptible()
	defer cancel()
	res, err := Tune(ctx, TuneOptions{Data: data, Start: ai.HandSet, Scale: *scale, MaxScore: *maxScore,
		Step: *step, Sweeps: *sweeps, ValShare: *val, Seed: *seed, Progress: stdout, MaxRecord: *limit})
	if err != nil {
		return cli.Fail(stderr, cli.ExitFailure, "learn tune", err)
	}
	fmt.Fprintf(stdout, "%d positions; training loss %.6f -> %.6f, held out %.6f -> %.6f\n",
		res.Positions, res.StartTrain, res.TrainLoss, res.StartVal, res.ValLoss)
	src, err := ParamsSource(res.Params, "kiki learn tune "+strings.Join(args, " "))
	if err != nil {
		return cli.Fail(stderr, cli.ExitFailure, "learn tune", err)
	}
	if *out == "" {
		stdout.Write(src)
		return cli.ExitOK
	}
	if err := WriteParamsSource(*out, src); err != nil {
		return cli.Fail(stderr, cli.ExitFailure, "learn tune", err)
	}
	return cli.ExitOK
}

// runLearnValset is `kiki learn valset`: the fixed held-out set every
// generation of the cycle is measured on.
func runLearnValset(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("learn valset", stderr)
	out := fs.String("out", "ai/learn/valset/valset.bin", "the set, written when complete")
	work := fs.String("work", "learn-data/valset", "folder for the positions and labels as they come (a rerun resumes)")
	positions := fs.Int("positions", 20000, "labelled positions in the set")
	seed := fs.Uint64("seed", 46, "random seed of the games")
	nodes := fs.Uint64("nodes", 300, "the hand-set search's nodes a move in the games")
	kifDir := fs.String("kif", "../shared/data/kif", "folder of records whose openings start the games (empty: the even start only)")
	teacher := fs.String("teacher", "/usr/games/fairy-stockfish", "the teacher: a USI engine's path")
	depth := fs.Int("depth", 8, "the teacher's search depth")
	workers := fs.Int("workers", 0, "games and teacher processes at once (0: one a core)")
	if _, ok := cli.ParseOperands(fs, args, 0, "learn valset [--out FILE] [--positions N] [--seed N] [--depth N] [--workers N] ... (kiki learn valset -h lists the flags)"); !ok {
		return cli.ExitUsage
	}
	if *positions <= 0 || *depth <= 0 {
		fmt.Fprintln(stderr, "kiki learn valset: --positions and --depth must be positive")
		return cli.ExitUsage
	}
	starts, err := startPositions(*kifDir, 40, stderr)
	if err != nil {
		return cli.Fail(stderr, cli.ExitUsage, "learn valset", err)
	}
	ctx, cancel := cli.Interruptible()
	defer cancel()
	err = BuildValset(ctx, ValsetOptions{Out: *out, Work: *work, Positions: *positions, Seed: *seed, Nodes: *nodes,
		Starts: starts, Teacher: usi.ClientConfig{Path: enginePath(*teacher)}, Depth: *depth, Workers: workersOr(*workers), Log: stdout})
	if err != nil {
		return cli.Fail(stderr, cli.ExitFailure, "learn valset", err)
	}
	fmt.Fprintf(stdout, "valset: %s holds %d positions\n", *out, *positions)
	return cli.ExitOK
}

const cycleSynopsis = "learn cycle [--dir DIR] [--hours H] [--generations N] [--workers N] [--positions N] [--depth N] [--games N] [--default-games N] [--match-nodes N | --movetime D] ... (kiki learn cycle -h lists the flags)"

// runLearnCycle is `kiki learn cycle`: generations of self-play, teacher
// labels, training and a match, resumable (see Cycle).
func runLearnCycle(args []string, weights []byte, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("learn cycle", stderr)
	dir := fs.String("dir", "learn-data/cycle", "the run's folder: state, data, weights, the generations table (a rerun resumes)")
	acceptTo := fs.String("accept-to", "", "where accepted weights are copied (default: DIR/best.nnue)")
	from := fs.String("from", "", "weights a new run starts from (default: the shipped network, assets/nnue.bin)")
	valset := fs.String("valset", "ai/learn/valset/valset.bin", "the fixed validation set")
	openings := fs.String("openings", "ai/learn/openings-match.txt", "the match's openings, in order, each played with both colours (200 games: the first 100)")
	kifDir := fs.String("kif", "../shared/data/kif", "folder of records whose openings start gen's games (missing or empty: the even start only)")
	teacher := fs.String("teacher", "/usr/games/fairy-stockfish", "the teacher: a USI engine's path")
	depth := fs.Int("depth", 8, "the teacher's search depth")
	positions := fs.Int("positions", 100000, "new labelled positions a generation")
	nodes := fs.Uint64("nodes", 1000, "gen: the search's nodes a move in self-play")
	randomProb := fs.Float64("random-prob", 0.1, "gen: chance of a random legal move at each ply (besides up to 6 at the start)")
	replay := fs.Float64("replay", 1, "positions of earlier generations replayed per new one")
	replayFrom := fs.String("replay-from", "", "comma-separated files of labelled positions (other runs' labels.bin) that join the replay pool")
	consolidateEvery := fs.Int("consolidate-every", 0, "make every N-th generation a consolidation: no new positions, the best weights trained on all the run's labels (and --replay-from's) at once, then the same gates (0: never)")
	epochs := fs.Int("epochs", 3, "training epochs a generation")
	lr := fs.Float64("lr", 5e-4, "Adam learning rate")
	lambda := fs.Float64("lambda", 1, "weight of the teacher's score against the game result in the target (0..1)")
	scoreScale := fs.Float64("score-scale", 0.96, "kiki centipawns per teacher centipawn (labels are kept in the teacher's)")
	scoreOffset := fs.Int("score-offset", 225, "kiki centipawns subtracted from every label after --score-scale, in training and validation: the teacher's bonus for the side to move (fairy-stockfish at depth 8 on the validation set: +225 against the default evaluation)")
	games := fs.Int("games", 200, "games of the match, new weights against the best (0: none, and nothing is accepted)")
	movetime := fs.Duration("movetime", 200*time.Millisecond, "the matches' time a move (a byoyomi, as usimatch's --byoyomi), when --match-nodes is 0")
	matchNodes := fs.Uint64("match-nodes", 0, "the matches' nodes a move instead of --movetime (a result the machine's load cannot tilt: use it on a shared machine)")
	defaultGames := fs.Int("default-games", 100, "games of the second gate's match, new weights (and once the best) against the default evaluation (0: no such match or gate)")
	seenBefore := fs.Int("seen-before", 0, "positions seen by the start weights' generations: a new run's count starts there, and its self-play seed mixes it in (a run from the same weights with the same count replays the same games)")
	lossSlack := fs.Float64("loss-slack", 0, "let new weights whose validation loss is higher by at most this much through the first gate if they win the self-match beyond its noise (95% interval above 0 Elo); 0: the loss must be lower")
	matchAlways := fs.Bool("match-always", false, "play the matches even when an earlier gate (the validation loss, the self-match) already refuses the new weights")
	generations := fs.Int("generations", 1, "generations to finish in this call (a resumed one counts)")
	hours := fs.Float64("hours", 0, "start no new phase after this many hours (0: no limit)")
	workers := fs.Int("workers", 0, "games and teacher processes at once (0: one a core)")
	seed := fs.Uint64("seed", 1, "random seed")
	if _, ok := cli.ParseOperands(fs, args, 0, cycleSynopsis); !ok {
		return cli.ExitUsage
	}
	switch {
	case *positions <= 0 || *depth <= 0 || *epochs <= 0 || *generations <= 0 || *games < 0 || *defaultGames < 0 || *workers < 0 || *seenBefore < 0 || *consolidateEvery < 0 || *consolidateEvery == 1:
		fmt.Fprintln(stderr, "kiki learn cycle: --positions, --depth, --epochs, --generations must be positive, --games, --default-games, --seen-before and --workers not negative, --consolidate-every 0 or 2 or more")
		return cli.ExitUsage
	case *lambda < 0 || *lambda > 1 || *randomProb < 0 || *randomProb > 1:
		fmt.Fprintln(stderr, "kiki learn cycle: --lambda and --random-prob must be in 0..1")
		return cli.ExitUsage
	case !(*scoreScale > 0) || math.IsInf(*scoreScale, 0) || *replay < 0 || *hours < 0 || *movetime <= 0:
		fmt.Fprintln(stderr, "kiki learn cycle: --score-scale and --movetime must be positive, --replay and --hours not negative")
		return cli.ExitUsage
	case !(*lossSlack >= 0) || math.IsInf(*lossSlack, 0):
		fmt.Fprintln(stderr, "kiki learn cycle: --loss-slack must be a number, 0 or more")
		return cli.ExitUsage
	}
	start := weights
	if *from != "" {
		data, err := os.ReadFile(*from)
		if err != nil {
			return cli.Fail(stderr, cli.ExitUsage, "learn cycle", err)
		}
		start = data
	}
	ops, err := ReadOpenings(*openings)
	if err != nil {
		return cli.Fail(stderr, cli.ExitUsage, "learn cycle", err)
	}
	starts := []*game.Position{game.NewStartPosition()}
	if fi, err := os.Stat(*kifDir); err == nil && fi.IsDir() {
		if starts, err = startPositions(*kifDir, 40, stderr); err != nil {
			return cli.Fail(stderr, cli.ExitUsage, "learn cycle", err)
		}
	} else if *kifDir != "" {
		fmt.Fprintf(stderr, "kiki learn cycle: no folder %s: games start from the even position (and up to 6 random moves)\n", *kifDir)
	}
	ctx, cancel := cli.Interruptible()
	defer cancel()
	err = Cycle(ctx, CycleOptions{
		Dir: *dir, AcceptTo: *acceptTo, Start: start, Valset: *valset, Starts: starts, Openings: ops,
		Positions: *positions, Nodes: *nodes, RandomProb: *randomProb, Teacher: usi.ClientConfig{Path: enginePath(*teacher)}, Depth: *depth,
		Replay: *replay, ReplayFrom: splitList(*replayFrom), Epochs: *epochs, LR: *lr, Lambda: *lambda, ScoreScale: *scoreScale, ScoreOffset: *scoreOffset,
		Games: *games, MoveTime: *movetime, MatchNodes: *matchNodes, DefaultGames: *defaultGames, MatchAlways: *matchAlways, LossSlack: *lossSlack, SeenBefore: *seenBefore, ConsolidateEvery: *consolidateEvery,
		Generations: *generations, Hours: time.Duration(*hours * float64(time.Hour)), Workers: workersOr(*workers), Seed: *seed,
		Log: stderr, Out: stdout,
	})
	if errors.Is(err, ErrStopped) {
		fmt.Fprintln(stderr, "kiki learn cycle: stopped; the same command goes on where it stopped")
		return cli.ExitOK
	}
	if err != nil {
		return cli.Fail(stderr, cli.ExitFailure, "learn cycle", err)
	}
	return cli.ExitOK
}

// workersOr returns n, or one worker a core when n is 0.
func workersOr(n int) int {
	if n <= 0 {
		return runtime.NumCPU()
	}
	return n
}

// enginePath makes a relative path to an engine absolute: the engine is
// started in its own folder, where a path such as ./.carry/fairy-stockfish
// would name nothing. A bare name (found on PATH) stays as it is.
func enginePath(path string) string {
	if !strings.ContainsRune(path, filepath.Separator) || filepath.IsAbs(path) {
		return path
	}
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}

// splitList splits a comma-separated flag value, leaving out empty items.
func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
