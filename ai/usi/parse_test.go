package usi

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"kiki/ai"
)

// TestParseGo reads every go parameter, alone and together, and checks
// that a missing or bad value is an error naming the parameter while an
// unknown one is only listed.
func TestParseGo(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		args    string
		want    goRequest
		wantErr string // the parameter the error names; "" for none
	}{
		{"", goRequest{}, ""},
		{"btime 1000", goRequest{limits: ai.Limits{BTime: 1000 * ms}}, ""},
		{"wtime 2000", goRequest{limits: ai.Limits{WTime: 2000 * ms}}, ""},
		{"binc 10", goRequest{limits: ai.Limits{BInc: 10 * ms}}, ""},
		{"winc 20", goRequest{limits: ai.Limits{WInc: 20 * ms}}, ""},
		{"byoyomi 0", goRequest{limits: ai.Limits{}}, ""},
		{"byoyomi 3000", goRequest{limits: ai.Limits{Byoyomi: 3000 * ms}}, ""},
		{"movetime 500", goRequest{limits: ai.Limits{MoveTime: 500 * ms}}, ""},
		{"nodes 20000", goRequest{limits: ai.Limits{Nodes: 20000}}, ""},
		{"depth 7", goRequest{limits: ai.Limits{Depth: 7}}, ""},
		{"infinite", goRequest{limits: ai.Limits{Infinite: true}}, ""},
		{"ponder btime 0 wtime 0 byoyomi 500", goRequest{limits: ai.Limits{Ponder: true, Byoyomi: 500 * ms}}, ""},
		{"btime 60000 wtime 50000 binc 1000 winc 2000", goRequest{limits: ai.Limits{BTime: 60 * time.Second, WTime: 50 * time.Second, BInc: time.Second, WInc: 2 * time.Second}}, ""},
		{"mate 2000", goRequest{mate: true, mateTime: 2 * time.Second}, ""},
		{"mate infinite", goRequest{mate: true}, ""},
		{"searchmoves depth 3", goRequest{limits: ai.Limits{Depth: 3}, ignored: []string{"searchmoves"}}, ""},

		{"btime", goRequest{}, "btime"},
		{"wtime -1", goRequest{}, "wtime"},
		{"binc x", goRequest{}, "binc"},
		{"winc 1.5", goRequest{}, "winc"},
		{"byoyomi -5", goRequest{}, "byoyomi"},
		{"movetime", goRequest{}, "movetime"},
		{"depth x", goRequest{}, "depth"},
		{"depth 0", goRequest{}, "depth"},
		{"depth", goRequest{}, "depth"},
		{"depth 99999999999999999999", goRequest{}, "depth"},
		{"nodes 0", goRequest{}, "nodes"},
		{"nodes -3", goRequest{}, "nodes"},
		{"nodes", goRequest{}, "nodes"},
		{"mate", goRequest{}, "mate"},
		{"mate soon", goRequest{}, "mate"},
		{"mate -1", goRequest{}, "mate"},
		{"frob depth x", goRequest{}, "depth"},
	} {
		got, err := parseGo(strings.Fields(c.args))
		if c.wantErr != "" {
			if err == nil {
				t.Errorf("go %s: accepted as %+v", c.args, got)
			} else if !strings.Contains(err.Error(), "bad value for "+c.wantErr+";") {
				t.Errorf("go %s: error %q does not name %s", c.args, err, c.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("go %s: %v", c.args, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("go %s = %+v, want %+v", c.args, got, c.want)
		}
	}
	// An unknown parameter before a bad value is still listed, so that the
	// session reports both.
	if r, err := parseGo(strings.Fields("frob depth x")); err == nil || !reflect.DeepEqual(r.ignored, []string{"frob"}) {
		t.Errorf("go frob depth x: ignored %v, error %v", r.ignored, err)
	}
}

// TestParseSetOption reads each kind of option and checks the errors: a
// malformed command, an unknown name, and a value out of range or of the
// wrong kind, which still name the option.
func TestParseSetOption(t *testing.T) {
	for _, c := range []struct {
		args string
		want setting // opt.name, n, on and value are compared
	}{
		{"name USI_Hash value 32", setting{opt: option{name: "USI_Hash"}, n: 32, value: "32"}},
		{"name threads value 2", setting{opt: option{name: "Threads"}, n: 2, value: "2"}},
		{"name Level value 1", setting{opt: option{name: "Level"}, n: 1, value: "1"}},
		{"name MultiPV value 16", setting{opt: option{name: "MultiPV"}, n: 16, value: "16"}},
		{"name LearnedEval value true", setting{opt: option{name: "LearnedEval"}, on: true, value: "true"}},
		{"name USI_Ponder value false", setting{opt: option{name: "USI_Ponder"}, value: "false"}},
		{"name EvalFile value /tmp/a net.bin", setting{opt: option{name: "EvalFile"}, value: "/tmp/a net.bin"}},
		{"name EvalFile", setting{opt: option{name: "EvalFile"}}},
	} {
		got, err := parseSetOption(strings.Fields(c.args))
		if err != nil {
			t.Errorf("setoption %s: %v", c.args, err)
			continue
		}
		if got.opt.name != c.want.opt.name || got.n != c.want.n || got.on != c.want.on || got.value != c.want.value {
			t.Errorf("setoption %s = %+v, want %+v", c.args, got, c.want)
		}
	}
	if st, err := parseSetOption(strings.Fields("name Eval value material")); err != nil || st.eval == nil {
		t.Errorf("setoption Eval material: %+v, %v", st, err)
	}
	for _, c := range []struct{ args, name, msg string }{
		{"", "", "want \"setoption name"},
		{"value 3", "", "want \"setoption name"},
		{"name", "", "want \"setoption name"},
		{"name Frobnicate value 1", "", "unknown option \"Frobnicate\""},
		{"name Level value 11", "Level", "from 1 to 10"},
		{"name Level value 0", "Level", "from 1 to 10"},
		{"name USI_Hash value lots", "USI_Hash", "got \"lots\""},
		{"name Threads", "Threads", "from 1 to 256"},
		{"name Eval value psychic", "Eval", "want one of hand, handset, material"},
		{"name LearnedEval value yes", "LearnedEval", "want true or false"},
	} {
		st, err := parseSetOption(strings.Fields(c.args))
		if err == nil {
			t.Errorf("setoption %s: accepted as %+v", c.args, st)
			continue
		}
		if !strings.Contains(err.Error(), c.msg) {
			t.Errorf("setoption %s: error %q, want it to say %q", c.args, err, c.msg)
		}
		if st.opt.name != c.name {
			t.Errorf("setoption %s: names option %q, want %q", c.args, st.opt.name, c.name)
		}
	}
}

// TestParseGoReadsClientLines checks that what the client sends another
// engine (goCommandLine) reads back as the same limits here.
func TestParseGoReadsClientLines(t *testing.T) {
	ms := time.Millisecond
	for _, l := range []ai.Limits{
		{Infinite: true},
		{MoveTime: 300 * ms},
		{BTime: 60 * time.Second, WTime: 50 * time.Second, Byoyomi: 10 * time.Second},
		{BTime: 1000 * ms, WTime: 2000 * ms, BInc: 10 * ms, WInc: 20 * ms},
		{Ponder: true, Byoyomi: 500 * ms},
		{Depth: 6, Nodes: 100000},
	} {
		line := goCommandLine(l)
		got, err := parseGo(strings.Fields(line)[1:])
		want := l
		if l.MoveTime > 0 {
			// Sent as a byoyomi with no main time: the same time per move.
			want = ai.Limits{Byoyomi: l.MoveTime}
		}
		if err != nil || len(got.ignored) > 0 || got.mate || got.limits != want {
			t.Errorf("%q: %+v, %v; want %+v", line, got, err, want)
		}
	}
}

// FuzzParseGo: whatever follows "go", parseGo answers with limits or an
// error, never a panic, and an accepted request has no negative time.
func FuzzParseGo(f *testing.F) {
	for _, s := range []string{"btime 1000 wtime 1000 byoyomi 100", "infinite", "mate 300", "mate infinite",
		"depth 5 nodes 100", "ponder btime 1 wtime 1 binc 5 winc 5", "movetime -1", "depth", "nodes 99999999999999999999", "foo bar"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := parseGo(strings.Fields(s))
		if err != nil {
			return
		}
		l := r.limits
		for _, d := range []time.Duration{l.BTime, l.WTime, l.BInc, l.WInc, l.Byoyomi, l.MoveTime, r.mateTime} {
			if d < 0 {
				t.Fatalf("%q: negative time %v accepted", s, d)
			}
		}
		if l.Depth < 0 {
			t.Fatalf("%q: depth %d", s, l.Depth)
		}
	})
}

// FuzzParseSetOption: any setoption line is taken apart or refused
// without a panic.
func FuzzParseSetOption(f *testing.F) {
	for _, s := range []string{"name USI_Hash value 16", "name Eval value material", "name", "value 3", "name A B value C D", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, _ = parseSetOption(strings.Fields(s))
	})
}
