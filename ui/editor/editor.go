// Package editor is the position editor's model: the board and hands
// being set up, what the keys change in them, the piece box, and why a
// placement is not yet a position.
//
// The editor works on its own copy of the board and hands,
// so the record on screen is untouched until the editor is left with
// Enter (asking first when the record has unsaved work); Esc leaves it
// as it was. Every piece comes from and goes back to the piece box (what
// the board and hands do not hold of one set), so the position always has
// the pieces of one set at most. Letters that move the cursor (h j k l)
// never place anything: pieces are placed by number, 1–8 for
// 歩 香 桂 銀 金 角 飛 玉.
package editor

import (
	"fmt"
	"strings"

	"kiki/game"
	"kiki/ui/lang"
)

// Target is where the number keys put a piece.
type Target int

const (
	OnBoard Target = iota
	BlackHand
	WhiteHand
)

func (t Target) String() string {
	return [...]string{"盤上", "先手の持駒", "後手の持駒"}[t]
}

// In is the target's name in language l.
func (t Target) In(l lang.Lang) string { return lang.Tr(l, fmt.Sprintf("edit.target%d", t)) }

// numberKinds are the kinds the number keys 1–8 place.
var numberKinds = [9]game.PieceType{0, game.Pawn, game.Lance, game.Knight, game.Silver, game.Gold, game.Bishop, game.Rook, game.King}

// Editor is a position being set up: the pieces as placed (not yet
// necessarily a legal position), the hands, the side to move, and where
// the number keys put a piece.
type Editor struct {
	Board  [game.NumSquares]game.Piece
	Side   game.Color // side to move
	Color  game.Color // side of the next piece placed
	Hands  [2]game.Hand
	Target Target
	// Remove is '-' pressed: the next number returns a piece of the
	// target hand to the box.
	Remove bool
	// Err is why the placement is not a position ("" when it is), in
	// the editor's language.
	Err    string
	preset int // index into game.Handicaps of the last start position chosen with 's'
	lang   lang.Lang
}

// New is an editor holding p, speaking l.
func New(p *game.Position, l lang.Lang) *Editor {
	e := &Editor{preset: -1, lang: l}
	e.setPosition(p)
	return e
}

// tr is the message key in the editor's language.
func (e *Editor) tr(key string) string { return lang.Tr(e.lang, key) }

// SFEN is the SFEN of the edited position.
func (e *Editor) SFEN() string { return game.ComposeSFEN(&e.Board, e.Side, e.Hands, 1) }

// Position is the edited position, or nil and why it is impossible, in words.
func (e *Editor) Position() (*game.Position, string) {
	for c := game.Black; c <= game.White; c++ {
		for f := 1; f <= 9; f++ {
			n := 0
			for r := 1; r <= 9; r++ {
				if e.Board[game.NewSquare(f, r)] == game.NewPiece(c, game.Pawn) {
					n++
				}
			}
			if n > 1 {
				return nil, fmt.Sprintf(lang.Tr(e.lang, "edit.nifu"), game.FullWidthDigits[f], c.String())
			}
		}
	}
	for s := game.Square(0); s < game.NumSquares; s++ {
		pc := e.Board[s]
		if pc == game.NoPiece {
			continue
		}
		far := s.Rank()
		if pc.Color() == game.White {
			far = 10 - far
		}
		t := pc.Type()
		if (t == game.Pawn || t == game.Lance) && far == 1 || t == game.Knight && far <= 2 {
			return nil, fmt.Sprintf(lang.Tr(e.lang, "edit.dead"), s.Japanese(), pc.Color().String(), t.Name())
		}
	}
	other := e.Side.Opp()
	inCheck := fmt.Sprintf(lang.Tr(e.lang, "edit.inCheck"), other.String(), e.Side.String())
	p, err := game.ParseSFEN(e.SFEN())
	if err != nil {
		// A parser that refuses a side not to move in check is answered
		// in the same words: look at the board with the other side to move.
		flipped := *e
		flipped.Side = other
		if q, err2 := game.ParseSFEN(flipped.SFEN()); err2 == nil {
			if k := q.King(other); k != game.NoSquare && q.Attacked(e.Side, k, q.Occupied()) {
				return nil, inCheck
			}
		}
		// The checks above and the piece box leave nothing else for the
		// parser to refuse; say so plainly if it ever does.
		return nil, lang.Tr(e.lang, "edit.cannot") + err.Error()
	}
	if k := p.King(other); k != game.NoSquare && p.Attacked(e.Side, k, p.Occupied()) {
		return nil, inCheck
	}
	return p, ""
}

