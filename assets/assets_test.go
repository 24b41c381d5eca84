package assets

import (
	"io/fs"
	"testing"

	"kiki/kif"
)

func TestGamesRead(t *testing.T) {
	ents, err := fs.ReadDir(Games(), ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) < 5 {
		t.Fatalf("%d games embedded", len(ents))
	}
	for _, e := range ents {
		data, err := fs.ReadFile(Games(), e.Name())
		if err != nil {
			t.Fatal(err)
		}
		r, err := kif.Read(e.Name(), data)
		if err != nil || len(r.Warnings) > 0 {
			t.Errorf("%s: %v %v", e.Name(), err, r.Warnings)
			continue
		}
		if len(r.MainMoves()) < 50 {
			t.Errorf("%s: only %d moves", e.Name(), len(r.MainMoves()))
		}
	}
}
