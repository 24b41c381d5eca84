package ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"kiki/ui/engines"
)

// An engine's options dialog in a real terminal: fairy-stockfish added
// in the registry (R, n), its options opened (o), MultiPV stepped to 3,
// Ponder turned on, Skill Level typed, saved (s): engines.json holds the
// three values, and kiki's defaults for Threads and Hash are shown as
// such, not saved.
func TestOptionsInTmux(t *testing.T) {
	const fsf = "/usr/games/fairy-stockfish"
	if _, err := os.Stat(fsf); err != nil {
		t.Skip(fsf + " is not installed (apt-get install fairy-stockfish)")
	}
	dir, bin := e2eBinary(t)
	p := startTmux(t, "kiki-options", 120, 40, trustEnv(dir), bin+" --human --no-mouse")
	p.waitFor("先手 to move")
	p.keys("R")
	p.waitFor("kiki's own AI")
	p.keys("n")
	p.typ(fsf)
	p.keys("Enter")
	p.waitFor(" added")
	p.keys("o")
	s := p.waitFor("Options of Fairy-Stockfish")
	if !strings.Contains(s, "s save and close") {
		t.Fatalf("no keys line:\n%s", s)
	}
	p.selectRow("Threads")
	p.waitFor("1 (kiki's default)")
	p.selectRow("Hash")
	p.waitFor("256 (kiki's default)")
	p.selectRow("Ponder")
	p.keys("Space")
	p.waitFor("*Ponder")
	p.selectRow("MultiPV")
	p.keys("Right", "Right")
	p.waitFor("*MultiPV")
	p.selectRow("Skill Level")
	p.keys("Enter", "C-u")
	p.typ("50")
	p.keys("Enter")
	p.waitFor("Skill Level takes a whole number from -20 to 20")
	p.keys("C-u")
	p.typ("5")
	p.keys("Enter")
	p.waitFor("*Skill Level")
	p.keys("s")
	p.waitFor("saved")
	data, err := os.ReadFile(filepath.Join(dir, "config", engines.RegistryName))
	if err != nil {
		t.Fatal(err)
	}
	var reg engines.Registry
	if err := json.Unmarshal(data, &reg); err != nil || len(reg.Engines) != 1 {
		t.Fatalf("engines.json (%v):\n%s", err, data)
	}
	want := []OptionSetting{{Name: "Ponder", Value: "true"}, {Name: "MultiPV", Value: "3"}, {Name: "Skill Level", Value: "5"}}
	if got := reg.Engines[0].Values; !slices.Equal(got, want) {
		t.Fatalf("engines.json holds %v, want %v", got, want)
	}
}

// selectRow moves the options dialog's cursor to the row of the option
// named name: down, else up.
func (p *tmuxPane) selectRow(name string) {
	p.t.Helper()
	for _, dir := range []string{"Down", "Up"} {
		for range 60 {
			for _, l := range strings.Split(p.screen(), "\n") {
				if i := strings.Index(l, "> "); i >= 0 && strings.HasPrefix(strings.TrimLeft(l[i+2:], " *"), name+" ") {
					return
				}
			}
			p.keys(dir)
		}
	}
	p.t.Fatalf("no row %s:\n%s", name, p.screen())
}