// Key makes the change key s asks for on the cursor's square (place,
// remove, promote, turn a piece, change the side to move or the target,
// reset); ok reports whether s was one of them, and warn says in the
// editor's language why a change could not be made ("" when it was).
// removing is the '-' pressed before s: a number then takes a piece of
// the target hand back to the box.
func (e *Editor) Key(s string, sq game.Square, removing bool) (ok bool, warn string) {
	switch s {
	case "x", "delete", "backspace":
		e.toBox(sq)
	case "+":
		e.flipPromotion(sq)
	case "v":
		if pc := e.Board[sq]; pc != game.NoPiece && pc.Type() != game.King {
			e.Board[sq] = game.NewPiece(pc.Color().Opp(), pc.Type())
		} else if pc == game.NoPiece {
			e.Color = e.Color.Opp()
		} else if e.Board[sq] = game.NoPiece; !e.placeKing(pc.Color().Opp(), sq) {
			e.Board[sq] = pc
		}
	case "w":
		e.Side = e.Side.Opp()
	case "t":
		e.Target = (e.Target + 1) % 3
	case "-":
		if e.Target == OnBoard {
			e.toBox(sq)
		} else {
			e.Remove = true
		}
	case "z":
		e.Board = [game.NumSquares]game.Piece{}
		e.Hands = [2]game.Hand{}
		e.Side = game.Black
	case "s":
		e.nextStart()
	case "m":
		e.mateProblem()
	default:
		if len(s) != 1 || s[0] < '1' || s[0] > '8' {
			return false, ""
		}
		return true, e.put(numberKinds[s[0]-'0'], sq, removing)
	}
	return true, ""
}

// flipPromotion promotes the piece on sq, or unpromotes a promoted one.
func (e *Editor) flipPromotion(sq game.Square) {
	pc := e.Board[sq]
	switch t := pc.Type(); {
	case pc == game.NoPiece:
	case t.CanPromote():
		e.Board[sq] = game.NewPiece(pc.Color(), t.Promote())
	case t.IsPromoted():
		e.Board[sq] = game.NewPiece(pc.Color(), t.Unpromote())
	}
}

// put puts a piece of kind t (from the box, else from a hand) at the
// target: on sq for the placing side, or into a hand. With remove it
// takes one of t from the target hand back to the box instead. It says
// why when it cannot.
func (e *Editor) put(t game.PieceType, sq game.Square, remove bool) string {
	if e.Target != OnBoard {
		c := game.Color(e.Target - BlackHand)
		if t == game.King {
			return e.tr("edit.kingHand")
		}
		if remove {
			if !e.Hands[c].Has(t) {
				return fmt.Sprintf(e.tr("edit.noneIn"), e.Target.In(e.lang), t.Name())
			}
			e.Hands[c] = e.Hands[c].Sub(t)
			return ""
		}
		switch {
		case e.Box()[t] > 0:
		case e.Hands[c.Opp()].Has(t):
			// The box is empty of it: take it from the other hand.
			e.Hands[c.Opp()] = e.Hands[c.Opp()].Sub(t)
		default:
			return fmt.Sprintf(e.tr("edit.noneBoxOpp"), t.Name())
		}
		e.Hands[c] = e.Hands[c].Add(t)
		return ""
	}
	if remove {
		e.toBox(sq)
		return ""
	}
	old := e.Board[sq]
	e.Board[sq] = game.NoPiece // back to the box first
	if t == game.King {
		if !e.placeKing(e.Color, sq) {
			e.Board[sq] = old
			return e.tr("edit.noKing")
		}
		return ""
	}
	if e.Box()[t] == 0 {
		// The box is empty of it: take it from a hand, 後手's first (in a
		// mate problem the rest of the set waits there).
		switch {
		case e.Hands[game.White].Has(t):
			e.Hands[game.White] = e.Hands[game.White].Sub(t)
		case e.Hands[game.Black].Has(t):
			e.Hands[game.Black] = e.Hands[game.Black].Sub(t)
		default:
			e.Board[sq] = old
			return fmt.Sprintf(e.tr("edit.noneBox"), t.Name())
		}
	}
	e.Board[sq] = game.NewPiece(e.Color, t)
	return ""
}

