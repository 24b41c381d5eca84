package kif

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"kiki/game"
)

// CSA standard file format V2.2: one main line, no variations.

// csaKeys maps CSA "$" keys to the KIF header keys kiki keeps.
var csaKeys = map[string]string{
	"EVENT": "棋戦", "SITE": "場所", "START_TIME": "開始日時", "END_TIME": "終了日時",
	"TIME_LIMIT": "持ち時間", "OPENING": "戦型",
}

var csaKeyOf = func() map[string]string {
	m := map[string]string{}
	for k, v := range csaKeys {
		m[v] = k
	}
	return m
}()

var csaSpecials = map[string]Special{
	"TORYO": Resign, "CHUDAN": Interrupt, "SENNICHITE": Repetition, "TIME_UP": Timeout,
	"ILLEGAL_MOVE": FoulLose, "JISHOGI": Impasse, "KACHI": EnteringKing, "TSUMI": Mate,
	"FUZUMI": NoMate,
}

// ReadCSA reads a CSA V2.2 record.
func ReadCSA(name, text string) (*Record, error) {
	r := &csaReader{builder: newBuilder(name)}
	r.hands[0], r.hands[1] = map[game.PieceType]int{}, map[game.PieceType]int{}
	lines := splitLines(text)
	for i, line := range lines {
		if err := r.line(i+1, line); err != nil {
			return nil, err
		}
	}
	return r.end(len(lines))
}

// csaReader reads a CSA file statement by statement: the position
// statements (PI, P1…P9, P+/P-, the side to move) fill board and hands,
// and the first move or ending fixes the start position.
type csaReader struct {
	*builder
	board    [81]game.Piece
	hands    [2]map[game.PieceType]int
	side     game.Color
	hasBoard bool
	hasSide  bool
}

// line reads one line: a comment line, or statements separated by commas.
func (r *csaReader) line(no int, line string) error {
	line = strings.TrimRight(line, "\r")
	if strings.TrimSpace(line) == "" {
		return nil
	}
	if strings.HasPrefix(line, "'") {
		if strings.HasPrefix(line, "'*") {
			r.comment(line[2:])
		}
		return nil
	}
	sts := strings.Split(line, ",")
	for i, st := range sts {
		if strings.HasPrefix(strings.TrimLeft(st, " \t"), "'") {
			// A comment after a comma runs to the end of the line, commas
			// included: "+7776FU,T0,'* 130 7g7f 8c8d", "%KACHI,'* -5000 win".
			return r.line(no, strings.TrimLeft(strings.Join(sts[i:], ","), " \t"))
		}
		if err := r.statement(no, st); err != nil {
			return err
		}
	}
	return nil
}

// statement reads one CSA statement.
func (r *csaReader) statement(no int, st string) error {
	if isBoardRow(st) {
		st = strings.TrimLeft(st, " \t")
		if len(st) < 29 {
			st += strings.Repeat(" ", 29-len(st)) // writers trim the trailing blank of " * "
		}
	} else {
		st = strings.TrimSpace(st)
	}
	if st == "" {
		return nil
	}
	r.seenAny = true
	switch {
	case strings.HasPrefix(st, "V"):
	case strings.HasPrefix(st, "N+"):
		r.header = append(r.header, HeaderField{SideNames(false)[game.Black], st[2:]})
	case strings.HasPrefix(st, "N-"):
		r.header = append(r.header, HeaderField{SideNames(false)[game.White], st[2:]})
	case strings.HasPrefix(st, "$"):
		r.info(st)
	case strings.HasPrefix(st, "PI"):
		return r.presetBoard(no, st)
	case isBoardRow(st):
		return r.boardRow(no, st)
	case strings.HasPrefix(st, "P+") || strings.HasPrefix(st, "P-"):
		return r.pieces(no, st)
	case (st == "+" || st == "-") && r.pos == nil:
		r.side, r.hasSide = game.Black, true
		if st == "-" {
			r.side = game.White
		}
	case (st[0] == '+' || st[0] == '-') && len(st) == 7:
		return r.move(no, st)
	case st[0] == 'T':
		r.time(st)
	case st[0] == '%':
		return r.ending(no, st)
	default:
		r.warnf(no, "unrecognised CSA statement %q ignored", st)
	}
	return nil
}

