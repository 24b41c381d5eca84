package ui

import (
	"fmt"
	"time"

	"kiki/game"
	"kiki/kif"
	"kiki/ui/enginepanel"
	"kiki/ui/match"
)

// player says who plays a side; timeControl is a game's clock setting.
type (
	player      = match.Player
	timeControl = match.TimeControl
)

// ending is how a game ended.
type ending struct {
	over   bool
	winner game.Color
	draw   bool
	reason string // 詰み, 投了, 千日手, 連続王手の千日手, 入玉宣言, 時間切れ, 反則 …
	// noResult: the game was stopped (中断) with neither a winner nor a draw.
	noResult bool
}

// session is a record being played or replayed: the tree, the node on
// screen and its position, who plays each side, clocks, and whether there
// is anything unsaved.
type session struct {
	rec   *kif.Record
	node  *kif.Node
	pos   *game.Position
	match match.Match // players, clocks, when the game began
	end   ending
	dirty bool
	// edited is a change to the record itself (a comment, analysis
	// written into it, a variation deleted or promoted), as opposed to
	// moves tried on the board; opened says path is a file kiki read and
	// has not written yet. Together they decide whether quitting may
	// write over that file by default.
	edited  bool
	opened  bool
	path    string // the file it came from or was saved to
	format  kif.Format
	playing bool // a game in progress (clocks, AI), as opposed to a record being read
	game    bool // the session was a game played here (it may have ended)
	// pendingEnd is the ending of a finished game taken back with undo:
	// it stays in the record until the next move replaces it.
	pendingEnd *kif.Node
	// paused: a game no person plays waits (z), its clocks standing
	// still; lines are each side's latest search report in such a game.
	paused bool
	lines  [2]enginepanel.Line
}

func newSession(start *game.Position) *session {
	s := &session{rec: kif.NewRecord(start)}
	s.node = s.rec.Root
	s.pos = s.rec.Position(s.node)
	return s
}

func sessionFromRecord(r *kif.Record, path string) *session {
	s := &session{rec: r, node: r.Root, path: path, opened: path != ""}
	if f, ok := kif.FormatOfPath(path); ok {
		s.format = f
	}
	s.pos = r.Position(s.node)
	return s
}

// markEdited records a change to the record itself.
func (s *session) markEdited() { s.dirty, s.edited = true, true }

// goTo shows node n.
func (s *session) goTo(n *kif.Node) {
	if n.IsSpecial() {
		n = n.Parent
	}
	s.node = n
	s.pos = s.rec.Position(n)
}

// line returns the nodes of the line through the current node: its path,
// then first children after it.
func (s *session) line() []*kif.Node { return lineThrough(s.node) }

// play makes move m at the current node: an existing child is followed, a
// new move becomes a new branch (the main continuation while a game is
// being played, a variation when reading a record).
func (s *session) play(m game.Move, spent time.Duration) {
	if e := s.pendingEnd; e != nil && s.playing {
		s.pendingEnd = nil
		if e.Parent != nil {
			kif.Remove(e)
			s.dirty = true
		}
	}
	if c := s.node.FindChild(m); c != nil {
		s.node = c
	} else {
		c := s.node.AddChild(&kif.Node{Move: m})
		if spent > 0 {
			c.Time, c.HasTime = spent.Round(time.Second), true
			c.Total, c.HasTotal = s.totalSpent(c)+c.Time, true
		}
		if s.playing {
			kif.Promote(c)
		}
		s.node = c
		s.dirty = true
	}
	s.pos.DoMove(m)
}

// totalSpent is the running total of the mover of node c before c: the
// total of its previous move, two plies up.
func (s *session) totalSpent(c *kif.Node) time.Duration {
	if opp := c.Parent; opp != nil && opp.Parent != nil {
		if prev := opp.Parent; prev.Parent != nil && prev.HasTotal {
			return prev.Total
		}
	}
	return 0
}

// back and forward step through the line.
func (s *session) back() bool {
	if s.node.Parent == nil {
		return false
	}
	s.node = s.node.Parent
	s.pos.UndoMove()
	return true
}

