package enum

import (
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"
)

func TestTryCmp(t *testing.T) {
	mat := os.Getenv("ENUM_CMP")
	if mat == "" {
		t.Skip()
	}
	L, _ := strconv.Atoi(os.Getenv("ENUM_L"))
	z := os.Getenv("ENUM_Z") != ""
	ks, _ := Kinds(mat)
	e := build(ks, mat, Options{MaxLength: L, Zushiki: z})
	bad := 0
	hist := map[[2]int]int{}
	for _, sub := range SubMaterials(mat) {
		sk, _ := Kinds(sub)
		EveryPlacement(sk, z, func(p *Pos) {
			d := Distance(p, L)
			v, ok := e.t.get(attKey(p))
			rv := -1
			if ok {
				rv = int(v & valueMask)
			}
			fc := d > 0 && cleanAtt(p, d)
			rc := ok && v&cleanBit != 0
			hist[[2]int{d, rv}]++
			if d != rv || fc != rc {
				bad++
				if bad < 5 {
					fmt.Println("mismatch", p.SFEN(), "fwd", d, fc, "retro", rv, rc)
				}
			}
		})
	}
	fmt.Println("bad", bad, hist)
}

func TestTryEnum(t *testing.T) {
	mat := os.Getenv("ENUM_RUN")
	if mat == "" {
		t.Skip()
	}
	for _, o := range []Options{{MaxLength: 11, Zushiki: true}, {MaxLength: 11, Minimal: true, Zushiki: true}} {
		t0 := time.Now()
		r, err := Enumerate(mat, o, nil)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Println(mat, o, r.Counts, r.Held, r.TableBytes>>20, "MiB", time.Since(t0))
	}
}

func TestTryLevels(t *testing.T) {
	mat := os.Getenv("ENUM_LV")
	if mat == "" {
		t.Skip()
	}
	ks, _ := Kinds(mat)
	e := build(ks, mat, Options{MaxLength: 11, Zushiki: os.Getenv("ENUM_Z") != ""})
	for n, l := range e.levels {
		cl := 0
		for _, k := range l {
			p := FromKey(k)
			var v uint8
			if n%2 == 1 {
				v, _ = e.t.get(attKey(&p))
			} else {
				v, _ = e.t.get(defKey(&p))
			}
			if v&cleanBit != 0 {
				cl++
			}
		}
		fmt.Println(n, len(l), "clean", cl)
	}
}
