package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	tea "github.com/charmbracelet/bubbletea"

	"kiki/ai/review"
	"kiki/kif"
	"kiki/kif/library"
)

// The review cache names a game by its moves (review.Game.Key), which
// only reading the game gives; the list must not read every file again
// to show which games were reviewed. So the library's review keeps, in
// the cache's folder, which game of which file has which key, with the
// file's size and modification time: a file changed since is taken as
// not reviewed (its game may be another).

// reviewIndexName is the file, in the review cache's folder.
const reviewIndexName = "library-games.json"

// reviewIndex maps a game of a file (reviewIndexKey) to its review key.
type reviewIndex struct {
	Games map[string]indexedGame `json:"games"`
	dir   string
}

// indexedGame is a game's key and its file's state when it was read.
type indexedGame struct {
	Key   string `json:"key"`
	Size  int64  `json:"size"`
	ModNs int64  `json:"mod_ns"`
}

// reviewIndexKey names game i of the file at path (absolute).
func reviewIndexKey(path string, i int) string { return fmt.Sprintf("%s#%d", path, i) }

// loadReviewIndex reads the index kept in dir; one missing or that
// cannot be read is empty (it is only a shortcut: the reviews are kept
// apart, and a review run writes it again).
func loadReviewIndex(dir string) *reviewIndex {
	idx := &reviewIndex{Games: map[string]indexedGame{}, dir: dir}
	data, err := os.ReadFile(filepath.Join(dir, reviewIndexName))
	if err == nil {
		var back reviewIndex
		if json.Unmarshal(data, &back) == nil && back.Games != nil {
			idx.Games = back.Games
		}
	}
	return idx
}

// put records that game i of path has key, with the file as it is now;
// it reports whether that changed the index.
func (idx *reviewIndex) put(path string, i int, key string) bool {
	st, err := os.Stat(path)
	if err != nil {
		return false
	}
	g := indexedGame{Key: key, Size: st.Size(), ModNs: st.ModTime().UnixNano()}
	if idx.Games[reviewIndexKey(path, i)] == g {
		return false
	}
	idx.Games[reviewIndexKey(path, i)] = g
	return true
}

// key is the review key of game i of path, when the file has not changed
// since it was recorded.
func (idx *reviewIndex) key(path string, i int) (string, bool) {
	g, ok := idx.Games[reviewIndexKey(path, i)]
	if !ok {
		return "", false
	}
	st, err := os.Stat(path)
	if err != nil || st.Size() != g.Size || st.ModTime().UnixNano() != g.ModNs {
		return "", false
	}
	return g.Key, true
}

// save writes the index.
func (idx *reviewIndex) save() error {
	data, err := json.Marshal(idx)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(idx.dir, 0o755); err != nil {
		return err
	}
	return kif.WriteAtomic(filepath.Join(idx.dir, reviewIndexName), data)
}

// rowReview is what the list shows of a game's review.
type rowReview struct {
	plies, moves int  // positions reviewed, of the game's moves
	done         bool // every position, and the candidates
	worst        []review.Ply
}

// libWorstShown is how many worst moments the list keeps for a game.
const libWorstShown = 3

func newRowReview(r review.Result, moves int) *rowReview {
	return &rowReview{plies: len(r.Plies), moves: moves, done: r.Done, worst: review.Worst(r, libWorstShown)}
}

// libRevSummariesMsg brings the reviews the cache holds for the games of
// a library just opened, by entry.
type libRevSummariesMsg struct {
	st   *libraryState
	revs map[int]*rowReview
}

// loadRowReviews finds, off the UI's goroutine, the reviews at the
// setup's settings of the library's games.
func loadRowReviews(st *libraryState, setup reviewSetup, entries []library.Entry) tea.Cmd {
	return func() tea.Msg {
		idx := loadReviewIndex(setup.cache.Dir)
		revs := map[int]*rowReview{}
		if len(idx.Games) == 0 {
			return libRevSummariesMsg{st, revs}
		}
		for i, e := range entries {
			key, ok := idx.key(filepath.Join(st.root, e.File), e.Game)
			if !ok || e.Err != "" {
				continue
			}
			r, ok, err := setup.cache.Load(key, setup.set.Key())
			if ok && err == nil {
				revs[i] = newRowReview(r, e.Moves)
			}
		}
		return libRevSummariesMsg{st, revs}
	}
}

// errLibChanged: the file no longer holds the game the library listed.
var errLibChanged = errors.New("the file changed since it was listed")

// libraryGame reads game i of the record file at path.
func libraryGame(path string, i int) (*kif.Record, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	games := kif.ReadGames(path, data)
	switch {
	case i >= len(games):
		return nil, errLibChanged
	case games[i].Err != nil:
		return nil, games[i].Err
	}
	return games[i].Record, nil
}

// gameOf is a record's main line as the review takes it.
func gameOf(rec *kif.Record) review.Game {
	return review.Game{Start: rec.StartPosition(), Moves: rec.MainMoves()}
}
