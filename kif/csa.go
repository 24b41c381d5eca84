package kif

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"kiki/game"
)

// CSA standard file format V2.2: one main line, no variations.

var csaPieces = map[string]game.PieceType{
	"FU": game.Pawn, "KY": game.Lance, "KE": game.Knight, "GI": game.Silver, "KI": game.Gold,
	"KA": game.Bishop, "HI": game.Rook, "OU": game.King, "TO": game.ProPawn, "NY": game.ProLance,
	"NK": game.ProKnight, "NG": game.ProSilver, "UM": game.Horse, "RY": game.Dragon,
}

var csaNames = func() map[game.PieceType]string {
	m := map[game.PieceType]string{}
	for k, v := range csaPieces {
		m[v] = k
	}
	return m
}()

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
	b := newBuilder(name)
	var board [81]game.Piece
	var hands [2]map[game.PieceType]int
	hands[0], hands[1] = map[game.PieceType]int{}, map[game.PieceType]int{}
	side := game.Black
	hasBoard := false
	begin := func(no int) error {
		if b.pos != nil {
			return nil
		}
		b.rec.Header = b.header
		if !hasBoard {
			return b.errorf(no, "moves before a position (PI, P1…P9 or P+/P- lines)")
		}
		var hs [2]game.Hand
		for cc := range hands {
			for t, n := range hands[cc] {
				if n < 0 || n > game.MaxInHand(t) {
					return b.errorf(no, "more %s in hand than a set has", t.Name())
				}
				hs[cc] = hs[cc].With(t, n)
			}
		}
		p, err := game.ParseSFEN(game.ComposeSFEN(&board, side, hs, 1))
		if err != nil {
			return b.errorf(no, "impossible start position: %v", err)
		}
		b.rec.SetStart(p)
		b.pos = b.rec.StartPosition()
		b.posNode, b.cur = b.rec.Root, b.rec.Root
		return nil
	}
	lines := splitLines(text)
	for i, raw := range lines {
		no := i + 1
		line := strings.TrimRight(raw, "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		if strings.HasPrefix(line, "'") {
			if strings.HasPrefix(line, "'*") {
				b.comment(line[2:])
			}
			continue
		}
		for _, st := range strings.Split(line, ",") {
			if len(st) >= 2 && st[0] == 'P' && st[1] >= '1' && st[1] <= '9' {
				st = strings.TrimLeft(st, " \t")
				if len(st) < 29 {
					st += strings.Repeat(" ", 29-len(st)) // writers trim the trailing blank of " * "
				}
			} else {
				st = strings.TrimSpace(st)
			}
			if st == "" {
				continue
			}
			b.seenAny = true
			switch {
			case strings.HasPrefix(st, "V"):
			case strings.HasPrefix(st, "N+"):
				b.header = append(b.header, HeaderField{"先手", st[2:]})
			case strings.HasPrefix(st, "N-"):
				b.header = append(b.header, HeaderField{"後手", st[2:]})
			case strings.HasPrefix(st, "$"):
				k, v, _ := strings.Cut(st[1:], ":")
				if jk, ok := csaKeys[k]; ok {
					k = jk
				} else {
					k = "$" + k
				}
				b.header = append(b.header, HeaderField{k, v})
			case strings.HasPrefix(st, "PI"):
				if b.pos != nil {
					return nil, b.errorf(no, "a position line after the moves")
				}
				p := game.NewStartPosition()
				for s := game.Square(0); s < 81; s++ {
					board[s] = p.PieceAt(s)
				}
				rest := st[2:]
				for len(rest) >= 4 {
					f, r := int(rest[0]-'0'), int(rest[1]-'0')
					t, ok := csaPieces[rest[2:4]]
					if f < 1 || f > 9 || r < 1 || r > 9 || !ok || board[game.NewSquare(f, r)].Type() != t {
						return nil, b.errorf(no, "PI: cannot remove %q", rest[:4])
					}
					board[game.NewSquare(f, r)] = game.NoPiece
					rest = rest[4:]
				}
				if rest != "" {
					return nil, b.errorf(no, "PI: trailing %q", rest)
				}
				hasBoard = true
			case len(st) >= 2 && st[0] == 'P' && st[1] >= '1' && st[1] <= '9':
				r := int(st[1] - '0')
				cells := strings.TrimRight(st[2:], " ")
				if len(cells) < 27 {
					cells += strings.Repeat(" ", 27-len(cells))
				}
				if len(cells) != 27 {
					return nil, b.errorf(no, "P%d: want nine 3-character cells, got %q", r, cells)
				}
				for k := 0; k < 9; k++ {
					cell := cells[3*k : 3*k+3]
					s := game.NewSquare(9-k, r)
					if strings.TrimSpace(cell) == "*" {
						board[s] = game.NoPiece
						continue
					}
					t, ok := csaPieces[cell[1:]]
					if !ok || (cell[0] != '+' && cell[0] != '-') {
						return nil, b.errorf(no, "P%d: bad cell %q", r, cell)
					}
					c := game.Black
					if cell[0] == '-' {
						c = game.White
					}
					board[s] = game.NewPiece(c, t)
				}
				hasBoard = true
			case strings.HasPrefix(st, "P+") || strings.HasPrefix(st, "P-"):
				c := game.Black
				if st[1] == '-' {
					c = game.White
				}
				rest := st[2:]
				for len(rest) >= 4 {
					sq, kind := rest[:2], rest[2:4]
					rest = rest[4:]
					if sq == "00" && kind == "AL" {
						var used [game.NumPieceTypes]int
						for _, pc := range board {
							if pc != game.NoPiece {
								used[pc.Type().Unpromote()]++
							}
						}
						for cc := range hands {
							for t, n := range hands[cc] {
								used[t] += n
							}
						}
						for _, t := range game.HandTypes {
							hands[c][t] += map[game.PieceType]int{game.Pawn: 18, game.Lance: 4, game.Knight: 4, game.Silver: 4, game.Gold: 4, game.Bishop: 2, game.Rook: 2}[t] - used[t]
						}
						continue
					}
					t, ok := csaPieces[kind]
					if !ok {
						return nil, b.errorf(no, "bad piece %q", kind)
					}
					if sq == "00" {
						if t > game.Gold {
							return nil, b.errorf(no, "%s cannot be held", kind)
						}
						hands[c][t]++
						continue
					}
					f, r := int(sq[0]-'0'), int(sq[1]-'0')
					if f < 1 || f > 9 || r < 1 || r > 9 {
						return nil, b.errorf(no, "bad square %q", sq)
					}
					board[game.NewSquare(f, r)] = game.NewPiece(c, t)
				}
				if rest != "" {
					return nil, b.errorf(no, "trailing %q", rest)
				}
				hasBoard = true
			case (st == "+" || st == "-") && b.pos == nil:
				side = game.Black
				if st == "-" {
					side = game.White
				}
			case (st[0] == '+' || st[0] == '-') && len(st) == 7:
				if err := begin(no); err != nil {
					return nil, err
				}
				parent, ok := b.attachPoint(b.cur.Ply+1, no)
				if !ok {
					continue
				}
				mv := st
				b.addMove(parent, mv, func(p *game.Position, _ game.Move) (game.Move, error) { return csaMove(p, mv) }, no)
			case st[0] == 'T':
				secs, err := strconv.Atoi(st[1:])
				if err != nil || b.cur == nil || b.fake[b.cur] {
					continue
				}
				b.cur.Time, b.cur.HasTime = time.Duration(secs)*time.Second, true
			case st[0] == '%':
				if err := begin(no); err != nil {
					return nil, err
				}
				parent, ok := b.attachPoint(b.cur.Ply+1, no)
				if !ok {
					continue
				}
				word := st[1:]
				switch {
				case word == "+ILLEGAL_ACTION" || word == "-ILLEGAL_ACTION":
					// The named side fouled: a win for the side to move if the other side fouled.
					fouler := game.Black
					if word[0] == '-' {
						fouler = game.White
					}
					if fouler == b.pos.Side() {
						b.addSpecial(parent, FoulLose, "")
					} else {
						b.addSpecial(parent, FoulWin, "")
					}
				default:
					if sp, ok := csaSpecials[word]; ok {
						b.addSpecial(parent, sp, "")
					} else {
						b.addSpecial(parent, SpecialOther, st)
					}
				}
			default:
				b.warnf(no, "unrecognised CSA statement %q ignored", st)
			}
		}
	}
	if b.pos == nil && hasBoard {
		if err := begin(len(lines)); err != nil {
			return nil, err
		}
	}
	if b.pos == nil && b.seenAny {
		return nil, b.errorf(0, "no position (PI or P1…P9 lines) in the CSA record")
	}
	return b.finish(len(lines))
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
	var rest []HeaderField
	for _, f := range r.Header {
		switch {
		case f.Key == "先手" || f.Key == "下手":
			fmt.Fprintf(&sb, "N+%s\n", f.Value)
		case f.Key == "後手" || f.Key == "上手":
			fmt.Fprintf(&sb, "N-%s\n", f.Value)
		default:
			rest = append(rest, f)
		}
	}
	for _, f := range rest {
		switch ck, ok := csaKeyOf[f.Key]; {
		case ok:
			fmt.Fprintf(&sb, "$%s:%s\n", ck, f.Value)
		case strings.HasPrefix(f.Key, "$"):
			fmt.Fprintf(&sb, "%s:%s\n", f.Key, f.Value)
		default:
			fmt.Fprintf(&sb, "'%s：%s\n", f.Key, f.Value)
		}
	}
	p := r.StartPosition()
	if r.Start.IsPreset && r.Start.Preset == game.Even {
		sb.WriteString("PI\n")
	} else {
		for rank := 1; rank <= 9; rank++ {
			fmt.Fprintf(&sb, "P%d", rank)
			for f := 9; f >= 1; f-- {
				pc := p.PieceAt(game.NewSquare(f, rank))
				if pc == game.NoPiece {
					sb.WriteString(" * ")
				} else if pc.Color() == game.Black {
					sb.WriteString("+" + csaNames[pc.Type()])
				} else {
					sb.WriteString("-" + csaNames[pc.Type()])
				}
			}
			sb.WriteString("\n")
		}
		for _, c := range []game.Color{game.Black, game.White} {
			h := p.Hand(c)
			if h.IsEmpty() {
				continue
			}
			sb.WriteString(map[game.Color]string{game.Black: "P+", game.White: "P-"}[c])
			for _, t := range game.HandTypes {
				for k := 0; k < h.Count(t); k++ {
					sb.WriteString("00" + csaNames[t])
				}
			}
			sb.WriteString("\n")
		}
	}
	if p.Side() == game.Black {
		sb.WriteString("+\n")
	} else {
		sb.WriteString("-\n")
	}
	for _, c := range r.Root.Comments {
		sb.WriteString("'*" + c + "\n")
	}
	for _, n := range r.MainLine() {
		if n.IsSpecial() {
			sb.WriteString(csaSpecialLine(r, n) + "\n")
		} else {
			m := n.Move
			sign := "+"
			if m.Piece().Color() == game.White {
				sign = "-"
			}
			from := "00"
			if !m.IsDrop() {
				from = fmt.Sprintf("%d%d", m.From().File(), m.From().Rank())
			}
			fmt.Fprintf(&sb, "%s%s%d%d%s\n", sign, from, m.To().File(), m.To().Rank(), csaNames[m.Moved().Type()])
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

func csaSpecialLine(r *Record, n *Node) string {
	for _, w := range []string{"TORYO", "CHUDAN", "SENNICHITE", "TIME_UP", "ILLEGAL_MOVE", "JISHOGI", "KACHI", "TSUMI", "FUZUMI"} {
		if csaSpecials[w] == n.Special {
			return "%" + w
		}
	}
	switch n.Special {
	case FoulWin, SpecialIllegal:
		// The side that moved last (FoulWin) or the side to move (illegal) fouled.
		fouler := r.sideAt(n.Ply)
		if n.Special == FoulWin {
			fouler = fouler.Opp()
		}
		if fouler == game.Black {
			return "%+ILLEGAL_ACTION"
		}
		return "%-ILLEGAL_ACTION"
	case SpecialOther:
		if strings.HasPrefix(n.SpecialText, "%") {
			return n.SpecialText
		}
	}
	return "%CHUDAN"
}
