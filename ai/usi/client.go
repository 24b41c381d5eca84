package usi

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"kiki/ai"
	"kiki/game"
)

// The client side of USI: kiki running another program's engine
// (YaneuraOu, gpsusi, fairy-stockfish…) as a child process, so that the
// board can play against it or use it as its analyser. Everything the
// engine sends is checked: a move is played only if it is legal, and an
// engine that dies, goes silent or talks nonsense is reported as an error
// naming what it did, never waited on for ever. What it writes is read
// as text whatever it is: a line over 1 MiB is skipped, and bytes that
// are not UTF-8 or are control characters (a terminal's escapes) never
// reach the screen. An engine that fails is killed (with whatever it
// started: it runs in a process group of its own) and waited for.

var _ ai.Searcher = (*Client)(nil)

// EngineOption is one option an engine declared ("option name … type …").
type EngineOption struct {
	Name, Type, Default string
	Min, Max            int      // spin
	Vars                []string // combo
}

// ClientConfig says how to start and talk to an engine.
type ClientConfig struct {
	Path string   // the program
	Args []string // its arguments
	Dir  string   // its working directory (engines load files relative to it); "" is Path's folder
	Env  []string // extra environment variables, "KEY=value"
	// StartTimeout bounds usi→usiok and isready→readyok (an engine loading
	// a large evaluation file can take a while); 0 means 30 s.
	StartTimeout time.Duration
	// Grace is how long past its time limit (or past stop) an engine may
	// take to answer before it is declared silent; 0 means 5 s.
	Grace time.Duration
}

// Client drives one external USI engine. Its methods must not be called
// concurrently, except that a Go in progress may be ended through its
// context.
type Client struct {
	Name, Author string
	Options      []EngineOption
	// OptionLines are the option lines as the engine sent them (for a
	// registry to keep them as declared).
	OptionLines []string

	cfg    ClientConfig
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *os.File      // the read end of its standard output
	lines  chan string   // the engine's output, closed when it exits
	exited chan struct{} // closed once the process has been waited for
	// quit is closed when nothing more will be read from lines (Close,
	// kill): the reader then throws the engine's output away instead of
	// waiting for a reader, so that neither it nor the engine blocks.
	quit     chan struct{}
	quitOnce sync.Once
	stderr   *tailBuffer
	mu       sync.Mutex
	err      error // set once the engine has failed; every later call returns it
}

// tailBuffer keeps the last few KiB an engine wrote on stderr, for the
// report when it dies.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > 4096 {
		t.buf = t.buf[len(t.buf)-4096:]
	}
	return len(p), nil
}

// String is the tail, each line made readable (see clean).
func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := strings.Split(strings.TrimSpace(string(t.buf)), "\n")
	for i, l := range lines {
		lines[i] = clean([]byte(l))
	}
	return strings.Join(lines, "\n")
}

// StartEngine runs the engine and completes the USI handshake (usi …
// usiok), learning its name and options.
func StartEngine(cfg ClientConfig) (*Client, error) {
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = 30 * time.Second
	}
	if cfg.Grace <= 0 {
		cfg.Grace = 5 * time.Second
	}
	cmd := exec.Command(cfg.Path, cfg.Args...)
	cmd.Dir = cfg.Dir
	if len(cfg.Env) > 0 {
		cmd.Env = append(os.Environ(), cfg.Env...)
	}
	if cmd.Dir == "" {
		if i := strings.LastIndexByte(cfg.Path, '/'); i > 0 {
			cmd.Dir = cfg.Path[:i]
		}
	}
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("engine %s: %w", cfg.Path, err)
	}
	// Standard output is a pipe of the client's own, not StdoutPipe's:
	// Wait closes StdoutPipe's when the process exits, and the process
	// is waited for apart from the reading (an engine's child may hold
	// the pipe open after the engine is gone).
	out, w, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("engine %s: %w", cfg.Path, err)
	}
	c := &Client{cfg: cfg, cmd: cmd, in: in, out: out, lines: make(chan string, 4096), exited: make(chan struct{}),
		quit: make(chan struct{}), stderr: &tailBuffer{}}
	cmd.Stdout, cmd.Stderr = w, c.stderr
	cmd.WaitDelay = time.Second // stderr's copy after the process has gone
	ownProcessGroup(cmd)
	err = cmd.Start()
	_ = w.Close()
	if err != nil {
		_ = out.Close()
		return nil, fmt.Errorf("engine %s: cannot start it: %w", cfg.Path, err)
	}
	go c.read(out)
	go func() {
		_ = cmd.Wait()
		close(c.exited)
	}()
	if err := c.send("usi"); err != nil {
		c.kill()
		return nil, err
	}
	deadline := time.After(cfg.StartTimeout)
	for {
		l, err := c.next(deadline, WaitingHandshake)
		if err != nil {
			c.kill()
			return nil, err
		}
		switch {
		case l == "usiok":
			return c, nil
		case strings.HasPrefix(l, "id name "):
			c.Name = strings.TrimSpace(l[len("id name "):])
		case strings.HasPrefix(l, "id author "):
			c.Author = strings.TrimSpace(l[len("id author "):])
		case strings.HasPrefix(l, "option "):
			if o, ok := parseOptionLine(l); ok {
				c.Options = append(c.Options, o)
				c.OptionLines = append(c.OptionLines, l)
			}
		}
	}
}

