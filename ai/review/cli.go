package review

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"kiki/ai"
	"kiki/ai/mate"
	"kiki/ai/nnue"
	"kiki/game"
	"kiki/kif"
	"kiki/kif/cli"
)

const reviewUsage = "review [--nodes N] [--mate-nodes N] [--player NAME] RECORD|DIR..."

// Command is `kiki review`: the mistakes of played games, from the
// command line, searched as the board's review searches them: with the
// learned evaluation of weights (the embedded one) when it loads.
func Command(weights []byte) cli.Command {
	return cli.Command{Name: "review", Usage: reviewUsage, Summary: "find the missed mates and losing moves of played games", Run: func(args []string, stdout, stderr io.Writer) int {
		net, err := nnue.Load(weights)
		if err != nil {
			return cli.Fail(stderr, cli.ExitFailure, "review", "the embedded learned evaluation:", err)
		}
		return runReview(net, args, stdout, stderr)
	}}
}

func runReview(net *nnue.Net, args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("review", stderr)
	set := DefaultSettings()
	fs.Uint64Var(&set.Limits.Nodes, "nodes", set.Limits.Nodes, "nodes searched in each position")
	fs.Uint64Var(&set.MateNodes, "mate-nodes", set.MateNodes, "the mate solver's nodes where a mate may be near (0: no mate search)")
	player := fs.String("player", "", "only this player's moves (a part of the name in the record's header)")
	rest, err := cli.ParseArgs(fs, args)
	if err != nil {
		return cli.ExitUsage
	}
	if len(rest) == 0 {
		return cli.Usage(stderr, reviewUsage)
	}
	if set.Limits.Nodes == 0 {
		return cli.Fail(stderr, cli.ExitUsage, "review", "--nodes must be above 0")
	}
	// An operand that cannot be read is said, and the others reviewed.
	code := cli.ExitOK
	var files []string
	for _, a := range rest {
		found, err := recordFiles(a)
		if err != nil {
			code = cli.Fail(stderr, cli.ExitFailure, "review", err)
		}
		files = append(files, found...)
	}
	e := ai.NewEngine(64)
	e.Threads = 1
	e.Net = net
	sv := mate.New(mate.Options{HashMiB: 64, MaxNodes: set.MateNodes})
	defer sv.Close()
	for _, f := range files {
		if err := reviewFile(f, *player, e, sv, set, stdout); err != nil {
			fmt.Fprintf(stderr, "kiki review: %s: %v\n", f, err)
			code = cli.ExitFailure
		}
	}
	return code
}

// recordFiles are the records of operand a: the file itself, or every
// record under a folder.
func recordFiles(a string) ([]string, error) {
	st, err := os.Stat(a)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return []string{a}, nil
	}
	var out []string
	err = filepath.WalkDir(a, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && isRecordName(path) {
			out = append(out, path)
		}
		return nil
	})
	return out, err
}

func isRecordName(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".kif", ".kifu", ".ki2", ".ki2u", ".csa":
		return true
	}
	return false
}

// reviewFile prints the mistakes of the game in path.
func reviewFile(path, player string, e *ai.Engine, sv *mate.Solver, set Settings, w io.Writer) error {
	rec, err := kif.ReadFile(path)
	if err != nil {
		return err
	}
	g := Game{Start: rec.StartPosition(), Moves: rec.MainMoves()}
	e.NewGame()
	r, err := Analyse(context.Background(), g, e, sv, set, Result{}, nil)
	if err != nil {
		return err
	}
	names := [2]string{header(rec, "先手", "下手"), header(rec, "後手", "上手")}
	fmt.Fprintf(w, "%s  ☗%s ☖%s  %d moves\n", path, names[0], names[1], len(g.Moves))
	p := g.Start.Clone()
	for i, ply := range r.Plies {
		who := names[ply.Mover]
		if IsMistake(ply) && (player == "" || strings.Contains(who, player)) {
			fmt.Fprintf(w, "  %s\n", mistakeLine(p, ply, who))
		}
		p.DoMove(g.Moves[i])
	}
	return nil
}

// header is the record's first header of keys that is set.
func header(rec *kif.Record, keys ...string) string {
	for _, k := range keys {
		if v, ok := rec.Get(k); ok && v != "" {
			return v
		}
	}
	return "?"
}

// mistakeLine says one mistake in p, the position before it.
func mistakeLine(p *game.Position, ply Ply, who string) string {
	label := func(usi string) string {
		m, err := p.ParseUSIMove(usi)
		if err != nil {
			return usi
		}
		return kif.MoveLabel(m, p.LastMove())
	}
	if ply.Missed {
		return fmt.Sprintf("move %d %s: %s played; mate in %d from %s", ply.Ply, who, label(ply.Played), len(ply.Mate), label(ply.Mate[0]))
	}
	return fmt.Sprintf("move %d %s: %s lost %d (%+d → %+d, 先手's view); best %s", ply.Ply, who, label(ply.Played), ply.Loss(), ply.Score, ply.After, label(ply.Best))
}
