package kif

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
)

// Encoding names, as the reference data names them.
const (
	EncUTF8BOM  = "utf-8-bom"
	EncUTF8     = "utf-8"
	EncASCII    = "ascii"
	EncShiftJIS = "shift_jis"
	EncEUCJP    = "euc-jp"
)

var bom = []byte{0xEF, 0xBB, 0xBF}

// Decode detects a record's encoding — a UTF-8 byte-order mark, else
// valid UTF-8, else Shift_JIS (CP932) or EUC-JP — and returns the text.
// Bytes that are none of these are an error naming the offset.
func Decode(b []byte) (text, encoding string, err error) {
	text, encoding, _, err = decode(b)
	return text, encoding, err
}

// decode is Decode that also returns a note saying why one legacy
// encoding was chosen over the other when the bytes are valid in both.
//
// The choice between CP932 and EUC-JP is explicit: an encoding is a
// candidate when it decodes the bytes without error, and when both do,
// the one whose text holds more record words (手合割, 先手, 投了, ▲ …)
// wins. A tie is an error, never a guess.
func decode(b []byte) (text, enc, note string, err error) {
	if bytes.HasPrefix(b, bom) {
		b = b[len(bom):]
		if !utf8.Valid(b) {
			return "", "", "", fmt.Errorf("starts with a UTF-8 byte-order mark but is not valid UTF-8 at byte %d", invalidUTF8At(b)+3)
		}
		return string(b), EncUTF8BOM, "", nil
	}
	if utf8.Valid(b) {
		for _, c := range b {
			if c >= 0x80 {
				return string(b), EncUTF8, "", nil
			}
		}
		return string(b), EncASCII, "", nil
	}
	sjis, sjisOK := strictDecode(japanese.ShiftJIS, b)
	euc, eucOK := strictDecode(japanese.EUCJP, b)
	switch {
	case sjisOK && !eucOK:
		return sjis, EncShiftJIS, "", nil
	case eucOK && !sjisOK:
		return euc, EncEUCJP, "", nil
	case !sjisOK && !eucOK:
		return "", "", "", fmt.Errorf("neither UTF-8 (invalid at byte %d) nor Shift_JIS/CP932 nor EUC-JP", invalidUTF8At(b))
	}
	ks, ke := recordWords(sjis), recordWords(euc)
	switch {
	case ks > ke:
		return sjis, EncShiftJIS, fmt.Sprintf("read as Shift_JIS/CP932: the bytes are also valid EUC-JP, but only Shift_JIS gives record words (%d against %d)", ks, ke), nil
	case ke > ks:
		return euc, EncEUCJP, fmt.Sprintf("read as EUC-JP: the bytes are also valid Shift_JIS/CP932, but EUC-JP gives the record words (%d against %d)", ke, ks), nil
	}
	return "", "", "", fmt.Errorf("the bytes are valid both as Shift_JIS/CP932 and as EUC-JP and neither gives record words; convert the file to UTF-8")
}

// strictDecode decodes b, reporting false when any byte sequence is invalid.
func strictDecode(e encoding.Encoding, b []byte) (string, bool) {
	out, err := e.NewDecoder().Bytes(b)
	if err != nil || bytes.ContainsRune(out, utf8.RuneError) {
		return "", false
	}
	return string(out), true
}

// recordKeywords are words every Japanese game record is made of.
var recordKeywords = []string{
	"手合割", "先手", "後手", "下手", "上手", "手数", "指手", "消費時間", "持駒", "開始日時", "終了日時",
	"棋戦", "平手", "投了", "中断", "まで", "手目", "対局", "▲", "△", "同　", "歩", "飛", "角", "金", "銀", "玉",
}

func recordWords(text string) int {
	n := 0
	for _, k := range recordKeywords {
		n += strings.Count(text, k)
	}
	return n
}

func invalidUTF8At(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

// encodeText encodes text in enc (EncUTF8, EncShiftJIS …); a UTF-8
// byte-order mark is written for EncUTF8BOM.
func encodeText(text, enc string) ([]byte, error) {
	switch enc {
	case EncShiftJIS:
		return EncodeShiftJIS(text)
	case EncEUCJP:
		return encodeLegacy(text, japanese.EUCJP, "EUC-JP")
	case EncUTF8BOM:
		return append(append([]byte{}, bom...), text...), nil
	}
	return []byte(text), nil
}

// cp932Pairs maps characters that Unicode text holds under one code point
// and CP932 under another (〜 is ～ there, − is －, …) to CP932's, as
// Kifu for Windows writes them: the JIS-minded code points that converters
// and IMEs give (WAVE DASH U+301C …) have no CP932 form of their own. The
// reading side needs nothing: CP932 bytes decode to the right-hand forms.
var cp932Pairs = map[rune]rune{
	'\u301C': '\uFF5E', // 〜 WAVE DASH → ～ FULLWIDTH TILDE
	'\u2212': '\uFF0D', // − MINUS SIGN → － FULLWIDTH HYPHEN-MINUS
	'\u2016': '\u2225', // ‖ DOUBLE VERTICAL LINE → ∥ PARALLEL TO
	'\u00A2': '\uFFE0', // ¢ CENT SIGN → ￠ FULLWIDTH CENT SIGN
	'\u00A3': '\uFFE1', // £ POUND SIGN → ￡ FULLWIDTH POUND SIGN
	'\u00AC': '\uFFE2', // ¬ NOT SIGN → ￢ FULLWIDTH NOT SIGN
	'\u2014': '\u2015', // — EM DASH → ― HORIZONTAL BAR
}

// toCP932Forms replaces the characters of cp932Pairs.
func toCP932Forms(text string) string {
	return strings.Map(func(r rune) rune {
		if c, ok := cp932Pairs[r]; ok {
			return c
		}
		return r
	}, text)
}

// EncodeShiftJIS encodes text as CP932, the characters of cp932Pairs in
// their CP932 forms. A character that CP932 cannot hold at all is an error
// naming it and its line, so nothing is written.
func EncodeShiftJIS(text string) ([]byte, error) {
	return encodeLegacy(text, japanese.ShiftJIS, "Shift_JIS/CP932")
}

// EncodingError says which character of the text a legacy encoding cannot
// hold, so that a caller can say it in its own words.
type EncodingError struct {
	Line     int    // 1-based line of the encoded text
	Char     rune   // the character, 0 when no single one was found
	Encoding string // the encoding's name, e.g. "Shift_JIS/CP932"
}

func (e *EncodingError) Error() string {
	if e.Char == 0 {
		return fmt.Sprintf("line %d cannot be written in %s", e.Line, e.Encoding)
	}
	return fmt.Sprintf("line %d: %q (U+%04X) cannot be written in %s; save as .kifu (UTF-8) instead", e.Line, e.Char, e.Char, e.Encoding)
}

// encodeLegacy encodes text in e (named name in errors); a character e
// cannot hold is an error naming it and its line.
func encodeLegacy(text string, e encoding.Encoding, name string) ([]byte, error) {
	text = toCP932Forms(text) // the EUC-JP encoder takes the same forms
	enc := e.NewEncoder()
	var out bytes.Buffer
	for i, line := range strings.SplitAfter(text, "\n") {
		b, err := enc.Bytes([]byte(line))
		if err != nil {
			for _, r := range line {
				if _, err := e.NewEncoder().Bytes([]byte(string(r))); err != nil {
					return nil, &EncodingError{Line: i + 1, Char: r, Encoding: name}
				}
			}
			return nil, &EncodingError{Line: i + 1, Encoding: name}
		}
		out.Write(b)
	}
	return out.Bytes(), nil
}
