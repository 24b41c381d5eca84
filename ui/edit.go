package ui

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
)

// The free study board: place or remove any piece, move the kings
// around, and watch effects and check tables follow. Letters place a
// piece of the chosen side (p l n s g b r k), '+' promotes or unpromotes
// it, 'v' switches the side of the piece under the cursor (or of the next
// one placed; shift+letter places one of the other side), x / delete
// removes it, 'w' switches the side to move, arrows (and h j) move the
// cursor, and Esc leaves editing with the new position as a fresh record.

type editState struct {
	board [game.NumSquares]game.Piece
	side  game.Color // side to move
	color game.Color // side of the next piece placed
	hands [2]game.Hand
	err   string
}

func (m *Model) startEdit() {
	if m.s.playing && !m.s.end.over && m.s.node.Ply > 0 {
		m.setMessage("対局中は編集できません (finish or start a new game)", true)
		return
	}
	m.cancelAI()
	e := &editState{side: m.s.pos.Side()}
	for s := game.Square(0); s < game.NumSquares; s++ {
		e.board[s] = m.s.pos.PieceAt(s)
	}
	e.hands = [2]game.Hand{m.s.pos.Hand(game.Black), m.s.pos.Hand(game.White)}
	m.edit = e
	m.editing = true
	m.selected, m.dropKind = game.NoSquare, game.NoPieceType
	m.setMessage("盤面編集: p l n s g b r k で配置, + 成/戻, v 先後, x 削除, w 手番, esc 終了", false)
}

// sfen builds the SFEN of the edited position (hands as they were).
func (e *editState) sfen() string { return game.ComposeSFEN(&e.board, e.side, e.hands, 1) }

// apply shows the edited position if it is a valid one, else keeps the
// last valid one and says what is wrong.
func (m *Model) applyEdit() {
	p, err := game.ParseSFEN(m.edit.sfen())
	if err != nil {
		m.edit.err = err.Error()
		return
	}
	m.edit.err = ""
	m.s = newSession(p)
	m.s.dirty = true
	m.replay = true
}

var editLetters = map[string]game.PieceType{"p": game.Pawn, "l": game.Lance, "n": game.Knight, "s": game.Silver,
	"g": game.Gold, "b": game.Bishop, "r": game.Rook, "k": game.King}

func (m *Model) editKey(msg tea.KeyMsg) tea.Cmd {
	e := m.edit
	s := msg.String()
	switch {
	case s == "esc":
		m.editing = false
		m.edit = nil
		m.setMessage("編集終了: the position is a new record (n: play from it with p)", false)
		return nil
	case s == "up":
		m.moveCursor(0, -1)
	case s == "down" || s == "j":
		m.moveCursor(0, 1)
	case s == "left" || s == "h":
		m.moveCursor(-1, 0)
	case s == "right":
		m.moveCursor(1, 0)
	case s == "e" || s == "c" || s == "." || s == "," || s == "f" || s == "?":
		// The study keys work while editing.
		m.editing = false
		cmd := m.onKey(msg)
		m.editing = true
		return cmd
	case s == "x" || s == "delete" || s == "backspace":
		e.board[m.cursor] = game.NoPiece
	case s == "+":
		pc := e.board[m.cursor]
		if pc != game.NoPiece {
			t := pc.Type()
			switch {
			case t.CanPromote():
				e.board[m.cursor] = game.NewPiece(pc.Color(), t.Promote())
			case t.IsPromoted():
				e.board[m.cursor] = game.NewPiece(pc.Color(), t.Unpromote())
			}
		}
	case s == "v":
		if pc := e.board[m.cursor]; pc != game.NoPiece {
			e.board[m.cursor] = game.NewPiece(pc.Color().Opp(), pc.Type())
		} else {
			e.color = e.color.Opp()
		}
	case s == "w":
		e.side = e.side.Opp()
	default:
		lower := strings.ToLower(s)
		if t, ok := editLetters[lower]; ok && len(s) == 1 {
			c := e.color
			if s != lower {
				c = c.Opp() // shift: the other side
			}
			if t == game.King {
				// A side has one king: move it here.
				for sq := game.Square(0); sq < game.NumSquares; sq++ {
					if e.board[sq] == game.NewPiece(c, game.King) {
						e.board[sq] = game.NoPiece
					}
				}
			}
			e.board[m.cursor] = game.NewPiece(c, t)
		} else if s == "q" || s == "ctrl+c" {
			return m.onKeyQuit()
		} else {
			return nil
		}
	}
	m.applyEdit()
	return nil
}

func (m *Model) onKeyQuit() tea.Cmd {
	m.editing = false
	m.askQuit()
	if m.quitting {
		return tea.Quit
	}
	return nil
}