func isBoardRow(st string) bool {
	return len(st) >= 2 && st[0] == 'P' && st[1] >= '1' && st[1] <= '9'
}

// info reads "$KEY:value", naming the keys KIF has its own words for.
func (r *csaReader) info(st string) {
	k, v, _ := strings.Cut(st[1:], ":")
	if jk, ok := csaKeys[k]; ok {
		k = jk
	} else {
		k = "$" + k
	}
	r.header = append(r.header, HeaderField{k, v})
}

// presetBoard reads "PI" and the pieces it removes ("PI82HI22KA").
func (r *csaReader) presetBoard(no int, st string) error {
	if r.pos != nil {
		return r.errorf(no, "a position line after the moves")
	}
	p := game.NewStartPosition()
	for s := game.Square(0); s < 81; s++ {
		r.board[s] = p.PieceAt(s)
	}
	rest := st[2:]
	for len(rest) >= 4 {
		f, rk := int(rest[0]-'0'), int(rest[1]-'0')
		t, ok := csaPieces[rest[2:4]]
		if f < 1 || f > 9 || rk < 1 || rk > 9 || !ok || r.board[game.NewSquare(f, rk)].Type() != t {
			return r.errorf(no, "PI: cannot remove %q", rest[:4])
		}
		r.board[game.NewSquare(f, rk)] = game.NoPiece
		rest = rest[4:]
	}
	if rest != "" {
		return r.errorf(no, "PI: trailing %q", rest)
	}
	r.hasBoard = true
	return nil
}

// boardRow reads one rank "P1-KY-KE * …".
func (r *csaReader) boardRow(no int, st string) error {
	rank := int(st[1] - '0')
	cells := strings.TrimRight(st[2:], " ")
	if len(cells) < 27 {
		cells += strings.Repeat(" ", 27-len(cells))
	}
	if len(cells) != 27 {
		return r.errorf(no, "P%d: want nine 3-character cells, got %q", rank, cells)
	}
	for k := 0; k < 9; k++ {
		cell := cells[3*k : 3*k+3]
		s := game.NewSquare(9-k, rank)
		if strings.TrimSpace(cell) == "*" {
			r.board[s] = game.NoPiece
			continue
		}
		t, ok := csaPieces[cell[1:]]
		if !ok || (cell[0] != '+' && cell[0] != '-') {
			return r.errorf(no, "P%d: bad cell %q", rank, cell)
		}
		c := game.Black
		if cell[0] == '-' {
			c = game.White
		}
		r.board[s] = game.NewPiece(c, t)
	}
	r.hasBoard = true
	return nil
}

// pieces reads "P+00KI2233KA" (pieces put on squares or in hand) and
// "P-00AL" (every remaining piece into that hand).
func (r *csaReader) pieces(no int, st string) error {
	c := game.Black
	if st[1] == '-' {
		c = game.White
	}
	rest := st[2:]
	for len(rest) >= 4 {
		sq, kind := rest[:2], rest[2:4]
		rest = rest[4:]
		if sq == "00" && kind == "AL" {
			r.restInHand(c)
			continue
		}
		t, ok := csaPieces[kind]
		if !ok {
			return r.errorf(no, "bad piece %q", kind)
		}
		if sq == "00" {
			if t > game.Gold {
				return r.errorf(no, "%s cannot be held", kind)
			}
			r.hands[c][t]++
			continue
		}
		f, rk := int(sq[0]-'0'), int(sq[1]-'0')
		if f < 1 || f > 9 || rk < 1 || rk > 9 {
			return r.errorf(no, "bad square %q", sq)
		}
		r.board[game.NewSquare(f, rk)] = game.NewPiece(c, t)
	}
	if rest != "" {
		return r.errorf(no, "trailing %q", rest)
	}
	r.hasBoard = true
	return nil
}

