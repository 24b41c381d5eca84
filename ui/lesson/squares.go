package lesson

import (
	"strings"

	"kiki/game"
)

// ParseSquares reads squares apart by spaces or commas; bad is the first
// word that is not a square ("" when all are).
func ParseSquares(text string) (sqs []game.Square, bad string) {
	words := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '、' || r == '　' })
	for _, w := range words {
		s, ok := parseSquare(w)
		if !ok {
			return nil, w
		}
		sqs = append(sqs, s)
	}
	return sqs, ""
}

// parseSquare reads one square: a file digit (ASCII or full width)
// and a rank as a digit, a USI letter (a-i) or a kanji numeral.
func parseSquare(w string) (game.Square, bool) {
	rs := []rune(w)
	if len(rs) != 2 {
		return game.NoSquare, false
	}
	digit := func(r rune) int {
		switch {
		case r >= '1' && r <= '9':
			return int(r - '0')
		case r >= '１' && r <= '９':
			return int(r - '１' + 1)
		}
		return 0
	}
	f := digit(rs[0])
	r := digit(rs[1])
	switch {
	case rs[1] >= 'a' && rs[1] <= 'i':
		r = int(rs[1]-'a') + 1
	case rs[1] >= 'A' && rs[1] <= 'I':
		r = int(rs[1]-'A') + 1
	case r == 0:
		for i := 1; i <= 9; i++ {
			if string(rs[1]) == game.KanjiNumerals[i] {
				r = i
			}
		}
	}
	if f == 0 || r == 0 {
		return game.NoSquare, false
	}
	return game.NewSquare(f, r), true
}
