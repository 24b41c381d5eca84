package kif

import (
	"strings"
	"testing"

	"kiki/game"
)

// TestShiftJISSavesTakeCP932Pairs saves records whose comment holds each
// character that CP932 writes under another code point (〜 is ～ there,
// − is －, …) as .kif and .ki2: the save succeeds and reads back with the
// CP932 form, as Kifu for Windows writes them.
func TestShiftJISSavesTakeCP932Pairs(t *testing.T) {
	pairs := []struct{ in, want rune }{
		{'\u301C', '\uFF5E'}, // 〜 WAVE DASH → ～ FULLWIDTH TILDE
		{'\u2212', '\uFF0D'}, // − MINUS SIGN → － FULLWIDTH HYPHEN-MINUS
		{'\u2016', '\u2225'}, // ‖ DOUBLE VERTICAL LINE → ∥ PARALLEL TO
		{'\u00A2', '\uFFE0'}, // ¢ → ￠
		{'\u00A3', '\uFFE1'}, // £ → ￡
		{'\u00AC', '\uFFE2'}, // ¬ → ￢
		{'\u2014', '\u2015'}, // — EM DASH → ― HORIZONTAL BAR
	}
	for _, p := range pairs {
		for _, f := range []Format{FormatKIF, FormatKI2} {
			r := NewRecord(game.NewStartPosition())
			r.Set("棋戦", "第1期"+string(p.in)+"杯")
			r.Root.Comments = []string{"序盤" + string(p.in) + "中盤"}
			data, err := Encode(r, f)
			if err != nil {
				t.Errorf("%v with %q (U+%04X): %v", f, p.in, p.in, err)
				continue
			}
			back, err := Read("x."+f.String(), data)
			if err != nil {
				t.Errorf("%v with %q: reading back: %v", f, p.in, err)
				continue
			}
			if got, want := back.Root.Comments, "序盤"+string(p.want)+"中盤"; len(got) != 1 || got[0] != want {
				t.Errorf("%v with %q: comment read back as %q, want %q", f, p.in, got, want)
			}
			if got, _ := back.Get("棋戦"); got != "第1期"+string(p.want)+"杯" {
				t.Errorf("%v with %q: header read back as %q", f, p.in, got)
			}
		}
	}
}

// TestShiftJISRefusesWhatItCannotHold checks that a character with no
// Shift_JIS form at all still stops the save with a message naming it and
// its line.
func TestShiftJISRefusesWhatItCannotHold(t *testing.T) {
	r := NewRecord(game.NewStartPosition())
	r.Root.Comments = []string{"好手😀"}
	for _, f := range []Format{FormatKIF, FormatKI2} {
		_, err := Encode(r, f)
		if err == nil {
			t.Fatalf("%v: an emoji saved in Shift_JIS", f)
		}
		for _, part := range []string{"'😀' (U+1F600)", "cannot be written in Shift_JIS", "line "} {
			if !strings.Contains(err.Error(), part) {
				t.Errorf("%v: error %q does not say %q", f, err, part)
			}
		}
	}
}
