#!/usr/bin/env python3
"""Both views of the cube decisions of the saved games (README.md): gnubg 2-ply's (gnubg-SEED.json,
from gnubg_cube_analysis.py) and ours (`nard analyze --ply 2 --json`, NARD_JSON_DIR/nard-SEED.json).

Usage: summarise.py NARD_JSON_DIR SEED...
Per seed and in all, per player: doubles, takes, passes, and each view's cube errors (count and
cost in points), and the cost a game."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KINDS = [("missed doubles", ["missed-double-below-cp", "missed-double-above-cp"], "missed_doubles"),
         ("wrong doubles", ["wrong-double-below-dp", "wrong-double-above-tg"], "wrong_doubles"),
         ("wrong takes", ["wrong-take"], "wrong_takes"),
         ("wrong passes", ["wrong-drop"], "wrong_passes")]


def gnubg_view(seed):
    d = json.load(open(os.path.join(HERE, "gnubg-%s.json" % seed)))
    out = {}
    for name, st in d["stats"].items():
        c = st["cube"]
        row = {"games": d["games"], "doubles": c["n-doubles"], "takes": c["n-takes"],
               "passes": c["n-drops"]}
        for label, keys, _ in KINDS:
            row[label] = (sum(c[k] for k in keys), sum(c["err-%s-cost" % k] for k in keys))
        row["cost"] = sum(row[label][1] for label, _, _ in KINDS)
        out[name] = row
    return out


def nard_view(folder, seed):
    d = json.load(open(os.path.join(folder, "nard-%s.json" % seed)))
    games = len(d["games"])
    out = {}
    for name, st in zip(d["players"], d["stats"]):
        row = {"games": games, "doubles": st["doubles"], "takes": st["takes"],
               "passes": st["passes"]}
        for label, _, key in KINDS:
            row[label] = (st[key], None)
        row["cost"] = st["cube_cost"]
        row["checker cost"] = st["checker_cost"]
        row["luck-adjusted"] = st["luck_adjusted_result"]
        out[name] = row
    return out


def main():
    folder, seeds = sys.argv[1], sys.argv[2:]
    total = {}
    for seed in seeds:
        for view, rows in (("gnubg 2-ply", gnubg_view(seed)), ("nard 2-ply", nard_view(folder, seed))):
            for name, row in rows.items():
                t = total.setdefault((view, name), {"games": 0, "cost": 0.0, "counts": {}})
                t["games"] += row["games"]
                t["cost"] += row["cost"]
                for label, _, _ in KINDS:
                    t["counts"][label] = t["counts"].get(label, 0) + row[label][0]
                for k in ("doubles", "takes", "passes", "checker cost", "luck-adjusted"):
                    if k in row:
                        t[k] = t.get(k, 0) + row[k]
    print("# seeds %s; cube errors of each player as each view judges them" % " ".join(seeds))
    for (view, name), t in sorted(total.items()):
        counts = ", ".join("%s %d" % (k, v) for k, v in t["counts"].items())
        extra = ""
        if "checker cost" in t:
            extra = "; checker-play cost %.2f (%.4f a game); luck-adjusted result %+.2f (%+.4f a game)" % (
                t["checker cost"], t["checker cost"] / t["games"], t["luck-adjusted"],
                t["luck-adjusted"] / t["games"])
        print("%s judges %s over %d games: doubles %d, takes %d, passes %d; %s; cube cost %.2f points "
              "(%.4f a game)%s" % (view, name, t["games"], t["doubles"], t["takes"], t["passes"],
                                   counts, t["cost"], t["cost"] / t["games"], extra))


if __name__ == "__main__":
    main()
