#!/usr/bin/env python3
"""The checker plays our 2-ply changes when its root move filters are gnubg's (README.md).

For each (position, roll) of GNU Backgammon's self-play set where `nard bench checker --ply 2
--list` names another play with `--move-filters gnubg` than with `--move-filters narrow` (the filters used before session 54), both
plays' results are rolled out as indep-checker/settle.py does: `nard rollout RESULT --trials T`
(cubeless money, 0-ply in the trials, variance reduction, the default seed, so the two share their
dice); the mover's equity is the rollout's, negated. Every rollout is made here with the current
model and kept in rollouts/ (indep-checker's were made with an older net, so none is reused: the two
plays of a pair share their player and their dice).

Usage: settle_changes.py NARD TRIALS > changes.txt
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
SET = os.path.join(ROOT, "tests", "data", "gnubg_selfplay_checker_2ply.txt")
KEPT = [os.path.join(HERE, "rollouts")]


def listed_plays(nard, filters):
    """(ID, roll) -> (our play, gnubg 2-ply's best play) for the pairs where they differ."""
    out = subprocess.run([nard, "bench", "checker", "--ply", "2", "--file", SET, "--list",
                          "--move-filters", filters], check=True, capture_output=True,
                         text=True).stdout
    rows, listing = {}, False
    for line in out.splitlines():
        if line.startswith("Pairs where we lost equity"):
            listing = True
        elif listing and "|" in line:
            cells = [c.strip() for c in line.split("|")]
            pid, roll, _ = cells[0].split()
            rows[(pid, roll)] = (cells[2], cells[3])
    return rows


def result_of(nard, pid, roll, play):
    """The Position ID of a play's result, opponent on roll (`nard moves`)."""
    out = subprocess.run([nard, "moves", pid, roll], check=True, capture_output=True,
                         text=True).stdout
    for line in out.splitlines():
        notation, result = line.rsplit("\t", 1)
        if notation == play:
            return result
    raise SystemExit("%s %s: no play %s" % (pid, roll, play))


def mover_equity(nard, result, trials):
    name = result.replace("/", "_") + ".json"
    for folder in KEPT:
        if os.path.exists(os.path.join(folder, name)):
            doc = json.load(open(os.path.join(folder, name)))
            break
    else:
        doc = json.loads(subprocess.run(
            [nard, "rollout", result, "--trials", str(trials), "--threads", "2", "--quiet",
             "--json"], check=True, capture_output=True, text=True).stdout)
        os.makedirs(KEPT[0], exist_ok=True)
        path = os.path.join(KEPT[0], name)
        with open(path + ".tmp", "w") as f:
            json.dump(doc, f, indent=1)
        os.replace(path + ".tmp", path)
    e = doc["results"][0]["equity"]
    return -e["mean"], e["se"]


def main():
    nard, trials = sys.argv[1], int(sys.argv[2])
    nard_rows, gnubg_rows = listed_plays(nard, "narrow"), listed_plays(nard, "gnubg")
    print("# Pairs of %s where our 2-ply's play differs between its move filters, rolled out" %
          os.path.relpath(SET, ROOT))
    print("# (%d trials, cubeless, 0-ply in the trials); equities of the mover, x1000." % trials)
    print("# ID roll | nard filters: play, rollout | gnubg filters: play, rollout | "
          "gnubg - nard (se) | gnubg 2-ply's play")
    total, var, better, worse = 0.0, 0.0, 0, 0
    for key in sorted(set(nard_rows) | set(gnubg_rows)):
        reference = (nard_rows.get(key) or gnubg_rows.get(key))[1]
        a = nard_rows.get(key, (reference,))[0]
        b = gnubg_rows.get(key, (reference,))[0]
        if a == b:
            continue
        (ea, sa), (eb, sb) = (mover_equity(nard, result_of(nard, key[0], key[1], p), trials)
                              for p in (a, b))
        d, se = eb - ea, (sa * sa + sb * sb) ** 0.5
        total, var = total + d, var + se * se
        better, worse = better + (d > 0), worse + (d < 0)
        print("%s %s | %s, %+.1f | %s, %+.1f | %+.1f (%.1f) | %s" % (
            key[0], key[1], a, 1000 * ea, b, 1000 * eb, 1000 * d, 1000 * se, reference))
    print("# %d changed plays: gnubg's filters better in %d, worse in %d; in all %+.1f (%.1f) "
          "x1000, %+.3f x1000 a move over the set's 600" % (
              better + worse, better, worse, 1000 * total, 1000 * var ** 0.5, 1000 * total / 600))


if __name__ == "__main__":
    main()
