package kif

import (
	"slices"
	"strings"

	"kiki/game"
)

// handStyle is how a file writes a hand: the order of the pieces (飛 first,
// or 歩 first), what stands between them ("　" or " ", and after the last
// one too or not), and the empty hand ("なし" or nothing). The zero value
// is Kifu for Windows's: 飛　角　歩四　, なし.
type handStyle struct {
	pawnFirst bool
	space     bool // " " instead of "　"
	noTrail   bool
	emptyBare bool
}

// format writes a hand in the style.
func (s handStyle) format(h game.Hand) string {
	if h.IsEmpty() {
		if s.emptyBare {
			return ""
		}
		return "なし"
	}
	sep := "　"
	if s.space {
		sep = " "
	}
	var parts []string
	for _, t := range game.HandTypes {
		if n := h.Count(t); n > 0 {
			parts = append(parts, t.Glyph()+countKanji[n])
		}
	}
	if s.pawnFirst {
		slices.Reverse(parts)
	}
	out := strings.Join(parts, sep)
	if !s.noTrail {
		out += sep
	}
	return out
}

// bodStyle is how a file writes its board diagram: the hands, and cells
// spelt otherwise than kiki does (王 for 玉 …), as cell → cell.
type bodStyle struct {
	hands    [2]handStyle // by side
	cells    map[string]string
	noRankNo bool // ranks end at "|", without 一 二 …
}

// line returns the line of p's board diagram that it names (a hand, the
// file numbers, a border, a rank or the side to move), with 上手/下手
// names in handicap records; a hand line read from a file keeps the
// words before the pieces as they were ("上手の持駒：").
func (s bodStyle) line(p *game.Position, handicap bool, it preItem) string {
	names := SideNames(handicap)
	switch it.kind {
	case preHand:
		c := game.Color(it.n)
		prefix := it.key
		if prefix == "" {
			prefix = names[c] + "の持駒："
		}
		return prefix + s.hands[c].format(p.Hand(c))
	case preFiles:
		return "  ９ ８ ７ ６ ５ ４ ３ ２ １"
	case preBorder:
		return "+---------------------------+"
	case preRow:
		var sb strings.Builder
		sb.WriteByte('|')
		for f := 9; f >= 1; f-- {
			pc := p.PieceAt(game.NewSquare(f, it.n))
			var cell string
			switch {
			case pc == game.NoPiece:
				cell = " ・"
			case pc.Color() == game.White:
				cell = "v" + pc.Type().Glyph()
			default:
				cell = " " + pc.Type().Glyph()
			}
			if c, ok := s.cells[cell]; ok {
				cell = c
			}
			sb.WriteString(cell)
		}
		sb.WriteString("|")
		if !s.noRankNo {
			sb.WriteString(game.KanjiNumerals[it.n])
		}
		return sb.String()
	case preSide:
		return names[p.Side()] + "番"
	}
	return ""
}

// detectBODStyle learns how a file writes its diagram from its hand lines
// and ranks (rows, as read), against the record's start position.
func detectBODStyle(pre []preItem, rows []string, r *Record) bodStyle {
	var st bodStyle
	p := r.StartPosition()
	handicap := r.Start.IsHandicap()
	for _, it := range pre {
		if it.kind != preHand {
			continue
		}
		for k := 0; k < 16; k++ {
			hs := handStyle{k&1 != 0, k&2 != 0, k&4 != 0, k&8 != 0}
			if hs.format(p.Hand(game.Color(it.n))) == it.text {
				st.hands[it.n] = hs
				break
			}
		}
	}
	bare := 0
	for _, row := range rows {
		if strings.HasSuffix(row, "|") {
			bare++
		}
	}
	st.noRankNo = len(rows) > 0 && bare == len(rows)
	for i, row := range rows {
		if i >= 9 {
			break
		}
		kiki := []rune(st.line(p, handicap, preItem{kind: preRow, n: i + 1}))
		file := []rune(row)
		if len(kiki) != len(file) {
			continue
		}
		for j := 1; j+1 < len(file) && j < 19; j += 2 {
			a, b := string(kiki[j:j+2]), string(file[j:j+2])
			if a == b {
				continue
			}
			if _, ok := boardGlyphs[file[j+1]]; !ok {
				continue // not a piece: the rank reads otherwise
			}
			if st.cells == nil {
				st.cells = map[string]string{}
			}
			st.cells[a] = b
		}
	}
	return st
}
