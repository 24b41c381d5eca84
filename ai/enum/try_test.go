package enum

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestTryReadings(t *testing.T) {
	mats := os.Getenv("ENUM_TRY")
	if mats == "" {
		t.Skip("set ENUM_TRY")
	}
	for _, mat := range strings.Split(mats, ",") {
		sum := map[string]int{}
		exact := map[string]int{}
		for i, m := range SubMaterials(mat) {
			st, err := CountOneMove(m)
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range st.Counts {
				sum[k] += v
				if i == 0 {
					exact[k] = v
				}
			}
		}
		fmt.Print(mat)
		for _, r := range OneMoveReadings {
			fmt.Printf(" %s=%d/%d", r, exact[r], sum[r])
		}
		fmt.Println()
	}
}
