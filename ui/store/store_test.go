package store

import (
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
