#!/usr/bin/env python3
# The ladder's ratings: a Bradley-Terry fit over the matches' results.json
# (each match with one virtual draw, so that a clean sweep stays finite),
# gnushogi at depth 4 set to 1650, the Skill Level matches left out.
#   python3 ai/testdata/ladder/fit.py ladder
import glob, json, math, sys
ms = []
for f in glob.glob(sys.argv[1] + "/*/results.json"):
    s = json.load(open(f))["summary"]
    if "FSFm" in f or "FSF0" in f: continue
    ms.append((s["engine1"], s["engine2"], s["wins"] + s["draws"] / 2 + 0.5, s["games"] + 1))
ps = {p for m in ms for p in m[:2]}
g = dict.fromkeys(ps, 1.0)
for _ in range(5000):
    for p in ps:
        won = sum(sc if p == a else n - sc for a, b, sc, n in ms if p in (a, b))
        g[p] = won / sum(n / (g[a] + g[b]) for a, b, sc, n in ms if p in (a, b))
r = {p: 400 * math.log10(g[p]) for p in ps}
for p in sorted(ps, key=r.get): print(p, round(r[p] - r["GNU4"] + 1650))
