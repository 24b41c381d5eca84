package ui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"kiki/game"
	"kiki/kif"
	"kiki/ui/board"
	"kiki/ui/widget"
)

// studyKinds are the piece kinds the check study cycles through; the last
// setting, NoPieceType, is every kind at once (全駒).
var studyKinds = []game.PieceType{game.Pawn, game.Lance, game.Knight, game.Silver, game.Gold, game.Bishop, game.Rook,
	game.ProPawn, game.ProLance, game.ProKnight, game.ProSilver, game.Horse, game.Dragon, game.NoPieceType}

// studyState is what the study overlays show.
type studyState struct {
	effectMap  bool
	checkStudy bool
	kindIdx    int
	// attacker is the attacking side of the check study; fixed marks it as
	// chosen by the player rather than following the side to move.
	attacker game.Color
	fixed    bool
	// allOrigins shows every origin of a checking move (o), not only the
	// squares where the attacker has a piece of the kind (O): the empty
	// origins are many (20 and more for a gold) and drown the drops.
	allOrigins bool
	// followed is the hand piece last chosen on the board, which the
	// study follows when the choice changes (Tab, a click on the hand).
	followed game.PieceType
}

// studyIndex is kind t's place in studyKinds (0, 歩, when it is none).
func studyIndex(t game.PieceType) int {
	for i, k := range studyKinds {
		if k == t {
			return i
		}
	}
	return 0
}

// followHand makes the check study study the hand piece just chosen to
// drop (Tab, a click on the hand), for the side to move; the root calls
// it after every message.
func (m *Model) followHand() {
	st := &m.study
	k := m.board.dropKind
	if k == st.followed {
		return
	}
	st.followed = k
	if k == game.NoPieceType || !st.checkStudy {
		return
	}
	st.kindIdx, st.fixed = studyIndex(k), false
}

// kind is the chosen piece kind, NoPieceType for all of them.
func (st *studyState) kind() game.PieceType { return studyKinds[st.kindIdx] }

func (st *studyState) attackerFor(p *game.Position) game.Color {
	if st.fixed {
		return st.attacker
	}
	return p.Side()
}

// toggleCheckStudy turns the check study on or off; it opens on the first
// kind the attacker actually has, in hand first, then on the board.
func (m *Model) toggleCheckStudy() {
	st := &m.study
	st.checkStudy = !st.checkStudy
	if !st.checkStudy {
		return
	}
	p := m.s.pos
	if k := m.board.dropKind; k != game.NoPieceType {
		// The piece chosen to drop is the one to study.
		st.kindIdx, st.fixed = studyIndex(k), false
		return
	}
	att := st.attackerFor(p)
	has := func(t game.PieceType, board bool) bool {
		if board {
			return p.PiecesOf(att, t).NonZero()
		}
		return t <= game.Gold && p.Hand(att).Has(t)
	}
	for _, board := range []bool{false, true} {
		for i, t := range studyKinds {
			if t != game.NoPieceType && has(t, board) {
				st.kindIdx = i
				return
			}
		}
	}
}

// checkInfo is the check study's content for the legend.
type checkInfo struct {
	attacker              game.Color
	kind                  game.PieceType // NoPieceType: every kind
	drops, dests, origins int
	originPieces          int // origins that hold a piece of the kind
	// The sets themselves, for the legend's sentences.
	dropSet, destSet, originSet, pieceSet game.Bitboard
	allOrigins                            bool // every origin shown, not only O
	checks, mates                         []game.Move
	noKing                                bool
	// layer holds the legal checks now (! and #), drawn beside the study
	// marks rather than over them.
	layer [game.NumSquares]board.Mark
}

// checkMarks is the layer of legal checks and mates of the check study.
func (m *Model) checkMarks() [game.NumSquares]board.Mark {
	_, ci := m.marks()
	return ci.layer
}

// studySets is the check study's sets for attacker att and kind t (every
// kind when t is NoPieceType), without drops the rules forbid: a pawn on a
// file that has one of att's pawns (二歩), and, when att is to move and
// holds the piece, any drop the position does not allow (打ち歩詰め).
func studySets(p *game.Position, att game.Color, t game.PieceType) (cs game.CheckSets, withPiece game.Bitboard) {
	kinds := []game.PieceType{t}
	if t == game.NoPieceType {
		kinds = studyKinds[:len(studyKinds)-1]
	}
	for _, k := range kinds {
		s := p.CheckSets(att, k)
		drops := s.Drops
		if k == game.Pawn {
			pawns := p.PiecesOf(att, game.Pawn)
			for pawns.NonZero() {
				f := pawns.Pop().File()
				for r := 1; r <= 9; r++ {
					drops = drops.AndNot(game.SquareBB(game.NewSquare(f, r)))
				}
			}
		}
		if att == p.Side() && k <= game.Gold && p.Hand(att).Has(k) {
			legal := drops
			for b := drops; b.NonZero(); {
				sq := b.Pop()
				if !p.IsLegal(game.NewDrop(game.NewPiece(att, k), sq)) {
					legal = legal.AndNot(game.SquareBB(sq))
				}
			}
			drops = legal
		}
		cs.Drops = cs.Drops.Or(drops)
		cs.Destinations = cs.Destinations.Or(s.Destinations)
		cs.Origins = cs.Origins.Or(s.Origins)
		withPiece = withPiece.Or(s.Origins.And(p.PiecesOf(att, k)))
	}
	return cs, withPiece
}