// placeKing puts c's king on sq, moving it there if it is elsewhere.
func (e *Editor) placeKing(c game.Color, sq game.Square) bool {
	k := game.NewPiece(c, game.King)
	for s := game.Square(0); s < game.NumSquares; s++ {
		if e.Board[s] == k {
			e.Board[s] = game.NoPiece
		}
	}
	if e.Box()[game.King] == 0 {
		return false
	}
	e.Board[sq] = k
	return true
}

// toBox returns the piece on sq to the box.
func (e *Editor) toBox(sq game.Square) { e.Board[sq] = game.NoPiece }

// nextStart sets the next standard start position: the even game, then
// each handicap in turn (上手 moving first).
func (e *Editor) nextStart() {
	cur := e.SFEN()
	i := 0
	for j, h := range game.Handicaps {
		if h.SFEN() == cur {
			i = j + 1
		}
	}
	h := game.Handicaps[i%len(game.Handicaps)]
	e.setPosition(h.Position())
	e.preset = int(h)
}

// mateProblem sets up a mate problem: 後手's king on ５一, the rest of the
// set in 後手's hand (the tsume convention), 先手 to move; pieces are then
// placed from the box or moved from 後手's hand into 先手's.
func (e *Editor) mateProblem() {
	e.Board = [game.NumSquares]game.Piece{}
	e.Hands = [2]game.Hand{}
	e.Board[game.NewSquare(5, 1)] = game.NewPiece(game.White, game.King)
	e.Side = game.Black
	for _, t := range game.HandTypes {
		e.Hands[game.White] = e.Hands[game.White].With(t, game.MaxInHand(t))
	}
}

// setPosition sets up p.
func (e *Editor) setPosition(p *game.Position) {
	for s := game.Square(0); s < game.NumSquares; s++ {
		e.Board[s] = p.PieceAt(s)
	}
	e.Hands = [2]game.Hand{p.Hand(game.Black), p.Hand(game.White)}
	e.Side = p.Side()
}

// setCounts is how many of each unpromoted kind one set holds (two kings).
var setCounts = map[game.PieceType]int{game.Pawn: 18, game.Lance: 4, game.Knight: 4, game.Silver: 4,
	game.Gold: 4, game.Bishop: 2, game.Rook: 2, game.King: 2}

// boxOrder is the order the piece box lists its kinds in.
var boxOrder = []game.PieceType{game.King, game.Rook, game.Bishop, game.Gold, game.Silver, game.Knight, game.Lance, game.Pawn}

// Box counts what is left of the set: neither on the board nor in a hand.
func (e *Editor) Box() map[game.PieceType]int {
	left := map[game.PieceType]int{}
	for t, n := range setCounts {
		left[t] = n
	}
	for _, pc := range e.Board {
		if pc != game.NoPiece {
			left[pc.Type().Unpromote()]--
		}
	}
	for _, h := range e.Hands {
		for _, t := range game.HandTypes {
			left[t] -= h.Count(t)
		}
	}
	return left
}

// BoxText is what is left in the box, kind by kind in the box's order
// (飛2 角2 …), or "" when it is empty.
func (e *Editor) BoxText() string {
	var box []string
	left := e.Box()
	for _, t := range boxOrder {
		if left[t] > 0 {
			box = append(box, fmt.Sprintf("%s%d", t.Name(), left[t]))
		}
	}
	return strings.Join(box, " ")
}
