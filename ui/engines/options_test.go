package engines

import (
	"slices"
	"testing"
)

func TestKikiDefaultOptions(t *testing.T) {
	decl := ParseDeclared([]string{
		"option name threads type spin default 8 min 1 max 64",
		"option name USI_Hash type spin default 16 min 1 max 128", // 256 is out of its range: 128
		"option name Depth type spin default 5 min 1 max 20",
	})
	got := WithDefaultOptions(decl, []OptionSetting{{Name: "Depth", Value: "7"}})
	want := []OptionSetting{{Name: "Depth", Value: "7"}, {Name: "threads", Value: "1"}, {Name: "USI_Hash", Value: "128"}}
	if !slices.Equal(got, want) {
		t.Fatalf("defaults: %v, want %v", got, want)
	}
	// The user's values win, whatever their case.
	user := []OptionSetting{{Name: "Threads", Value: "3"}, {Name: "usi_hash", Value: "64"}}
	if got := WithDefaultOptions(decl, user); !slices.Equal(got, user) {
		t.Fatalf("the user's values: %v", got)
	}
	// Hash is the Stockfish family's USI_Hash; a Threads that is not a
	// spin, and undeclared ones, get nothing.
	decl = ParseDeclared([]string{"option name Hash type spin default 16 min 1 max 131072", "option name Threads type string default x"})
	if got := WithDefaultOptions(decl, nil); !slices.Equal(got, []OptionSetting{{Name: "Hash", Value: "256"}}) {
		t.Fatalf("fairy-stockfish's Hash: %v", got)
	}
	// gpsusi's Thread (2 by default) is its Threads.
	decl = ParseDeclared([]string{"option name Thread type spin default 2 min 1 max 2"})
	if got := WithDefaultOptions(decl, nil); !slices.Equal(got, []OptionSetting{{Name: "Thread", Value: "1"}}) {
		t.Fatalf("gpsusi's Thread: %v", got)
	}
	if got := WithDefaultOptions(nil, nil); len(got) != 0 {
		t.Fatalf("no options declared: %v", got)
	}
}
