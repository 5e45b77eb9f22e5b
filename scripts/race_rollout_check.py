#!/usr/bin/env python3
# Race-net accuracy against rollouts: for the race positions of tests/data/gnubg_cube_2ply.txt
# (those where the two models' 0-ply values differ: the bear-off and contact nets being shared),
# the cubeless equity at 0 and 2 ply of an old and a new model against a rollout with the old one.
# Usage: scripts/race_rollout_check.py NARD_BINARY OLD_MODEL NEW_MODEL [POSITIONS=40]
import json, statistics, subprocess, sys

nard, old, new = sys.argv[1:4]
limit = int(sys.argv[4]) if len(sys.argv) > 4 else 40
root = __file__.rsplit("/scripts/", 1)[0]
ids = [l.split()[0] for l in open(root + "/tests/data/gnubg_cube_2ply.txt")
       if not l.startswith("#") and l.split()[2] == "centre"]

def run(*args):
    return json.loads(subprocess.run([nard, *args], capture_output=True, text=True, check=True).stdout)

def equity(pid, model, ply):
    return run("eval", pid, "--json", "--model", model, "--ply", str(ply))["cubeless_equity"]

rows = []
for pid in ids:
    o0, n0 = equity(pid, old, 0), equity(pid, new, 0)
    if abs(o0 - n0) < 1e-6:
        continue
    r = run("rollout", pid, "--json", "--model", old, "--trials", "1296", "--seed", "5")[0]["equity"]
    o2, n2 = equity(pid, old, 2), equity(pid, new, 2)
    rows.append((r["mean"], o0, n0, o2, n2))
    print("%s rollout %+.4f (se %.4f)  old 0/2-ply %+.4f %+.4f  new 0/2-ply %+.4f %+.4f"
          % (pid, r["mean"], r["se"], o0, o2, n0, n2), flush=True)
    if len(rows) >= limit:
        break
for k, name in ((1, "old 0-ply"), (2, "new 0-ply"), (3, "old 2-ply"), (4, "new 2-ply")):
    errors = [row[k] - row[0] for row in rows]
    print("%s: mean error %+.4f, mean |error| %.4f over %d race positions"
          % (name, statistics.mean(errors), statistics.mean(abs(e) for e in errors), len(errors)))
