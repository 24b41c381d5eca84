package ui

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestEndToEndInTmux builds kiki and runs .ci/e2e.sh, which drives the
// real binary in tmux at 100×30 and 80×24. It needs tmux (CI installs it).
func TestEndToEndInTmux(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed: the end-to-end terminal test needs it (apt-get install -y tmux; .ci/run does this)")
	}
	bin := filepath.Join(t.TempDir(), "kiki")
	build := exec.Command("go", "build", "-o", bin, "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	cmd := exec.Command("bash", "../.ci/e2e.sh", bin)
	cmd.Env = append(os.Environ(), "LANG=C.UTF-8")
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("e2e: %v", err)
	}
}
