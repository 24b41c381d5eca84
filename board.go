package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"kiki/ai/nnue"
	"kiki/ai/review"
	"kiki/assets"
	"kiki/game"
	"kiki/kif"
	"kiki/kif/cli"
	"kiki/ui"
)

// The board's flags, their checks, and where it keeps its files: the part
// of the command line that drives package ui.

// boardFlagValues are the terminal board's flags.
type boardFlagValues struct {
	sfen                                    *string
	ascii, noMouse, aiSente, human, hideEva *bool
	level                                   *int
	engine, lang                            *string
	engineOptions                           *[]ui.OptionSetting
	reviewNodes                             *uint64
}

// boardFlags defines the board's flags on fs (shared by runBoard and kiki help).
func boardFlags(fs *flag.FlagSet) boardFlagValues {
	v := boardFlagValues{
		sfen:    fs.String("sfen", "", "start a game from this SFEN"),
		ascii:   fs.Bool("ascii", false, "draw pieces with USI letters (+ for promoted), for terminals without CJK fonts"),
		noMouse: fs.Bool("no-mouse", false, "do not capture the mouse"),
		level:   fs.Int("level", 5, "AI level 1-10 for the first game"),
		aiSente: fs.Bool("ai-sente", false, "the AI plays 先手 in the first game (default: you play 先手, the AI 後手)"),
		human:   fs.Bool("human", false, "human against human in the first game"),
		hideEva: fs.Bool("hide-eval", false, "do not show the AI's evaluation and line while it thinks (E toggles)"),
		engine:  fs.String("engine", "", "an external USI engine (its path) plays the AI's side and analyses instead of the built-in AI"),
		lang:    fs.String("lang", "", "the screen's language: ja or en (default: from LC_ALL, LC_MESSAGES, LANG)"),
		reviewNodes: fs.Uint64("review-nodes", review.DefaultSettings().Limits.Nodes,
			"nodes the review of played games (T, the library's A) searches in each position"),
	}
	var opts []ui.OptionSetting
	v.engineOptions = &opts
	fs.Func("engine-option", "set an option of the --engine, NAME=VALUE (repeatable)", func(s string) error {
		o, err := ui.ParseOptionSetting(s)
		if err == nil {
			opts = append(opts, o)
		}
		return err
	})
	return v
}

// runBoard starts the terminal board with its flags and the record to
// open, if one is named.
func runBoard(args []string, stdout, stderr io.Writer) int {
	o, mouse, stdin, code := boardOptions(args, stderr)
	if code != cli.ExitOK {
		return code
	}
	if err := ui.Run(o, mouse, stdin); err != nil {
		fmt.Fprintln(stderr, "kiki:", err)
		return cli.ExitFailure
	}
	return cli.ExitOK
}

