// Package match is the game being played on the terminal board, apart
// from the screen: who plays each side, the time control and the clocks,
// how a game ends by the rules, and how far undo goes back against the
// AI. It knows nothing of Bubble Tea; the ui package drives it.
package match

import (
	"fmt"
	"path/filepath"
	"time"

	"kiki/game"
	"kiki/kif"
)

// Player says who plays a side.
type Player struct {
	AI    bool
	Level int // 1-10 when AI (the built-in AI)
	// Engine is the path of the external USI engine playing the side
	// (AI is then true too); "" is the built-in AI.
	Engine string
	// Name is the external engine's id name, once it has told it.
	Name string
	// Args are the external engine's command-line arguments, and Options
	// the USI options set on it after it starts (NAME=VALUE), so that each
	// side runs its own engine as the registry or the dialog set it up.
	Args    []string
	Options []string
}

// String is the player as the record's header and the hand line say it.
func (p Player) String() string {
	switch {
	case p.Engine != "" && p.Name != "":
		return p.Name
	case p.Engine != "":
		return filepath.Base(p.Engine)
	case p.AI:
		return fmt.Sprintf("AI Lv%d", p.Level)
	}
	return Human
}

// Human is how a record names a person who played (先手：人間).
const Human = "人間"

// HumanVsAI reports whether exactly one side is the AI.
func HumanVsAI(players [2]Player) bool { return players[0].AI != players[1].AI }

// NoPerson reports whether engines (kiki's AI or external ones) play
// both sides: the game runs by itself and the arbiter ends it.
func NoPerson(players [2]Player) bool { return players[0].AI && players[1].AI }

// The arbiter's limits in a game no person plays, as usimatch judges
// (../shared/tools/usimatch): a game reaching MaxPlies plies is a draw
// (持将棋), and an engine's move is late (a loss on time) once its time
// (main time left + byoyomi or increment) is used up by more than
// TimeMargin, which absorbs pipe and scheduling delays. An external
// engine gets the margin in every game.
const (
	MaxPlies   = 320
	TimeMargin = time.Second
)

// ClockKind is the kind of a time control.
type ClockKind uint8

// The time controls.
const (
	NoClock ClockKind = iota // no time limit
	Byoyomi                  // main time, then a fixed time per move (秒読み)
	Fischer                  // main time, plus an increment per move
	Sudden                   // main time only: out of it, the game is lost (切れ負け)
)

// ClockKinds lists every kind, in the order the new-game dialog offers them.
var ClockKinds = []ClockKind{NoClock, Byoyomi, Fischer, Sudden}

// String is the kind's name in the new-game dialog.
func (k ClockKind) String() string {
	return [...]string{"なし", "秒読み", "フィッシャー", "切れ負け"}[k]
}

// TimeControl is a game's clock setting.
type TimeControl struct {
	Kind    ClockKind
	Main    time.Duration // main time per side
	Byoyomi time.Duration // per move after the main time (Byoyomi)
	Inc     time.Duration // added per move (Fischer)
}

// String is the time control as the record's 持ち時間 header says it.
func (tc TimeControl) String() string {
	switch tc.Kind {
	case Byoyomi:
		return fmt.Sprintf("持ち時間%s 秒読み%s", duration(tc.Main), duration(tc.Byoyomi))
	case Fischer:
		return fmt.Sprintf("持ち時間%s 加算%s", duration(tc.Main), duration(tc.Inc))
	case Sudden:
		return fmt.Sprintf("持ち時間%s 切れ負け", duration(tc.Main))
	}
	return "時間制限なし"
}

func duration(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	if s >= 60 && s%60 == 0 {
		return fmt.Sprintf("%d分", s/60)
	}
	if s >= 60 {
		return fmt.Sprintf("%d分%d秒", s/60, s%60)
	}
	return fmt.Sprintf("%d秒", s)
}

// Clock is both sides' clocks under a time control. The side to move's
// clock runs from TurnAt; Spend stops it when the move is made.
type Clock struct {
	TC     TimeControl
	main   [2]time.Duration // main time left
	byo    [2]time.Duration // the byoyomi of each move (not used up: it is given again every move)
	TurnAt time.Time        // when the side to move began its turn
}

// NewClock starts the clocks of tc at now.
func NewClock(tc TimeControl, now time.Time) Clock {
	return Clock{TC: tc, main: [2]time.Duration{tc.Main, tc.Main}, byo: [2]time.Duration{tc.Byoyomi, tc.Byoyomi}, TurnAt: now}
}

// On reports whether the game has clocks.
func (c *Clock) On() bool { return c.TC.Kind != NoClock }

