package tsume

import (
	"strings"
	"testing"
	"testing/fstest"

	"kiki/kif"
	"kiki/ui/lang"
)

// testSet is a small set: a 1-ply problem (G*5b), a 3-ply one (R*3d 3c3d
// 4b4d+) and a 3-ply game position where 3a4b mates only in 5.
var testSet = &fstest.MapFile{Data: []byte("# test problems\n" +
	"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\t1\tG*5b\t\t頭金\n" +
	"7+P1/5R1s1/6ks1/9/5L1p1/9/9/9/9 b R2b4g2s4n3l16p 1\t3\tR*3d 3c3d 4b4d+\n" +
	"6+R2/1+B1k2n2/4p1Sp1/2pps1l1g/1p3PR2/2P6/1GNPP+pN2/3S5/1+lBKG4 b GNL4Psl4p 105\t3\tG*7c 6b5b 3c4b+\n")}

// The picker's columns, the sets' names and order, a set that cannot be
// read reported beside the others, and the solved file read back.
func TestSetsHelpers(t *testing.T) {
	for l, want := range map[int]int{1: 0, 3: 1, 11: 5, 13: Long, 611: Long} {
		if got := LengthIdx(l); got != want {
			t.Errorf("LengthIdx(%d) = %d", l, got)
		}
	}
	for i, want := range []int{1, 3, 5, 7, 9, 11, 0} {
		if got := Plies(i); got != want || i < Long && LengthIdx(got) != i {
			t.Errorf("Plies(%d) = %d, want %d", i, got, want)
		}
	}
	if got := MaterialName("SNP"); got != "銀1桂1歩1" {
		t.Errorf("MaterialName(SNP) = %s", got)
	}
	if got := SetName(lang.Japanese, "enum-GGP.tsv.gz"); got != "金2歩1 (GGP)" {
		t.Errorf("SetName = %s", got)
	}
	sets, err := LoadSets(fstest.MapFS{
		"famous.tsv.gz": testSet, "enum-GGP.tsv": testSet, "short.tsv.gz": testSet,
		"bad.tsv": {Data: []byte("nonsense\n")}, "README": {Data: []byte("not a set")},
	})
	if len(sets) != 3 || sets[0].File != "short.tsv.gz" || sets[1].File != "famous.tsv.gz" || sets[2].File != "enum-GGP.tsv" {
		t.Errorf("sets %v", sets)
	}
	if err == nil || !strings.Contains(err.Error(), "bad.tsv:1") {
		t.Errorf("the bad set is not reported: %v", err)
	}
	solved := map[string]string{ProblemKey(&sets[0].Problems[1]): "2026-01-02", ProblemKey(&sets[0].Problems[2]): "2026-01-02"}
	dir := t.TempDir()
	if err := SaveSolved(dir, solved); err != nil {
		t.Fatal(err)
	}
	back, err := LoadSolved(dir)
	if err != nil || len(back) != 2 {
		t.Errorf("read back %v %v", back, err)
	}
}

// The solved file's key of a problem: the SFEN's first three fields, the
// same however the SFEN is spaced.
func TestProblemKey(t *testing.T) {
	const want = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p"
	for _, sfen := range []string{want + " 1", want, want + " 12 x", " " + want + " 1", "4k4/9/4P4/9/9/9/9/9/9  b G2r2b3g4s4n4l17p 1",
		want + " 1 ", "4k4/9/4P4/9/9/9/9/9/9\tb G2r2b3g4s4n4l17p 1", "4k4/9/4P4/9/9/9/9/9/9\u3000b G2r2b3g4s4n4l17p 1"} {
		if got := ProblemKey(&kif.Problem{SFEN: sfen}); got != want {
			t.Errorf("%q: key %q, want %q", sfen, got, want)
		}
	}
}
