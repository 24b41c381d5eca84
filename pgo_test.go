package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"testing"
)

// default.pgo is the CPU profile that `go build` of this package uses
// for profile-guided optimisation (ai/mate/README.md says how it is made
// and what it gains). It must be a gzipped pprof profile of the mate
// solver's hot paths: a profile of other code, or none, would lose the
// gain without any test noticing.
func TestDefaultPGOProfilesTheSolver(t *testing.T) {
	f, err := os.Open("default.pgo")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("default.pgo is not a gzipped profile: %v", err)
	}
	data, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	for _, fn := range []string{
		"kiki/ai/mate.(*searcher).mid",
		"kiki/ai/mate.(*searcher).initChild",
		"kiki/game.(*Position).generateChecks",
		"kiki/game.(*Position).CountLegal",
		"kiki/ai/mate.(*table).lookup",
	} {
		if !bytes.Contains(data, []byte(fn)) {
			t.Errorf("default.pgo has no samples of %s", fn)
		}
	}
}
