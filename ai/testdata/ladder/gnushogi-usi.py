#!/usr/bin/env python3
# A USI front for gnushogi, which speaks only its own command line: a fresh
# gnushogi for every move replays the game and gives its reply. GNU_DEPTH
# sets its search depth (default 4).
import os, queue, re, subprocess, sys, threading, time
def say(s): sys.stdout.write(s + "\n"); sys.stdout.flush()
moves, depth, startpos = [], os.environ.get("GNU_DEPTH", "4"), True
for line in sys.stdin:
    w = line.split()
    if not w: continue
    if w[0] == "usi": say("id name gnushogi"); say("usiok")
    elif w[0] == "isready": say("readyok")
    elif w[0] == "position":
        startpos = w[1] == "startpos"
        moves = w[w.index("moves") + 1:] if "moves" in w else []
    elif w[0] == "go":
        if not startpos: say("bestmove resign"); continue
        p = subprocess.Popen(["/usr/games/gnushogi"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True, bufsize=1)
        p.stdin.write("\n".join(["force"] + moves + ["depth", depth, "go"]) + "\n"); p.stdin.flush()
        lines = queue.Queue()  # a thread reads: select() would miss lines already buffered
        threading.Thread(target=lambda: [lines.put(l) for l in p.stdout] + [lines.put("")], daemon=True).start()
        best, n, deadline = "resign", len(moves), time.time() + 10.5
        while True:  # it echoes the replayed moves, then replies
            try: out = lines.get(timeout=max(0.01, deadline - time.time())).replace("depth = ", "")
            except queue.Empty: break
            if not out: break
            m = re.match(r"\s*\d+\.\s+(?:\.\.\.\s+)?(\S+)", out)
            if m:
                if n > 0: n -= 1; continue
                best = m.group(1); break
            if "mate" in out.lower() or "resign" in out.lower(): break
        p.kill(); p.wait(); say("bestmove " + best)
    elif w[0] == "quit": break
