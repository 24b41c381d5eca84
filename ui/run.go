package ui

import (
	"encoding/base64"
	"fmt"
	"os"

	tea "github.com/charmbracelet/bubbletea"
)

// Run starts the terminal board and returns when the user quits. With
// ttyInput the keyboard is read from the terminal rather than standard
// input (which then held a record).
func Run(o Options, mouse, ttyInput bool) error {
	if o.Clipboard == nil {
		o.Clipboard = osc52
	}
	progOpts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithFPS(frameRate)}
	if ttyInput {
		progOpts = append(progOpts, tea.WithInputTTY())
	}
	if mouse {
		progOpts = append(progOpts, tea.WithMouseCellMotion())
	}
	_, err := tea.NewProgram(New(o), progOpts...).Run()
	return err
}

// frameRate is how often Bubble Tea's renderer looks for a new frame to
// draw. Its ticker (standard_renderer.go in v1.3) runs for the program's
// whole life, drawn frame or not, and nothing in the v1 API stops it: it
// is what wakes an idle board, about 300 context switches a second at the
// default 60. A key's echo waits for the next tick, so the rate is also the
// echo's delay: at 30 it is 18 ms on average and 36 ms at worst (10 and 18
// at 60; 28 and 52 at 20), still within two frames of a 60 Hz screen, for
// half the idle wake-ups. Only a renderer that ticks while a frame is
// pending would let an idle board sleep outright.
const frameRate = 30

// osc52 asks the terminal to put text on the system clipboard.
func osc52(text string) {
	fmt.Fprintf(os.Stderr, "\x1b]52;c;%s\x07", base64.StdEncoding.EncodeToString([]byte(text)))
}
