package review

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"time"

	"kiki/game"
	"kiki/kif"
)

// Problems from a player's mistakes: the position before the mistake,
// answered by one move. A missed mate accepts every move that mates; a
// move that lost accepts the best and any move the review's candidates
// put within AnswerMargin of it. A problem missed comes back soon, one
// solved later and later (Leitner boxes: a day, then twice as long each
// time), so the set is a spaced repetition that survives restarts.

// Kind is what a problem was made from.
type Kind string

// The kinds of problem.
const (
	MissedMate Kind = "mate"    // a mate was there and not played
	LostMove   Kind = "mistake" // the move played lost much more than the best
)

// AnswerMargin is how far below the best a move may score and still
// answer a problem (centipawns, the mover's view).
const AnswerMargin = 60

// Problem is one position to answer.
type Problem struct {
	ID      string   `json:"id"` // the game's key and the ply
	Kind    Kind     `json:"kind"`
	SFEN    string   `json:"sfen"`
	Answers []string `json:"answers"` // the moves accepted (USI)
	Line    []string `json:"line"`    // what follows the best answer
	Played  string   `json:"played"`  // the move played in the game
	Loss    int      `json:"loss"`    // what it cost (0 for a missed mate)
	// Where it came from: the file, the game's index in it, the move.
	Source string `json:"source"`
	Index  int    `json:"index,omitempty"`
	Ply    int    `json:"ply"`
	Player string `json:"player"`
}

// Position is the problem's position, validated.
func (p Problem) Position() (*game.Position, error) {
	pos, err := game.ParseSFEN(p.SFEN)
	if err != nil {
		return nil, err
	}
	if pe := pos.Impossible(); pe != nil {
		return nil, pe
	}
	return pos, nil
}

// Right says whether mv answers the problem.
func (p Problem) Right(mv game.Move) bool { return slices.Contains(p.Answers, mv.USI()) }

// Source says where a game came from, for the problems made from it.
type Source struct {
	File   string
	Index  int
	Player string
}

// From makes the problems of the mistakes of side in a reviewed game.
func From(r Result, g Game, side game.Color, src Source) []Problem {
	var out []Problem
	p := g.Start.Clone()
	for i, ply := range r.Plies {
		if i >= len(g.Moves) {
			break
		}
		if ply.Mover == int(side) && IsMistake(ply) {
			if pr, ok := problemAt(p, ply, r.Game); ok {
				pr.Source, pr.Index, pr.Player = src.File, src.Index, src.Player
				out = append(out, pr)
			}
		}
		p.DoMove(g.Moves[i])
	}
	return out
}

// problemAt is the problem of ply in p, the position before its move.
func problemAt(p *game.Position, ply Ply, gameKey string) (Problem, bool) {
	pr := Problem{ID: fmt.Sprintf("%s/%d", gameKey, ply.Ply), SFEN: p.SFEN(), Played: ply.Played, Ply: ply.Ply}
	switch {
	case ply.Missed:
		pr.Kind, pr.Answers, pr.Line = MissedMate, ply.MatingMoves, ply.Mate
	default:
		pr.Kind, pr.Loss = LostMove, ply.Loss()
		pr.Answers = answers(ply)
		pr.Line = ply.PV
	}
	// Every answer must be a move of the position, and the move played
	// none of them.
	var ok []string
	for _, a := range pr.Answers {
		if m, err := p.ParseUSIMove(a); err == nil && p.IsLegal(m) && a != ply.Played && !slices.Contains(ok, a) {
			ok = append(ok, a)
		}
	}
	pr.Answers = ok
	return pr, len(ok) > 0
}

// answers are the best move and the candidates within AnswerMargin of
// the best score. The best is the position's own search (its move and
// score); the candidates come from a MultiPV search of the position,
// whose lines may score below it (a search of several lines goes less
// deep): only those as good as the best, by either search, answer.
func answers(ply Ply) []string {
	sign := 1
	if ply.Mover == int(game.White) {
		sign = -1
	}
	best := ply.Score * sign
	for _, l := range ply.Lines {
		best = max(best, l.Score*sign)
	}
	var out []string
	if ply.Best != "" {
		out = append(out, ply.Best)
	}
	for _, l := range ply.Lines {
		if l.Score*sign >= best-AnswerMargin {
			out = append(out, l.Move)
		}
	}
	return out
}

// Card is how a problem has gone: its Leitner box, when it is next due,
// and the answers so far.
type Card struct {
	Box   int       `json:"box"`
	Due   time.Time `json:"due"`
	Right int       `json:"right"`
	Wrong int       `json:"wrong"`
}

// Retry is how soon a missed problem comes back: after the others due
// now, within the same sitting.
const Retry = 10 * time.Minute

// interval is how long a problem in box b (≥ 1) waits: a day, doubled
// for each box above the first.
func interval(b int) time.Duration { return 24 * time.Hour << min(b-1, 8) }

// Set is a player's problems with their cards.
type Set struct {
	Problems []Problem       `json:"problems"`
	Cards    map[string]Card `json:"cards"`
}

// Add puts in the problems the set does not have yet (by ID), due now;
// it returns how many were new.
func (s *Set) Add(now time.Time, ps ...Problem) int {
	if s.Cards == nil {
		s.Cards = map[string]Card{}
	}
	n := 0
	for _, p := range ps {
		if _, ok := s.Cards[p.ID]; ok {
			continue
		}
		s.Problems = append(s.Problems, p)
		s.Cards[p.ID] = Card{Due: now}
		n++
	}
	return n
}

// Order is the set in the order to ask it at now: the problems due, the
// longest overdue first (a missed one waits Retry, so it comes after the
// others due), then those not due yet, soonest first.
func (s *Set) Order(now time.Time) []Problem {
	out := slices.Clone(s.Problems)
	sort.SliceStable(out, func(i, j int) bool {
		return s.Cards[out[i].ID].Due.Before(s.Cards[out[j].ID].Due)
	})
	return out
}

// Due is how many problems are due at now.
func (s *Set) Due(now time.Time) int {
	n := 0
	for _, p := range s.Problems {
		if !s.Cards[p.ID].Due.After(now) {
			n++
		}
	}
	return n
}

// Answer records an answer to the problem id at now: right moves it up
// a box and waits longer; wrong puts it back in the first, soon again.
func (s *Set) Answer(id string, right bool, now time.Time) {
	c, ok := s.Cards[id]
	if !ok {
		return
	}
	if right {
		c.Right++
		c.Box++
		c.Due = now.Add(interval(c.Box))
	} else {
		c.Wrong++
		c.Box = 0
		c.Due = now.Add(Retry)
	}
	s.Cards[id] = c
}

// SetFile is the set's file in the data folder.
const SetFile = "mistakes.json"

// LoadSet reads the set kept in dir; a missing file is an empty set, a
// file that cannot be read an error (never overwritten).
func LoadSet(dir string) (Set, error) {
	var s Set
	data, err := os.ReadFile(filepath.Join(dir, SetFile))
	if errors.Is(err, fs.ErrNotExist) {
		return Set{Cards: map[string]Card{}}, nil
	}
	if err != nil {
		return s, err
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return s, fmt.Errorf("%s: not a kiki problem set: %v", filepath.Join(dir, SetFile), err)
	}
	if s.Cards == nil {
		s.Cards = map[string]Card{}
	}
	return s, nil
}

// Save keeps the set in dir.
func (s Set) Save(dir string) error {
	data, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return kif.WriteAtomic(filepath.Join(dir, SetFile), append(data, '\n'))
}
