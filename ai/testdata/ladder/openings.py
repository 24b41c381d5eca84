#!/usr/bin/env python3
# The openings of the level ladder and the engine matches: the first ten
# moves of the distinct even-game records of ../shared/data/kif*, one
# "startpos moves ..." line each. Run from the repository root:
#   python3 ai/testdata/ladder/openings.py > openings-rec.txt
import glob, json
seen = []
for f in sorted(glob.glob("../shared/data/kif*/*.expected.json")):
    d = json.load(open(f))
    if "error" in d or d.get("initial_position") != "STANDARD" or d["illegal_plies"] or d["wrong_side_plies"]: continue
    if len(d["mainline_usi"]) >= 30 and d["mainline_usi"][:10] not in seen: seen.append(d["mainline_usi"][:10])
print("\n".join("startpos moves " + " ".join(o) for o in seen))
