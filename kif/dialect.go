package kif

import (
	"strings"
	"unicode/utf8"

	"kiki/game"
)

// dialect is how a file spells the words of its moves where programs
// differ: 同 with or without the full-width space (or not at all: the
// square again), 王 or 玉 for each side's king, 竜 or 龍, 全 圭 杏 for the
// promoted silver, knight and lance, and 直 or 上 for a gold or silver
// that goes straight ahead where a relative word is needed (kiki follows
// the JSA rule: 上 when that is the only piece going up). A save of a record read from a
// file writes its moves in the file's dialect (a move added by the user
// too, so the file stays of one piece); the zero value is kiki's own.
type dialect struct {
	same   int     // sameFull, sameBare, sameShort or sameNone
	king   [2]bool // 王 instead of 玉, by side
	dragon bool    // 竜 instead of 龍
	abbrev bool    // 全 圭 杏 instead of 成銀 成桂 成香
	direct bool    // 直 instead of 上 for a straight advance
}

const (
	sameFull  = iota // 同　歩, 同　角成 (kiki, Kifu for Windows's KIF)
	sameBare         // 同歩, 同角成
	sameShort        // 同　歩 but 同角成: the space only before a lone piece name (Kifu for Windows's KI2)
	sameNone         // ７六歩 again: no 同
)

// spell writes a move's text (KIF or KI2, without the side mark) made by
// kiki's notation in the dialect.
func (d dialect) spell(text string, m game.Move) string {
	if d == (dialect{}) {
		return text
	}
	if rest, ok := strings.CutPrefix(text, sameSquare); ok {
		switch d.same {
		case sameBare:
			text = "同" + rest
		case sameShort:
			name := rest
			if i := strings.Index(name, "("); i >= 0 {
				name = name[:i]
			}
			if utf8.RuneCountInString(name) > 1 {
				text = "同" + rest
			}
		case sameNone:
			text = m.To().Japanese() + rest
		}
	}
	if d.king[m.Piece().Color()] {
		text = strings.Replace(text, "玉", "王", 1)
	}
	if d.dragon {
		text = strings.Replace(text, "龍", "竜", 1)
	}
	if d.abbrev {
		text = abbreviations.Replace(text)
	}
	if d.direct && !m.IsDrop() && isStraight(m.Piece().Color(), m.From(), m.To()) {
		if i := strings.LastIndex(text, "上"); i >= 0 && !strings.Contains(text, "(") {
			text = text[:i] + "直" + text[i+len("上"):]
		}
	}
	return text
}

// dialectSample is a move as kiki writes it and as the file wrote it.
type dialectSample struct {
	kiki, file string
	move       game.Move
}

// detectDialect returns the dialect (kiki's own first) in which most
// samples read as the file wrote them: all of them where the file is of
// one dialect; where it is not (a test file that mixes 竜 and 龍, a move
// whose relative word kiki chooses otherwise), the one it mostly is.
func detectDialect(samples []dialectSample) dialect {
	differ := false
	for _, s := range samples {
		differ = differ || s.kiki != s.file
	}
	if !differ {
		return dialect{}
	}
	best, bestScore := dialect{}, -1
	for _, same := range []int{sameFull, sameBare, sameShort, sameNone} {
		for x := 0; x < 32; x++ {
			d := dialect{same: same, king: [2]bool{x&1 != 0, x&2 != 0}, dragon: x&4 != 0, abbrev: x&8 != 0, direct: x&16 != 0}
			score := 0
			for _, s := range samples {
				if d.spell(s.kiki, s.move) == s.file {
					score++
				}
			}
			if score == len(samples) {
				return d
			}
			if score > bestScore {
				best, bestScore = d, score
			}
		}
	}
	return best
}

// abbreviations are the one-character names of promoted pieces.
var abbreviations = strings.NewReplacer("成銀", "全", "成桂", "圭", "成香", "杏")
