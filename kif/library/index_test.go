package library

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

const oneGame = "開始日時：2024/03/05(火) 10:00\n棋戦：テスト杯\n先手：Alice\n後手：Bob\n手合割：平手\n" +
	"手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n"

// writeFiles writes name -> content under dir, making folders.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Reopening reads only what changed: nothing the second time, the one
// file rewritten the third, and a removed file leaves the list.
func TestIndexReadsOnlyChangedFiles(t *testing.T) {
	root, data := t.TempDir(), t.TempDir()
	writeFiles(t, root, map[string]string{"a.kifu": oneGame, "sub/b.kifu": oneGame, "sub/deeper/c.kifu": oneGame, "notes.txt": "not a record"})
	o := Options{IndexFile: filepath.Join(data, IndexName)}
	first, err := Open(context.Background(), root, o)
	if err != nil {
		t.Fatal(err)
	}
	if first.Read != 3 || len(first.Entries) != 3 || first.IndexErr != nil {
		t.Fatalf("first open: read %d, %d entries, index error %v", first.Read, len(first.Entries), first.IndexErr)
	}
	second, err := Open(context.Background(), root, o)
	if err != nil {
		t.Fatal(err)
	}
	if second.Read != 0 || !reflect.DeepEqual(first.Entries, second.Entries) {
		t.Errorf("second open read %d files; entries equal: %v", second.Read, reflect.DeepEqual(first.Entries, second.Entries))
	}
	writeFiles(t, root, map[string]string{"sub/b.kifu": strings.Replace(oneGame, "Alice", "Carol", 1)})
	later := time.Now().Add(time.Minute)
	os.Chtimes(filepath.Join(root, "sub/b.kifu"), later, later)
	third, err := Open(context.Background(), root, o)
	if err != nil {
		t.Fatal(err)
	}
	if third.Read != 1 || third.Entries[1].File != filepath.Join("sub", "b.kifu") || third.Entries[1].Black != "Carol" {
		t.Errorf("after a change: read %d, entries %+v", third.Read, third.Entries)
	}
	os.Remove(filepath.Join(root, "a.kifu"))
	fourth, _ := Open(context.Background(), root, o)
	if len(fourth.Entries) != 2 || fourth.Read != 0 {
		t.Errorf("after a removal: %d entries, read %d", len(fourth.Entries), fourth.Read)
	}
}

// An index that is not one kiki wrote is reported and rebuilt; the
// library is complete all the same.
func TestCorruptIndexRebuilt(t *testing.T) {
	root, data := t.TempDir(), t.TempDir()
	writeFiles(t, root, map[string]string{"a.kifu": oneGame})
	path := filepath.Join(data, IndexName)
	os.WriteFile(path, []byte("{not json"), 0o644)
	lib, err := Open(context.Background(), root, Options{IndexFile: path})
	if err != nil {
		t.Fatal(err)
	}
	if lib.IndexErr == nil || len(lib.Entries) != 1 || lib.Entries[0].Black != "Alice" {
		t.Errorf("index error %v, entries %+v", lib.IndexErr, lib.Entries)
	}
	again, _ := Open(context.Background(), root, Options{IndexFile: path})
	if again.IndexErr != nil || again.Read != 0 {
		t.Errorf("the rebuilt index: error %v, read %d", again.IndexErr, again.Read)
	}
}

// What an entry says of a game: date, players, event, result, ending,
// length, opening and first moves.
func TestEntryFields(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.kifu": oneGame,
		"h.kifu": "対局日：２０１９年１月２日\n手合割：香落ち\n下手：D\n上手：U\n手数----指手---------消費時間--\n   1 ５二玉(51)\n   2 中断\n"})
	lib, err := Open(context.Background(), root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []Entry{
		{File: "a.kifu", Line: 1, Date: "2024/03/05", Black: "Alice", White: "Bob", Event: "テスト杯", Result: WhiteWon, Ending: "投了", Moves: 2, FirstMoves: "▲７六歩 △３四歩"},
		{File: "h.kifu", Line: 1, Date: "2019/01/02", Black: "D", White: "U", Handicap: true, Result: Unfinished, Ending: "中断", Moves: 1, FirstMoves: "△５二玉"},
	}
	if !reflect.DeepEqual(lib.Entries, want) {
		t.Errorf("got  %+v\nwant %+v", lib.Entries, want)
	}
}

