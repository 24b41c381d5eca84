package ui

import (
	"fmt"
	"strings"

	"kiki/game"
)

// setCounts is how many of each lesson.Unpromoted kind one set holds (two kings).
var setCounts = map[game.PieceType]int{game.Pawn: 18, game.Lance: 4, game.Knight: 4, game.Silver: 4,
	game.Gold: 4, game.Bishop: 2, game.Rook: 2, game.King: 2}

// boxOrder is the order the piece box lists its kinds in.
var boxOrder = []game.PieceType{game.King, game.Rook, game.Bishop, game.Gold, game.Silver, game.Knight, game.Lance, game.Pawn}

// box counts what is left of the set: neither on the board nor in a hand.
func (e *editState) box() map[game.PieceType]int {
	left := map[game.PieceType]int{}
	for t, n := range setCounts {
		left[t] = n
	}
	for _, pc := range e.board {
		if pc != game.NoPiece {
			left[pc.Type().Unpromote()]--
		}
	}
	for _, h := range e.hands {
		for _, t := range game.HandTypes {
			left[t] -= h.Count(t)
		}
	}
	return left
}

// editorPanel is the side panel while editing: the piece box, where the
// number keys put a piece, the side to move, what is wrong, and the keys.
func (m *Model) editorPanel(w, h int) []string {
	e := m.edit()
	var out []string
	add := func(s string) { out = append(out, truncate(s, w)) }
	add(m.theme.Title.Render(m.tr("box.title")))
	var box []string
	left := e.box()
	for _, t := range boxOrder {
		if left[t] > 0 {
			box = append(box, fmt.Sprintf("%s%d", t.Name(), left[t]))
		}
	}
	if len(box) == 0 {
		box = []string{m.tr("box.empty")}
	}
	for _, l := range wrap(m.tr("box.box")+strings.Join(box, " "), w) {
		add(l)
	}
	add(fmt.Sprintf(m.tr("box.target"), e.target.in(m.lang), e.color.String()))
	add(fmt.Sprintf(m.tr("box.turn"), e.side.String()))
	if e.remove {
		add(m.theme.Warn.Render(fmt.Sprintf(m.tr("box.remove"), e.target.in(m.lang))))
	}
	if e.err != "" {
		for _, l := range wrap(m.tr("box.bad")+e.err, w) {
			add(m.theme.Warn.Render(l))
		}
	} else {
		add(m.theme.Good.Render(m.tr("box.ok")))
	}
	add("")
	for _, item := range strings.Split(m.tr("box.help"), "  ") {
		for _, l := range wrap(item, w) {
			if len(out) < h {
				add(m.theme.Dim.Render(l))
			}
		}
	}
	return out
}
