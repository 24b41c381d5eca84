package enum

import "testing"

// The full enumerations of the text's five materials are benchmarks, not
// tests: `go test ./ai/enum -run X -bench Enumerate -benchtime 1x`.
func BenchmarkEnumerate(b *testing.B) {
	for _, m := range []string{"GGP", "SSP", "SNN", "SNP", "NNNN"} {
		for _, o := range []Options{{MaxLength: 11}, {MaxLength: 11, Zushiki: true, Minimal: true}} {
			name := m
			if o.Zushiki {
				name += "-zushiki-minimal"
			}
			b.Run(name, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					res, err := Enumerate(m, o, nil)
					if err != nil {
						b.Fatal(err)
					}
					b.ReportMetric(float64(res.Held), "positions")
					b.ReportMetric(float64(res.TableBytes>>20), "table-MiB")
				}
			})
		}
	}
}