// Remaining is what side has left (main time and byoyomi) at now; running
// says its clock is running (it is to move in a game on).
func (c *Clock) Remaining(side game.Color, running bool, now time.Time) time.Duration {
	left := c.main[side] + c.byo[side]
	if running {
		left -= now.Sub(c.TurnAt)
	}
	return left
}

// Main is side's main time left, not counting the running turn.
func (c *Clock) Main(side game.Color) time.Duration { return c.main[side] }

// Spend charges the time since the turn began to side, who has just
// moved, starts the next turn at now, and returns the time spent.
func (c *Clock) Spend(side game.Color, now time.Time) time.Duration {
	el := now.Sub(c.TurnAt)
	c.TurnAt = now
	switch c.TC.Kind {
	case Byoyomi:
		c.main[side] = max(0, c.main[side]-el)
	case Fischer:
		c.main[side] = c.main[side] - el + c.TC.Inc
	case Sudden:
		c.main[side] -= el
	}
	return el
}

// Charge takes the time since the turn began from side's main time (no
// increment: no move was made) and begins the turn again at now: a
// paused game's clocks stand still from here, and the byoyomi of the
// turn starts afresh when it goes on.
func (c *Clock) Charge(side game.Color, now time.Time) {
	el := now.Sub(c.TurnAt)
	c.TurnAt = now
	switch c.TC.Kind {
	case Byoyomi:
		c.main[side] = max(0, c.main[side]-el)
	case Fischer, Sudden:
		c.main[side] -= el
	}
}

// Flag stops side's clock at zero: its time has run out.
func (c *Clock) Flag(side game.Color, now time.Time) {
	c.main[side], c.byo[side] = 0, 0
	c.TurnAt = now
}

// Text shows side's clock: the main time left (m:ss), then, under
// byoyomi, the seconds of the byoyomi counting down (秒読みN).
func (c *Clock) Text(side game.Color, running bool, now time.Time) string {
	left := c.Remaining(side, running, now)
	if c.TC.Kind == Byoyomi && left <= c.TC.Byoyomi {
		return fmt.Sprintf("秒読み%d", max(0, int(left/time.Second)))
	}
	if c.TC.Kind == Byoyomi {
		return ClockText(left - c.TC.Byoyomi)
	}
	return ClockText(left)
}

// ClockText is a duration as m:ss (0:00 for less than nothing).
func ClockText(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int(d / time.Second)
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// Ending is how a game ended.
type Ending struct {
	Winner  game.Color
	Draw    bool
	Reason  string // 詰み, 投了, 千日手, 連続王手の千日手, 入玉宣言, 時間切れ …
	Special kif.Special
}

// Judge says whether the position, just reached by a move, ends the game
// by the rules (詰み, 千日手, 連続王手の千日手), and how the record ends.
func Judge(p *game.Position) (Ending, bool) {
	o, loser := p.Status()
	sp := kif.OutcomeSpecial(o, loser, p.Side())
	switch o {
	case game.Checkmated, game.NoLegalMoves:
		return Ending{Winner: loser.Opp(), Reason: "詰み", Special: sp}, true
	case game.RepetitionDraw:
		return Ending{Draw: true, Reason: "千日手", Special: sp}, true
	case game.PerpetualCheck:
		return Ending{Winner: loser.Opp(), Reason: "連続王手の千日手", Special: sp}, true
	}
	return Ending{}, false
}

// UndoPlies is how many plies undo takes back from a position with side
// to move after ply plies: one, and against the AI as many more as it
// takes to reach the person's own turn again (when the game goes on).
func UndoPlies(players [2]Player, side game.Color, ply int, toOwnTurn bool) int {
	if ply == 0 {
		return 0
	}
	n := 1
	side = side.Opp()
	if !toOwnTurn || !HumanVsAI(players) {
		return n
	}
	for players[side].AI && n < ply {
		n++
		side = side.Opp()
	}
	return n
}

// Match is a game being played: who plays each side, the clocks, and
// when it began.
type Match struct {
	Players [2]Player
	Clock   Clock
	Started time.Time
}

// New begins a match at now.
func New(players [2]Player, tc TimeControl, now time.Time) Match {
	return Match{Players: players, Clock: NewClock(tc, now), Started: now}
}

// HumanVsAI reports whether exactly one side is the AI.
func (m *Match) HumanVsAI() bool { return HumanVsAI(m.Players) }

// Headers are the record's headers for the match, in order: when it
// began, the time control (when it has clocks), and each side's player
// under the side's name.
func (m *Match) Headers(names [2]string) [][2]string {
	h := [][2]string{{"開始日時", m.Started.Format("2006/01/02 15:04:05")}}
	if m.Clock.On() {
		h = append(h, [2]string{"持ち時間", m.Clock.TC.String()})
	}
	return append(h, [2]string{names[0], m.Players[0].String()}, [2]string{names[1], m.Players[1].String()})
}