// ParseOptionLine reads an option line as an engine declares it; ok is
// false for a line that names no option or no type.
func ParseOptionLine(l string) (EngineOption, bool) { return parseOptionLine(l) }

// parseOptionLine reads "option name N type T [default D] [min a] [max b] [var v]…".
// Option names may hold spaces, so each keyword ends the value before it.
func parseOptionLine(l string) (EngineOption, bool) {
	f := strings.Fields(l)
	var o EngineOption
	if len(f) == 0 {
		return o, false
	}
	field, val := "", []string(nil)
	flush := func() {
		v := strings.Join(val, " ")
		switch field {
		case "name":
			o.Name = v
		case "type":
			o.Type = v
		case "default":
			o.Default = v
		case "min":
			o.Min, _ = strconv.Atoi(v)
		case "max":
			o.Max, _ = strconv.Atoi(v)
		case "var":
			o.Vars = append(o.Vars, v)
		}
		val = val[:0]
	}
	for _, w := range f[1:] {
		switch w {
		case "name", "type", "default", "min", "max", "var":
			// A keyword inside a name ("option name Max Depth") stays part of it.
			if field == "name" && w != "type" {
				val = append(val, w)
				continue
			}
			flush()
			field = w
		default:
			val = append(val, w)
		}
	}
	flush()
	return o, o.Name != "" && o.Type != ""
}