// ofKind reports whether a move is made with (or drops) a piece of kind t;
// every move is when t is NoPieceType.
func ofKind(mv game.Move, t game.PieceType) bool {
	switch {
	case t == game.NoPieceType:
		return true
	case mv.IsDrop():
		return mv.DropType() == t
	}
	return mv.Piece().Type() == t
}

// marks is the highlights of every square (see boardModel.marks).
func (m *Model) marks() ([game.NumSquares]board.Mark, checkInfo) {
	return m.board.marks(m.s.pos, &m.study, m.boardHighlight())
}

// markSet collects marks, the higher one winning on a square.
type markSet [game.NumSquares]board.Mark

func (mk *markSet) set(b game.Bitboard, k board.Mark) {
	for b.NonZero() {
		s := b.Pop()
		if k > mk[s] {
			mk[s] = k
		}
	}
}

// studyMarks adds the check study's sets to mk and returns its content:
// origins, destinations and drops of checks by the chosen kind, and the
// actual checks and mates when the attacker is to move.
func studyMarks(mk *markSet, p *game.Position, st *studyState) checkInfo {
	var ci checkInfo
	att := st.attackerFor(p)
	ci.attacker, ci.kind = att, st.kind()
	if p.King(att.Opp()) == game.NoSquare {
		ci.noKing = true
		return ci
	}
	cs, withPiece := studySets(p, att, ci.kind)
	// Without the empty origins, D and M (also an origin) would name a
	// mark that is not drawn: they are d and m then.
	origins := withPiece
	if st.allOrigins {
		origins = cs.Origins
		mk.set(cs.Origins.AndNot(withPiece), board.MarkCheckOrigin)
	}
	mk.set(withPiece, board.MarkCheckOriginPiece)
	mk.set(cs.Destinations.AndNot(origins), board.MarkCheckDest)
	mk.set(cs.Destinations.And(origins), board.MarkCheckDestOrigin)
	mk.set(cs.Drops.AndNot(origins), board.MarkCheckDrop)
	mk.set(cs.Drops.And(origins), board.MarkCheckDropOrigin)
	ci.drops, ci.dests, ci.origins = cs.Drops.Count(), cs.Destinations.Count(), cs.Origins.Count()
	ci.originPieces = withPiece.Count()
	ci.dropSet, ci.destSet, ci.originSet, ci.pieceSet = cs.Drops, cs.Destinations, cs.Origins, withPiece
	ci.allOrigins = st.allOrigins
	if att == p.Side() {
		checksAndMates(p, &ci)
	}
	return ci
}

// checksAndMates lists the legal checks of the chosen kind and which of
// them mate, into ci and its layer of marks.
func checksAndMates(p *game.Position, ci *checkInfo) {
	var ml game.MoveList
	p.GenerateChecks(&ml)
	for _, mv := range ml.Slice() {
		if !ofKind(mv, ci.kind) {
			continue
		}
		ci.checks = append(ci.checks, mv)
		p.DoMove(mv)
		mated := !p.HasLegalMove()
		p.UndoMove()
		to := mv.To()
		if mated {
			ci.mates = append(ci.mates, mv)
			ci.layer[to] = board.MarkMate
		} else if ci.layer[to] != board.MarkMate {
			ci.layer[to] = board.MarkCheckMove
		}
	}
}