func (s *session) forward() bool {
	for _, c := range s.node.Children {
		if !c.IsSpecial() {
			s.node = c
			s.pos.DoMove(c.Move)
			return true
		}
	}
	return false
}

// checkEnd looks at the position after a move and ends the game if the
// rules say so.
func (s *session) checkEnd() {
	if e, over := match.Judge(s.pos); over {
		s.finish(e.Winner, e.Draw, e.Reason, e.Special)
	}
}

// finish ends the game and records the ending in the tree.
func (s *session) finish(winner game.Color, draw bool, reason string, sp kif.Special) {
	if s.end.over {
		return
	}
	s.end = ending{over: true, winner: winner, draw: draw, reason: reason, noResult: reason == "中断"}
	if sp != kif.NotSpecial && (s.playing || len(s.node.Children) == 0) {
		s.recordEnding(sp)
	}
	if s.playing {
		s.rec.Set("終了日時", time.Now().Format("2006/01/02 15:04:05"))
		if _, ok := s.rec.Get("結果"); ok {
			// A result saved before an undo reopened the game is stale.
			s.rec.Set("結果", s.end.banner(s.sideNames()))
		}
		s.playing = false
	}
}

// recordEnding writes a game's ending at the node on screen as the main
// line's last line. Moves taken back before it (undo, then resign) stay in
// the tree as a variation, as they do when another move replaces them, so
// the main line — what every format writes — is what was played; an
// ending left by an earlier undo is dropped.
func (s *session) recordEnding(sp kif.Special) {
	if e := s.pendingEnd; e != nil {
		s.pendingEnd = nil
		if e.Parent != nil && e.Parent != s.node {
			kif.Remove(e)
		}
	}
	var e *kif.Node
	for _, c := range s.node.Children {
		if c.IsSpecial() && c.Special == sp {
			e = c
			break
		}
	}
	if e == nil {
		e = s.node.AddChild(&kif.Node{Special: sp})
	}
	kif.Promote(e)
	s.dirty = true
}

// banner is the end-of-game text as a record's 結果 header writes it
// (always Japanese: it is part of the record).
func (e ending) banner(names [2]string) string { return e.bannerIn(Japanese, names) }

// bannerIn is the end-of-game text in the screen's language.
func (e ending) bannerIn(l Lang, names [2]string) string {
	if !e.over {
		return ""
	}
	if e.draw {
		return fmt.Sprintf(tr(l, "st.draw"), e.reasonIn(l))
	}
	if e.noResult {
		return tr(l, "st.interrupted") // no result: no winner to name
	}
	return fmt.Sprintf(tr(l, "st.wins"), e.reasonIn(l), names[e.winner])
}

// reasonIn is how the game ended in language l: the record's word (投了)
// on the Japanese screen, its English on the English one.
func (e ending) reasonIn(l Lang) string { return trOr(l, "end."+e.reason, e.reason) }

// sideNames returns 先手/後手, or 下手/上手 in a handicap game.
func (s *session) sideNames() [2]string {
	return sideNames(s.rec.Start.IsPreset && s.rec.Start.Preset != game.Even)
}

// aiToMove reports whether the AI should move now.
func (s *session) aiToMove() bool {
	return s.playing && !s.end.over && !s.paused && s.match.Players[s.pos.Side()].AI && len(s.node.Children) == 0
}

// humanVsAI reports whether exactly one side is the AI.
func (s *session) humanVsAI() bool { return s.match.HumanVsAI() }

// clockRunning reports whether the side to move's clock runs: a game with
// clocks is on.
func (s *session) clockRunning() bool {
	return s.playing && !s.end.over && !s.paused && s.match.Clock.On()
}

// turnRunning reports whether side's clock runs now: it is to move in a
// game on that is not paused.
func (s *session) turnRunning(side game.Color) bool {
	return side == s.pos.Side() && s.playing && !s.end.over && !s.paused
}

// depth is how many moves the node on screen is from the start.
func (s *session) depth() int {
	d := 0
	for n := s.node; n.Parent != nil; n = n.Parent {
		d++
	}
	return d
}
