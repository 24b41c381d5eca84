//go:build unix

package stall

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// TestWatchSeesAStoppedProcess stops this process for real, as a loaded
// machine would, and has a child start it again.
func TestWatchSeesAStoppedProcess(t *testing.T) {
	w := Start()
	time.Sleep(20 * time.Millisecond)
	if quiet := w.Stop(); quiet < 0 || quiet > 20*time.Millisecond {
		t.Logf("a quiet 20 ms showed a stall of %v", quiet)
	}

	w = Start()
	time.Sleep(5 * time.Millisecond)
	wake := exec.Command("sh", "-c", fmt.Sprintf("sleep 0.2; kill -CONT %d", os.Getpid()))
	if err := wake.Start(); err != nil {
		t.Skipf("cannot start sh to wake the process: %v", err)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	_ = wake.Wait()
	time.Sleep(5 * time.Millisecond)
	if got := w.Stop(); got < 150*time.Millisecond {
		t.Errorf("a 200 ms stop of the process was seen as a stall of %v", got)
	}
}
