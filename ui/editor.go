package ui

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"kiki/game"
	"kiki/ui/widget"
)

// The position editor. It works on its own copy of the board and hands,
// so the record on screen is untouched until the editor is left with
// Enter (asking first when the record has unsaved work); Esc leaves it
// as it was. Every piece comes from and goes back to the piece box (what
// the board and hands do not hold of one set), so the position always has
// the pieces of one set at most. Letters that move the cursor (h j k l)
// never place anything: pieces are placed by number, 1–8 for
// 歩 香 桂 銀 金 角 飛 玉.

// editTarget is where the number keys put a piece.
type editTarget int

const (
	targetBoard editTarget = iota
	targetBlackHand
	targetWhiteHand
)

func (t editTarget) String() string {
	return [...]string{"盤上", "先手の持駒", "後手の持駒"}[t]
}

// in is the target's name in language l.
func (t editTarget) in(l Lang) string { return tr(l, fmt.Sprintf("edit.target%d", t)) }

// editKinds are the kinds the number keys 1–8 place.
var editKinds = [9]game.PieceType{0, game.Pawn, game.Lance, game.Knight, game.Silver, game.Gold, game.Bishop, game.Rook, game.King}

type editState struct {
	board  [game.NumSquares]game.Piece
	side   game.Color // side to move
	color  game.Color // side of the next piece placed
	hands  [2]game.Hand
	target editTarget
	remove bool // '-' pressed: the next number returns a piece of the target hand to the box
	preset int  // index into game.Handicaps of the last start position chosen with 's'
	err    string
	lang   Lang // the language of err

	// covered is the board the editor opened over: shown again on Esc,
	// replaced only when the editor is left with Enter.
	covered
}

func (m *Model) startEdit() {
	if m.roomGameOn("edit.gameOn") {
		return
	}
	m.cancelAI()
	m.analysis.cancel()
	e := &editState{side: m.s.pos.Side(), covered: m.cover(), preset: -1, lang: m.lang}
	for s := game.Square(0); s < game.NumSquares; s++ {
		e.board[s] = m.s.pos.PieceAt(s)
	}
	e.hands = [2]game.Hand{m.s.pos.Hand(game.Black), m.s.pos.Hand(game.White)}
	m.room = e
	m.analysis.reset()
	m.board.deselect()
	m.applyEdit()
}

// sfen builds the SFEN of the edited position.
func (e *editState) sfen() string { return game.ComposeSFEN(&e.board, e.side, e.hands, 1) }

// applyEdit shows the edited position (the study overlays follow it) if it
// is a possible one; otherwise the board shows the pieces as placed and
// the error says what is wrong.
func (m *Model) applyEdit() {
	p, why := m.edit().position()
	m.edit().err = why
	if p != nil {
		m.s = newSession(p)
		m.replay = true
	}
}

// position is the edited position, or nil and why it is impossible, in words.
func (e *editState) position() (*game.Position, string) {
	for c := game.Black; c <= game.White; c++ {
		for f := 1; f <= 9; f++ {
			n := 0
			for r := 1; r <= 9; r++ {
				if e.board[game.NewSquare(f, r)] == game.NewPiece(c, game.Pawn) {
					n++
				}
			}
			if n > 1 {
				return nil, fmt.Sprintf(tr(e.lang, "edit.nifu"), game.FullWidthDigits[f], c.String())
			}
		}
	}
	for s := game.Square(0); s < game.NumSquares; s++ {
		pc := e.board[s]
		if pc == game.NoPiece {
			continue
		}
		far := s.Rank()
		if pc.Color() == game.White {
			far = 10 - far
		}
		t := pc.Type()
		if (t == game.Pawn || t == game.Lance) && far == 1 || t == game.Knight && far <= 2 {
			return nil, fmt.Sprintf(tr(e.lang, "edit.dead"), s.Japanese(), pc.Color().String(), t.Name())
		}
	}
	other := e.side.Opp()
	inCheck := fmt.Sprintf(tr(e.lang, "edit.inCheck"), other.String(), e.side.String())
	p, err := game.ParseSFEN(e.sfen())
	if err != nil {
		// A parser that refuses a side not to move in check is answered
		// in the same words: look at the board with the other side to move.
		flipped := *e
		flipped.side = other
		if q, err2 := game.ParseSFEN(flipped.sfen()); err2 == nil {
			if k := q.King(other); k != game.NoSquare && q.Attacked(e.side, k, q.Occupied()) {
				return nil, inCheck
			}
		}
		// The checks above and the piece box leave nothing else for the
		// parser to refuse; say so plainly if it ever does.
		return nil, tr(e.lang, "edit.cannot") + err.Error()
	}
	if k := p.King(other); k != game.NoSquare && p.Attacked(e.side, k, p.Occupied()) {
		return nil, inCheck
	}
	return p, ""
}