// restInHand puts every piece not on the board or in a hand into c's hand.
func (r *csaReader) restInHand(c game.Color) {
	var used [game.NumPieceTypes]int
	for _, pc := range r.board {
		if pc != game.NoPiece {
			used[pc.Type().Unpromote()]++
		}
	}
	for cc := range r.hands {
		for t, n := range r.hands[cc] {
			used[t] += n
		}
	}
	for _, t := range game.HandTypes {
		r.hands[c][t] += game.MaxInHand(t) - used[t]
	}
}

// move reads "+7776FU".
func (r *csaReader) move(no int, st string) error {
	if err := r.start(no, st); err != nil {
		return err
	}
	parent, ok := r.attachPoint(r.cur.Ply+1, no)
	if !ok {
		return nil
	}
	r.addMove(parent, st, func(p *game.Position, _ game.Move) (game.Move, error) { return csaMove(p, st) }, no)
	return nil
}

// time reads "T12", the seconds the last move took.
func (r *csaReader) time(st string) {
	secs, err := strconv.Atoi(st[1:])
	if err != nil || r.cur == nil || r.fake[r.cur] {
		return
	}
	r.cur.Time, r.cur.HasTime = time.Duration(secs)*time.Second, true
}

// ending reads "%TORYO" and the other endings.
func (r *csaReader) ending(no int, st string) error {
	if err := r.start(no, ""); err != nil {
		return err
	}
	word := st[1:]
	if r.cur.Special == SpecialIllegal && (word == "ILLEGAL_MOVE" || word == "+ILLEGAL_ACTION" || word == "-ILLEGAL_ACTION") {
		return nil // the foul that closes an illegal move, as writers put it
	}
	parent, ok := r.attachPoint(r.cur.Ply+1, no)
	if !ok {
		return nil
	}
	switch {
	case word == "+ILLEGAL_ACTION" || word == "-ILLEGAL_ACTION":
		// The named side fouled: a win for the side to move if the other side fouled.
		fouler := game.Black
		if word[0] == '-' {
			fouler = game.White
		}
		if fouler == r.pos.Side() {
			r.addSpecial(parent, FoulLose, "")
		} else {
			r.addSpecial(parent, FoulWin, "")
		}
	default:
		if sp, ok := csaSpecials[word]; ok {
			r.addSpecial(parent, sp, "")
		} else {
			r.addSpecial(parent, SpecialOther, st)
		}
	}
	return nil
}

// start fixes the start position from the position statements read so
// far, before the first move or ending; firstMove is that move, if any.
func (r *csaReader) start(no int, firstMove string) error {
	if r.pos != nil {
		return nil
	}
	r.rec.Header = r.header
	if !r.hasBoard {
		return r.errorf(no, "moves before a position (PI, P1…P9 or P+/P- lines)")
	}
	if !r.hasSide {
		switch {
		case strings.HasPrefix(firstMove, "-"):
			r.side = game.White
			r.warnf(no, "no side-to-move line (+ or -) before the moves; 後手 to move, as the first move says")
		case firstMove != "":
			r.warnf(no, "no side-to-move line (+ or -) before the moves; 先手 to move, as the first move says")
		default:
			r.warnf(no, "no side-to-move line (+ or -); 先手 to move assumed")
		}
	}
	var hs [2]game.Hand
	for cc := range r.hands {
		for t, n := range r.hands[cc] {
			if n < 0 || n > game.MaxInHand(t) {
				return r.errorf(no, "more %s in hand than a set has", t.Name())
			}
			hs[cc] = hs[cc].With(t, n)
		}
	}
	p, err := r.startPosition(game.ComposeSFEN(&r.board, r.side, hs, 1), no)
	if err != nil {
		return err
	}
	r.rec.SetStart(p)
	r.pos = r.rec.StartPosition()
	r.posNode, r.cur = r.rec.Root, r.rec.Root
	return nil
}