// Option returns the declared option of that name (USI names are
// compared without regard to case).
func (c *Client) Option(name string) (EngineOption, bool) {
	for _, o := range c.Options {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return EngineOption{}, false
}

// SetOption sets an option the engine declared, checking the value
// against its type first.
func (c *Client) SetOption(name, value string) error {
	o, ok := c.Option(name)
	if !ok {
		return fmt.Errorf("engine %s has no option %q", c.label(), name)
	}
	switch o.Type {
	case "spin":
		n, err := strconv.Atoi(value)
		if err != nil || n < o.Min || n > o.Max {
			return fmt.Errorf("option %s: want a whole number from %d to %d, got %q", o.Name, o.Min, o.Max, value)
		}
	case "check":
		if value != "true" && value != "false" {
			return fmt.Errorf("option %s: want true or false, got %q", o.Name, value)
		}
	case "combo":
		found := false
		for _, v := range o.Vars {
			found = found || v == value
		}
		if !found {
			return fmt.Errorf("option %s: want one of %s, got %q", o.Name, strings.Join(o.Vars, ", "), value)
		}
	case "button":
		return c.send("setoption name " + o.Name)
	}
	if strings.ContainsAny(value, "\n\r") {
		return fmt.Errorf("option %s: a value cannot hold a line break", o.Name)
	}
	return c.send("setoption name " + o.Name + " value " + value)
}

// NewGame readies the engine for a game: isready (waiting for readyok,
// however long loading its evaluation takes, up to StartTimeout), then
// usinewgame.
func (c *Client) NewGame() error {
	if err := c.Ready(); err != nil {
		return err
	}
	return c.send("usinewgame")
}

// Ready sends isready and waits for readyok, up to StartTimeout.
func (c *Client) Ready() error {
	if err := c.send("isready"); err != nil {
		return err
	}
	deadline := time.After(c.cfg.StartTimeout)
	for {
		l, err := c.next(deadline, WaitingReady)
		if err != nil {
			return err
		}
		if l == "readyok" {
			return nil
		}
	}
}

// EngineError is an engine that failed: it exited (Status says how),
// said nothing within Timeout while kiki waited for Waiting, or sent a
// move that is illegal or cannot be read (Sent); Stderr is the end of
// what it wrote on stderr.
type EngineError struct {
	Kind    Failure
	Engine  string
	Waiting string        // "usiok after usi", "readyok after isready", "bestmove after stop", …
	Timeout time.Duration // non-zero: it was still running, silent
	Status  string        // its exit status, when it exited
	Sent    string        // the move refused ("7g7f", "zz99"; "" for a bestmove naming none)
	Stderr  string        // its last lines on stderr
	msg     string
}

// Failure is what an engine did wrong.
type Failure int

// The failures of an engine.
const (
	Exited    Failure = iota // the process ended (or closed its output)
	Silent                   // no answer within the time allowed
	Illegal                  // a well-formed move that is not legal
	Malformed                // a bestmove that names no move kiki can read
)

// What kiki waited for, as EngineError.Waiting says it.
const (
	WaitingHandshake = "usiok after usi"
	WaitingReady     = "readyok after isready"
	WaitingAfterStop = "bestmove after stop"
	WaitingInTime    = "bestmove within its time"
)

func (e *EngineError) Error() string { return e.msg }

// StderrLines is the last n lines the engine wrote on stderr.
func (e *EngineError) StderrLines(n int) []string {
	if e.Stderr == "" {
		return nil
	}
	lines := strings.Split(e.Stderr, "\n")
	return lines[max(0, len(lines)-n):]
}

// Go asks the engine for a move in p (sent with the moves that led to
// it, so that the engine sees repetitions) and returns a channel that
// receives the result. Ending ctx sends stop; the engine's answer still
// comes. Level is not a USI notion and is ignored; MultiPV is set when
// the engine declares it. A failure (the engine died, stayed silent past
// its time and the grace, or sent an illegal or unreadable move) comes
// back as Result.Err, with Resign set so that no caller plays a move.
func (c *Client) Go(ctx context.Context, p *game.Position, r ai.Request) <-chan ai.Result {
	out := make(chan ai.Result, 1)
	fail := func(err error) <-chan ai.Result {
		out <- ai.Result{Resign: true, Err: err}
		return out
	}
	if pe := p.Impossible(); pe != nil {
		return fail(fmt.Errorf("position refused: %w", pe))
	}
	if _, ok := c.Option("MultiPV"); ok && r.MultiPV > 0 {
		if err := c.SetOption("MultiPV", strconv.Itoa(r.MultiPV)); err != nil {
			return fail(err)
		}
	}
	if err := c.send("position " + p.USIPosition()); err != nil {
		return fail(err)
	}
	if err := c.send(goCommandLine(c.clocksFor(p.Side(), r.Limits))); err != nil {
		return fail(err)
	}
	pos := p.Clone()
	go func() { out <- c.await(ctx, pos, r) }()
	return out
}

// clocksFor is l as this engine is told it. Fairy-Stockfish (11.1, as
// Debian ships it) reads btime and wtime the other way round: sente to
// move with btime 16000 wtime 60000 byoyomi 10000 it thought 48 s, past
// its 26 s, and lost on time in a person's game of 1 min + 10 s. It is
// told the mover's own time on both clocks, which every engine reads
// right; the others get the clocks as they are.
func (c *Client) clocksFor(side game.Color, l ai.Limits) ai.Limits {
	if !strings.HasPrefix(c.Name, "Fairy-Stockfish") || l.BTime == l.WTime && l.BInc == l.WInc {
		return l
	}
	if side == game.Black {
		l.WTime, l.WInc = l.BTime, l.BInc
	} else {
		l.BTime, l.BInc = l.WTime, l.WInc
	}
	return l
}

// goCommandLine writes the limits as a USI go command.
func goCommandLine(l ai.Limits) string {
	ms := func(d time.Duration) string { return strconv.FormatInt(d.Milliseconds(), 10) }
	var sb strings.Builder
	sb.WriteString("go")
	if l.Ponder {
		sb.WriteString(" ponder")
	}
	switch {
	case l.Infinite:
		sb.WriteString(" infinite")
	case l.MoveTime > 0:
		// "go movetime" is not USI (it came from UCI): gpsusi dies on it.
		// Every USI engine takes a byoyomi with no main time, which is a
		// fixed time per move.
		sb.WriteString(" btime 0 wtime 0 byoyomi " + ms(l.MoveTime))
	case l.BTime > 0 || l.WTime > 0 || l.Byoyomi > 0 || l.BInc > 0 || l.WInc > 0:
		sb.WriteString(" btime " + ms(l.BTime) + " wtime " + ms(l.WTime))
		if l.BInc > 0 || l.WInc > 0 {
			sb.WriteString(" binc " + ms(l.BInc) + " winc " + ms(l.WInc))
		} else {
			sb.WriteString(" byoyomi " + ms(l.Byoyomi))
		}
	}
	if l.Depth > 0 {
		sb.WriteString(" depth " + strconv.Itoa(l.Depth))
	}
	if l.Nodes > 0 {
		sb.WriteString(" nodes " + strconv.FormatUint(l.Nodes, 10))
	}
	if sb.Len() == 2 {
		sb.WriteString(" infinite") // no limit at all: until stopped
	}
	return sb.String()
}

// timeLimit is the longest the engine may think under l (0: no limit).
func timeLimit(side game.Color, l ai.Limits) time.Duration {
	switch {
	case l.Infinite || l.Ponder:
		return 0
	case l.MoveTime > 0:
		return l.MoveTime
	}
	mine, inc := l.BTime, l.BInc
	if side == game.White {
		mine, inc = l.WTime, l.WInc
	}
	if t := mine + inc + l.Byoyomi; t > 0 {
		return t
	}
	return 0 // depth or nodes: no clock to hold it to
}

// await reads the engine's answer to a go command.
func (c *Client) await(ctx context.Context, p *game.Position, r ai.Request) ai.Result {
	start := time.Now()
	var overdue <-chan time.Time
	if t := timeLimit(p.Side(), r.Limits); t > 0 {
		overdue = time.After(t + c.cfg.Grace)
	}
	done := ctx.Done()
	stopped := false
	var infos infoTracker
	// take reads one line; it returns the result when the line ends the
	// search.
	take := func(l string) (ai.Result, bool) {
		switch {
		case strings.HasPrefix(l, "info "):
			i := infos.add(p, l, time.Since(start))
			if r.Info != nil {
				r.Info(i)
			}
		case l == "bestmove" || strings.HasPrefix(l, "bestmove "):
			return c.bestmove(p, l, infos.head), true
		}
		return ai.Result{}, false
	}
	// got reads a line as it came off the channel: its end (closed) is
	// the engine gone.
	got := func(l string, ok bool) (ai.Result, bool) {
		if !ok {
			return ai.Result{Resign: true, Err: c.died("while thinking")}, true
		}
		return take(l)
	}
	for {
		select {
		case l, ok := <-c.lines:
			if res, end := got(l, ok); end {
				return res
			}
		case <-done:
			done = nil
			if err := c.send("stop"); err != nil {
				return ai.Result{Resign: true, Err: err}
			}
			overdue, stopped = time.After(c.cfg.Grace), true
		case <-overdue:
			// Behind a flood of reports the move may have come and wait
			// unread: what has come is read first.
			for range 2 * cap(c.lines) {
				select {
				case l, ok := <-c.lines:
					if res, end := got(l, ok); end {
						return res
					}
					continue
				default:
				}
				break
			}
			return ai.Result{Resign: true, Err: c.overdue(stopped, timeLimit(p.Side(), r.Limits))}
		}
	}
}

// overdue fails the engine that sent no bestmove within the grace after
// stop, or after its time (limit), and kills it.
func (c *Client) overdue(stopped bool, limit time.Duration) error {
	e := &EngineError{Kind: Silent, Engine: c.label(), Waiting: WaitingInTime, Timeout: c.cfg.Grace, Stderr: c.stderr.String()}
	if stopped {
		e.Waiting = WaitingAfterStop
		e.msg = fmt.Sprintf("engine %s sent no bestmove within %v after stop", c.label(), c.cfg.Grace)
	} else {
		e.msg = fmt.Sprintf("engine %s sent no bestmove within %v past its time (%v)", c.label(), c.cfg.Grace, limit)
	}
	c.fail(e)
	c.kill()
	return e
}

// bestmove reads "bestmove M [ponder P]", "bestmove resign" and
// "bestmove win".
func (c *Client) bestmove(p *game.Position, l string, last ai.Info) ai.Result {
	f := strings.Fields(l)
	if len(f) < 2 {
		e := &EngineError{Kind: Malformed, Engine: c.label(), msg: fmt.Sprintf("engine %s: %q names no move", c.label(), l)}
		return ai.Result{Resign: true, Err: e}
	}
	res := ai.Result{Score: last.Score, Depth: last.Depth, Nodes: last.Nodes}
	switch f[1] {
	case "resign":
		res.Resign = true
		return res
	case "win":
		if !p.CanDeclare() {
			return ai.Result{Resign: true, Err: fmt.Errorf("engine %s declared a win (bestmove win) without the right to", c.label())}
		}
		res.Declare = true
		return res
	}
	m, err := p.ParseUSIMove(f[1])
	if err != nil {
		e := &EngineError{Kind: Illegal, Engine: c.label(), Sent: f[1], msg: fmt.Sprintf("engine %s played an illegal move: %v", c.label(), err)}
		if !wellFormedMove(f[1]) {
			e.Kind = Malformed
			e.msg = fmt.Sprintf("engine %s sent a move that is not USI: %q", c.label(), f[1])
		}
		return ai.Result{Resign: true, Err: e}
	}
	res.Move = m
	res.PV = []game.Move{m}
	if len(last.PV) > 0 && last.PV[0] == m {
		res.PV = last.PV
	}
	if len(f) >= 4 && f[2] == "ponder" {
		q := p.Clone()
		q.DoMove(m)
		if pm, err := q.ParseUSIMove(f[3]); err == nil {
			res.Ponder = pm
		}
	}
	return res
}

// infoHas says which fields an info line carried.
type infoHas uint16

const (
	hasDepth infoHas = 1 << iota
	hasSelDepth
	hasNodes
	hasNPS
	hasTime
	hasHashfull
	hasScore
)

// infoTracker puts an engine's info lines together into what the search
// has found so far. Engines split their reports: fairy-stockfish sends
// "info depth 13 currmove 7g7f currmovenumber 1" between its scored
// lines, and some engines send nodes and nps on lines of their own. A
// line is not the whole state: only a scored line changes a score and a
// line of moves, and the statistics (depth, nodes, nps, time, hashfull)
// are taken from whichever line carries them.
type infoTracker struct {
	// head is the search's headline: the best line's (multipv 1, or an
	// engine without MultiPV) score and moves, with the latest statistics.
	head ai.Info
}

// add reads one info line and returns the report to pass on: a scored
// candidate other than the best (multipv 2 and up) as itself, with the
// statistics it lacks filled in; anything else as the headline, with
// MultiPV 0 when the line was not a scored line (so that a candidates'
// list keeps its own lines); an "info string" as it is.
func (t *infoTracker) add(p *game.Position, l string, elapsed time.Duration) ai.Info {
	i, has := parseInfoFields(p, l, elapsed)
	if i.String != "" {
		return i
	}
	h := &t.head
	if has&hasDepth != 0 {
		h.Depth = i.Depth
	}
	if has&hasSelDepth != 0 {
		h.SelDepth = i.SelDepth
	}
	if has&hasNodes != 0 {
		h.Nodes = i.Nodes
	}
	if has&hasNPS != 0 {
		h.NPS = i.NPS
	}
	if has&hasHashfull != 0 {
		h.Hashfull = i.Hashfull
	}
	h.Time = i.Time // elapsed when the line has no time
	if has&hasScore == 0 {
		out := *h
		out.MultiPV = 0
		return out
	}
	if i.MultiPV > 1 {
		// Another candidate: its own score and line, the search's
		// statistics where it gave none.
		if has&hasDepth == 0 {
			i.Depth = h.Depth
		}
		if has&hasNodes == 0 {
			i.Nodes = h.Nodes
		}
		if has&hasNPS == 0 {
			i.NPS = h.NPS
		}
		return i
	}
	h.Score, h.Bound, h.MultiPV = i.Score, i.Bound, i.MultiPV
	// A scored line without moves (a fail-low report) keeps the last line.
	if len(i.PV) > 0 || len(h.PV) == 0 {
		h.PV = i.PV
	}
	return *h
}

// parseInfo reads an info line; what it cannot read it leaves out (an
// engine's own extensions are common), and a PV stops at its first move
// that is not legal.
func parseInfo(p *game.Position, l string, elapsed time.Duration) ai.Info {
	i, _ := parseInfoFields(p, l, elapsed)
	return i
}

// parseInfoFields is parseInfo, saying which fields the line carried.
func parseInfoFields(p *game.Position, l string, elapsed time.Duration) (ai.Info, infoHas) {
	f := strings.Fields(l)
	i := ai.Info{Time: elapsed}
	var has infoHas
	num := func(k int) int64 {
		if k >= len(f) {
			return 0
		}
		n, _ := strconv.ParseInt(f[k], 10, 64)
		return n
	}
	for k := 1; k < len(f); k++ {
		switch f[k] {
		case "string":
			i.String = strings.Join(f[k+1:], " ")
			return i, has
		case "depth":
			k++
			i.Depth = int(num(k))
			has |= hasDepth
		case "seldepth":
			k++
			i.SelDepth = int(num(k))
			has |= hasSelDepth
		case "multipv":
			k++
			i.MultiPV = int(num(k))
		case "nodes":
			k++
			i.Nodes = uint64(max(num(k), 0))
			has |= hasNodes
		case "nps":
			k++
			i.NPS = uint64(max(num(k), 0))
			has |= hasNPS
		case "time":
			k++
			i.Time = time.Duration(num(k)) * time.Millisecond
			has |= hasTime
		case "hashfull":
			k++
			i.Hashfull = int(num(k))
			has |= hasHashfull
		case "score":
			k++
			if k+1 < len(f) {
				i.Score = parseScore(f[k], f[k+1])
				has |= hasScore
				k++
			}
		case "lowerbound":
			i.Bound = ai.BoundLower
		case "upperbound":
			i.Bound = ai.BoundUpper
		case "pv":
			q := p.Clone()
			for _, s := range f[k+1:] {
				m, err := q.ParseUSIMove(s)
				if err != nil {
					break
				}
				i.PV = append(i.PV, m)
				q.DoMove(m)
			}
			return i, has
		}
	}
	return i, has
}

// parseScore turns "cp N" or "mate N" (N plies; negative: being mated;
// "+"/"-" alone: a mate of unknown length) into the engine's score scale.
func parseScore(kind, v string) int {
	if kind == "cp" {
		n, _ := strconv.Atoi(v)
		return max(min(n, ai.MateInMaxPly-1), -(ai.MateInMaxPly - 1))
	}
	if kind != "mate" {
		return 0
	}
	switch v {
	case "+":
		return ai.MateInMaxPly
	case "-":
		return -ai.MateInMaxPly
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0
	}
	if n < 0 || strings.HasPrefix(v, "-") {
		return -(ai.MateScore + n)
	}
	return ai.MateScore - n
}

// wellFormedMove says whether s is written as a USI move (7g7f, 8h2b+,
// P*5e), legal or not.
func wellFormedMove(s string) bool {
	sq := func(f, r byte) bool { return f >= '1' && f <= '9' && r >= 'a' && r <= 'i' }
	switch {
	case len(s) == 4 && s[1] == '*':
		return strings.IndexByte("PLNSGBR", s[0]) >= 0 && sq(s[2], s[3])
	case len(s) == 4 || len(s) == 5 && s[4] == '+':
		return sq(s[0], s[1]) && sq(s[2], s[3])
	}
	return false
}

// Close asks the engine to quit and, if it has not within a second, ends
// it; the process has been waited for when it returns.
func (c *Client) Close() error {
	c.stopReading()
	_ = c.send("quit")
	_ = c.in.Close()
	select {
	case <-c.exited:
	case <-time.After(time.Second):
		c.kill()
		<-c.exited
	}
	// A child of the engine may still hold its output open: the reader
	// must not wait for it.
	_ = c.out.Close()
	return nil
}

// Gone is closed once the engine's process has ended and been waited
// for.
func (c *Client) Gone() <-chan struct{} { return c.exited }

// maxLine is the longest line read from an engine; a longer one is
// skipped whole.
const maxLine = 1 << 20

// read hands the engine's output on, line by line, made readable, until
// it ends; lines is closed then.
func (c *Client) read(r io.Reader) {
	defer close(c.lines)
	br := bufio.NewReaderSize(r, 64<<10)
	var long []byte // a line longer than the buffer, so far
	skip := false   // the line is over maxLine: read to its end, hand nothing on
	for {
		frag, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			if long = append(long, frag...); len(long) > maxLine {
				long, skip = long[:0], true
			}
			continue
		}
		line := frag
		if len(long) > 0 {
			line = append(long, frag...)
		}
		if !skip && len(line) > 0 && len(line) <= maxLine+2 {
			select {
			case c.lines <- clean(line):
			case <-c.quit:
				_, _ = io.Copy(io.Discard, br)
				return
			}
		}
		long, skip = long[:0], false
		if err != nil {
			return
		}
	}
}