// editKey handles a key in the editor, rune by rune when several arrive
// in one message (keys typed or repeated quickly).
func (m *Model) editKey(msg tea.KeyMsg) tea.Cmd {
	if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Paste {
		var cmds []tea.Cmd
		for _, r := range msg.Runes {
			cmds = append(cmds, m.editKey(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}))
			if !m.editing() {
				break
			}
		}
		return tea.Batch(cmds...)
	}
	removing := m.edit().remove
	m.edit().remove = false
	if cmd, ok := m.editorKey(msg); ok {
		return cmd
	}
	if m.editPiece(msg.String(), removing) {
		m.applyEdit()
	}
	return nil
}

// editorKey handles the keys that leave the editor, move the cursor or
// work the study tools; ok is false for the keys that edit.
func (m *Model) editorKey(msg tea.KeyMsg) (cmd tea.Cmd, ok bool) {
	switch msg.String() {
	case "enter":
		return m.finishEdit(), true
	case "esc":
		m.cancelEdit()
		m.setMessage(m.tr("edit.cancelled"), false)
		return m.maybeStartAI(), true
	}
	if cmd, ok := m.editorSharedKey(msg); ok {
		return cmd, true
	}
	switch msg.String() {
	case "q", "ctrl+c":
		m.askQuit()
		if m.quitting {
			return tea.Quit, true
		}
	default:
		return nil, false
	}
	return nil, true
}

// editorSharedKey handles the keys the editor shares with the board: the
// cursor and the flip (the board component's own), the full help, and
// the effect map and check study, which work on the position being set
// up. ok is false for every other key.
func (m *Model) editorSharedKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Up, k.Down, k.Left, k.Right, k.Flip):
		m.board.update(msg, m.s.pos)
		return nil, true
	case key.Matches(msg, k.StepBack):
		// No record to step through here: ← and → move the cursor.
		m.board.moveCursor(-1, 0)
		return nil, true
	case key.Matches(msg, k.StepFwd):
		m.board.moveCursor(1, 0)
		return nil, true
	case key.Matches(msg, k.Help):
		return m.screenKey(msg)
	case key.Matches(msg, k.EffectMap, k.CheckStudy, k.KindNext, k.KindPrev):
		m.helpClosed(msg)
		return m.studyKey(msg)
	}
	return nil, false
}

