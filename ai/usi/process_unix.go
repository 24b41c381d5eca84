//go:build unix

package usi

import (
	"os"
	"os/exec"
	"syscall"
)

// ownProcessGroup runs the engine in a process group of its own, so that
// killing it kills what it started too (an engine run by a script that
// does not exec it is the script's child).
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcessGroup kills the engine's process group, and the engine.
func killProcessGroup(p *os.Process) {
	_ = syscall.Kill(-p.Pid, syscall.SIGKILL)
	_ = p.Kill()
}
