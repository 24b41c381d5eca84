#!/usr/bin/env bash
# The level ladder: each level against the one above, then the references.
# From the repository root, after python3 ai/testdata/ladder/openings.py > openings-rec.txt;
# usimatch from ../shared/tools/usimatch (npm install there); apt-get install fairy-stockfish gnushogi.
# Level 10 plays the learned evaluation since 8c63acb (levels 1-9 the hand-made
# one); ai/README.md's table was measured before, with the hand-made one at every
# level: add --opt1/--opt2 LearnedEval=false to the level-10 engines to reproduce it.
set -eu
go build -o kiki-ladder .
M=(node ../shared/tools/usimatch/usimatch.mjs --openings openings-rec.txt --concurrency 2 --engine1 "./kiki-ladder usi" --opt1 Threads=1 --opt1 USI_Hash=16)
for i in 1 2 3 4 5 6 7 8 9; do
	games=146; [ "$i" -ge 6 ] && games=74
	j=$((i + 1))
	"${M[@]}" --name1 L$i --opt1 Level=$i --engine2 "./kiki-ladder usi" --name2 L$j --opt2 Threads=1 --opt2 USI_Hash=16 --opt2 Level=$j \
		--games $games --byoyomi 200 --out ladder/L$i-vs-L$j
done
# gnushogi searches to its depth however long that takes: a 10 s byoyomi.
"${M[@]}" --name1 L4 --opt1 Level=4 --engine2 "env GNU_DEPTH=4 python3 ai/testdata/ladder/gnushogi-usi.py" --name2 GNU4 --games 36 --byoyomi 10000 --out ladder/L4-vs-GNU4
"${M[@]}" --name1 L6 --opt1 Level=6 --engine2 "env GNU_DEPTH=4 python3 ai/testdata/ladder/gnushogi-usi.py" --name2 GNU4 --games 36 --byoyomi 10000 --out ladder/L6-vs-GNU4
"${M[@]}" --name1 L10 --opt1 Level=10 --engine2 fairy-stockfish --name2 FSF20 --games 36 --byoyomi 200 --out ladder/L10-vs-FSF20
"${M[@]}" --name1 L1 --opt1 Level=1 --engine2 fairy-stockfish --name2 FSFm20 --opt2 "Skill Level=-20" --games 36 --byoyomi 200 --out ladder/L1-vs-FSFm20   # (played with build 3ea4bc1's level 1)
