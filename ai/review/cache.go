package review

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"kiki/kif"
)

// Cache keeps reviews on disk, one file per game and settings, under a
// folder of the data folder: review/SETTINGS/GAME.json. Each is written
// whole to a temporary file that is then renamed, so a review killed
// mid-write leaves the last whole result.
type Cache struct{ Dir string }

func (c Cache) path(game, settings string) string {
	return filepath.Join(c.Dir, settings, game+".json")
}

// Load is the kept review of game at settings; ok false when there is
// none. A file that cannot be read is an error (and is left as it is).
func (c Cache) Load(game, settings string) (Result, bool, error) {
	data, err := os.ReadFile(c.path(game, settings))
	if errors.Is(err, fs.ErrNotExist) {
		return Result{}, false, nil
	}
	if err != nil {
		return Result{}, false, err
	}
	var r Result
	if err := json.Unmarshal(data, &r); err != nil || r.Game != game || r.Settings != settings {
		return Result{}, false, fmt.Errorf("%s: not a kiki review of this game (%v)", c.path(game, settings), err)
	}
	return r, true, nil
}

// Save keeps r.
func (c Cache) Save(r Result) error {
	if r.Game == "" || r.Settings == "" {
		return errors.New("review: a result without its game or settings")
	}
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	path := c.path(r.Game, r.Settings)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return kif.WriteAtomic(path, data)
}
