package ui

// searchPurpose is what the AI is searching for.
type searchPurpose uint8

const (
	purposeNone     searchPurpose = iota
	purposeMove                   // its move in a game
	purposeHint                   // a hint for the person to move
	purposeAnalysis               // the continuous analysis
)

func (p searchPurpose) String() string {
	return [...]string{"none", "move", "hint", "analysis"}[p]
}
