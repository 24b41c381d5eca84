package library

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"kiki/game/refdata"
	"kiki/kif"
)

// benchLibrary is the generated library of the benchmark, made once per
// test binary (10,000 files take a while to write and index) and removed
// by TestMain.
var benchLibrary struct {
	once             sync.Once
	root, index, err string
	firstIndex       time.Duration
}

func TestMain(m *testing.M) {
	code := m.Run()
	if benchLibrary.root != "" {
		os.RemoveAll(filepath.Dir(benchLibrary.root))
	}
	os.Exit(code)
}

// generateLibrary writes n copies of the readable KIF and KI2 records of
// ../shared/data/kif into nested folders under root, each with its own
// players and date (the header lines replaced), in UTF-8.
func generateLibrary(b *testing.B, root string, n int) {
	dir := refdata.Path(b, "kif")
	var texts []string
	var exts []string
	for _, f := range recordFiles(b, dir) {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := kif.Read(f, data); err != nil {
			continue
		}
		text, _, err := kif.Decode(data)
		if err != nil {
			continue
		}
		var keep []string
		for _, line := range strings.Split(text, "\n") {
			if strings.HasPrefix(line, "先手：") || strings.HasPrefix(line, "後手：") || strings.HasPrefix(line, "開始日時：") || strings.HasPrefix(line, "#KIF") {
				continue
			}
			keep = append(keep, line)
		}
		texts = append(texts, strings.Join(keep, "\n"))
		ext := ".kifu"
		if strings.HasPrefix(strings.ToLower(filepath.Ext(f)), ".ki2") {
			ext = ".ki2u"
		}
		exts = append(exts, ext)
	}
	for i := range n {
		k := i % len(texts)
		head := fmt.Sprintf("開始日時：%04d/%02d/%02d\n先手：player%04d\n後手：player%04d\n", 1990+i%35, 1+i%12, 1+i%28, i%997, (i*7)%991)
		p := filepath.Join(root, fmt.Sprintf("y%02d", i%30), fmt.Sprintf("m%02d", i/30%12), fmt.Sprintf("game%05d%s", i, exts[k]))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(head+texts[k]), 0o644); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpenIndexed10000 reopens an indexed library of 10,000
// generated records (copies of real ones with changed headers): the walk,
// the index read and the check of every file's size and time. The first
// indexing's time is reported as first-index-s.
func BenchmarkOpenIndexed10000(b *testing.B) {
	const n = 10000
	benchLibrary.once.Do(func() {
		tmp, err := os.MkdirTemp("", "kiki-library-bench-")
		if err != nil {
			benchLibrary.err = err.Error()
			return
		}
		benchLibrary.root, benchLibrary.index = filepath.Join(tmp, "records"), filepath.Join(tmp, IndexName)
		generateLibrary(b, benchLibrary.root, n)
		start := time.Now()
		lib, err := Open(context.Background(), benchLibrary.root, Options{IndexFile: benchLibrary.index})
		benchLibrary.firstIndex = time.Since(start)
		switch {
		case err != nil:
			benchLibrary.err = err.Error()
		case len(lib.Entries) != n:
			benchLibrary.err = fmt.Sprintf("%d entries, want %d", len(lib.Entries), n)
		}
	})
	if benchLibrary.err != "" {
		b.Fatal(benchLibrary.err)
	}
	b.ResetTimer()
	for range b.N {
		lib, err := Open(context.Background(), benchLibrary.root, Options{IndexFile: benchLibrary.index})
		if err != nil || lib.Read != 0 || len(lib.Entries) != n {
			b.Fatalf("reopen: %v, read %d, %d entries", err, lib.Read, len(lib.Entries))
		}
	}
	b.ReportMetric(benchLibrary.firstIndex.Seconds(), "first-index-s")
}
