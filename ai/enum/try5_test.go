package enum

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"testing"
	"kiki/ai/mate"
	"kiki/game"
)

func TestTryDfpn(t *testing.T) {
	mat := os.Getenv("ENUM_DFPN")
	if mat == "" {
		t.Skip()
	}
	ks, _ := Kinds(mat)
	rng := rand.New(rand.NewSource(1))
	sv := mate.New(mate.Options{HashMiB: 16, MaxNodes: 200000})
	hist := map[[2]int]int{}
	for it := 0; it < 3000; it++ {
		var p Pos
		p.King = game.Square(rng.Intn(81))
		p.N = int8(len(ks))
		w := mateWindow(p.King)
		ok := true
		for i, k := range ks {
			if rng.Intn(4) == 0 {
				p.Kind[i], p.Sq[i] = k, InHand
				continue
			}
			s := w[rng.Intn(len(w))]
			if p.pieceAt(s) >= 0 { ok = false }
			fs := forms(k, s)
			p.Kind[i], p.Sq[i] = fs[rng.Intn(len(fs))], s
		}
		p.canon()
		if !ok || p.InCheck() || p.nifu() {
			continue
		}
		d := Distance(&p, 7)
		gp, err := game.ParseSFEN(p.SFEN())
		if err != nil {
			t.Fatal(err)
		}
		r := sv.Solve(context.Background(), gp)
		dl := -1
		if r.Status.String() == "mate" {
			dl = r.Length
			if dl > 7 { dl = -1 }
		}
		hist[[2]int{d, dl}]++
	}
	fmt.Println(hist)
}