// marks computes the highlights of every square: last move, the check
// study's sets, the effect of the piece under the cursor (or selected),
// legal destinations, cursor; the highlighted move hl (over the study's
// sets, under the selection's marks); and the check study's content.
func (b *boardModel) marks(p *game.Position, st *studyState, hl game.Move) ([game.NumSquares]board.Mark, checkInfo) {
	var mk markSet
	if lm := p.LastMove(); lm != game.NoMove {
		mk.set(game.SquareBB(lm.To()), board.MarkLast)
		if !lm.IsDrop() {
			mk.set(game.SquareBB(lm.From()), board.MarkLast)
		}
	}
	var ci checkInfo
	king := game.NoSquare
	if st.checkStudy {
		ci = studyMarks(&mk, p, st)
		king = p.King(ci.attacker.Opp())
	}
	if hl != game.NoMove {
		mk.set(game.SquareBB(hl.To()), board.MarkHint)
		if !hl.IsDrop() {
			mk.set(game.SquareBB(hl.From()), board.MarkHint)
		}
	}
	// Effect of the selected piece, else of the piece under the cursor.
	from := b.selected
	if from == game.NoSquare {
		from = b.cursor
	}
	if from != game.NoSquare && b.dropKind == game.NoPieceType {
		mk.set(p.AttacksFrom(from), board.MarkEffect)
	}
	for _, mv := range b.legalMoves(p) {
		if st.checkStudy && mv.IsDrop() {
			// A piece in hand may drop on most squares: their + would
			// bury the study of that piece, which its ! and d show.
			break
		}
		if mv.IsCapture() {
			mk.set(game.SquareBB(mv.To()), board.MarkCapture)
		} else {
			mk.set(game.SquareBB(mv.To()), board.MarkDest)
		}
	}
	if b.selected != game.NoSquare {
		mk.set(game.SquareBB(b.selected), board.MarkSelected)
	}
	if king != game.NoSquare && mk[king] < board.MarkHint {
		// The enemy king stands clear of every tint, so it reads at a glance.
		mk[king] = board.MarkStudyKing
	}
	if b.cursor != game.NoSquare {
		mk[b.cursor] = board.MarkCursor
	}
	return mk, ci
}

// studyLegend explains the check study's marks, a sentence per mark, each
// led by its mark in its tint, inside the width the notes are wrapped to
// (the squares are listed as far as they fit, then counted), and names
// the mates.
func (m *Model) studyLegend(ci checkInfo) string {
	names := m.s.sideNames()
	if ci.noKing {
		return m.theme.Dim.Render(fmt.Sprintf(m.tr("study.noKing"), names[ci.attacker.Opp()]))
	}
	w := m.noteWidth()
	kind, word := m.tr("study.all"), m.tr("study.all")
	if ci.kind != game.NoPieceType {
		kind, word = ci.kind.Name(), pieceWord(m.lang, ci.kind)
	}
	lines := []string{m.theme.Title.Render(fmt.Sprintf(m.tr("study.head"), names[ci.attacker], word))}
	line := func(mk board.Mark, format string, sqs game.Bitboard, args ...any) {
		lead := m.legendMark(mk) + " "
		text := fmt.Sprintf(format, args...)
		room := w - ansi.StringWidth(lead) - ansi.StringWidth(text)
		lines = append(lines, lead+text+m.squareList(sqs, room))
	}
	if ci.kind == game.NoPieceType || ci.kind <= game.Gold {
		if ci.kind == game.NoPieceType {
			line(board.MarkCheckDrop, m.tr("study.dropsAll"), ci.dropSet)
		} else {
			line(board.MarkCheckDrop, m.tr("study.drops"), ci.dropSet, kind)
		}
	}
	line(board.MarkCheckDest, m.tr("study.dests"), ci.destSet)
	if ci.allOrigins {
		line(board.MarkCheckOrigin, m.tr("study.originsAll"), ci.originSet)
	} else {
		line(board.MarkCheckOriginPiece, m.tr("study.origins"), ci.pieceSet, kind, ci.origins)
	}
	if ci.attacker != m.s.pos.Side() {
		lines = append(lines, m.theme.Dim.Render(fmt.Sprintf(m.tr("study.notToMove"), names[ci.attacker])))
		return strings.Join(lines, "\n")
	}
	s := m.legendMark(board.MarkCheckMove) + " " + fmt.Sprintf(m.tr("study.checksNow"), len(ci.checks))
	lines = append(lines, s)
	var mates []string
	for i, mv := range ci.mates {
		if i == 3 {
			mates = append(mates, "...")
			break
		}
		mates = append(mates, mv.Piece().Color().Mark()+kif.KI2Move(m.s.pos, mv, m.s.pos.LastMove()))
	}
	s = m.legendMark(board.MarkMate) + " " + fmt.Sprintf(m.tr("study.mates"), len(ci.mates))
	if len(mates) > 0 {
		s += "  " + strings.Join(mates, " ")
	}
	return strings.Join(append(lines, s), "\n")
}

// legendMark is a mark's character as the board draws it: in the mark
// colour on its tint.
func (m *Model) legendMark(mk board.Mark) string { return board.MarkLegend(&m.theme, mk) }

// noteWidth is the widest note line that layout leaves unwrapped (one
// less than the board column when the side panel stands beside the
// notes, else than the screen): a wrapped line loses its colours.
func (m *Model) noteWidth() int {
	w, _ := m.size()
	g := m.geom()
	if w-(g.ColumnWidth()+board.SideGap)-1 >= sideMinWidth {
		return g.ColumnWidth() - 1
	}
	return w - 1
}

