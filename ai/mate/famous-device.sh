#!/usr/bin/env bash
# famous-device.sh times the first proofs of the famous problems and
# ミクロコスモス with two prebuilt binaries, ./kiki (new) and ./kiki-base
# (main's), on a many-core machine: each run is one process on a core of
# its own (taskset where present), up to JOBS (15) at once, the two
# binaries interleaved so that both meet the same conditions.
#
#   bash ai/mate/famous-device.sh            # from the repository root
#
# Each famous problem runs `mate --first --hash 4096 --time 60`;
# ミクロコスモス `--first --hash 3072 --time $MICRO_TIME` (120 by default,
# so that a first proof beyond the goal's 60 s is still timed). Every run
# has a wall-clock timeout. One TSV line a run goes to $OUT/famous.tsv
# (OUT defaults to ./famous-out): binary, problem, solved (yes/no),
# plies, nodes, seconds (the solver's own), peak RSS in KiB (from
# /usr/bin/time -v; "-" without it), and the line's check: the line is
# replayed through kiki's rules core (`kiki convert` of the USI record
# refuses an illegal move; the KI2 line, one ▲/△ a move, stops at one), and the position
# it ends in must leave the defender no legal move (`kiki moves`): "mate"
# or what failed. A summary goes to stdout.
#
# Wall time: 38 runs, at most 36 × 60 s + 2 × 120 s of search, 15 at a
# time, longest first: about 4 to 5 minutes on 16 cores.
set -u
TSUME=${TSUME:-../shared/data/tsume}
[ -f "$TSUME/famous.tsv" ] || TSUME=shared/data/tsume
OUT=${OUT:-./famous-out}
JOBS=${JOBS:-15}
MICRO_TIME=${MICRO_TIME:-120}
FAMOUS_TIME=${FAMOUS_TIME:-60}
ONLY=${ONLY:-} # problem numbers of famous.tsv to run (e.g. "1 4 5"), empty: all and ミクロコスモス
BINS=${BINS:-"./kiki ./kiki-base"}
mkdir -p "$OUT/runs"
for b in $BINS; do
	[ -x "$b" ] || { echo "famous-device.sh: $b is missing (build it first)" >&2; exit 2; }
done
[ -f "$TSUME/famous.tsv" ] || { echo "famous-device.sh: no famous.tsv under $TSUME (set TSUME)" >&2; exit 2; }

# One job a line: binary, file, line number, name, hash, time limit.
jobs=$OUT/jobs.txt
: >"$jobs"
add() { # file line hash time name
	for b in $BINS; do printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$b" "$1" "$2" "$3" "$4" "$5" >>"$jobs"; done
}
if [ -z "$ONLY" ] && [ -f "$TSUME/microcosmos.tsv" ]; then
	add "$TSUME/microcosmos.tsv" 1 3072 "$MICRO_TIME" "ミクロコスモス"
fi
n=0
while IFS= read -r row; do
	n=$((n + 1))
	case "$row" in '#'* | '') continue ;; esac
	if [ -n "$ONLY" ] && ! [[ " $ONLY " == *" $n "* ]]; then continue; fi
	name=$(cut -f4 <<<"$row")
	name=${name%% — *}
	add "$TSUME/famous.tsv" "$n" 4096 "$FAMOUS_TIME" "${name// /_}"
done <"$TSUME/famous.tsv"

