// Package refdata finds the shared reference data (../shared/data from the
// repository root) for tests in every package. Tests skip, saying so, when
// the folder is absent; nothing outside tests imports this package.
package refdata

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir returns the absolute path of ../shared/data relative to the
// repository root, or "" when it cannot be found.
func Dir() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			data := filepath.Join(filepath.Dir(d), "shared", "data")
			if st, err := os.Stat(data); err == nil && st.IsDir() {
				return data
			}
			return ""
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// Path returns the path of a file under the shared data folder, skipping
// the test with a clear message when the folder is absent.
func Path(t testing.TB, elem ...string) string {
	t.Helper()
	dir := Dir()
	if dir == "" {
		t.Skip("reference data folder ../shared/data (beside the repository) is absent; skipping")
	}
	return filepath.Join(append([]string{dir}, elem...)...)
}
