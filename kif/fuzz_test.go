package kif

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kiki/game/refdata"
)

// addCorpusSeeds seeds a fuzz target with the reference records of the
// given extensions (when the shared data is present) and inline samples.
func addCorpusSeeds(f *testing.F, exts ...string) {
	if dir := refdata.Dir(); dir != "" {
		entries, _ := os.ReadDir(filepath.Join(dir, "kif"))
		for _, e := range entries {
			for _, ext := range exts {
				if strings.HasSuffix(e.Name(), ext) {
					if b, err := os.ReadFile(filepath.Join(dir, "kif", e.Name())); err == nil {
						f.Add(b)
					}
				}
			}
		}
	}
	for _, ext := range exts {
		small, _ := filepath.Glob(filepath.Join("testdata", "*"+ext))
		for _, path := range small {
			if b, err := os.ReadFile(path); err == nil {
				f.Add(b)
			}
		}
	}
	f.Add([]byte(sampleKIF))
}

// fuzzReader checks that a reader never panics, and that whatever it
// accepts can be written and read back.
func fuzzReader(f *testing.F, name string, write func(*Record) string) {
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Read(name, data)
		if err != nil {
			if !strings.Contains(err.Error(), name) {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		out := write(r)
		if _, err := Read(name, []byte(out)); err != nil {
			t.Fatalf("own output rejected: %v\n%s", err, out)
		}
	})
}

func FuzzReadKIF(f *testing.F) {
	addCorpusSeeds(f, ".kif", ".kifu")
	fuzzReader(f, "fuzz.kifu", func(r *Record) string { return WriteKIF(r, "UTF-8") })
}

func FuzzReadKI2(f *testing.F) {
	addCorpusSeeds(f, ".ki2", ".ki2u")
	f.Add([]byte("▲７六歩    △３四歩    ▲２二角成\n△同　銀\nまで4手で後手の勝ち\n"))
	fuzzReader(f, "fuzz.ki2u", WriteKI2)
}

func FuzzReadCSA(f *testing.F) {
	addCorpusSeeds(f, ".csa")
	f.Add([]byte("V2.2\nN+a\nN-b\nPI\n+\n+7776FU,T3\n-3334FU\n%TORYO\n"))
	f.Add([]byte("V2.2\nP1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI *  *  *  *  * -KA * \nP3-FU-FU-FU-FU-FU-FU-FU-FU-FU\nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\nP+00AL\n+\n"))
	fuzzReader(f, "fuzz.csa", WriteCSA)
}

func FuzzReadUSI(f *testing.F) {
	f.Add([]byte("position startpos moves 7g7f 3c3d"))
	f.Add([]byte("sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b"))
	fuzzReader(f, "fuzz.usi", WriteUSI)
}
