//go:build !unix

package usi

import (
	"os"
	"os/exec"
)

// ownProcessGroup does nothing where there are no process groups.
func ownProcessGroup(*exec.Cmd) {}

// killProcessGroup kills the engine.
func killProcessGroup(p *os.Process) { _ = p.Kill() }
