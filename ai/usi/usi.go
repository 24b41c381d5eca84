// Package usi runs kiki's engine over the USI protocol (Universal Shogi
// Interface) on a reader and a writer, so that shogi GUIs and tournament
// managers can play it. Malformed commands are answered with an
// "info string" and otherwise ignored; the loop ends on "quit" or when its
// input closes.
package usi

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"kiki/ai"
	"kiki/ai/mate"
	"kiki/ai/nnue"
	"kiki/game"
)

// Name is what the engine calls itself.
const Name = "kiki"

type option struct {
	name, kind, def string
	min, max        int
}

// options are the engine's options; learned says the build has learned
// weights, which then play by default (LearnedEval).
func options(learned bool) []option {
	return []option{
		{"USI_Hash", "spin", "64", 1, 8192},
		{"USI_Ponder", "check", "false", 0, 0},
		{"Threads", "spin", strconv.Itoa(runtime.NumCPU()), 1, 256},
		{"Level", "spin", "10", 1, 10},
		{"MultiPV", "spin", "1", 1, 16},
		// Contempt: how much worse than level a repetition draw is for
		// the engine, in centipawns (negative: it seeks draws).
		{"Contempt", "spin", strconv.Itoa(ai.DefaultContempt), -1000, 1000},
		// USI_AnalyseMode: a GUI's analysis, where a draw is level.
		{"USI_AnalyseMode", "check", "false", 0, 0},
		// Eval picks the evaluation (ai.EvalNames); "handset" is the
		// hand-made one with its numbers before tuning and "material"
		// piece values only, for comparisons at equal evaluation.
		{"Eval", "combo", ai.EvalNames[0], 0, 0},
		// LearnedEval: the learned evaluation (ai/nnue) plays full
		// strength, Level 10; lower levels keep Eval. On by default
		// where the build has weights: 400 games at 200 ms put the
		// shipped ones 121 Elo above Eval=hand (ai/learn/README.md).
		{"LearnedEval", "check", strconv.FormatBool(learned), 0, 0},
		{"EvalFile", "string", "<empty>", 0, 0},
	}
}

// Session is one engine conversation.
type Session struct {
	out     *bufio.Writer
	outMu   sync.Mutex
	engine  *ai.Engine
	hashMiB int
	pos     *game.Position
	running chan struct{}      // closed when the current search has answered
	cancel  context.CancelFunc // stops the current search (engine or mate)
	// level and multiPV are the Level and MultiPV options, sent with
	// every search.
	level, multiPV int
	// analyse is USI_AnalyseMode: searches score draws as level.
	analyse bool
	// clearing is closed when the table cleared at usinewgame is empty.
	clearing <-chan struct{}
	// tableUsed says a search has written the table since it was last
	// cleared; ended that a gameover came since the last isready. A
	// gameover then isready clears the table before readyok, where the
	// time is free, so that the usinewgame after it has nothing to clear
	// on the first move's clock (on a loaded machine clearing 256 MiB took
	// more than a 1 s byoyomi there).
	tableUsed, ended bool
	// learned is the shipped learned evaluation, fileNet one loaded with
	// EvalFile (used instead when set); LearnedEval chooses between the
	// learned evaluation and the hand-set one.
	learned, fileNet *nnue.Net
	useLearned       bool
	// contemptSet says the Contempt option was set; until it is, the
	// contempt follows the evaluation (ai.ContemptFor).
	contemptSet bool
}

// Run speaks USI on in/out until quit or end of input, with the hand-set
// evaluation only.
func Run(in io.Reader, out io.Writer) error { return RunWith(in, out, nil) }

// RunWith is Run with a learned evaluation, which plays unless the
// LearnedEval option is turned off (EvalFile loads another weights file).
func RunWith(in io.Reader, out io.Writer, learned *nnue.Net) error {
	s := newSession(out, learned)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		if !s.handle(strings.TrimSpace(sc.Text())) {
			break
		}
	}
	s.stopSearch()
	s.wait()
	return sc.Err()
}

// newSession is a session at its start: the learned evaluation on when
// there is one.
func newSession(out io.Writer, learned *nnue.Net) *Session {
	s := &Session{out: bufio.NewWriter(out), hashMiB: 64, pos: game.NewStartPosition(), learned: learned, level: 10, multiPV: 1}
	s.engine = ai.NewEngine(s.hashMiB)
	s.useLearned = learned != nil
	s.setEval()
	return s
}

