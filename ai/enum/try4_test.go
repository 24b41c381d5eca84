package enum

import (
	"fmt"
	"os"
	"testing"
	"kiki/game"
)

func TestTryCmp(t *testing.T) {
	mat := os.Getenv("ENUM_CMP")
	if mat == "" {
		t.Skip()
	}
	ks, _ := Kinds(mat)
	e := build(ks, mat, Options{MaxLength: 3})
	bad := 0
	n3 := 0
	EveryPlacement(ks, func(p *Pos) {
		if p.King != game.NewSquare(1, 1) && p.King != game.NewSquare(5, 1) && p.King != game.NewSquare(5,5) {
			return
		}
		d := Distance(p, 3)
		v, ok := e.t.get(attKey(p))
		rv := -1
		if ok {
			rv = int(v & valueMask)
		}
		if d == 3 {
			n3++
		}
		if d != rv {
			bad++
			if bad < 5 {
				fmt.Println("mismatch", p.SFEN(), "fwd", d, "retro", rv)
			}
		}
	})
	fmt.Println("bad", bad, "dist3", n3)
}
