package kif

import (
	"regexp"
	"strings"

	"kiki/game"
)

// writePreamble writes what comes before the first move in KIF or KI2
// (fam): the header fields, the start position (手合割 or a board
// diagram), KIF's column heading, and the start position's comments and
// bookmark. A record read from a file of the same family gets them in the
// file's order and spelling, with the file's kept lines among them;
// encodingName is the encoding being written, which a kept "#KIF version"
// line is made to name if the save changes the encoding.
func writePreamble(w *lineWriter, r *Record, fam family, encodingName string) {
	if !r.keeps(fam) {
		if r.keepsRemarks(fam) {
			for _, it := range r.Source.preamble {
				if it.kind == preKept && isRemark(it.text) {
					w.line(it.text)
				}
			}
		}
		writeDefaultPreamble(w, r, fam)
		return
	}
	var p *game.Position
	writeLayout(w, r, preambleSyntax{
		header: func(f HeaderField, it preItem) string {
			sep := "："
			if f.Key == it.key && it.text != "" {
				sep = it.text
			}
			return f.Key + sep + f.Value
		},
		start: func() { writeStart(w, r) },
		startLine: func(it preItem) string {
			switch it.kind {
			case preHandicap:
				return "手合割" + it.text + it.key
			case preSide:
				return it.text // the side to move is the file's: the start is unchanged
			}
			if p == nil {
				p = r.StartPosition()
			}
			return r.Source.bod.line(p, r.Start.IsHandicap(), it)
		},
		kept:     func(line string) string { return versionLine(line, r.Source.Encoding, encodingName) },
		comment:  "*",
		bookmark: true,
	})
}

// preambleSyntax is how a format writes the lines of a preamble.
type preambleSyntax struct {
	header    func(f HeaderField, it preItem) string // it is the file's line, or zero for a new field
	start     func()                                 // writes a start position the file did not have
	startLine func(it preItem) string                // a start position line, as the file had it
	kept      func(string) string                    // a kept line (nil: as it is)
	comment   string                                 // what starts a comment line
	bookmark  bool                                   // the format has bookmarks ('&' lines)
}

// writeLayout writes the preamble of a record read from a file of the
// format being written, in the file's order: its header fields one after
// another where the file had them (a field the user added after the
// file's last one), the start position as the file wrote it if it is
// still the start (else the format's own, where the file's stood), the
// start position's comments and bookmark, and the kept lines.
func writeLayout(w *lineWriter, r *Record, syn preambleSyntax) {
	unchanged := r.startUnchanged()
	lastHeader, lastComment := -1, -1
	for i, it := range r.Source.preamble {
		switch it.kind {
		case preHeader:
			lastHeader = i
		case preComment:
			lastComment = i
		}
	}
	hi, ci := 0, 0
	startDone, bookmarkDone := false, false
	start := func() {
		if !startDone {
			syn.start()
			startDone = true
		}
	}
	for i, it := range r.Source.preamble {
		switch it.kind {
		case preKept:
			if syn.kept != nil {
				w.line(syn.kept(it.text))
			} else {
				w.line(it.text)
			}
		case preHeader:
			if hi < len(r.Header) {
				w.line(syn.header(r.Header[hi], it))
				hi++
			}
			if i == lastHeader {
				for ; hi < len(r.Header); hi++ {
					w.line(syn.header(r.Header[hi], preItem{}))
				}
			}
		case preHandicap, preHand, preFiles, preBorder, preRow, preSide, preCSAPI, preCSARow, preCSAHand, preCSASide:
			if unchanged {
				w.line(syn.startLine(it))
			} else {
				start()
			}
		case preComment:
			if ci < len(r.Root.Comments) {
				w.line(syn.comment + r.Root.Comments[ci])
				ci++
			}
			if i == lastComment {
				for ; ci < len(r.Root.Comments); ci++ {
					w.line(syn.comment + r.Root.Comments[ci])
				}
			}
		case preBookmark:
			if r.Root.Bookmark != "" && !bookmarkDone {
				w.line("&" + r.Root.Bookmark)
				bookmarkDone = true
			}
		}
	}
	// What the file did not have: header fields, a start position and
	// comments the user added.
	for ; hi < len(r.Header); hi++ {
		w.line(syn.header(r.Header[hi], preItem{}))
	}
	if !unchanged {
		start()
	}
	for ; ci < len(r.Root.Comments); ci++ {
		w.line(syn.comment + r.Root.Comments[ci])
	}
	if syn.bookmark && r.Root.Bookmark != "" && !bookmarkDone {
		w.line("&" + r.Root.Bookmark)
	}
}

// writeDefaultPreamble writes the preamble in the layout Kifu for Windows
// writes: header in order with 手合割 before the players, a diagram where
// needed, KIF's column heading, then the start position's comments and
// bookmark.
func writeDefaultPreamble(w *lineWriter, r *Record, fam family) {
	wroteStart := false
	for _, f := range r.Header {
		if _, side := SideByName(f.Key); side && !wroteStart {
			writeStart(w, r)
			wroteStart = true
		}
		w.line(f.Key + "：" + f.Value)
	}
	if !wroteStart {
		writeStart(w, r)
	}
	if fam == famKIF {
		w.line("手数----指手---------消費時間--")
	}
	kifOwn(w, r.Root, r.keptLines(r.Root, fam))
}

// writeStart writes the start position: 手合割 for a preset, and a board
// diagram for any other start.
func writeStart(w *lineWriter, r *Record) {
	if r.Start.IsPreset {
		w.line("手合割：" + r.Start.Preset.Name())
	}
	if !r.Start.IsPreset || !commonPreset[r.Start.Preset] {
		// Presets some readers do not know (三枚落ち, 左七枚落ち …) get a
		// diagram too, which every reader honours.
		p := r.StartPosition()
		for _, it := range bodLayout {
			w.line(bodStyle{}.line(p, r.Start.IsHandicap(), it))
		}
	}
}

// bodLayout is the board diagram's lines in the order Kifu for Windows
// writes them.
var bodLayout = func() []preItem {
	out := []preItem{{kind: preHand, n: int(game.White)}, {kind: preFiles}, {kind: preBorder}}
	for rank := 1; rank <= 9; rank++ {
		out = append(out, preItem{kind: preRow, n: rank})
	}
	return append(out, preItem{kind: preBorder}, preItem{kind: preHand, n: int(game.Black)}, preItem{kind: preSide})
}()

// versionRE finds the encoding a "#KIF version=2.0 encoding=…" line names.
var versionRE = regexp.MustCompile(`^(#KI[F2] version=\S+ encoding=)(\S+)`)

// versionLine returns a kept line, naming encodingName instead if it is a
// version line and the save writes another encoding than the file had
// (where the save keeps the encoding, a line that was wrong stays wrong:
// it is the user's file).
func versionLine(line, readIn, encodingName string) string {
	if encodingName == "" || sameEncoding(readIn, encodingName) {
		return line
	}
	return versionRE.ReplaceAllString(line, "${1}"+encodingName)
}

// sameEncoding reports whether an encoding read (EncShiftJIS …) is the one
// a writer names (Shift_JIS, UTF-8, EUC-JP).
func sameEncoding(read, name string) bool {
	switch strings.ToLower(name) {
	case "shift_jis":
		return read == EncShiftJIS
	case "utf-8":
		return read == EncUTF8 || read == EncUTF8BOM || read == EncASCII
	case "euc-jp":
		return read == EncEUCJP
	}
	return false
}
