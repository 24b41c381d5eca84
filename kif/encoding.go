package kif

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/japanese"
)

// Encoding names, as the reference data names them.
const (
	EncUTF8BOM  = "utf-8-bom"
	EncUTF8     = "utf-8"
	EncASCII    = "ascii"
	EncShiftJIS = "shift_jis"
)

var bom = []byte{0xEF, 0xBB, 0xBF}

// Decode detects a record's encoding — a UTF-8 byte-order mark, else
// valid UTF-8, else Shift_JIS (CP932) — and returns the text. Bytes that
// are neither are an error naming the offset.
func Decode(b []byte) (text, encoding string, err error) {
	if bytes.HasPrefix(b, bom) {
		b = b[len(bom):]
		if !utf8.Valid(b) {
			return "", "", fmt.Errorf("starts with a UTF-8 byte-order mark but is not valid UTF-8 at byte %d", invalidUTF8At(b)+3)
		}
		return string(b), EncUTF8BOM, nil
	}
	if utf8.Valid(b) {
		for _, c := range b {
			if c >= 0x80 {
				return string(b), EncUTF8, nil
			}
		}
		return string(b), EncASCII, nil
	}
	out, err := japanese.ShiftJIS.NewDecoder().Bytes(b)
	if err != nil || bytes.ContainsRune(out, utf8.RuneError) {
		return "", "", fmt.Errorf("neither UTF-8 (invalid at byte %d) nor Shift_JIS/CP932", invalidUTF8At(b))
	}
	return string(out), EncShiftJIS, nil
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

// EncodeShiftJIS encodes text as CP932. A character that CP932 cannot
// hold is an error naming it and its line, so nothing is written.
func EncodeShiftJIS(text string) ([]byte, error) {
	enc := japanese.ShiftJIS.NewEncoder()
	var out bytes.Buffer
	for i, line := range strings.SplitAfter(text, "\n") {
		b, err := enc.Bytes([]byte(line))
		if err != nil {
			for _, r := range line {
				if _, err := japanese.ShiftJIS.NewEncoder().Bytes([]byte(string(r))); err != nil {
					return nil, fmt.Errorf("line %d: %q (U+%04X) cannot be written in Shift_JIS/CP932; save as .kifu (UTF-8) instead", i+1, r, r)
				}
			}
			return nil, fmt.Errorf("line %d cannot be written in Shift_JIS/CP932", i+1)
		}
		out.Write(b)
	}
	return out.Bytes(), nil
}
