#!/usr/bin/env bash
# End-to-end test of the real kiki binary in a real terminal (tmux): play
# moves by keys, toggle every overlay, open a record, step through it,
# switch a variation, save, and check the saved file; at 100×30 and 80×24.
# Usage: .ci/e2e.sh PATH-TO-KIKI-BINARY   (needs tmux)
set -euo pipefail
BIN=$(realpath "${1:?usage: e2e.sh KIKI-BINARY}")
command -v tmux >/dev/null || { echo "e2e: tmux is not installed"; exit 3; }
SOCK="kiki-e2e-$$"
T=(tmux -L "$SOCK")
WORK=$(mktemp -d)
cleanup() { "${T[@]}" kill-server 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT

screen() { "${T[@]}" capture-pane -p -t k; }
fail() { echo "e2e FAIL ($SIZE): $*"; echo "----- screen -----"; screen || true; exit 1; }
# wait_for TEXT: poll the pane until TEXT appears (up to 10 s).
wait_for() {
	for _ in $(seq 1 100); do
		screen | grep -qF -- "$1" && return 0
		sleep 0.1
	done
	fail "did not see '$1'"
}
wait_gone() {
	for _ in $(seq 1 100); do
		screen | grep -qF -- "$1" || return 0
		sleep 0.1
	done
	fail "'$1' did not go away"
}
# key K...: send keys one at a time (Bubble Tea reads a burst as one message).
key() { for k in "$@"; do "${T[@]}" send-keys -t k "$k"; sleep 0.08; done; }
typ() { "${T[@]}" send-keys -t k -l "$1"; sleep 0.1; }
start() {
	"${T[@]}" new-session -d -s k -x "$W" -y "$H" "cd '$WORK' && env LANG=C.UTF-8 TERM=xterm-256color KIKI_DATA_DIR='$WORK/data' '$BIN' $*"
}
stop() { "${T[@]}" kill-server 2>/dev/null || true; sleep 0.2; }

# A record with a variation at move 3, written as a user would have it.
cat > "$WORK/game.kifu" <<'KIF'
手合割：平手
先手：テスト先手
後手：テスト後手
手数----指手---------消費時間--
   1 ７六歩(77)
   2 ３四歩(33)
   3 ２六歩(27)
*本譜のコメント
   4 ８四歩(83)
   5 投了

変化：3手
   3 ６六歩(67)
   4 ８四歩(83)
KIF

for SIZE in 100x30 80x24; do
	W=${SIZE%x*}
	H=${SIZE#*x}

	# Play: human against human.
	start --human --no-mouse
	wait_for "先手 to move"
	wait_for "> start"
	# ７六歩 with the cursor: from ５七, two files left, pick up, one up, put down.
	key h h Enter k Enter
	wait_for "☗７六歩(77)"
	wait_for "後手 to move"
	# ☖３四歩 typed as USI, ☗２六歩 typed in Japanese.
	key :
	typ "3c3d"
	key Enter
	wait_for "☖３四歩(33)"
	key :
	typ "26歩"
	key Enter
	wait_for "☗２六歩(27)"
	# An illegal typed move is explained, not played.
	key :
	typ "55角打"
	key Enter
	wait_for "no 角 in hand"
	key Escape
	# Overlays: effect map, check study (cycle the kind, switch sides), help.
	key e
	wait_for "effect: b/w 先手/後手 has more"
	key e
	wait_gone "effect: b/w 先手/後手 has more"
	key c
	wait_for "後手's 歩 pawn: checks"
	key . .
	wait_for "後手's 桂 knight: checks"
	key v
	wait_for "先手's 桂 knight: checks"
	key Escape
	wait_gone "knight: checks"
	key "?"
	wait_for "new game"
	key "?"
	# Undo and redo.
	key u
	wait_for "move 2"
	key r
	wait_for "move 3"
	# Keys typed quickly arrive in one read: "kk" still moves the cursor
	# two ranks (from ２六, the last move, to ２四).
	board_line() { screen | sed -n "${1}p" | sed 's/|[^|]*$//'; }
	board_line 9 | grep -qF ">" || fail "cursor not on rank 六"
	typ "kk"
	sleep 0.2
	board_line 7 | grep -qF ">" || fail "kk in one write did not move the cursor two ranks"
	# n + Enter during a game does not throw it away: it asks (Enter on
	# the first answer is "save first", which asks for a file name).
	key n
	wait_for "a game is on"
	key Enter
	wait_for "save as"
	screen | grep -qF "move 3" || fail "the game left the screen"
	key Escape
	wait_gone "save as"
	screen | grep -qF "move 3" || fail "the game left the screen"
	# Flip the board: ranks read from 九 at the top.
	key f
	screen | sed -n '4p' | grep -qF "九" || fail "flip did not put 九 on top"
	key f
	# Quit asks first while a game is in progress.
	key q
	wait_for "save and quit"
	key n
	wait_gone "save and quit"
	key q
	wait_for "save and quit"
	key y
	for _ in $(seq 1 50); do "${T[@]}" has-session -t k 2>/dev/null || break; sleep 0.1; done
	"${T[@]}" has-session -t k 2>/dev/null && fail "did not quit"
	stop

	# Replay: open the record, step, switch variation, save as, re-read.
	start "game.kifu" --no-mouse
	wait_for "テスト先手"
	wait_for "opened game.kifu"
	key Right Right Right
	wait_for "本譜のコメント"
	wait_for "move 3"
	key "]"
	wait_for "☗６六歩(67)"
	key "["
	wait_for "☗２六歩(27)"
	key End
	wait_for "move 4"
	key Home
	wait_for "> start"
	key g 3 Enter
	wait_for "move 3"
	# Overlays work on a replayed position too.
	key e
	wait_for "effect: b/w 先手/後手 has more"
	key e c
	wait_for ": checks (. , next)"
	key Escape
	key S
	wait_for "save as"
	"${T[@]}" send-keys -t k C-u
	typ "$WORK/saved-$W.kif"
	key Enter
	wait_for "saved $WORK/saved-$W.kif"
	# Save as onto another existing record asks before overwriting.
	key S
	wait_for "save as"
	"${T[@]}" send-keys -t k C-u
	typ "$WORK/game.kifu"
	key Enter
	wait_for "overwrite"
	key Escape
	wait_gone "overwrite"
	key q
	for _ in $(seq 1 50); do "${T[@]}" has-session -t k 2>/dev/null || break; sleep 0.1; done
	stop
	want=$("$BIN" convert --to usi "$WORK/game.kifu")
	got=$("$BIN" convert --to usi "$WORK/saved-$W.kif")
	[ "$want" = "$got" ] || { echo "e2e FAIL ($SIZE): saved main line differs: $got vs $want"; exit 1; }

	# A broken file opens to an error with the line number; kiki keeps running.
	printf '手合割：平手\n   1 ７六歩(77)\n手合割：香落ち\n' > "$WORK/broken.kif"
	start broken.kif --no-mouse
	wait_for "broken.kif:3"
	wait_for "先手 to move"
	key q
	stop
	echo "e2e ok at $SIZE"
done