// boardOptions reads the board's flags and operand into the board's
// options, whether it takes the mouse and reads a record from standard
// input; a status other than cli.ExitOK when they are wrong (said on
// stderr).
func boardOptions(args []string, stderr io.Writer) (o ui.Options, mouse, stdin bool, code int) {
	fs := cli.NewFlags("kiki", stderr)
	fv := boardFlags(fs)
	sfen, ascii, noMouse, level, aiSente, human, hideEval := fv.sfen, fv.ascii, fv.noMouse, fv.level, fv.aiSente, fv.human, fv.hideEva
	rest, err := cli.ParseArgs(fs, args)
	if err != nil {
		return o, false, false, cli.ExitUsage
	}
	const synopsis = "usage: kiki [--sfen SFEN] [--ascii] [--no-mouse] [--level 1-10] [--ai-sente] [--human] [--hide-eval] [--engine PATH [--engine-option NAME=VALUE]...] [--lang ja|en] [--review-nodes N] [RECORD | FOLDER | -]"
	if *level < 1 || *level > 10 {
		fmt.Fprintf(stderr, "kiki: --level must be from 1 to 10, got %d\n%s\n", *level, synopsis)
		return o, false, false, cli.ExitUsage
	}
	if *fv.reviewNodes == 0 {
		fmt.Fprintf(stderr, "kiki: --review-nodes must be above 0\n%s\n", synopsis)
		return o, false, false, cli.ExitUsage
	}
	if len(rest) > 1 {
		fmt.Fprintf(stderr, "kiki: one record at a time, got %d: %s\n%s\n", len(rest), strings.Join(rest, " "), synopsis)
		return o, false, false, cli.ExitUsage
	}
	o = ui.Options{ASCII: *ascii, Level: *level, Library: assets.Games(), Tsume: assets.Tsume(), HideEval: *hideEval, Lang: ui.LangFromEnv(os.Getenv)}
	if *fv.lang != "" {
		l, err := ui.ParseLang(*fv.lang)
		if err != nil {
			fmt.Fprintf(stderr, "kiki: --lang: %v\n%s\n", err, synopsis)
			return o, false, false, cli.ExitUsage
		}
		o.Lang = l
	}
	if *fv.engine != "" {
		path, err := exec.LookPath(*fv.engine)
		if err != nil {
			fmt.Fprintf(stderr, "kiki: --engine %s: %v\n", *fv.engine, err)
			return o, false, false, cli.ExitUsage
		}
		o.Engine = ui.EngineConfig{Path: path, Options: *fv.engineOptions}
	} else if len(*fv.engineOptions) > 0 {
		fmt.Fprintf(stderr, "kiki: --engine-option needs --engine\n%s\n", synopsis)
		return o, false, false, cli.ExitUsage
	}
	o.Review = reviewSettings(*fv.reviewNodes)
	o.Net = learnedNet(assets.NNUE(), stderr)
	o.ConfigDir = configDir()
	o.Dir, _ = os.Getwd()
	if d := dataDir(); d != "" {
		o.RecoveryFile = filepath.Join(d, "recovered-game.kifu")
		o.DataDir = d
	}
	switch {
	case *human:
	case *aiSente:
		o.Players = [2]bool{true, false}
	default:
		o.Players = [2]bool{false, true}
	}
	if *sfen != "" {
		p, err := game.ParseSFEN(*sfen)
		if err != nil {
			fmt.Fprintln(stderr, "kiki:", err)
			return o, false, false, cli.ExitUsage
		}
		o.Start = p
	}
	if len(rest) == 1 && isFolder(rest[0]) {
		// A folder: the game library of the records under it.
		o.LibraryDir = rest[0]
	} else if len(rest) == 1 {
		rec, err := kif.ReadOperand(rest[0], os.Stdin)
		if err != nil {
			// Start anyway and say what went wrong, with the line number.
			o.LoadError = err.Error()
		} else {
			o.Record, o.RecordPath = rec, rest[0]
			if rest[0] == "-" {
				o.RecordPath, o.RecordName = "", "-"
			}
		}
	}
	return o, !*noMouse, len(rest) == 1 && rest[0] == "-", cli.ExitOK
}

// reviewSettings is the review's budget for --review-nodes: the mate
// solver gets no more nodes than the search.
func reviewSettings(nodes uint64) *review.Settings {
	set := review.DefaultSettings()
	set.Limits.Nodes = nodes
	set.MateNodes = min(set.MateNodes, nodes)
	return &set
}

// learnedNet is the AI's learned evaluation from weights (the embedded
// ones); weights that do not load are said on stderr, and the AI plays
// the hand-made evaluation (nil).
func learnedNet(weights []byte, stderr io.Writer) *nnue.Net {
	net, err := nnue.Load(weights)
	if err != nil {
		fmt.Fprintf(stderr, "kiki: the embedded learned evaluation: %v; the AI plays the hand-made one\n", err)
		return nil
	}
	return net
}

// isFolder reports whether path names a folder.
func isFolder(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// dataDir is where kiki keeps its own files (the game in progress, for
// recovery; the game library's index; the recent files): $KIKI_DATA_DIR, else $XDG_DATA_HOME/kiki, else
// ~/.local/share/kiki, else the user's config folder; "" when none.
func dataDir() string {
	if d := os.Getenv("KIKI_DATA_DIR"); d != "" {
		return d
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "kiki")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "share", "kiki")
	}
	if d, err := os.UserConfigDir(); err == nil {
		return filepath.Join(d, "kiki")
	}
	return ""
}

// configDir is where kiki remembers the user's choices (the external
// engine): $KIKI_CONFIG_DIR, else the user's config folder's kiki; ""
// when none.
func configDir() string {
	if d := os.Getenv("KIKI_CONFIG_DIR"); d != "" {
		return d
	}
	if d, err := os.UserConfigDir(); err == nil {
		return filepath.Join(d, "kiki")
	}
	return ""
}
