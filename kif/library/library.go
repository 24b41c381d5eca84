// Package library lists the game records under a folder: every record
// file found by walking it (KIF, KIFU, KI2, CSA, USI and SFEN, each game
// of a file that holds several), with what a list of games shows — date,
// players, result, length, opening — and, for a file that cannot be read,
// the reason. An index of what was read, keyed by each file's size and
// modification time, is kept in one file (the data folder's), so that
// opening the library again reads only the files that changed.
package library

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
)

// Result is how a game ended, as far as its record says.
type Result int

// The results a record's ending gives.
const (
	NoResult   Result = iota // no ending, or one that names no winner (不詰, an unknown word)
	BlackWon                 // 先手 (下手) won
	WhiteWon                 // 後手 (上手) won
	Draw                     // 千日手, 持将棋
	Unfinished               // 中断
)

// Entry is one game of the library, or a file (or folder) that cannot be
// read, with Err saying why.
type Entry struct {
	// File is the record's path relative to the library's root.
	File string `json:"file"`
	// Game is the game's place in its file (0: the first) and Games how
	// many the file holds; Line the line it starts on.
	Game  int `json:"game,omitempty"`
	Games int `json:"games,omitempty"`
	Line  int `json:"line,omitempty"`
	// Date is the game's date as YYYY/MM/DD when the header's can be read
	// so, else the header's own text ("" when it has none).
	Date  string `json:"date,omitempty"`
	Black string `json:"black,omitempty"`
	White string `json:"white,omitempty"`
	// Handicap: the sides are 下手 and 上手.
	Handicap bool   `json:"handicap,omitempty"`
	Event    string `json:"event,omitempty"`
	Result   Result `json:"result,omitempty"`
	// Ending is the word that ends the main line (投了, 詰み …; 反則 for
	// an illegal move), "" when none does.
	Ending string `json:"ending,omitempty"`
	// Moves is the number of moves of the main line.
	Moves int `json:"moves"`
	// Opening is what Classify names; Style the record's own 戦型 field;
	// FirstMoves its first moves in Japanese notation (▲７六歩 △３四歩 …).
	Opening    Opening `json:"opening,omitempty"`
	Style      string  `json:"style,omitempty"`
	FirstMoves string  `json:"first_moves,omitempty"`
	// Err says why the file (or this game of it) cannot be read: Why in
	// a word, ErrLine where (a record's line, 0 when none), Err in full
	// (in English, without the file's name).
	Why     Why    `json:"why,omitempty"`
	ErrLine int    `json:"error_line,omitempty"`
	Err     string `json:"error,omitempty"`
}

// Why is the kind of reason a file cannot be read, for a screen to say
// in its own words.
type Why string

// The reasons a file cannot be read.
const (
	WhyRecord     Why = "record"     // its content is not a record kiki can read
	WhyPermission Why = "permission" // not allowed to read it
	WhyMissing    Why = "missing"    // gone since it was found
	WhyTooLarge   Why = "large"      // too large to be a record
	WhyOther      Why = "other"      // any other failure to read it
)

// Library is the games under a folder.
type Library struct {
	// Root is the folder, an absolute path.
	Root    string
	Entries []Entry
	// Files is how many record files were found; Read how many of them
	// were read this time (the others came from the index).
	Files, Read int
	// IndexErr is why the index could not be read or written (the
	// library is complete without it); nil when it could.
	IndexErr error
}

// Options are how Open works.
type Options struct {
	// IndexFile is the index's file; "" keeps none.
	IndexFile string
	// Progress, when set, is called as files are read: done of total
	// (those the index did not hold). It is called from Open's goroutines,
	// one call at a time.
	Progress func(done, total int)
	// Workers is how many files are read at once (default: the CPUs, at
	// most 4).
	Workers int
}

// Open lists the games under root. Files whose size and modification
// time the index holds are not read again; the others are, and the
// index is written back. A cancelled ctx stops the reading: the index
// keeps what was read, and Open returns ctx's error.
func Open(ctx context.Context, root string, o Options) (*Library, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	if st, err := os.Stat(abs); err != nil {
		return nil, err
	} else if !st.IsDir() {
		return nil, fmt.Errorf("%s is not a folder", root)
	}
	lib := &Library{Root: abs}
	files, walkErrs := walk(abs)
	lib.Files = len(files)
	idx, ierr := loadIndex(o.IndexFile)
	lib.IndexErr = ierr
	old := idx.Roots[abs]
	fresh := make(map[string]fileIndex, len(files))
	var todo []fileStat
	for _, f := range files {
		if fi, ok := old[f.rel]; ok && fi.Size == f.size && fi.ModNs == f.modNs {
			fresh[f.rel] = fi
		} else {
			todo = append(todo, f)
		}
	}
	read, cerr := readAll(ctx, abs, todo, o)
	for rel, fi := range read {
		fresh[rel] = fi
	}
	lib.Read = len(read)
	if len(read) > 0 || len(fresh) != len(old) {
		idx.Roots[abs] = fresh
		if err := idx.save(o.IndexFile); err != nil && lib.IndexErr == nil {
			lib.IndexErr = err
		}
	}
	if cerr != nil {
		return nil, cerr
	}
	lib.Entries = entriesOf(fresh, walkErrs)
	return lib, nil
}

// entriesOf lists the index's games and the walk's errors in file order.
func entriesOf(files map[string]fileIndex, walkErrs []Entry) []Entry {
	var out []Entry
	for _, fi := range files {
		out = append(out, fi.Entries...)
	}
	out = append(out, walkErrs...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return out[i].Game < out[j].Game
	})
	return out
}

// readAll reads the files of todo with o.Workers goroutines; it stops
// early, with ctx's error, when ctx is cancelled.
func readAll(ctx context.Context, root string, todo []fileStat, o Options) (map[string]fileIndex, error) {
	workers := o.Workers
	if workers <= 0 {
		workers = min(runtime.NumCPU(), 4)
	}
	out := make(map[string]fileIndex, len(todo))
	var mu sync.Mutex
	jobs := make(chan fileStat)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range jobs {
				fi := fileIndex{Size: f.size, ModNs: f.modNs, Entries: readFile(root, f.rel)}
				mu.Lock()
				out[f.rel] = fi
				if o.Progress != nil {
					o.Progress(len(out), len(todo))
				}
				mu.Unlock()
			}
		}()
	}
	var err error
feed:
	for _, f := range todo {
		select {
		case <-ctx.Done():
			err = ctx.Err()
			break feed
		case jobs <- f:
		}
	}
	close(jobs)
	wg.Wait()
	if err == nil && ctx.Err() != nil && len(out) < len(todo) {
		err = ctx.Err()
	}
	return out, err
}
