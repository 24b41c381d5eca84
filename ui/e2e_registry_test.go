package ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The registry of engines in a real terminal: R, n and a command line add
// kiki's own `kiki usi` (and fairy-stockfish and gpsusi where installed); the
// screen names each with its options, engines.json holds them, and the
// next start lists them again.
func TestRegistryInTmux(t *testing.T) {
	dir, bin := e2eBinary(t)
	env := trustEnv(dir)
	engines := []string{bin + " usi"}
	const fsf = "/usr/games/fairy-stockfish"
	if _, err := os.Stat(fsf); err == nil {
		engines = append(engines, fsf)
	} else {
		t.Log("fairy-stockfish is not installed (apt-get install fairy-stockfish adds it to this test)")
	}
	const gps = "/usr/games/gpsusi"
	if _, err := os.Stat(gps); err == nil {
		engines = append(engines, gps)
	} else {
		t.Log("gpsusi is not installed (apt-get install gpsshogi adds it to this test)")
	}
	p := startTmux(t, "kiki-registry", 120, 40, env, bin+" --human --no-mouse")
	p.waitFor("先手 to move")
	p.keys("R")
	p.waitFor("kiki's own AI")
	for _, cmd := range engines {
		p.keys("n")
		p.typ(cmd)
		p.keys("Enter")
		s := p.waitFor(" added")
		if !strings.Contains(s, "options declared") || !strings.Contains(s, "=") {
			t.Errorf("%s added, but its options are not shown:\n%s", cmd, s)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "config", "engines.json"))
	if err != nil {
		t.Fatal(err)
	}
	var reg struct {
		Engines []struct {
			Name string `json:"name"`
		} `json:"engines"`
	}
	if err := json.Unmarshal(data, &reg); err != nil || len(reg.Engines) != len(engines) {
		t.Fatalf("engines.json holds %d engines (%v), want %d:\n%s", len(reg.Engines), err, len(engines), data)
	}
	p.stop()
	q := startTmux(t, "kiki-registry2", 120, 40, env, bin+" --human --no-mouse")
	q.waitFor("先手 to move")
	q.keys("R")
	s := q.waitFor("kiki's own AI")
	// The list scrolls in the room under the board: walk down it.
	for range reg.Engines {
		q.keys("j")
		time.Sleep(200 * time.Millisecond)
		s += q.screen()
	}
	for _, e := range reg.Engines {
		// A long id name (gpsusi's) is cut to its column: its start names it.
		if name := []rune(e.Name); !strings.Contains(s, string(name[:min(len(name), 16)])) {
			t.Errorf("the next start does not list %q:\n%s", e.Name, s)
		}
	}
}
