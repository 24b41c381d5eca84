package library

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"kiki/kif"
)

// IndexName is the index's file name in the data folder.
const IndexName = "library-index.json"

// indexVersion changes when what an Entry holds or how a record is read
// changes: an index of another version is read again from the files.
const indexVersion = 3

// index is the index file: for each library root, each record file's
// size, modification time and games.
type index struct {
	Version int                             `json:"version"`
	Roots   map[string]map[string]fileIndex `json:"roots"`
}

// fileIndex is what the index keeps of one file.
type fileIndex struct {
	Size    int64   `json:"size"`
	ModNs   int64   `json:"mod_ns"`
	Entries []Entry `json:"entries"`
}

// loadIndex reads the index file. A missing file is an empty index; a
// file of another version too. One that cannot be read is an empty index
// and an error to report (it is rebuilt, being only a cache).
func loadIndex(path string) (*index, error) {
	idx := &index{Version: indexVersion, Roots: map[string]map[string]fileIndex{}}
	if path == "" {
		return idx, nil
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return idx, nil
	}
	if err != nil {
		return idx, err
	}
	var got index
	if err := json.Unmarshal(data, &got); err != nil {
		return idx, fmt.Errorf("%s: not a library index (%v); it is rebuilt", path, err)
	}
	if got.Version != indexVersion || got.Roots == nil {
		return idx, nil
	}
	return &got, nil
}

// save writes the index atomically, making its folder if need be.
func (idx *index) save(path string) error {
	if path == "" {
		return nil
	}
	data, err := json.Marshal(idx)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return kif.WriteAtomic(path, data)
}
