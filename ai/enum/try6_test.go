package enum

import (
	"fmt"
	"os"
	"testing"
)

func TestTryLevels(t *testing.T) {
	mat := os.Getenv("ENUM_LV")
	if mat == "" {
		t.Skip()
	}
	ks, _ := Kinds(mat)
	e := build(ks, mat, Options{MaxLength: 11})
	for n, l := range e.levels {
		ex := 0
		for _, k := range l {
			p := FromKey(k)
			if p.Material() == e.material && p.InHandCount() == 0 {
				ex++
			}
		}
		fmt.Println(n, len(l), "exact material, empty hand:", ex)
	}
}