func (s *Session) println(format string, args ...any) {
	s.outMu.Lock()
	defer s.outMu.Unlock()
	fmt.Fprintf(s.out, format+"\n", args...)
	s.out.Flush()
}

// finish ends a search: the session is free again by the time its answer
// (bestmove, checkmate) is written, so a GUI may send the next command as
// soon as it reads it.
func (s *Session) finish(done chan struct{}, format string, args ...any) {
	s.outMu.Lock()
	defer s.outMu.Unlock()
	close(done)
	fmt.Fprintf(s.out, format+"\n", args...)
	s.out.Flush()
}

func (s *Session) infoString(format string, args ...any) {
	s.println("info string "+format, args...)
}

func (s *Session) busy() bool {
	if s.running == nil {
		return false
	}
	select {
	case <-s.running:
		return false
	default:
		return true
	}
}

func (s *Session) wait() {
	if s.running != nil {
		<-s.running
	}
}

func (s *Session) stopSearch() {
	if s.cancel != nil {
		s.cancel()
	}
}

// handle runs one command line; it returns false on quit.
func (s *Session) handle(line string) bool {
	if line == "" {
		return true
	}
	f := strings.Fields(line)
	switch f[0] {
	case "usi":
		s.println("id name %s", Name)
		s.println("id author the kiki developers")
		for _, o := range options(s.learned != nil) {
			if o.kind == "spin" {
				s.println("option name %s type spin default %s min %d max %d", o.name, o.def, o.min, o.max)
			} else if o.kind == "combo" {
				s.println("option name %s type combo default %s var %s", o.name, o.def, strings.Join(ai.EvalNames, " var "))
			} else {
				s.println("option name %s type %s default %s", o.name, o.kind, o.def)
			}
		}
		s.println("usiok")
	case "isready":
		s.wait()
		if s.clearing != nil {
			<-s.clearing
			s.clearing = nil
		}
		if s.ended && s.tableUsed {
			s.engine.NewGame()
			s.tableUsed = false
		}
		s.ended = false
		s.println("readyok")
	case "setoption":
		s.setOption(f[1:])
	case "usinewgame":
		if s.busy() {
			s.infoString("usinewgame ignored: a search is running")
			return true
		}
		if s.tableUsed {
			s.clearing = s.engine.NewGameAsync()
			s.tableUsed = false
		}
	case "position":
		if s.busy() {
			s.infoString("position ignored: a search is running; send stop first")
			return true
		}
		p, err := game.ParseUSIPosition(line)
		if err != nil {
			s.infoString("position ignored: %v", err)
			return true
		}
		s.pos = p
	case "go":
		s.goCommand(f[1:])
	case "stop":
		s.stopSearch()
	case "ponderhit":
		s.engine.PonderHit()
	case "gameover":
		s.stopSearch()
		s.ended = true
	case "quit":
		return false
	default:
		s.infoString("unknown command %q ignored", f[0])
	}
	return true
}

// setOption runs a setoption command: parseSetOption reads it, and this
// applies it unless a search is running.
func (s *Session) setOption(f []string) {
	st, err := parseSetOption(f)
	if st.opt.name != "" && s.busy() {
		s.infoString("setoption %s ignored: a search is running", st.opt.name)
		return
	}
	if err != nil {
		s.infoString("%v", err)
		return
	}
	switch st.opt.name {
	case "USI_Hash":
		if st.n != s.hashMiB {
			s.hashMiB = st.n
			s.engine.SetHash(st.n)
			s.tableUsed = false
		}
	case "Threads":
		s.engine.Threads = st.n
	case "Level":
		s.level = st.n
		s.setEval() // the contempt follows the level's evaluation
	case "MultiPV":
		s.multiPV = st.n
	case "Contempt":
		s.engine.Contempt, s.contemptSet = st.n, true
	case "USI_AnalyseMode":
		s.analyse = st.on
	case "Eval":
		s.engine.Eval = st.eval
		if s.useLearned && st.value != ai.EvalNames[0] {
			// Not silently ignored: full strength plays the network.
			s.infoString("setoption Eval: %s plays at levels 1-9; Level 10 plays the learned evaluation until LearnedEval is false", st.value)
		}
		s.setEval()
	case "EvalFile":
		if st.value == "" || st.value == "<empty>" {
			s.fileNet = nil
		} else {
			data, err := os.ReadFile(st.value)
			var net *nnue.Net
			if err == nil {
				net, err = nnue.Load(data)
			}
			if err != nil {
				s.infoString("setoption EvalFile: %v; the evaluation is unchanged", err)
			} else {
				s.fileNet = net
			}
		}
		s.setEval()
	case "LearnedEval":
		s.useLearned = st.on
		if s.useLearned && s.learned == nil && s.fileNet == nil {
			s.useLearned = false
			s.infoString("setoption LearnedEval: this build has no learned weights; set EvalFile")
		}
		s.setEval()
	}
}

