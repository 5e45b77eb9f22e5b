#!/usr/bin/env python3
# Sets `nard hint` (cubeful, --ply N) beside GNU Backgammon's cubeful hint on a handful of
# positions at several match states (money with and without the Jacoby rule, 7-point match scores,
# an owned cube, the Crawford game): prints, per case, both top plays and their equities, and the
# mean absolute difference of the equity of the plays both list. docs/analysis.md has the figures.
#   tests/gnubg/compare_cubeful_hints.py [--nard build/cli/nard] [--ply 2]
import argparse
import base64
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# (Position ID with the side on roll to move, roll), from tests/data/gnubg_checker_2ply.txt.
POSITIONS = [("jFMYpGI9zBKCEg", "43"), ("sOfIAWCb7RKCAA", "62"), ("bA74AgOY52DAMA", "54"),
             ("Mw44BDNmu4EFEA", "21"), ("4HOaAQawz8IDIA", "61"), ("jM/gAWDb2jEAEA", "63")]
# (match length, score of the side on roll, score of the opponent, cube, owner, Crawford, Jacoby)
# owner: 3 centred, 1 the side on roll, 0 the opponent.
STATES = [(0, 0, 0, 1, 3, 0, 0), (0, 0, 0, 1, 3, 0, 1), (7, 0, 0, 1, 3, 0, 0),
          (7, 2, 4, 1, 3, 0, 0), (7, 4, 2, 2, 0, 0, 0), (7, 3, 6, 1, 3, 1, 0)]


def match_id(length, my_score, opp_score, cube, owner, crawford):
    """gnubg Match ID with player 1 on roll (turn and dice owner), game playing, no dice."""
    fields = [(cube.bit_length() - 1, 4), (owner, 2), (1, 1), (crawford, 1), (1, 3), (1, 1),
              (0, 1), (0, 2), (0, 3), (0, 3), (length, 15), (opp_score, 15), (my_score, 15)]
    bits, shift = 0, 0
    for value, width in fields:
        bits |= value << shift
        shift += width
    return base64.b64encode(bits.to_bytes(9, "little")).decode()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nard", default=os.path.join(HERE, "../../build/cli/nard"))
    ap.add_argument("--gnubg", default="/usr/games/gnubg")
    ap.add_argument("--ply", type=int, default=2)
    args = ap.parse_args()
    cases = []
    for pid, dice in POSITIONS:
        for st in STATES:
            cases.append((pid + ":" + match_id(*st[:6]), dice, st[6]))
    with tempfile.TemporaryDirectory() as tmp:
        cases_path = os.path.join(tmp, "cases.txt")
        out_path = os.path.join(tmp, "gnubg.txt")
        with open(cases_path, "w") as f:
            for ids, dice, jacoby in cases:
                f.write("%s %s %d\n" % (ids, dice, jacoby))
        env = dict(os.environ, NARD_HINT_CASES=cases_path, NARD_HINT_OUT=out_path,
                   NARD_HINT_PLIES=str(args.ply))
        subprocess.run([args.gnubg, "-t", "-q", "-r", "-p",
                        os.path.join(HERE, "cubeful_hint_oracle.py")], env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp)
        gnubg = {}
        key = None
        with open(out_path) as f:
            for line in f:
                parts = line.split()
                if parts[0] == "case":
                    key = (parts[1], parts[2], int(parts[3]))
                    gnubg[key] = []
                else:
                    gnubg[key].append((" ".join(parts[3:]), float(parts[2])))
    diffs, same_best = [], 0
    for ids, dice, jacoby in cases:
        rules = "wbf,jacoby=true" if jacoby else "wbf"
        out = subprocess.run([args.nard, "hint", ids, dice, "--ply", str(args.ply), "--json",
                              "--rules", rules, "--top", "40"], capture_output=True, text=True,
                             check=True).stdout
        ours = {p["move"]: p["equity"] for p in json.loads(out)["plays"]}
        ours_best = json.loads(out)["plays"][0]["move"]
        theirs = gnubg[(ids, dice, jacoby)]
        same_best += ours_best == theirs[0][0]
        common = [(m, e, ours[m]) for m, e in theirs if m in ours]
        for _, e, o in common:
            diffs.append(abs(e - o))
        print("%s %s jacoby=%d  gnubg best %-18s %+.3f  nard best %-18s %+.3f  (gnubg's best by nard %s)" % (
            ids, dice, jacoby, theirs[0][0], theirs[0][1], ours_best, ours[ours_best],
            "%+.3f" % ours[theirs[0][0]] if theirs[0][0] in ours else "n/a"))
    print("cases %d, same best play %d, plays compared %d, mean |equity difference| %.4f, max %.4f" % (
        len(cases), same_best, len(diffs), sum(diffs) / max(1, len(diffs)), max(diffs or [0])))


if __name__ == "__main__":
    sys.exit(main())
