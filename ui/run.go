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
	progOpts := []tea.ProgramOption{tea.WithAltScreen()}
	if ttyInput {
		progOpts = append(progOpts, tea.WithInputTTY())
	}
	if mouse {
		progOpts = append(progOpts, tea.WithMouseCellMotion())
	}
	_, err := tea.NewProgram(New(o), progOpts...).Run()
	return err
}

// osc52 asks the terminal to put text on the system clipboard.
func osc52(text string) {
	fmt.Fprintf(os.Stderr, "\x1b]52;c;%s\x07", base64.StdEncoding.EncodeToString([]byte(text)))
}