// end completes the record once every line is read.
func (r *csaReader) end(lines int) (*Record, error) {
	if r.pos == nil && r.hasBoard {
		if err := r.start(lines, ""); err != nil {
			return nil, err
		}
	}
	if r.pos == nil && r.seenAny {
		return nil, r.errorf(0, "no position (PI or P1…P9 lines) in the CSA record")
	}
	return r.finish(lines)
}

// csaMove resolves "+7776FU" (the piece named as it stands after the move).
func csaMove(p *game.Position, s string) (game.Move, error) {
	side := game.Black
	if s[0] == '-' {
		side = game.White
	}
	if side != p.Side() {
		return game.NoMove, fmt.Errorf("%s: it is %s's move", s, p.Side())
	}
	t, ok := csaPieces[s[5:7]]
	if !ok {
		return game.NoMove, fmt.Errorf("%s: unknown piece %q", s, s[5:7])
	}
	ff, fr, tf, tr := int(s[1]-'0'), int(s[2]-'0'), int(s[3]-'0'), int(s[4]-'0')
	if tf < 1 || tf > 9 || tr < 1 || tr > 9 {
		return game.NoMove, fmt.Errorf("%s: bad destination", s)
	}
	to := game.NewSquare(tf, tr)
	if ff == 0 && fr == 0 {
		m := game.NewDrop(game.NewPiece(side, t), to)
		if why := p.WhyIllegal(m); why != "" {
			return game.NoMove, fmt.Errorf("%s: %s", s, why)
		}
		return m, nil
	}
	if ff < 1 || ff > 9 || fr < 1 || fr > 9 {
		return game.NoMove, fmt.Errorf("%s: bad origin", s)
	}
	from := game.NewSquare(ff, fr)
	pc := p.PieceAt(from)
	if pc == game.NoPiece {
		return game.NoMove, fmt.Errorf("%s: no piece on %s", s, from.Japanese())
	}
	promote := pc.Type() != t
	if promote && pc.Type().Promote() != t {
		return game.NoMove, fmt.Errorf("%s: the piece on %s is %s", s, from.Japanese(), csaNames[pc.Type()])
	}
	m := game.NewMove(from, to, pc, p.PieceAt(to), promote)
	if why := p.WhyIllegal(m); why != "" {
		return game.NoMove, fmt.Errorf("%s: %s", s, why)
	}
	return m, nil
}

// WriteCSA formats the main line as CSA V2.2. Comments are written as
// '* lines; header fields CSA has no key for become ' comment lines.
// CSA has no variations.
func WriteCSA(r *Record) string {
	var sb strings.Builder
	sb.WriteString("V2.2\n")
	writeCSAHeader(&sb, r.Header)
	writeCSAPosition(&sb, r)
	for _, c := range r.Root.Comments {
		sb.WriteString("'*" + c + "\n")
	}
	for _, n := range r.MainLine() {
		if n.Special == SpecialIllegal {
			writeCSAIllegal(&sb, r, n)
			continue
		}
		if n.IsSpecial() {
			sb.WriteString(csaSpecialLine(r, n) + "\n")
		} else {
			m := n.Move
			sb.WriteString(csaMoveText(m.Piece().Color(), m.From(), m.To(), m.IsDrop(), m.Moved().Type()) + "\n")
		}
		if n.HasTime {
			fmt.Fprintf(&sb, "T%d\n", int(n.Time/time.Second))
		}
		for _, c := range n.Comments {
			sb.WriteString("'*" + c + "\n")
		}
	}
	return sb.String()
}

// writeCSAHeader writes the players' names (N+, N-) first, then the other
// fields: CSA's own keys as $KEY:value, any other as a comment.
func writeCSAHeader(sb *strings.Builder, header []HeaderField) {
	var rest []HeaderField
	for _, f := range header {
		if c, ok := SideByName(f.Key); ok {
			fmt.Fprintf(sb, "N%s%s\n", csaSign(c), f.Value)
		} else {
			rest = append(rest, f)
		}
	}
	for _, f := range rest {
		switch ck, ok := csaKeyOf[f.Key]; {
		case ok:
			fmt.Fprintf(sb, "$%s:%s\n", ck, f.Value)
		case strings.HasPrefix(f.Key, "$"):
			fmt.Fprintf(sb, "%s:%s\n", f.Key, f.Value)
		default:
			fmt.Fprintf(sb, "'%s：%s\n", f.Key, f.Value)
		}
	}
}

