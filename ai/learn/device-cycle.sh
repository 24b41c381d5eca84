#!/usr/bin/env bash
# One generation of `kiki learn cycle` as one batch on a borrowed machine
# with more cores (no network, no Go): run from the repository root with a
# prebuilt ./kiki (linux/amd64) and the teacher at ./.carry/fairy-stockfish
# (and, if carried, the openings' records at ./.carry/kif). It stops
# itself after LIMIT seconds (SIGTERM: the run saves its state) and copies
# what came out to "$OUT" (at most 8 files): the generations table, the
# log, the state, the match's games, the new weights (best.nnue only if
# accepted) and the generation's labels (to replay in later generations).
#
# Sizes (environment): WORKERS 16, POSITIONS 40000 new labelled positions,
# DEPTH 8, GAMES 100, MOVETIME 200ms, LIMIT 460 s, DEFAULT_GAMES 0 (the
# match against the default evaluation: its two matches of 100 games take
# about 5 more minutes on 16 workers); further arguments go to
# kiki learn cycle. See ai/learn/README.md ("Cycle") for how they were sized.
set -u
cd "$(dirname "$0")/../.." || exit 2
KIKI=${KIKI:-./kiki}
TEACHER=${TEACHER:-./.carry/fairy-stockfish}
DIR=${DIR:-learn-data/device-cycle}
OUT=${OUT:-learn-data/device-out}
WORKERS=${WORKERS:-16}
POSITIONS=${POSITIONS:-40000}
DEPTH=${DEPTH:-8}
GAMES=${GAMES:-100}
MOVETIME=${MOVETIME:-200ms}
LIMIT=${LIMIT:-460}
DEFAULT_GAMES=${DEFAULT_GAMES:-0}
KIF=""
[ -d .carry/kif ] && KIF=.carry/kif

for f in "$KIKI" "$TEACHER"; do
	if [ ! -x "$f" ]; then
		echo "device-cycle: $f is missing or not executable" >&2
		exit 2
	fi
done
mkdir -p "$DIR" "$OUT"
log="$DIR/cycle.log"
{
	echo "# $(date -u +%FT%TZ), $(nproc) cores, kiki sha256 $(sha256sum "$KIKI" | cut -c1-12)"
	echo "# $KIKI learn cycle --dir $DIR --teacher $TEACHER --workers $WORKERS --positions $POSITIONS --depth $DEPTH --games $GAMES --movetime $MOVETIME --default-games $DEFAULT_GAMES --kif '$KIF' --match-always $*"
} >>"$log"
start=$(date +%s)
run=("$KIKI" learn cycle --dir "$DIR" --teacher "$TEACHER" --workers "$WORKERS" --positions "$POSITIONS"
	--depth "$DEPTH" --games "$GAMES" --movetime "$MOVETIME" --default-games "$DEFAULT_GAMES" --kif "$KIF" --match-always "$@")
if command -v timeout >/dev/null; then
	timeout --kill-after=30 "$LIMIT" "${run[@]}" 2>>"$log"
else
	"${run[@]}" 2>>"$log"
fi
rc=$?
echo "# exit $rc after $(($(date +%s) - start)) s" >>"$log"

# The generation the run worked on last: the highest gen-NNN folder.
last=$(ls -d "$DIR"/gen-* 2>/dev/null | sort | tail -1)
cp "$log" "$OUT/cycle.log"
for f in "$DIR/generations.md" "$DIR/state.json" "$DIR/best.nnue"; do
	[ -f "$f" ] && cp "$f" "$OUT/"
done
if [ -n "$last" ]; then
	g=$(basename "$last")
	for f in candidate.nnue match.txt labels.bin; do
		[ -f "$last/$f" ] && cp "$last/$f" "$OUT/$g-$f"
	done
fi
ls -l "$OUT"
[ -f "$DIR/generations.md" ] && cat "$DIR/generations.md"
tail -5 "$log"
exit $rc