// squareList names the squares of b in reading order (rank by rank, from
// the screen's left) and how many in all: "５二 ４二 (2か所)", or as
// many as fit in room columns and how many more ("５二 ４二 他3か所"), or
// "なし" for none.
func (m *Model) squareList(b game.Bitboard, room int) string {
	n := b.Count()
	if n == 0 {
		return m.tr("study.none")
	}
	var names []string
	for r := 1; r <= 9; r++ {
		for f := 9; f >= 1; f-- {
			if s := game.NewSquare(f, r); b.Has(s) {
				names = append(names, m.squareName(s))
			}
		}
	}
	count := fmt.Sprintf(m.tr("study.count"), n)
	if n == 1 {
		count = m.tr("study.count1")
	}
	all := strings.Join(names, " ") + " (" + count + ")"
	if ansi.StringWidth(all) <= room {
		return all
	}
	out := ""
	for i, nm := range names {
		more := fmt.Sprintf(m.tr("study.more"), n-i-1)
		if ansi.StringWidth(out+nm+" "+more) > room {
			break
		}
		out += nm + " "
	}
	shown := len(strings.Fields(out))
	if shown == n { // all the names fit, but not the count after them
		return strings.TrimSpace(out)
	}
	return out + fmt.Sprintf(m.tr("study.more"), n-shown)
}

// squareName is a square as the board's labels show it: ５二, or 5b on an
// ASCII board.
func (m *Model) squareName(s game.Square) string {
	if m.board.ascii {
		return s.USI()
	}
	return s.Japanese()
}

// pieceWords are the English names of the kinds, after the kanji the
// board shows (the Japanese screen shows the kanji alone).
var pieceWords = [game.NumPieceTypes]string{game.Pawn: "pawn", game.Lance: "lance", game.Knight: "knight", game.Silver: "silver",
	game.Gold: "gold", game.Bishop: "bishop", game.Rook: "rook", game.King: "king", game.ProPawn: "tokin", game.ProLance: "promoted lance",
	game.ProKnight: "promoted knight", game.ProSilver: "promoted silver", game.Horse: "horse", game.Dragon: "dragon"}

// pieceWord names kind t in language l: 銀 in Japanese, "銀 silver" in English.
func pieceWord(l Lang, t game.PieceType) string {
	if l == Japanese || int(t) >= len(pieceWords) || pieceWords[t] == "" {
		return t.Name()
	}
	return t.Name() + " " + pieceWords[t]
}

// dropOtherHandPiece puts back the hand piece chosen to drop when the
// study steps to another kind: the board would otherwise drop a piece
// the study no longer shows.
func (m *Model) dropOtherHandPiece() {
	if k := m.board.dropKind; k != game.NoPieceType && k != m.study.kind() {
		m.board.deselect()
		m.study.followed = game.NoPieceType
	}
}

// playStudyCheck is Enter (or a click) on a square the check study marks
// ! or #, with no piece of the board picked up: it plays the check that
// reaches it (a drop of the hand piece chosen, when one is and it
// checks there), or asks which when several do (a drop or a move,
// promoted or not, from two origins). ok is false when the square is not
// such a mark.
func (m *Model) playStudyCheck(s game.Square) (tea.Cmd, bool) {
	if !m.study.checkStudy || m.board.selected != game.NoSquare || !s.Valid() {
		return nil, false
	}
	_, ci := m.marks()
	if ci.attacker != m.s.pos.Side() || ci.layer[s] == board.MarkNone {
		return nil, false
	}
	var to, drops []game.Move
	for _, mv := range ci.checks {
		if mv.To() == s {
			to = append(to, mv)
			if k := m.board.dropKind; k != game.NoPieceType && mv.IsDrop() && mv.DropType() == k {
				drops = append(drops, mv)
			}
		}
	}
	if len(drops) > 0 {
		to = drops
	}
	switch {
	case len(to) == 0:
		return nil, false
	case len(to) == 1:
		return m.playMove(to[0]), true
	}
	// The chooser's keys are 1-9; more checks to one square than that
	// cannot happen with one kind (two origins, each promoted or not, and
	// a drop at most), but the list is cut rather than trusted.
	var choices []widget.Option
	for i, mv := range to[:min(len(to), 9)] {
		label := mv.Piece().Color().Mark() + kif.KI2Move(m.s.pos, mv, m.s.pos.LastMove())
		choices = append(choices, widget.Opt(fmt.Sprint(i+1), label, playMoveMsg{mv}))
	}
	choices = append(choices, widget.Opt("n", m.tr("ask.cancel"), nil))
	m.dialog = &widget.Choice{Question: fmt.Sprintf(m.tr("study.which"), m.squareName(s)), Options: choices}
	return nil, true
}
