package usi

import (
	"context"
	"os"
	"testing"
	"time"

	"kiki/ai"
	"kiki/game"
)

// What fairy-stockfish sends with MultiPV 3: three scored lines, then
// "currmove" lines of the next iteration that carry no score, no nodes
// and no line, then a line of statistics alone. Only the lines with a
// score may change the score; nodes, nps and depth come from whichever
// line carries them, and a line without them keeps the previous values.
var multiPVLines = []string{
	"info depth 12 seldepth 18 multipv 1 score cp 191 nodes 100000 nps 50000 time 2000 pv 7g7f 3c3d 2g2f",
	"info depth 12 seldepth 18 multipv 2 score cp 180 nodes 100500 nps 50100 time 2005 pv 2g2f 8c8d",
	"info depth 12 seldepth 17 multipv 3 score cp 161 nodes 101000 nps 50200 time 2010 pv 5g5f",
	"info depth 13 currmove 7g7f currmovenumber 1",
	"info nodes 150000 nps 60000 hashfull 30",
}

// TestInfoAccumulates feeds the lines one by one and checks each report:
// the headline (multipv 1 or none) keeps its score and line across the
// unscored lines, the other candidates are reported as themselves.
func TestInfoAccumulates(t *testing.T) {
	p := game.NewStartPosition()
	var acc infoTracker
	var got []ai.Info
	for _, l := range multiPVLines {
		got = append(got, acc.add(p, l, time.Second))
	}
	check := func(k int, score, multipv, depth int, nodes, nps uint64, pvLen int) {
		t.Helper()
		i := got[k]
		if i.Score != score || i.MultiPV != multipv || i.Depth != depth || i.Nodes != nodes || i.NPS != nps || len(i.PV) != pvLen {
			t.Errorf("after %q:\n got score %d multipv %d depth %d nodes %d nps %d pv %d moves\nwant score %d multipv %d depth %d nodes %d nps %d pv %d moves",
				multiPVLines[k], i.Score, i.MultiPV, i.Depth, i.Nodes, i.NPS, len(i.PV), score, multipv, depth, nodes, nps, pvLen)
		}
	}
	check(0, 191, 1, 12, 100000, 50000, 3)
	check(1, 180, 2, 12, 100500, 50100, 2) // a candidate, as itself
	check(2, 161, 3, 12, 101000, 50200, 1)
	check(3, 191, 0, 13, 101000, 50200, 3) // the headline: score kept, the new depth
	check(4, 191, 0, 13, 150000, 60000, 3) // statistics alone
	if h := acc.head; h.Score != 191 || h.Nodes != 150000 || len(h.PV) != 3 || h.Hashfull != 30 {
		t.Errorf("headline at the end %+v", h)
	}
	// A free-text line is passed on as it is and changes nothing.
	if i := acc.add(p, "info string book move", 0); i.String != "book move" || acc.head.Score != 191 {
		t.Errorf("info string: %+v, headline %+v", i, acc.head)
	}
	// A line with a score but no multipv is the headline's (an engine
	// without MultiPV); its missing statistics are kept.
	if i := acc.add(p, "info depth 14 score cp -20 pv 2g2f", 0); i.Score != -20 || i.Nodes != 150000 || i.Depth != 14 || acc.head.Score != -20 {
		t.Errorf("a scored line without multipv: %+v", i)
	}
	// A new search starts from nothing.
	var fresh infoTracker
	if i := fresh.add(p, "info depth 1 currmove 7g7f currmovenumber 1", 0); i.Score != 0 || i.Nodes != 0 || i.Depth != 1 {
		t.Errorf("first line of a search: %+v", i)
	}
}

// TestClientResultKeepsScoredLine: the bestmove's result has the score
// and line of the last scored multipv-1 report, not of a currmove line
// after it (a hint said +0 after one).
func TestClientResultKeepsScoredLine(t *testing.T) {
	c := startFake(t, "currmove", ClientConfig{})
	if err := c.NewGame(); err != nil {
		t.Fatal(err)
	}
	p := game.NewStartPosition()
	var last ai.Info
	r := <-c.Go(context.Background(), p, ai.Request{Limits: ai.Limits{MoveTime: 100 * time.Millisecond}, MultiPV: 3, Info: func(i ai.Info) {
		if i.MultiPV <= 1 && i.String == "" {
			last = i
		}
	}})
	if r.Err != nil || r.Move.USI() != "7g7f" {
		t.Fatalf("result %+v", r)
	}
	if r.Score != 191 || len(r.PV) != 3 || r.Nodes != 150000 {
		t.Errorf("result score %d, line %d moves, nodes %d; want 191, 3, 150000", r.Score, len(r.PV), r.Nodes)
	}
	if last.Score != 191 || last.Nodes != 150000 || last.NPS != 60000 {
		t.Errorf("last headline report %+v", last)
	}
}

// TestGpsusiFixedTime: gpsusi dies on "go movetime" ("unknown option in
// go movetime"); a hint or an analysis with a fixed time must ask in a
// form it takes and get its move back.
func TestGpsusiFixedTime(t *testing.T) {
	const path = "/usr/games/gpsusi"
	if _, err := os.Stat(path); err != nil {
		t.Skip("gpsusi is not installed (" + path + "; apt-get install gpsshogi); the go command line test covers the form sent")
	}
	c, err := StartEngine(ClientConfig{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.NewGame(); err != nil {
		t.Fatal(err)
	}
	p := game.NewStartPosition()
	for i := 0; i < 2; i++ {
		start := time.Now()
		r := <-c.Go(context.Background(), p, ai.Request{Limits: ai.Limits{MoveTime: 300 * time.Millisecond}, Analysis: true})
		if r.Err != nil || !p.IsLegal(r.Move) {
			t.Fatalf("search %d: %+v", i+1, r)
		}
		if el := time.Since(start); el > 5*time.Second {
			t.Errorf("search %d took %v for 300 ms", i+1, el)
		}
		p.DoMove(r.Move)
	}
}
