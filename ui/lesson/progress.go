package lesson

import (
	"sort"

	"kiki/ui/store"
)

// Record is how one kind of question has gone: how often it was
// asked, how often answered right at the first grade, and whether the
// last time it was not.
type Record struct {
	Asked      int  `json:"asked"`
	RightFirst int  `json:"right_first"`
	LastMissed bool `json:"last_missed"`
}

// ProgressFileName is the progress file in the config folder.
const ProgressFileName = "lesson-progress.json"

// progressWhat is what the file should be, in its errors.
const progressWhat = "kiki's lesson progress"

// progressFile is what the file holds: each kind's record by its id.
type progressFile struct {
	Kinds map[string]Record `json:"kinds"`
}

// LoadProgress reads the progress in dir. A missing file (or dir
// "") is a fresh start; a file that cannot be read or is not kiki's JSON
// is an error naming it (and it is never overwritten, see
// SaveProgress).
func LoadProgress(dir string) (map[string]Record, error) {
	out := map[string]Record{}
	var f progressFile
	if err := store.ReadJSON(dir, ProgressFileName, progressWhat, &f); err != nil {
		return out, err
	}
	for k, v := range f.Kinds {
		out[k] = v
	}
	return out, nil
}

// SaveProgress writes the progress in dir (nothing when dir is "")
// through a temporary file and a rename, as the practice's solved file
// is; a file there that kiki cannot read is reported, not overwritten.
func SaveProgress(dir string, pr map[string]Record) error {
	return store.WriteJSON(dir, ProgressFileName, progressWhat, progressFile{Kinds: pr})
}

// Order is the kinds of a lesson of n questions: those missed the
// last time first, then the least asked, in the text's order among
// equals, so that every kind comes round.
func Order(pr map[string]Record, n int) []Kind {
	kinds := make([]Kind, NumKinds)
	for i := range kinds {
		kinds[i] = Kind(i)
	}
	sort.SliceStable(kinds, func(i, j int) bool {
		a, b := pr[kinds[i].Info().ID], pr[kinds[j].Info().ID]
		if a.LastMissed != b.LastMissed {
			return a.LastMissed
		}
		return a.Asked < b.Asked
	})
	if n >= len(kinds) {
		return kinds
	}
	// The missed come back first, but take at most n-2 places: a lesson
	// whose answers were all given up (a) would otherwise ask the same
	// kinds for ever, and the others never.
	missed := 0
	for missed < len(kinds) && pr[kinds[missed].Info().ID].LastMissed {
		missed++
	}
	if keep := max(n-2, 1); missed > keep {
		// The missed beyond keep go after the others, not away: a lesson
		// needs n kinds.
		order := append([]Kind(nil), kinds[:keep]...)
		order = append(order, kinds[missed:]...)
		kinds = append(order, kinds[keep:missed]...)
	}
	return kinds[:n]
}