// A file of several games gives an entry a game; a broken game and an
// unreadable file are listed with their reasons, never left out.
func TestManyGamesAndUnreadable(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"multi.csa": "V2.2\nN+A\nN-B\nPI\n+\n+7776FU\n%TORYO\n/\nN+C\nN-D\n+7776FU\n/\nN+E\nN-F\nPI\n+\n+2726FU\n-8384FU\n%SENNICHITE\n",
		"list.usi":  "position startpos moves 7g7f\nstartpos moves 2g2f 8c8d\n",
		"junk.kif":  "\x00\x01\x02 not a record",
		"empty.ki2": "",
	})
	lib, err := Open(context.Background(), root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		file         string
		game, games  int
		black, white string
		result       Result
		err          bool
	}
	want := []row{
		{"empty.ki2", 0, 0, "", "", NoResult, true},
		{"junk.kif", 0, 0, "", "", NoResult, true},
		{"list.usi", 0, 2, "", "", NoResult, false},
		{"list.usi", 1, 2, "", "", NoResult, false},
		{"multi.csa", 0, 3, "A", "B", BlackWon, false},
		{"multi.csa", 1, 3, "", "", NoResult, true},
		{"multi.csa", 2, 3, "E", "F", Draw, false},
	}
	if len(lib.Entries) != len(want) {
		t.Fatalf("%d entries, want %d: %+v", len(lib.Entries), len(want), lib.Entries)
	}
	for i, w := range want {
		e := lib.Entries[i]
		got := row{e.File, e.Game, e.Games, e.Black, e.White, e.Result, e.Err != ""}
		if got != w {
			t.Errorf("entry %d: %+v (error %q), want %+v", i, got, e.Err, w)
		}
	}
	if e := lib.Entries[5]; e.Why != WhyRecord || e.ErrLine != 11 || !strings.Contains(e.Err, "moves before a position") {
		t.Errorf("the broken game: %s line %d: %q, want a record error on line 11", e.Why, e.ErrLine, e.Err)
	}
	if e := lib.Entries[1]; e.Why != WhyRecord || e.Err == "" {
		t.Errorf("junk.kif: %s %q", e.Why, e.Err)
	}
}

// A folder that cannot be read is listed with the reason.
func TestUnreadableFolderListed(t *testing.T) {
	if os.Getuid() == 0 {
		t.Skip("running as root: permissions do not stop reading")
	}
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.kifu": oneGame, "locked/b.kifu": oneGame})
	os.Chmod(filepath.Join(root, "locked"), 0)
	defer os.Chmod(filepath.Join(root, "locked"), 0o755)
	lib, err := Open(context.Background(), root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(lib.Entries) != 2 || lib.Entries[1].File != "locked" || lib.Entries[1].Why != WhyPermission || !strings.Contains(lib.Entries[1].Err, "permission") {
		t.Errorf("entries %+v", lib.Entries)
	}
}

// Cancelling the first indexing stops it with the context's error; what
// was read is kept in the index, so the next open reads only the rest.
func TestCancelKeepsWhatWasRead(t *testing.T) {
	root, data := t.TempDir(), t.TempDir()
	files := map[string]string{}
	for _, n := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		files[n+".kifu"] = oneGame
	}
	writeFiles(t, root, files)
	ctx, cancel := context.WithCancel(context.Background())
	var calls []int
	o := Options{IndexFile: filepath.Join(data, IndexName), Workers: 1, Progress: func(done, total int) {
		calls = append(calls, done)
		if done == 3 {
			cancel()
		}
	}}
	if _, err := Open(ctx, root, o); !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	o.Progress = nil
	lib, err := Open(context.Background(), root, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(lib.Entries) != 8 || lib.Read < 4 || lib.Read > 5 {
		t.Errorf("after the cancel: %d entries, read %d (progress %v)", len(lib.Entries), lib.Read, calls)
	}
}

// Open refuses what is not a folder.
func TestOpenNotAFolder(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.kifu": oneGame})
	if _, err := Open(context.Background(), filepath.Join(root, "a.kifu"), Options{}); err == nil {
		t.Error("a file opened as a library")
	}
	if _, err := Open(context.Background(), filepath.Join(root, "none"), Options{}); err == nil {
		t.Error("a missing folder opened as a library")
	}
}
