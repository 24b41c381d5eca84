package review

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kiki/ai/nnue"
)

// kiki review names the missed mate of a record written by hand, and a
// file it cannot read is said on stderr with exit status 1, the others
// still reviewed.
func TestReviewCommand(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "hand.usi")
	if err := os.WriteFile(rec, []byte("sfen "+headGold+" moves 5i4h 5a4a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	code := runReview(nil, []string{"--nodes", "20000", rec, filepath.Join(dir, "none.kif")}, &out, &errOut)
	if code != 1 || !strings.Contains(errOut.String(), "none.kif") {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
	if !strings.Contains(out.String(), "move 1") || !strings.Contains(out.String(), "mate in 1") {
		t.Errorf("stdout:\n%s", out.String())
	}
	out.Reset()
	if code := runReview(nil, []string{"--nodes", "0", rec}, &out, &errOut); code != 2 {
		t.Errorf("--nodes 0: exit %d", code)
	}
}

// Weights that do not load are said, not reviewed with silently.
func TestReviewCommandRefusesBadWeights(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := Command([]byte("not weights")).Run([]string{"x.kif"}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "learned evaluation") {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
}

// kiki review searches with the network it is given: a bishop thrown away
// is a mistake to the hand-made evaluation and none to a zero network,
// which scores every quiet position 0.
func TestReviewCommandUsesTheNetwork(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "blunder.usi")
	if err := os.WriteFile(rec, []byte("startpos moves 7g7f 3c3d 8h3c+ 2b3c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	review := func(net *nnue.Net) string {
		var out, errOut bytes.Buffer
		if code := runReview(net, []string{"--nodes", "20000", rec}, &out, &errOut); code != 0 {
			t.Fatalf("exit %d, stderr %q", code, errOut.String())
		}
		return out.String()
	}
	if out := review(nil); !strings.Contains(out, "move 3") {
		t.Errorf("the hand-made evaluation missed the bishop thrown away:\n%s", out)
	}
	if out := review(nnue.NewNet()); strings.Contains(out, "move 3") {
		t.Errorf("a zero network found a mistake, so it was not the one searching:\n%s", out)
	}
}
