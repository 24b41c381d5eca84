package kif

import (
	"fmt"
	"regexp"
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
	r := &csaReader{builder: newBuilder(name, FormatCSA, text)}
	r.hands[0], r.hands[1] = map[game.PieceType]int{}, map[game.PieceType]int{}
	lines := splitLines(text)
	for i, line := range lines {
		if err := r.line(i+1, line); err != nil {
			return nil, err
		}
	}
	rec, err := r.end(len(lines))
	if err == nil {
		r.src.csa = detectCSAStyle(rec)
		r.src.csa.rowTrim = r.rowsTrimmed > 0 && r.rowsFull == 0
	}
	return rec, err
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
	// rowsFull and rowsTrimmed count the ranks that end on an empty
	// square written with and without the cell's trailing blank.
	rowsFull, rowsTrimmed int
	// closedFoul is set when the line read closed an illegal move with a
	// foul (%ILLEGAL_MOVE …).
	closedFoul bool
}

// line reads one line: a comment line, or statements separated by
// commas. What it does not model is kept: blank lines, ' comments other
// than '*, the version line, an unrecognised line; and on a move's line,
// what follows the move (",T12", ",'…") as the node's tail.
func (r *csaReader) line(no int, line string) error {
	line = strings.TrimRight(line, "\r")
	if strings.TrimSpace(line) == "" {
		r.keep(line)
		return nil
	}
	if strings.HasPrefix(line, "'") {
		if !strings.HasPrefix(line, "'*") || !r.comment(line[2:]) {
			r.keep(line)
		}
		return nil
	}
	sts := strings.Split(line, ",")
	before, lastBefore := len(r.warnings()), r.last
	// first is the node the line's first statement made, if it made one:
	// what follows that statement on the line is the node's tail, unless
	// another statement makes a node too.
	var first *Node
	for i, st := range sts {
		if strings.HasPrefix(strings.TrimLeft(st, " \t"), "'") {
			// A comment after a comma runs to the end of the line, commas
			// included: "+7776FU,T0,'* 130 7g7f 8c8d", "%KACHI,'* -5000 win".
			c := strings.TrimLeft(strings.Join(sts[i:], ","), " \t")
			if first != nil && first == r.last {
				if strings.HasPrefix(c, "'*") && len(first.Comments) == 0 {
					first.src.csaTail = r.tail(sts[0], strings.Join(sts[:i], ","))
					first.src.lineComment = true
					r.comment(c[2:])
				} else {
					first.src.csaTail = r.tail(sts[0], line)
				}
				return nil
			}
			return r.line(no, c)
		}
		if err := r.statement(no, st); err != nil {
			return err
		}
		if i == 0 && r.last != lastBefore {
			first = r.last
		}
	}
	if r.closedFoul {
		r.closedFoul = false
		if r.cur != nil && r.cur.src != nil {
			r.cur.src.csaFoul = line
			return nil
		}
	}
	made := r.last != lastBefore && r.last != nil
	switch {
	case made && first == r.last && len(sts) > 1:
		first.src.csaTail = r.tail(sts[0], line)
	case made:
	case isCSAMove(strings.TrimSpace(sts[0])) || strings.HasPrefix(strings.TrimSpace(sts[0]), "%") && r.cur != nil && !r.cur.IsSpecial():
		// A move or ending that made no node (after the end, in a
		// dropped line) is kept as it was.
		r.keep(line)
	case len(sts) == 1 && (strings.HasPrefix(strings.TrimSpace(line), "V") || len(r.warnings()) > before):
		r.keep(line) // the version line, or a statement kiki does not know
	}
	return nil
}

// tail returns what follows the first statement first on its line (up to
// the end of line), with the time statement's number replaced by
// csaTimeMark for the writer to fill in.
func (r *csaReader) tail(first, line string) string {
	t := line[len(strings.TrimRight(first, " \t")):]
	parts := strings.Split(t, ",")
	for i, p := range parts {
		q := strings.TrimSpace(p)
		if i > 0 && len(q) > 1 && q[0] == 'T' && strings.Trim(q[1:], "0123456789") == "" {
			lead := p[:strings.Index(p, "T")+1]
			parts[i] = lead + csaTimeMark + p[len(lead)+len(q)-1:]
			break
		}
	}
	return strings.Join(parts, ",")
}

// csaTimeMark stands for a move's seconds in a kept tail.
const csaTimeMark = "\x00"

func (r *csaReader) warnings() []Warning { return r.rec.Warnings }