run_one() { # binary file line hash time name; the slot from xargs
	local b=$1 file=$2 line=$3 hash=$4 lim=$5 name=$6
	local sfen tag log pin=() timev=()
	sfen=$(sed -n "${line}p" "$file" | cut -f1)
	tag=$(basename "$b")-$(basename "$file" .tsv)-$line
	log=$OUT/runs/$tag
	if command -v taskset >/dev/null && [ -n "${SLOT:-}" ] && [ "$SLOT" -lt "$(nproc)" ]; then pin=(taskset -c "$SLOT"); fi
	if [ -x /usr/bin/time ]; then timev=(/usr/bin/time -v -o "$log.time"); fi
	"${pin[@]}" "${timev[@]}" timeout $((lim + 60)) "$b" mate --first --hash "$hash" --time "$lim" --sfen "$sfen" >"$log.out" 2>"$log.err"
	local solved=no plies=- nodes=- secs=- rss=- check=-
	if grep -q '^checkmate ' "$log.out"; then
		solved=yes
		local moves kifn
		moves=$(sed -n 's/^checkmate //p' "$log.out")
		plies=$(wc -w <<<"$moves")
		kifn=$(sed -n 's/^kif //p' "$log.out" | grep -o '[▲△]' | wc -l)
		nodes=$(sed -n 's/.*, nodes \([0-9]*\), time \([0-9.]*\)s$/\1/p' "$log.out")
		secs=$(sed -n 's/.*, nodes \([0-9]*\), time \([0-9.]*\)s$/\2/p' "$log.out")
		printf 'position sfen %s moves %s\n' "$sfen" "$moves" >"$log.usi"
		local end
		if [ "$kifn" != "$plies" ]; then
			check="illegal(kif:$kifn)"
		elif ! end=$("$b" convert --to sfen "$log.usi" 2>>"$log.err"); then
			check=illegal
		elif [ -n "$("$b" moves --sfen "$end")" ] || [ $((plies % 2)) -ne 1 ]; then
			check=not-mate
		else
			check=mate
		fi
	else
		nodes=$(sed -n 's/.*nodes \([0-9]*\), time.*/\1/p' "$log.out")
		secs=$(sed -n 's/.*nodes [0-9]*, time \([0-9.]*\)s$/\1/p' "$log.out")
		grep -q . "$log.out" || secs="killed"
	fi
	if [ -f "$log.time" ]; then
		rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$log.time")
	fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(basename "$b")" "$name" "$solved" "$plies" "${nodes:--}" "${secs:--}" "${rss:--}" "$check"
}
export -f run_one
export OUT

began=$(date +%s)
printf 'binary\tproblem\tsolved\tplies\tnodes\tseconds\tpeak_rss_kb\tline\n' >"$OUT/famous.tsv"
# xargs hands each job a slot (0..JOBS-1): the core it is pinned to.
tr '\n' '\0' <"$jobs" | xargs -0 -P "$JOBS" --process-slot-var=SLOT -I{} \
	bash -c 'IFS=$'"'"'\t'"'"' read -r b f l h t nm <<<"$1"; run_one "$b" "$f" "$l" "$h" "$t" "$nm"' _ {} >>"$OUT/famous.tsv"
ended=$(date +%s)

echo "famous-device.sh: $(($(wc -l <"$jobs"))) runs in $((ended - began)) s wall, $JOBS at once; $(nproc) cores; lines in $OUT/famous.tsv"
awk -F'\t' -v ft="$FAMOUS_TIME" 'NR > 1 {
	key = $1
	if ($2 != "ミクロコスモス" && $3 == "yes" && $8 == "mate" && $6 + 0 <= ft) { within[key]++ }
	if ($3 == "yes" && $8 != "mate") { bad[key] = bad[key] " " $2 }
	if ($2 == "ミクロコスモス") { micro[key] = $3 " " $4 " plies " $5 " nodes " $6 " s " $7 " KiB" }
	if (!(key in within)) within[key] += 0
	row[$2] = row[$2] sprintf("  %s: %s %s %s s", $1, $3, $4, $6)
} END {
	for (k in within) printf "%s: %d famous problems mated within %d s, lines checked%s%s\n", k, within[k], ft, (k in bad) ? "; line check FAILED:" bad[k] : "", (k in micro) ? "; ミクロコスモス " micro[k] : ""
	for (p in row) printf "%-24s%s\n", p, row[p]
}' "$OUT/famous.tsv"