// setEval gives the engine the evaluation the options ask for, and the
// contempt that goes with it unless the Contempt option was set.
func (s *Session) setEval() {
	switch {
	case !s.useLearned:
		s.engine.Net = nil
	case s.fileNet != nil:
		s.engine.Net = s.fileNet
	default:
		s.engine.Net = s.learned
	}
	if !s.contemptSet {
		s.engine.Contempt = ai.DefaultContempt
		if s.engine.Net == nil || s.level < 10 {
			// Levels 1-9 play Eval even with a network (ai.Engine.Net).
			s.engine.Contempt = ai.ContemptFor(s.engine.Eval)
		}
	}
}

func (s *Session) goCommand(f []string) {
	received := time.Now()
	if s.busy() {
		s.infoString("go ignored: a search is already running")
		return
	}
	if s.clearing != nil {
		// A GUI may send go straight after usinewgame, without isready:
		// the search must not start on a table still being cleared (its
		// answers would depend on the race; the wait counts against the
		// clock, which started at received).
		<-s.clearing
		s.clearing = nil
	}
	req, err := parseGo(f)
	for _, p := range req.ignored {
		s.infoString("go: unknown parameter %q ignored", p)
	}
	if err != nil {
		s.infoString("%v", err)
		return
	}
	l, mateMode, mateTime := req.limits, req.mate, req.mateTime
	done := make(chan struct{})
	s.running = done
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	pos := s.pos.Clone()
	if mateMode {
		// The limit runs from the go command: the table's setting up
		// counts. With two threads or more a second searcher races the
		// first for the proof (the solver uses at most two).
		sv := mate.New(mate.Options{HashMiB: s.hashMiB, Timeout: mateTime, Start: received, Threads: min(s.engine.Threads, 2)})
		go func() {
			defer cancel()
			res := sv.Solve(ctx, pos)
			sv.Close()
			switch res.Status {
			case mate.Mate:
				s.finish(done, "checkmate %s", game.JoinUSI(res.Moves))
			case mate.NoMate:
				s.finish(done, "checkmate nomate")
			default:
				s.finish(done, "checkmate timeout")
			}
		}()
		return
	}
	s.tableUsed = true
	ch := s.engine.Go(ctx, pos, ai.Request{Limits: l, Level: s.level, MultiPV: s.multiPV, Info: s.info, Start: received, Analysis: s.analyse})
	go func() {
		defer cancel()
		r := <-ch
		switch {
		case r.Declare:
			s.finish(done, "bestmove win")
		case r.Resign:
			s.finish(done, "bestmove resign")
		case r.Ponder != game.NoMove:
			s.finish(done, "bestmove %s ponder %s", r.Move.USI(), r.Ponder.USI())
		default:
			s.finish(done, "bestmove %s", r.Move.USI())
		}
	}()
}

func (s *Session) info(i ai.Info) {
	if i.String != "" {
		s.infoString("%s", i.String)
		return
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "info depth %d seldepth %d", i.Depth, max(i.SelDepth, i.Depth))
	if i.MultiPV > 0 {
		fmt.Fprintf(&sb, " multipv %d", i.MultiPV)
	}
	// A weak level's centipawns are its blurred judgement, not the
	// position's value: they are left out (USI's score is optional).
	if i.ScoreShown() {
		if plies, ok := ai.IsMate(i.Score); ok {
			fmt.Fprintf(&sb, " score mate %d", plies)
		} else {
			fmt.Fprintf(&sb, " score cp %d", i.Score)
		}
		if i.LowerBound() {
			sb.WriteString(" lowerbound")
		} else if i.UpperBound() {
			sb.WriteString(" upperbound")
		}
	}
	fmt.Fprintf(&sb, " nodes %d nps %d hashfull %d time %d", i.Nodes, i.NPS, i.Hashfull, i.Time.Milliseconds())
	if len(i.PV) > 0 {
		sb.WriteString(" pv " + game.JoinUSI(i.PV))
	}
	s.println("%s", sb.String())
}
