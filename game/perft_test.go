package game

import (
	"encoding/json"
	"os"
	"testing"

	"kiki/game/refdata"
)

type perftCase struct {
	SFEN  string   `json:"sfen"`
	Depth int      `json:"depth"`
	Nodes uint64   `json:"nodes"`
	Tags  []string `json:"tags"`
}

func loadPerft(t testing.TB) []perftCase {
	b, err := os.ReadFile(refdata.Path(t, "perft.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []perftCase
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// ciPerftLimit is the largest count every run checks; bigger ones run only
// without -short... and with KIKI_PERFT_ALL=1, because they take minutes.
const ciPerftLimit = 5_000_000

func TestPerftReference(t *testing.T) {
	cases := loadPerft(t)
	if len(cases) < 300 {
		t.Fatalf("perft.json has %d entries, expected 301", len(cases))
	}
	limit := uint64(ciPerftLimit)
	if testing.Short() {
		limit = 200_000
	}
	if os.Getenv("KIKI_PERFT_ALL") != "" {
		limit = 1 << 62
	} else if v := os.Getenv("KIKI_PERFT_LIMIT"); v != "" {
		var n uint64
		if err := json.Unmarshal([]byte(v), &n); err == nil {
			limit = n
		}
	}
	ran := 0
	for _, c := range cases {
		if c.Nodes > limit {
			continue
		}
		p, err := ParseSFEN(c.SFEN)
		if err != nil {
			t.Errorf("%s: %v", c.SFEN, err)
			continue
		}
		if got := p.Perft(c.Depth); got != c.Nodes {
			t.Errorf("perft(%d) of %s = %d, want %d", c.Depth, c.SFEN, got, c.Nodes)
		}
		if p.SFEN() != c.SFEN {
			t.Errorf("position changed by perft or SFEN not round-tripped: %s → %s", c.SFEN, p.SFEN())
		}
		ran++
	}
	t.Logf("%d of %d perft entries checked (limit %d nodes)", ran, len(cases), limit)
}
