package lang

import (
	"strings"
	"testing"
)

func TestFromEnv(t *testing.T) {
	for env, want := range map[string]Lang{
		"":                              English,
		"LANG=ja_JP.UTF-8":              Japanese,
		"LANG=en_US.UTF-8":              English,
		"LANG=ja_JP.UTF-8 LC_ALL=C":     English,
		"LANG=C LC_MESSAGES=ja_JP.utf8": Japanese,
		"LC_ALL=ja LANG=en_US":          Japanese,
	} {
		vars := map[string]string{}
		for _, kv := range strings.Fields(env) {
			k, v, _ := strings.Cut(kv, "=")
			vars[k] = v
		}
		if got := FromEnv(func(k string) string { return vars[k] }); got != want {
			t.Errorf("%q: %v, want %v", env, got, want)
		}
	}
	if l, err := Parse("ja"); err != nil || l != Japanese {
		t.Error("ParseLang ja")
	}
	if _, err := Parse("fr"); err == nil {
		t.Error("ParseLang fr accepted")
	}
}

// Every entry has both languages, with the same format verbs, and the
// Japanese one is not the English one in disguise (a mixed "日本語
// (English)" message).
func TestCatalogueComplete(t *testing.T) {
	Each(func(k, en, ja string) {
		if en == "" || ja == "" {
			t.Errorf("%s: an empty entry %q / %q", k, en, ja)
		}
		if strings.Count(en, "%") != strings.Count(ja, "%") {
			t.Errorf("%s: format verbs differ: %q / %q", k, en, ja)
		}
	})
}
