package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"kiki/game"
	"kiki/kif"
)

// A tsume with a piece in the attacker's hand, set up from an empty board
// with the keyboard alone, solved with M, saved as KIF and reopened equal.
func TestEditorTsumeFromEmptyBoard(t *testing.T) {
	o := testOptions()
	// b: editor; z: everything to the box; the cursor starts on ５七.
	m := runUntil(t, o, 100, 30, "1手詰",
		"b", "z",
		"kkkkkk", // ５一 (k only moves the cursor, several at once too)
		"v", "8", // 後手の玉
		"j", "j", "v", "1", // ５三 先手の歩 (v on an empty square: the side of the next piece)
		"t", "5", // 金 into 先手's hand
		"enter", "M")
	const want = "4k4/9/4P4/9/9/9/9/9/9 b G 1"
	if got := m.s.pos.SFEN(); got != want {
		t.Fatalf("edited position %s, want %s", got, want)
	}
	if m.editing() {
		t.Fatal("still editing after Enter")
	}
	if !strings.Contains(m.mateLine, "1手詰: ▲５二金") {
		t.Fatalf("mate line %q does not name the gold drop", m.mateLine)
	}
	// Play the solution into the record and save it as KIF.
	mv, err := m.s.pos.ParseUSIMove("G*5b")
	if err != nil {
		t.Fatal(err)
	}
	m.playMove(mv)
	path := filepath.Join(t.TempDir(), "tsume.kif")
	if err := m.writeRecord(path); err != nil {
		t.Fatal(err)
	}
	r, err := kif.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.StartPosition().SFEN(); got != want {
		t.Fatalf("reopened start %s, want %s", got, want)
	}
	moves := r.MainMoves()
	if len(moves) != 1 || moves[0] != mv {
		t.Fatalf("reopened moves %v, want [%v]", moves, mv)
	}
}

// hjkl and the arrows only move the cursor in the editor.
func TestEditorCursorKeysDoNotPlace(t *testing.T) {
	m := run(t, testOptions(), 100, 30, "b", "h", "j", "k", "l", "l", "up", "left")
	if !m.editing() {
		t.Fatal("not editing")
	}
	if got := editedSFEN(m); got != game.StartSFEN {
		t.Fatalf("cursor keys changed the position: %s", got)
	}
	if want := game.NewSquare(5, 6); m.board.cursor != want {
		t.Fatalf("cursor %v, want %v", m.board.cursor, want)
	}
}

// The keys the editor shares with the board (the flip, the full help,
// the effect map and the check study) work without leaving the editor.
func TestEditorSharesStudyKeys(t *testing.T) {
	m := newTestModel(testOptions())
	press(m, "b", "e", "c", ".", "f")
	if !m.editing() || !m.study.effectMap || !m.study.checkStudy || m.study.kindIdx != 1 || !m.board.flipped {
		t.Fatalf("editing %v, effect map %v, check study %v kind %d, flipped %v",
			m.editing(), m.study.effectMap, m.study.checkStudy, m.study.kindIdx, m.board.flipped)
	}
	press(m, "?")
	if !m.editing() || !m.showHelp {
		t.Fatalf("? while editing: editing %v, help %v", m.editing(), m.showHelp)
	}
	if got := editedSFEN(m); got != game.StartSFEN {
		t.Fatalf("the shared keys changed the position: %s", got)
	}
}

// The piece box holds what the board and hands do not.
func TestEditorPieceBoxAndHands(t *testing.T) {
	m := run(t, testOptions(), 100, 30, "b", "z")
	v := m.View()
	if !strings.Contains(v, "piece box") || !strings.Contains(v, "歩18") || !strings.Contains(v, "玉2") {
		t.Fatalf("no full piece box after clearing:\n%s", v)
	}
	// Mate problem: 後手's king only, the rest of the set in 後手's hand;
	// then two golds go from 後手's hand into 先手's.
	m = run(t, testOptions(), 100, 30, "b", "m", "t", "5", "5")
	if got, want := editedSFEN(m), "4k4/9/9/9/9/9/9/9/9 b 2G2r2b2g4s4n4l18p 1"; got != want {
		t.Fatalf("mate problem %s, want %s", got, want)
	}
	// The hand the numbers fill is marked on its line.
	marked := false
	for _, l := range strings.Split(stripANSI(m.View()), "\n") {
		if strings.HasPrefix(l, "先手*") {
			marked = strings.Contains(l, "<- "+tr(English, "edit.here"))
		}
	}
	if !marked {
		t.Fatalf("先手's hand line does not say it is the target:\n%s", m.View())
	}
	// On the board, a piece the box lacks comes from 後手's hand.
	m = run(t, testOptions(), 100, 30, "b", "m", "k", "k", "k", "k", "1")
	if got, want := editedSFEN(m), "4k4/9/4P4/9/9/9/9/9/9 b 2r2b4g4s4n4l17p 1"; got != want {
		t.Fatalf("pawn placed in a mate problem: %s, want %s", got, want)
	}
	// And back: '-' then a digit returns one from the target hand to the box.
	m = run(t, testOptions(), 100, 30, "b", "m", "t", "5", "5", "-", "5")
	if got, want := editedSFEN(m), "4k4/9/9/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1"; got != want {
		t.Fatalf("after returning a gold %s, want %s", got, want)
	}
	if !strings.Contains(m.View(), "金1") {
		t.Fatalf("the returned gold is not in the box:\n%s", m.View())
	}
}

