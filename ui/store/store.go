// Package store reads and writes kiki's small files in its config and
// data folders: JSON that is checked as it is read, and paths as a user
// types them.
package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	"kiki/kif"
)

// ReadJSON reads the JSON file name in the config folder dir into
// v. A missing file (or dir "") leaves v as it is and is no error; a file
// that cannot be read, or is not what it should be (what, e.g. "a kiki
// config"), is an error naming the file, which is left as it is.
func ReadJSON(dir, name, what string, v any) error {
	if dir == "" {
		return nil
	}
	path := filepath.Join(dir, name)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return &CorruptFileError{Path: path, What: what, Err: err}
	}
	return nil
}

// WriteJSON writes v as the JSON file name in the folder dir (nothing
// when dir is ""), through a temporary file and a rename, unless the file
// there is not one kiki can read as v's type (what it should be, as
// ReadJSON says it): then that error, and the file is left as it is.
func WriteJSON(dir, name, what string, v any) error {
	if dir == "" {
		return nil
	}
	old := reflect.New(reflect.TypeOf(v))
	if err := ReadJSON(dir, name, what, old.Interface()); err != nil {
		return err
	}
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return kif.WriteAtomic(filepath.Join(dir, name), append(data, '\n'))
}

// CorruptFileError is a file of the config folder that is not what kiki
// writes there; it is left as it is (the ui words it for the screen).
type CorruptFileError struct {
	Path string // the file
	What string // what it should be, e.g. "a kiki config"
	Err  error  // why it is not
}

func (e *CorruptFileError) Error() string {
	return fmt.Sprintf("%s: not %s (%v); it is left as it is", e.Path, e.What, e.Err)
}

// ExpandHome reads a leading ~/ as the home folder.
func ExpandHome(path string) string {
	if rest, ok := strings.CutPrefix(path, "~/"); ok {
		if h, err := os.UserHomeDir(); err == nil {
			return filepath.Join(h, rest)
		}
	}
	return path
}