// clean is one line of an engine's output as text: without its line
// end, invalid UTF-8 as U+FFFD, other control characters (escapes that
// would drive the terminal) left out and tabs as spaces.
func clean(b []byte) string {
	b = bytes.TrimRight(b, "\r\n")
	plain := utf8.Valid(b)
	for i, x := range b {
		// C0 controls and DEL; C1 controls are U+0080–U+009F, in UTF-8
		// 0xC2 then 0x80–0x9F.
		if x < 0x20 || x == 0x7f || x == 0xc2 && i+1 < len(b) && b[i+1] < 0xa0 {
			plain = false
			break
		}
	}
	if plain {
		return string(b)
	}
	var sb strings.Builder
	for _, r := range strings.ToValidUTF8(string(b), "\uFFFD") {
		switch {
		case r == '\t':
			sb.WriteByte(' ')
		case unicode.IsControl(r):
		default:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// stopReading says that nothing more will be read from lines.
func (c *Client) stopReading() {
	c.quitOnce.Do(func() { close(c.quit) })
}

func (c *Client) label() string {
	if c.Name != "" {
		return c.Name
	}
	return c.cfg.Path
}

func (c *Client) fail(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil {
		c.err = err
	}
}

func (c *Client) send(line string) error {
	c.mu.Lock()
	err := c.err
	c.mu.Unlock()
	if err != nil {
		return err
	}
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		err = c.died(fmt.Sprintf("when sent %q", line))
		return err
	}
	return nil
}

// next returns the engine's next line, or an error when it exits or the
// deadline passes first.
func (c *Client) next(deadline <-chan time.Time, waitingFor string) (string, error) {
	select {
	case l, ok := <-c.lines:
		if !ok {
			return "", c.died("waiting for " + waitingFor)
		}
		return l, nil
	case <-deadline:
		msg := fmt.Sprintf("engine %s: no %s within %v", c.label(), waitingFor, c.cfg.StartTimeout)
		tail := c.stderr.String()
		if tail != "" {
			msg += ": " + lastLine(tail)
		}
		err := &EngineError{Kind: Silent, Engine: c.label(), Waiting: waitingFor, Timeout: c.cfg.StartTimeout, Stderr: tail, msg: msg}
		c.fail(err)
		c.kill()
		return "", err
	}
}

// died records and returns the error for an engine that has gone, with
// its exit status and the end of what it wrote on stderr.
func (c *Client) died(when string) error {
	select {
	case <-c.exited:
	case <-time.After(time.Second):
		c.kill() // it closed its output and lives on: it is no engine now
		<-c.exited
	}
	msg := fmt.Sprintf("engine %s stopped %s", c.label(), when)
	e := &EngineError{Kind: Exited, Engine: c.label(), Waiting: strings.TrimPrefix(when, "waiting for "), Stderr: c.stderr.String()}
	if st := c.cmd.ProcessState; st != nil {
		e.Status = st.String()
		msg += " (" + e.Status + ")"
	}
	if e.Stderr != "" {
		msg += ": " + lastLine(e.Stderr)
	}
	e.msg = msg
	c.fail(e)
	return e
}

// lastLine is the last line of s.
func lastLine(s string) string {
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// kill ends the engine and whatever it started; it is waited for in the
// background.
func (c *Client) kill() {
	c.stopReading()
	if c.cmd.Process != nil {
		killProcessGroup(c.cmd.Process)
	}
}