// Start positions, handicaps, side to move, flipping and promoting.
func TestEditorPresetsAndPieceChanges(t *testing.T) {
	m := run(t, testOptions(), 100, 30, "b", "z", "s")
	if got := editedSFEN(m); got != game.StartSFEN {
		t.Fatalf("s from an empty board: %s", got)
	}
	m = run(t, testOptions(), 100, 30, "b", "s", "s", "s", "s")
	if got, want := editedSFEN(m), game.RookHandicap.SFEN(); got != want {
		t.Fatalf("fourth start %s, want %s", got, want)
	}
	// ５七 pawn: promote, flip to 後手, side to move.
	m = run(t, testOptions(), 100, 30, "b", "+", "v", "w")
	if got, want := editedSFEN(m), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPP+pPPPP/1B5R1/LNSGKGSNL w - 1"; got != want {
		t.Fatalf("promote, flip, side: %s, want %s", got, want)
	}
}

// Impossible positions are explained in words and cannot be left with.
func TestEditorErrorsInWords(t *testing.T) {
	// A second 先手 pawn on file 5 (５五).
	// ６七's pawn goes back to the box and comes out on ５五.
	m := run(t, testOptions(), 100, 30, "b", "h", "x", "l", "k", "k", "1")
	if !strings.Contains(m.View(), "二歩 (two pawns on a file): file ５") {
		t.Fatalf("no 二歩 message:\n%s", m.View())
	}
	ja := testOptions()
	ja.Lang = Japanese
	if v := run(t, ja, 100, 30, "b", "h", "x", "l", "k", "k", "1").View(); !strings.Contains(v, "二歩: ５筋") {
		t.Fatalf("no 二歩 message in Japanese:\n%s", v)
	}
	if strings.Contains(m.View(), "bad SFEN") {
		t.Fatalf("raw parser message:\n%s", m.View())
	}
	m = run(t, testOptions(), 100, 30, "b", "h", "x", "l", "k", "k", "1", "enter")
	if !m.editing() {
		t.Fatal("left the editor with an impossible position")
	}
	// 後手 to move while 先手's king is in check.
	o := testOptions()
	o.Start, _ = game.ParseSFEN("4k4/9/9/9/9/9/9/4r4/4K4 b - 1")
	m = run(t, o, 100, 30, "b", "w")
	if !strings.Contains(m.View(), "先手's king is left in check") {
		t.Fatalf("no check message:\n%s", m.View())
	}
}

// The record is untouched until the editor is left; Esc leaves it as it
// was, and leaving with unsaved work asks first.
func TestEditorLeavesRecordUntilDone(t *testing.T) {
	o := testOptions()
	o.Record, _ = kif.ReadKIF("t.kif", "手合割：平手\n1 ７六歩(77)\n2 ３四歩(33)\n")
	m := run(t, o, 100, 30, "b", "z", "esc")
	if len(m.s.rec.MainMoves()) != 2 || m.editing() {
		t.Fatalf("Esc changed the record: %d moves, editing %v", len(m.s.rec.MainMoves()), m.editing())
	}
	// Unsaved work: a move played in the replay makes the record dirty.
	// (a fresh record for each run: the runs play into it).
	fresh := func() Options {
		o.Record, _ = kif.ReadKIF("t.kif", "手合割：平手\n1 ７六歩(77)\n")
		return o
	}
	m = run(t, fresh(), 100, 30, "end", ":", "3c3d", "enter", "b", "z", "s", "enter")
	if m.dialog == nil {
		t.Fatal("leaving the editor over unsaved work did not ask")
	}
	m = run(t, fresh(), 100, 30, "end", ":", "3c3d", "enter", "b", "z", "s", "enter", "n")
	if !m.editing() {
		t.Fatal("answering no left the editor")
	}
	m = run(t, fresh(), 100, 30, "end", ":", "3c3d", "enter", "b", "z", "s", "enter", "n", "esc")
	if got := len(m.s.rec.MainMoves()); got != 2 || !m.s.dirty {
		t.Fatalf("answering no, then Esc: %d moves (dirty %v), want the 2 unsaved ones", got, m.s.dirty)
	}
	m = run(t, fresh(), 100, 30, "end", ":", "3c3d", "enter", "b", "z", "s", "enter", "y")
	if got := len(m.s.rec.MainMoves()); got != 0 || m.editing() {
		t.Fatalf("answering yes: %d moves, editing %v", got, m.editing())
	}
}

// editedSFEN is the position in the editor (or on screen when not editing).
func editedSFEN(m *Model) string {
	return m.s.pos.SFEN()
}
