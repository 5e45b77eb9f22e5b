#!/usr/bin/env python3
"""Settles the checker-play disputes of GNU Backgammon's self-play set by rollouts (issue 34).

A dispute is a (position, roll) of tests/data/gnubg_selfplay_checker_2ply.txt where our 2-ply best
play differs from gnubg 2-ply's. Both plays' results are rolled out, `nard rollout RESULT --trials T
--json` (cubeless money, 0-ply checker play in the trials, variance reduction, the same dice for
both: the default seed), our play found by `nard hint ID ROLL --ply 2 --cubeless` (as the bench ranks), gnubg's from the set. The documents are kept in rollouts/, so
a rerun only recomputes the verdicts.

Usage: settle.py NARD TRIALS > settled.txt
"""
import base64
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
SET = os.path.join(ROOT, "tests", "data", "gnubg_selfplay_checker_2ply.txt")


def flip_position_id(pid):
    """The same position seen from the other side (gnubg's Position ID: both sides' checkers)."""
    key = base64.b64decode(pid + "==")
    bits = [(key[i // 8] >> (i % 8)) & 1 for i in range(80)]
    sides, counts, n = [], [], 0
    for b in bits:
        if len(sides) == 2:
            break
        if b:
            n += 1
        else:
            counts.append(n)
            n = 0
            if len(counts) == 25:
                sides.append(counts)
                counts = []
    out = []
    for counts in (sides[1], sides[0]):
        for c in counts:
            out += [1] * c + [0]
    out += [0] * (80 - len(out))
    raw = bytes(sum(out[8 * i + j] << j for j in range(8)) for i in range(10))
    return base64.b64encode(raw).decode()[:14]


def reference_best():
    """(ID, roll) -> the Position ID (mover's view) of gnubg 2-ply's best play and its equity."""
    best, key = {}, None
    for line in open(SET):
        w = line.split()
        if not w or w[0].startswith("#"):
            continue
        if w[0] == "position":
            key = (w[1], w[2])
        elif w[0] == "play" and key not in best:
            best[key] = (w[1], float(w[3]))
    return best


def disputes(nard):
    out = subprocess.run([nard, "bench", "checker", "--ply", "2", "--file", SET, "--list"],
                         check=True, capture_output=True, text=True).stdout
    rows, listing = [], False
    for line in out.splitlines():
        if line.startswith("Pairs where we lost equity"):
            listing = True
            continue
        if listing and "|" in line:
            cells = [c.strip() for c in line.split("|")]
            pid, roll, kind = cells[0].split()
            rows.append({"id": pid, "roll": roll, "kind": kind, "loss": float(cells[1]),
                         "ours": cells[2], "gnubg": cells[3]})
    return rows


def run_json(args):
    return json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)


def position_rollout(nard, pid, trials):
    """The rollout of a play's result (the opponent on roll), kept in rollouts/<ID>.json."""
    path = os.path.join(HERE, "rollouts", pid.replace("/", "_") + ".json")
    if os.path.exists(path):
        return json.load(open(path))
    doc = run_json([nard, "rollout", pid, "--trials", str(trials), "--threads", "2", "--quiet",
                    "--json"])
    with open(path + ".tmp", "w") as f:
        json.dump(doc, f, indent=1)
    os.replace(path + ".tmp", path)
    return doc


def rollout(nard, d, trials):
    """Our 2-ply best play and gnubg 2-ply's, each with the rollout's equity of the mover. Every
    rollout uses the same dice (the default seed), so the two share their dice, as the candidates
    of `nard rollout ID ROLL` do (a dispute rolled out that way is read from its document)."""
    os.makedirs(os.path.join(HERE, "rollouts"), exist_ok=True)
    old = os.path.join(HERE, "rollouts", "%s-%s.json" % (d["id"].replace("/", "_"), d["roll"]))
    if os.path.exists(old):
        doc = json.load(open(old))
        ours = doc["results"][0]
        theirs = [x for x in doc["results"] if flip_position_id(x["position"]) == d["gnubg_result"]]
        return ours["play"], ours["equity"], theirs[0]["play"] if theirs else None, \
            theirs[0]["equity"] if theirs else None
    hint = run_json([nard, "hint", d["id"], d["roll"], "--ply", "2", "--cubeless", "--top", "1000",
                     "--json"])
    best = hint["plays"][0]
    gnubg_pos = flip_position_id(d["gnubg_result"])
    gnubg_play = next((p["move"] for p in hint["plays"] if p["position"] == gnubg_pos), d["gnubg"])
    mover = []
    for pid in (best["position"], gnubg_pos):
        e = position_rollout(nard, pid, trials)["results"][0]["equity"]
        mover.append({"mean": -e["mean"], "se": e["se"]})  # the mover's: the opponent's, negated
    return best["move"], mover[0], gnubg_play, mover[1]


def main():
    nard, trials = sys.argv[1], int(sys.argv[2])
    best = reference_best()
    rows = disputes(nard)
    print("# %d checker-play disputes of %s: our 2-ply best play against gnubg 2-ply's," %
          (len(rows), os.path.relpath(SET, ROOT)))
    print("# rolled out (%d trials, cubeless, 0-ply in the trials); equities of the mover, x1000." % trials)
    print("# ID roll kind | ours: play, rollout | gnubg: play, rollout | ours - gnubg (se) | right")
    ours_right = gnubg_right = ours_clear = gnubg_clear = 0
    ours_loss = gnubg_loss = 0.0
    for d in rows:
        d["gnubg_result"] = best[(d["id"], d["roll"])][0]
        ours_play, ours_eq, gnubg_play, gnubg_eq = rollout(nard, d, trials)
        if ours_play != d["ours"]:
            print("# %s %s: our 2-ply best play %s is not the bench's %s" %
                  (d["id"], d["roll"], ours_play, d["ours"]))
        if gnubg_eq is None:
            print("%s %s %s | gnubg's play not rolled out" % (d["id"], d["roll"], d["kind"]))
            continue
        ours = {"play": ours_play, "equity": ours_eq}
        g = {"play": gnubg_play, "equity": gnubg_eq}
        diff = ours["equity"]["mean"] - g["equity"]["mean"]
        se = (ours["equity"]["se"] ** 2 + g["equity"]["se"] ** 2) ** 0.5
        right = "ours" if diff > 0 else "gnubg"
        if abs(diff) > 2 * se:
            right += " (clear)"
            ours_clear += diff > 0
            gnubg_clear += diff < 0
        if diff > 0:
            ours_right += 1
            gnubg_loss += diff
        else:
            gnubg_right += 1
            ours_loss += -diff
        print("%s %s %s | %s, %+.1f | %s, %+.1f | %+.1f (%.1f) | %s" % (
            d["id"], d["roll"], d["kind"], ours["play"], 1000 * ours["equity"]["mean"], g["play"],
            1000 * g["equity"]["mean"], 1000 * diff, 1000 * se, right))
    n = ours_right + gnubg_right
    print("# settled %d: ours right %d, gnubg right %d (by more than 2 standard errors: ours %d, "
          "gnubg %d); loss a dispute x1000: ours %.2f, gnubg %.2f" %
          (n, ours_right, gnubg_right, ours_clear, gnubg_clear, 1000 * ours_loss / max(n, 1),
           1000 * gnubg_loss / max(n, 1)))


if __name__ == "__main__":
    main()
