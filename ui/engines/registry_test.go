package engines

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRegistryRoundTrip(t *testing.T) {
	dir := t.TempDir()
	r := Registry{Migrated: true}
	r.Add(Entry{Name: "Fake", Path: "/x/fake", Args: []string{"usi"}, IDName: "Fake", IDAuthor: "me",
		Declared: []string{"option name Depth type spin default 1 min 1 max 9"}, Values: []OptionSetting{{Name: "Depth", Value: "3"}}})
	r.Add(Entry{Name: "Fake", Path: "/x/other"})
	r.SetDefault(1, true)
	if err := SaveRegistry(dir, r); err != nil {
		t.Fatal(err)
	}
	got, err := LoadRegistry(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Engines) != 2 || got.Engines[1].Name != "Fake (2)" || !got.Engines[1].Analysis || got.Engines[0].Values[0].Value != "3" {
		t.Fatalf("round trip: %+v", got)
	}
	if e, ok := got.DefaultEntry(true); !ok || e.Path != "/x/other" {
		t.Fatalf("analysis default %+v %v", e, ok)
	}
	if _, ok := got.DefaultEntry(false); ok {
		t.Fatal("the built-in AI should be the default for play")
	}
	if err := got.Rename(0, "Fake (2)"); err != ErrNameTaken {
		t.Fatalf("rename to a taken name: %v", err)
	}
	if err := got.Rename(0, " "); err != ErrNoName {
		t.Fatalf("rename to nothing: %v", err)
	}
	if err := got.Rename(0, "Mine"); err != nil || got.Engines[0].Name != "Mine" {
		t.Fatal(err)
	}
	got.SetDefault(-1, true)
	got.Remove(1)
	if len(got.Engines) != 1 || got.Engines[0].Name != "Mine" {
		t.Fatalf("after remove %+v", got.Engines)
	}
	if _, ok := got.DefaultEntry(true); ok {
		t.Fatal("the built-in AI should be the default for analysis")
	}
}

func TestRegistryMigratesConfig(t *testing.T) {
	for _, def := range []bool{false, true} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, ConfigName), []byte(`{"engine":{"path":"/x/eng","args":["-q"]},"analyser":true,"default":`+map[bool]string{true: "true", false: "false"}[def]+`}`), 0o600); err != nil {
			t.Fatal(err)
		}
		r, err := LoadRegistry(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Engines) != 1 || r.Engines[0].Path != "/x/eng" || r.Engines[0].Args[0] != "-q" || r.Engines[0].Play != def || r.Engines[0].Analysis != def {
			t.Fatalf("default %v: migrated %+v", def, r)
		}
		// Once: removed, it does not come back.
		r.Remove(0)
		if err := SaveRegistry(dir, r); err != nil {
			t.Fatal(err)
		}
		if r, _ := LoadRegistry(dir); len(r.Engines) != 0 {
			t.Fatalf("the migrated engine came back: %+v", r)
		}
	}
}

func TestSplitCommandLine(t *testing.T) {
	got, err := SplitCommandLine(` kiki  usi 'a b' "c d"`)
	if err != nil || strings.Join(got, "|") != "kiki|usi|a b|c d" {
		t.Fatalf("%q %v", got, err)
	}
	if _, err := SplitCommandLine(`x 'y`); err != ErrUnclosedQuote {
		t.Fatal(err)
	}
	if _, err := SplitCommandLine("  "); err != ErrNoCommand {
		t.Fatal(err)
	}
}