// editPiece makes the change a key asks for (place, remove, promote,
// turn a piece, change the side to move or the target, reset); it reports
// whether the key was one of them.
func (m *Model) editPiece(s string, removing bool) bool {
	e := m.edit()
	sq := m.board.cursor
	switch s {
	case "x", "delete", "backspace":
		e.toBox(sq)
	case "+":
		e.flipPromotion(sq)
	case "v":
		if pc := e.board[sq]; pc != game.NoPiece && pc.Type() != game.King {
			e.board[sq] = game.NewPiece(pc.Color().Opp(), pc.Type())
		} else if pc == game.NoPiece {
			e.color = e.color.Opp()
		} else if e.board[sq] = game.NoPiece; !e.placeKing(pc.Color().Opp(), sq) {
			e.board[sq] = pc
		}
	case "w":
		e.side = e.side.Opp()
	case "t":
		e.target = (e.target + 1) % 3
	case "-":
		if e.target == targetBoard {
			e.toBox(sq)
		} else {
			e.remove = true
		}
	case "z":
		e.board = [game.NumSquares]game.Piece{}
		e.hands = [2]game.Hand{}
		e.side = game.Black
	case "s":
		e.nextStart()
	case "m":
		e.mateProblem()
	default:
		if len(s) != 1 || s[0] < '1' || s[0] > '8' {
			return false
		}
		m.editPut(editKinds[s[0]-'0'], removing)
	}
	return true
}

// flipPromotion promotes the piece on sq, or unpromotes a promoted one.
func (e *editState) flipPromotion(sq game.Square) {
	pc := e.board[sq]
	switch t := pc.Type(); {
	case pc == game.NoPiece:
	case t.CanPromote():
		e.board[sq] = game.NewPiece(pc.Color(), t.Promote())
	case t.IsPromoted():
		e.board[sq] = game.NewPiece(pc.Color(), t.Unpromote())
	}
}

// closeEdit closes the editor, leaving the board as it is.
func (m *Model) closeEdit() {
	m.room = nil
}

// cancelEdit closes the editor and shows the board it opened over; the
// side the board was turned to in the editor stays.
func (m *Model) cancelEdit() {
	c := m.edit().covered
	m.closeEdit()
	c.flipped = m.board.flipped
	m.uncover(c)
}

// finishEdit leaves the editor with its position as a new record, asking
// first when the record on screen has unsaved work.
func (m *Model) finishEdit() tea.Cmd {
	e := m.edit()
	p, why := e.position()
	if p == nil {
		m.setMessage(m.tr("edit.bad")+why, true)
		return nil
	}
	if p.SFEN() == e.covered.s.pos.SFEN() {
		// Nothing changed: back to the record as it was.
		m.cancelEdit()
		return m.maybeStartAI()
	}
	if u := e.covered.s; u.dirty || u.playing && !u.end.over && u.node.Ply > 0 {
		m.dialog = &widget.Confirm{
			Question: m.tr("ask.takeEdit"),
			Yes:      takeEditMsg{p},
		}
		return nil
	}
	m.takeEdit(p)
	return nil
}

// takeEdit leaves the editor with p as a new record.
func (m *Model) takeEdit(p *game.Position) {
	m.closeEdit()
	m.s = newSession(p)
	m.s.dirty = true
	m.replay = true
	m.analysis.reset()
	m.setMessage(m.tr("edit.taken"), false)
}

// editPut puts a piece of kind t (from the box, else from a hand) at the target: on the
// cursor's square for the placing side, or into a hand. With remove it
// takes one of t from the target hand back to the box instead.
func (m *Model) editPut(t game.PieceType, remove bool) {
	e := m.edit()
	if e.target != targetBoard {
		c := game.Color(e.target - targetBlackHand)
		if t == game.King {
			m.setMessage(m.tr("edit.kingHand"), true)
			return
		}
		if remove {
			if !e.hands[c].Has(t) {
				m.setMessage(fmt.Sprintf(m.tr("edit.noneIn"), e.target.in(m.lang), t.Name()), true)
				return
			}
			e.hands[c] = e.hands[c].Sub(t)
			return
		}
		switch {
		case e.box()[t] > 0:
		case e.hands[c.Opp()].Has(t):
			// The box is empty of it: take it from the other hand.
			e.hands[c.Opp()] = e.hands[c.Opp()].Sub(t)
		default:
			m.setMessage(fmt.Sprintf(m.tr("edit.noneBoxOpp"), t.Name()), true)
			return
		}
		e.hands[c] = e.hands[c].Add(t)
		return
	}
	if remove {
		e.toBox(m.board.cursor)
		return
	}
	sq := m.board.cursor
	old := e.board[sq]
	e.board[sq] = game.NoPiece // back to the box first
	if t == game.King {
		if !e.placeKing(e.color, sq) {
			e.board[sq] = old
			m.setMessage(m.tr("edit.noKing"), true)
		}
		return
	}
	if e.box()[t] == 0 {
		// The box is empty of it: take it from a hand, 後手's first (in a
		// mate problem the rest of the set waits there).
		switch {
		case e.hands[game.White].Has(t):
			e.hands[game.White] = e.hands[game.White].Sub(t)
		case e.hands[game.Black].Has(t):
			e.hands[game.Black] = e.hands[game.Black].Sub(t)
		default:
			e.board[sq] = old
			m.setMessage(fmt.Sprintf(m.tr("edit.noneBox"), t.Name()), true)
			return
		}
	}
	e.board[sq] = game.NewPiece(e.color, t)
}

