package store

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ReadJSON, which the user config and the solved problems share:
// no folder or no file is nothing read and no error; a file that is not
// JSON is an error naming it and what it should be, and v keeps its value.
func TestReadConfigJSON(t *testing.T) {
	dir := t.TempDir()
	v := map[string]int{"kept": 1}
	if err := ReadJSON("", "x.json", "a test", &v); err != nil || v["kept"] != 1 {
		t.Errorf("no folder: %v, %v", err, v)
	}
	if err := ReadJSON(dir, "x.json", "a test", &v); err != nil || v["kept"] != 1 {
		t.Errorf("no file: %v, %v", err, v)
	}
	path := filepath.Join(dir, "x.json")
	if err := os.WriteFile(path, []byte("{\"a\": 2}"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := ReadJSON(dir, "x.json", "a test", &v); err != nil || v["a"] != 2 {
		t.Errorf("a file: %v, %v", err, v)
	}
	if err := os.WriteFile(path, []byte("not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	err := ReadJSON(dir, "x.json", "a test", &v)
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "not a test") {
		t.Errorf("not JSON: %v", err)
	}
}

// WriteJSON writes what ReadJSON reads back, writes nothing without a
// folder, and leaves a file it cannot read as that type as it is.
func TestWriteJSONKeepsWhatItCannotRead(t *testing.T) {
	type counts struct {
		N map[string]int `json:"n"`
	}
	dir := t.TempDir()
	if err := WriteJSON(dir, "c.json", "kiki's counts", counts{N: map[string]int{"a": 1}}); err != nil {
		t.Fatal(err)
	}
	var back counts
	if err := ReadJSON(dir, "c.json", "kiki's counts", &back); err != nil || back.N["a"] != 1 {
		t.Fatalf("read back %v, %v", back, err)
	}
	if err := WriteJSON("", "c.json", "kiki's counts", counts{}); err != nil {
		t.Errorf("no folder: %v", err)
	}
	bad := []byte(`{"n": "not a map"}`)
	if err := os.WriteFile(filepath.Join(dir, "c.json"), bad, 0o600); err != nil {
		t.Fatal(err)
	}
	var ce *CorruptFileError
	if err := WriteJSON(dir, "c.json", "kiki's counts", counts{}); !errors.As(err, &ce) || ce.What != "kiki's counts" {
		t.Fatalf("over a file of another shape: %v", err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "c.json")); string(got) != string(bad) {
		t.Errorf("the file was changed: %q", got)
	}
}
