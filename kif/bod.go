package kif

import (
	"fmt"
	"strings"

	"kiki/game"
)

// The board diagram (BOD) of KIF and KI2 files:
//
//	後手の持駒：飛　角　歩四
//	  ９ ８ ７ ６ ５ ４ ３ ２ １
//	+---------------------------+
//	|v香v桂 ・ ・ ・ ・ ・ ・ ・|一
//	…
//	+---------------------------+
//	先手の持駒：銀二　歩四
//	後手番

var kanjiCount = map[string]int{
	"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
	"十一": 11, "十二": 12, "十三": 13, "十四": 14, "十五": 15, "十六": 16, "十七": 17, "十八": 18,
}

var countKanji = []string{"", "", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二", "十三", "十四", "十五", "十六", "十七", "十八"}

// diagram collects a board diagram line by line.
type diagram struct {
	rows     []string
	rowLines []int
	hands    [2]string
	hasHand  [2]bool
	side     game.Color
	hasSide  bool
	inBoard  bool
}

func (d *diagram) present() bool { return len(d.rows) > 0 }

// handLine recognises 先手の持駒 / 後手の持駒 (下手 / 上手) lines.
func handLine(line string) (game.Color, string, bool) {
	name, rest, ok := strings.Cut(line, "の持駒")
	if !ok {
		return 0, "", false
	}
	c, ok := SideByName(name)
	if !ok {
		return 0, "", false
	}
	rest = strings.TrimPrefix(strings.TrimPrefix(rest, "："), ":")
	return c, rest, true
}

// sideLine recognises 先手番 / 後手番 (下手番 / 上手番).
func sideLine(line string) (game.Color, bool) {
	name, ok := strings.CutSuffix(strings.TrimRight(line, " 　"), "番")
	if !ok {
		return 0, false
	}
	return SideByName(name)
}

// parseHand reads "飛　角　歩四" into counts.
func parseHand(s string) (map[game.PieceType]int, error) {
	out := map[game.PieceType]int{}
	s = strings.TrimSpace(strings.ReplaceAll(s, "　", " "))
	if s == "" || s == "なし" {
		return out, nil
	}
	for _, tok := range strings.Fields(s) {
		rs := []rune(tok)
		t, ok := boardGlyphs[rs[0]]
		if !ok || t > game.Gold || t == game.NoPieceType {
			return nil, fmt.Errorf("hand %q: %q is not a piece that can be held", s, string(rs[0]))
		}
		n := 1
		if len(rs) > 1 {
			if n, ok = kanjiCount[string(rs[1:])]; !ok {
				return nil, fmt.Errorf("hand %q: bad count %q", s, string(rs[1:]))
			}
		}
		out[t] += n
	}
	return out, nil
}

// position builds the position the diagram shows; side is used when the
// diagram has no 手番 line.
func (d *diagram) position(side game.Color) (string, error) {
	if len(d.rows) != 9 {
		return "", fmt.Errorf("the board diagram has %d ranks, want 9", len(d.rows))
	}
	var sb strings.Builder
	for r, row := range d.rows {
		rs := []rune(row)
		if len(rs) < 20 || rs[0] != '|' || rs[19] != '|' {
			return "", fmt.Errorf("rank %d of the board diagram %q: want | and nine two-character cells and |", r+1, row)
		}
		empty := 0
		for f := 0; f < 9; f++ {
			mark, glyph := rs[1+2*f], rs[2+2*f]
			if glyph == '・' || glyph == '　' || glyph == ' ' {
				empty++
				continue
			}
			t, ok := boardGlyphs[glyph]
			if !ok {
				return "", fmt.Errorf("rank %d of the board diagram: unknown piece %q", r+1, string(glyph))
			}
			c := game.Black
			switch mark {
			case 'v', 'V', '^':
				c = game.White
			case ' ', '　', '+':
			default:
				return "", fmt.Errorf("rank %d of the board diagram: unknown side mark %q before %q", r+1, string(mark), string(glyph))
			}
			if empty > 0 {
				fmt.Fprintf(&sb, "%d", empty)
				empty = 0
			}
			sb.WriteString(game.NewPiece(c, t).USI())
		}
		if empty > 0 {
			fmt.Fprintf(&sb, "%d", empty)
		}
		if r < 8 {
			sb.WriteByte('/')
		}
	}
	if d.hasSide {
		side = d.side
	}
	if side == game.Black {
		sb.WriteString(" b ")
	} else {
		sb.WriteString(" w ")
	}
	hands := ""
	for _, c := range []game.Color{game.Black, game.White} {
		h, err := parseHand(d.hands[c])
		if err != nil {
			return "", err
		}
		for _, t := range game.HandTypes {
			if n := h[t]; n > 0 {
				if n > 1 {
					hands += fmt.Sprint(n)
				}
				hands += game.NewPiece(c, t).USI()
			}
		}
	}
	if hands == "" {
		hands = "-"
	}
	sb.WriteString(hands)
	sb.WriteString(" 1")
	return sb.String(), nil
}
