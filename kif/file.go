package kif

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Format is a record file format.
type Format int

// The formats kiki reads and writes.
const (
	FormatKIF  Format = iota // .kif: KIF in Shift_JIS (CP932)
	FormatKIFU               // .kifu: KIF in UTF-8
	FormatKI2                // .ki2: KI2 in Shift_JIS
	FormatKI2U               // .ki2u: KI2 in UTF-8
	FormatCSA                // .csa: CSA V2.2
	FormatUSI                // a USI "position" line
	FormatSFEN               // the SFEN after the main line
)

var formatNames = map[string]Format{
	"kif": FormatKIF, "kifu": FormatKIFU, "ki2": FormatKI2, "ki2u": FormatKI2U,
	"csa": FormatCSA, "usi": FormatUSI, "sfen": FormatSFEN,
}

// String returns the format's name, as ParseFormat reads it.
func (f Format) String() string {
	for name, g := range formatNames {
		if g == f {
			return name
		}
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// ParseFormat reads a format name (kif, kifu, ki2, ki2u, csa, usi, sfen).
func ParseFormat(s string) (Format, error) {
	f, ok := formatNames[strings.ToLower(strings.TrimPrefix(s, "."))]
	if !ok {
		return 0, fmt.Errorf("unknown format %q: want kif, kifu, ki2, ki2u, csa, usi or sfen", s)
	}
	return f, nil
}

// FormatOfPath returns the format a file name's extension names.
func FormatOfPath(path string) (Format, bool) {
	f, err := ParseFormat(filepath.Ext(path))
	return f, err == nil
}

// Read parses a record file's bytes; name (a path or a label) picks the
// format by extension (KIF when unknown, or when the content says so),
// and is used in errors. Of a file that holds several games (ReadGames)
// it reads the first, with a warning. The record remembers the file (Record.Source)
// for a save in the same format to write it back as it was.
func Read(name string, data []byte) (*Record, error) {
	text, enc, note, err := decode(data)
	if err != nil {
		return nil, &ParseError{File: name, Msg: err.Error()}
	}
	f, ok := FormatOfPath(name)
	if !ok {
		f = sniff(text)
	}
	text, more := firstGame(f, text)
	var r *Record
	switch f {
	case FormatKI2, FormatKI2U:
		r, err = ReadKI2(name, text)
	case FormatCSA:
		r, err = ReadCSA(name, text)
	case FormatUSI, FormatSFEN:
		r, err = ReadUSI(name, text)
	default:
		r, err = ReadKIF(name, text)
	}
	if err == nil && note != "" {
		r.Warnings = append([]Warning{{Msg: note}}, r.Warnings...)
	}
	if err == nil && more != nil {
		r.Warnings = append(r.Warnings, more.Warning)
		r.FileGames = more.games
	}
	if err == nil && r.Source != nil {
		if g, ok := FormatOfPath(name); ok && familyOf(g) == familyOf(r.Source.Format) {
			r.Source.Format = g
		}
		r.Source.Encoding = enc
	}
	return r, err
}

// sniff guesses the format of a text without a telling extension (stdin):
// CSA starts with V2, N+, P1 or PI lines; KI2 has ▲ moves and no move numbers.
func sniff(text string) Format {
	for _, line := range splitLines(text) {
		t := strings.TrimSpace(line)
		switch {
		case t == "" || strings.HasPrefix(t, "'") || strings.HasPrefix(t, "#"):
			continue
		case strings.HasPrefix(t, "V2") || strings.HasPrefix(t, "N+") || strings.HasPrefix(t, "PI") || strings.HasPrefix(t, "P1") || strings.HasPrefix(t, "$"):
			return FormatCSA
		case strings.HasPrefix(t, "position ") || strings.HasPrefix(t, "sfen ") || t == "startpos" || strings.HasPrefix(t, "startpos "):
			return FormatUSI
		case strings.HasPrefix(t, "▲") || strings.HasPrefix(t, "△"):
			return FormatKI2
		}
		if _, _, ok := moveLine(t); ok {
			return FormatKIF
		}
	}
	return FormatKIF
}

// ReadFile reads and parses a record file.
func ReadFile(path string) (*Record, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Read(path, data)
}

// Encode returns the record in format f as the bytes of a file: KIF and
// KI2 in Shift_JIS (CP932), KIFU, KI2U and CSA in UTF-8, lines ended with
// LF. A record read from a file of format f is written in that file's
// encoding and line ends instead (Record.Source).
func Encode(r *Record, f Format) ([]byte, error) {
	enc := EncUTF8
	if f == FormatKIF || f == FormatKI2 {
		enc = EncShiftJIS
	}
	same := r.Source != nil && r.Source.Format == f
	if same && r.Source.Encoding != "" {
		enc = r.Source.Encoding
	}
	var text string
	switch f {
	case FormatKIF, FormatKIFU:
		text = WriteKIF(r, encodingName(enc))
	case FormatKI2, FormatKI2U:
		text = writeKI2(r, encodingName(enc))
	case FormatCSA:
		text = WriteCSA(r)
	case FormatUSI:
		return []byte(WriteUSI(r) + "\n"), nil
	case FormatSFEN:
		return []byte(FinalSFEN(r) + "\n"), nil
	default:
		return nil, fmt.Errorf("unknown format %d", f)
	}
	data, err := encodeText(text, enc)
	if err != nil || !same {
		return data, err
	}
	if r.Source.NoFinalLineEnd {
		data = bytes.TrimSuffix(data, []byte("\n"))
	}
	if r.Source.LineEnd != "\n" {
		// CR and LF bytes stand for themselves in every encoding kiki writes.
		data = bytes.ReplaceAll(data, []byte("\n"), []byte(r.Source.LineEnd))
	}
	return data, nil
}

// encodingName is how a KIF version line names an encoding.
func encodingName(enc string) string {
	switch enc {
	case EncShiftJIS:
		return "Shift_JIS"
	case EncEUCJP:
		return "EUC-JP"
	}
	return "UTF-8"
}

// WriteFile saves the record to path in format f without ever leaving a
// half-written file: it writes a temporary file in the same folder and
// renames it over path. An existing file that is not a readable record is
// refused rather than overwritten.
func WriteFile(path string, r *Record, f Format) error {
	data, err := Encode(r, f)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if old, err := os.ReadFile(path); err == nil && len(old) > 0 {
		if _, err := Read(path, old); err != nil {
			return fmt.Errorf("refusing to overwrite %s: it is not a record kiki can read (%v)", path, err)
		}
	}
	return WriteAtomic(path, data)
}

// WriteAtomic writes data to path through a temporary file in the same
// folder and a rename, keeping an existing file's permissions.
func WriteAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	ok := false
	defer func() {
		if !ok {
			os.Remove(name)
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	if err := os.Chmod(name, mode); err != nil {
		return err
	}
	if err := os.Rename(name, path); err != nil {
		return err
	}
	ok = true
	return nil
}