// placeKing puts c's king on sq, moving it there if it is elsewhere.
func (e *editState) placeKing(c game.Color, sq game.Square) bool {
	k := game.NewPiece(c, game.King)
	for s := game.Square(0); s < game.NumSquares; s++ {
		if e.board[s] == k {
			e.board[s] = game.NoPiece
		}
	}
	if e.box()[game.King] == 0 {
		return false
	}
	e.board[sq] = k
	return true
}

// toBox returns the piece on sq to the box.
func (e *editState) toBox(sq game.Square) { e.board[sq] = game.NoPiece }

// nextStart sets the next standard start position: the even game, then
// each handicap in turn (上手 moving first).
func (e *editState) nextStart() {
	cur := e.sfen()
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
func (e *editState) mateProblem() {
	e.board = [game.NumSquares]game.Piece{}
	e.hands = [2]game.Hand{}
	e.board[game.NewSquare(5, 1)] = game.NewPiece(game.White, game.King)
	e.side = game.Black
	for _, t := range game.HandTypes {
		e.hands[game.White] = e.hands[game.White].With(t, game.MaxInHand(t))
	}
}

func (e *editState) setPosition(p *game.Position) {
	for s := game.Square(0); s < game.NumSquares; s++ {
		e.board[s] = p.PieceAt(s)
	}
	e.hands = [2]game.Hand{p.Hand(game.Black), p.Hand(game.White)}
	e.side = p.Side()
}

// shownHand is a side's hand as drawn: the editor's while editing.
func (m *Model) shownHand(c game.Color) game.Hand {
	if m.editing() {
		return m.edit().hands[c]
	}
	return m.s.pos.Hand(c)
}

// editHelp is the help bar while editing, in the key map's language.
func (k keyMap) editHelp() helpKeys {
	b := func(name, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(name), key.WithHelp(name, tr(k.Lang, desc)))
	}
	short := []key.Binding{b("hjkl", "edit.cursor"), b("1-8", "edit.pieces"), b("t", "edit.target"), b("x", "edit.toBox"),
		b("+", "edit.promote"), b("v", "edit.side"), b("w", "edit.turn"), b("enter", "edit.done"), b("esc", "edit.cancel")}
	full := [][]key.Binding{short[:5], append(short[5:7:7], b("z", "edit.clear"), b("s", "edit.start"), b("m", "edit.tsume")), short[7:]}
	return helpKeys{short: short, full: full}
}

// editHandNote marks the hand the number keys fill while editing.
func (m *Model) editHandNote(c game.Color) string {
	if !m.editing() || m.edit().target != targetBlackHand+editTarget(c) {
		return ""
	}
	return m.theme.Selected.Render(" <- " + m.tr("edit.here"))
}

// editing reports whether the position editor is open.
func (m *Model) editing() bool { return m.edit() != nil }
