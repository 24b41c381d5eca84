package enum

import (
	"fmt"
	"os"
	"strconv"
	"testing"
)

func TestTryForward(t *testing.T) {
	mat := os.Getenv("ENUM_FWD")
	if mat == "" {
		t.Skip()
	}
	L, _ := strconv.Atoi(os.Getenv("ENUM_L"))
	r, _ := Enumerate(mat, Options{MaxLength: L}, nil)
	cnt := make([]int, L+1)
	for _, sub := range SubMaterials(mat) {
		ks, _ := Kinds(sub)
		EveryPlacement(ks, func(p *Pos) {
			d := Distance(p, L)
			if d > 0 && cleanAtt(p, d) {
				cnt[d]++
			}
		})
	}
	fmt.Println(mat, "retro", r.Counts, "forward", cnt)
}
