package enum

import (
	"fmt"
	"os"
	"testing"
	"time"
)

func TestTryEnum(t *testing.T) {
	mat := os.Getenv("ENUM_RUN")
	if mat == "" {
		t.Skip()
	}
	for _, o := range []Options{{MaxLength: 11}, {MaxLength: 11, Minimal: true}} {
		t0 := time.Now()
		r, err := Enumerate(mat, o, nil)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Println(mat, o, r.Counts, r.Held, r.TableBytes>>20, "MiB", time.Since(t0))
	}
}
