package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// readConfigJSON reads the JSON file name in the config folder dir into
// v. A missing file (or dir "") leaves v as it is and is no error; a file
// that cannot be read, or is not what it should be (what, e.g. "a kiki
// config"), is an error naming the file, which is left as it is.
func readConfigJSON(dir, name, what string, v any) error {
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
		return &corruptFileError{path: path, what: what, err: err}
	}
	return nil
}

// corruptFileError is a file of the config folder that is not what kiki
// writes there; it is left as it is (fileErrWords words it for the screen).
type corruptFileError struct {
	path, what string
	err        error
}

func (e *corruptFileError) Error() string {
	return fmt.Sprintf("%s: not %s (%v); it is left as it is", e.path, e.what, e.err)
}