// statement reads one CSA statement.
func (r *csaReader) statement(no int, st string) error {
	if isBoardRow(st) {
		st = strings.TrimLeft(st, " \t")
		if r.pos == nil && strings.HasSuffix(strings.TrimRight(st, " "), "*") {
			// A rank that ends on an empty square: does the file write
			// its cell's trailing blank?
			if strings.HasSuffix(st, " * ") {
				r.rowsFull++
			} else {
				r.rowsTrimmed++
			}
		}
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
		r.headerField(SideNames(false)[game.Black], st[2:])
	case strings.HasPrefix(st, "N-"):
		r.headerField(SideNames(false)[game.White], st[2:])
	case strings.HasPrefix(st, "$"):
		r.info(st)
	case strings.HasPrefix(st, "PI"):
		r.layout(preItem{kind: preCSAPI, text: st})
		return r.presetBoard(no, st)
	case isBoardRow(st):
		r.layout(preItem{kind: preCSARow, n: int(st[1] - '0')})
		return r.boardRow(no, st)
	case strings.HasPrefix(st, "P+") || strings.HasPrefix(st, "P-"):
		r.layout(preItem{kind: preCSAHand, text: st})
		return r.pieces(no, st)
	case (st == "+" || st == "-") && r.pos == nil:
		r.side, r.hasSide = game.Black, true
		if st == "-" {
			r.side = game.White
		}
		r.layout(preItem{kind: preCSASide})
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
	r.headerField(k, v)
}

// headerField adds a header field; one after the moves have begun is kept
// as its line instead (the header was fixed at the first move).
func (r *csaReader) headerField(k, v string) {
	if r.pos != nil {
		r.keep(csaHeaderLine(HeaderField{k, v}))
		return
	}
	r.header = append(r.header, HeaderField{k, v})
	r.layout(preItem{kind: preHeader, key: k})
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
		r.closedFoul = true
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
	r.src.start = r.rec.Start.SFEN
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
// CSA has no variations. A record read from a CSA file is written in that
// file's layout instead, with its kept lines in place (see Source).
func WriteCSA(r *Record) string {
	w := &lineWriter{}
	keeps := r.keeps(famCSA)
	if keeps {
		writeLayout(w, r, csaSyntax(w, r))
	} else {
		w.line("V2.2")
		writeCSAHeader(w, r.Header)
		writeCSAPosition(w, r)
		for _, c := range r.Root.Comments {
			w.line("'*" + c)
		}
	}
	onLine := r.csaStyle().timeOnLine
	for _, n := range r.MainLine() {
		fromFile := keeps && n.src != nil
		own := make([]string, len(n.Comments))
		for i, c := range n.Comments {
			own[i] = "'*" + c
		}
		var kept []KeptLine
		if keeps {
			kept = n.Kept
		}
		var line string
		if n.Special == SpecialIllegal {
			if !fromFile {
				writeCSAIllegal(w, r, n)
				ownLines(w, own, "", kept)
				continue
			}
			// As the file had it: the move, then its closing foul if any.
			m, ok := r.illegalMove(n)
			text, ok2 := m.csaText()
			if !ok || !ok2 {
				writeCSAIllegal(w, r, n)
				ownLines(w, own, "", kept)
				continue
			}
			line = text
		} else if n.IsSpecial() {
			line = csaSpecialLine(r, n)
		} else {
			m := n.Move
			line = csaMoveText(m.Piece().Color(), m.From(), m.To(), m.IsDrop(), m.Moved().Type())
		}
		secs := fmt.Sprint(int(n.Time / time.Second))
		timeDone := !n.HasTime
		switch {
		case fromFile && n.src.csaTail != "":
			tail := n.src.csaTail
			if strings.Contains(tail, csaTimeMark) {
				if n.HasTime {
					tail = strings.Replace(tail, csaTimeMark, secs, 1)
				} else {
					tail = csaTimeRE.ReplaceAllString(tail, "")
				}
				timeDone = true
			}
			line += tail
		case n.HasTime && onLine:
			line += ",T" + secs
			timeDone = true
		}
		if fromFile && n.src.lineComment && len(own) > 0 {
			line += "," + own[0]
			own[0] = ""
		}
		w.line(line)
		if !timeDone {
			w.line("T" + secs)
		}
		if n.Special == SpecialIllegal && n.src.csaFoul != "" {
			w.line(n.src.csaFoul)
		}
		ownLines(w, own, "", kept)
	}
	return w.String()
}

// csaTimeRE finds a kept tail's time statement, for a move that lost its time.
var csaTimeRE = regexp.MustCompile(`,\s*T\x00\s*`)

// csaStyle is a CSA file's way of writing times: on the move's line
// ("+7776FU,T12") or on a line of their own (the default); and its ranks.
type csaStyle struct {
	timeOnLine bool
	rowTrim    bool // a rank that ends on an empty square is written without the cell's trailing blank
}

// csaStyle returns the style to write r's CSA moves in.
func (r *Record) csaStyle() csaStyle {
	if r.keeps(famCSA) {
		return r.Source.csa
	}
	return csaStyle{}
}

// detectCSAStyle learns whether a file writes times on the move lines:
// when every timed move read did.
func detectCSAStyle(r *Record) csaStyle {
	timed, onLine := 0, 0
	r.Walk(func(n *Node) {
		if n.src != nil && n.HasTime {
			timed++
			if strings.Contains(n.src.csaTail, csaTimeMark) {
				onLine++
			}
		}
	})
	return csaStyle{timeOnLine: timed > 0 && onLine == timed}
}

// csaSyntax is how writeLayout writes a CSA file's preamble.
func csaSyntax(w *lineWriter, r *Record) preambleSyntax {
	var p *game.Position
	return preambleSyntax{
		header:  func(f HeaderField, _ preItem) string { return csaHeaderLine(f) },
		start:   func() { writeCSAPosition(w, r) },
		comment: "'*",
		startLine: func(it preItem) string {
			if p == nil {
				p = r.StartPosition()
			}
			switch it.kind {
			case preCSARow:
				if r.Source.csa.rowTrim {
					return strings.TrimRight(csaRow(p, it.n), " ")
				}
				return csaRow(p, it.n)
			case preCSASide:
				return csaSign(p.Side())
			}
			return it.text // PI and P+/P- as the file spelled them: the start is unchanged
		},
	}
}

// writeCSAHeader writes the players' names (N+, N-) first, then the other
// fields: CSA's own keys as $KEY:value, any other as a comment.
func writeCSAHeader(w *lineWriter, header []HeaderField) {
	var rest []HeaderField
	for _, f := range header {
		if _, ok := SideByName(f.Key); ok {
			w.line(csaHeaderLine(f))
		} else {
			rest = append(rest, f)
		}
	}
	for _, f := range rest {
		w.line(csaHeaderLine(f))
	}
}

// csaHeaderLine writes a header field as CSA: N+ or N- for a player, CSA's
// own keys as $KEY:value, any other as a comment.
func csaHeaderLine(f HeaderField) string {
	if c, ok := SideByName(f.Key); ok {
		return "N" + csaSign(c) + f.Value
	}
	if ck, ok := csaKeyOf[f.Key]; ok {
		return "$" + ck + ":" + f.Value
	}
	if strings.HasPrefix(f.Key, "$") {
		return f.Key + ":" + f.Value
	}
	return "'" + f.Key + "：" + f.Value
}

// writeCSAPosition writes the start position — PI for the even start,
// else the nine board rows and the hands — and the side to move.
func writeCSAPosition(w *lineWriter, r *Record) {
	p := r.StartPosition()
	if r.Start.IsPreset && r.Start.Preset == game.Even {
		w.line("PI")
	} else {
		for rank := 1; rank <= 9; rank++ {
			w.line(csaRow(p, rank))
		}
		for _, c := range []game.Color{game.Black, game.White} {
			h := p.Hand(c)
			if h.IsEmpty() {
				continue
			}
			s := "P" + csaSign(c)
			for _, t := range game.HandTypes {
				for k := 0; k < h.Count(t); k++ {
					s += "00" + csaNames[t]
				}
			}
			w.line(s)
		}
	}
	w.line(csaSign(p.Side()))
}

// csaRow writes a rank of the board: "P2 * -HI *  *  *  *  * -KA * ".
func csaRow(p *game.Position, rank int) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "P%d", rank)
	for f := 9; f >= 1; f-- {
		if pc := p.PieceAt(game.NewSquare(f, rank)); pc == game.NoPiece {
			sb.WriteString(" * ")
		} else {
			sb.WriteString(csaSign(pc.Color()) + csaNames[pc.Type()])
		}
	}
	return sb.String()
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
func writeCSAIllegal(w *lineWriter, r *Record, n *Node) {
	fouler, note := r.sideAt(n.Ply), r.illegalComment(n)
	if m, ok := r.illegalMove(n); ok {
		if text, ok := m.csaText(); ok {
			w.line(text)
			if n.HasTime {
				w.line(fmt.Sprintf("T%d", int(n.Time/time.Second)))
			}
			fouler, note = m.color, ""
		}
	}
	w.line("%" + csaSign(fouler) + "ILLEGAL_ACTION")
	if note != "" {
		w.line("'*" + note)
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

// splitCSAGames splits a CSA text at its "/" lines, the separator of the
// games of a multi-game file; parts holding only blank lines and
// comments (a separator at the end) are dropped.
func splitCSAGames(text string) []gamePart {
	var parts []gamePart
	var cur []string
	start := 1
	lines := splitLines(text)
	flush := func(next int) {
		if t := strings.Join(cur, "\n"); !blankText(t, "'") {
			parts = append(parts, gamePart{t, start})
		}
		cur, start = nil, next
	}
	for i, l := range lines {
		if strings.TrimSpace(l) == "/" {
			flush(i + 2)
			continue
		}
		cur = append(cur, l)
	}
	flush(0)
	return parts
}