// writeCSAPosition writes the start position — PI for the even start,
// else the nine board rows and the hands — and the side to move.
func writeCSAPosition(sb *strings.Builder, r *Record) {
	p := r.StartPosition()
	if r.Start.IsPreset && r.Start.Preset == game.Even {
		sb.WriteString("PI\n")
	} else {
		for rank := 1; rank <= 9; rank++ {
			fmt.Fprintf(sb, "P%d", rank)
			for f := 9; f >= 1; f-- {
				if pc := p.PieceAt(game.NewSquare(f, rank)); pc == game.NoPiece {
					sb.WriteString(" * ")
				} else {
					sb.WriteString(csaSign(pc.Color()) + csaNames[pc.Type()])
				}
			}
			sb.WriteString("\n")
		}
		for _, c := range []game.Color{game.Black, game.White} {
			h := p.Hand(c)
			if h.IsEmpty() {
				continue
			}
			sb.WriteString("P" + csaSign(c))
			for _, t := range game.HandTypes {
				for k := 0; k < h.Count(t); k++ {
					sb.WriteString("00" + csaNames[t])
				}
			}
			sb.WriteString("\n")
		}
	}
	sb.WriteString(csaSign(p.Side()) + "\n")
}

// csaMoveText spells a move the CSA way: the mover's sign, the origin (00
// for a drop), the destination and the kind after the move: +7776FU.
func csaMoveText(c game.Color, from, to game.Square, drop bool, t game.PieceType) string {
	origin := "00"
	if !drop {
		origin = fmt.Sprintf("%d%d", from.File(), from.Rank())
	}
	return fmt.Sprintf("%s%s%d%d%s", csaSign(c), origin, to.File(), to.Rank(), csaNames[t])
}

// writeCSAIllegal writes an illegal ending as the move, its time, and
// %+ILLEGAL_ACTION (or -) naming the side that made it; a move CSA cannot
// name (no origin) goes in a comment after the foul.
func writeCSAIllegal(sb *strings.Builder, r *Record, n *Node) {
	fouler, note := r.sideAt(n.Ply), r.illegalComment(n)
	if m, ok := r.illegalMove(n); ok {
		if text, ok := m.csaText(); ok {
			sb.WriteString(text + "\n")
			if n.HasTime {
				fmt.Fprintf(sb, "T%d\n", int(n.Time/time.Second))
			}
			fouler, note = m.color, ""
		}
	}
	sb.WriteString("%" + csaSign(fouler) + "ILLEGAL_ACTION\n")
	if note != "" {
		sb.WriteString("'*" + note + "\n")
	}
	for _, c := range n.Comments {
		sb.WriteString("'*" + c + "\n")
	}
}

func csaSpecialLine(r *Record, n *Node) string {
	for _, w := range []string{"TORYO", "CHUDAN", "SENNICHITE", "TIME_UP", "ILLEGAL_MOVE", "JISHOGI", "KACHI", "TSUMI", "FUZUMI"} {
		if csaSpecials[w] == n.Special {
			return "%" + w
		}
	}
	switch n.Special {
	case FoulWin:
		// The side that moved last fouled.
		return "%" + csaSign(r.sideAt(n.Ply).Opp()) + "ILLEGAL_ACTION"
	case SpecialOther:
		if strings.HasPrefix(n.SpecialText, "%") {
			return n.SpecialText
		}
	}
	return "%CHUDAN"
}

// csaSign is the sign CSA writes for a side: + for 先手, - for 後手.
func csaSign(c game.Color) string {
	if c == game.White {
		return "-"
	}
	return "+"
}
