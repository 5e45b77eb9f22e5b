#!/usr/bin/env python3
"""Is our net's value biased in gammon-rich positions? Cubeless rollouts against our 0-ply and gnubg 2-ply.

Positions: the contact positions of our own cube set (tests/data/gnubg_cube_2ply.txt, the cube
centred) where gnubg 2-ply doubles (double/take or double/pass), in two classes by the side on
roll's share of gammons in its wins (gnubg 2-ply's win_gammon / win): at least 0.4 ("gammonish")
and below 0.25 ("plain"); every line in file order, at most PER_CLASS of each.
Each is rolled out cubeless (`nard rollout ID --trials TRIALS --seed 1`, 0-ply play, full games,
variance reduction) and kept in rollouts/ID.json (resumable). Printed: per class, the mean of
(our 0-ply equity - rollout) and (gnubg 2-ply equity - rollout), with standard errors over positions.
Usage: diagnose.py NARD [TRIALS [PER_CLASS [MODEL]]]   (run from the repository root, the module built;
MODEL: the net whose 0-ply is compared, default the shipped one; the rollouts stay the kept ones)
"""
import json
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, "build/python")
import nard  # noqa: E402


def equity(p):
    """Cubeless money equity of (win, wg, wbg, lg, lbg) for the side on roll."""
    return 2 * p[0] - 1 + p[1] - p[3] + p[2] - p[4]


def positions(per_class):
    out = {"gammonish": [], "plain": []}
    for line in open("tests/data/gnubg_cube_2ply.txt"):
        if line.startswith("#") or not line.strip():
            continue
        w = line.split()
        if w[2] != "centre" or w[3] not in ("double_take", "double_pass"):
            continue
        pos = nard.Position(w[0])
        p = [float(x) for x in w[7:12]]
        if nard.Position(w[0]).id != w[0]:
            continue
        share = p[1] / p[0]
        cls = "gammonish" if share >= 0.4 else "plain" if share < 0.25 else None
        if cls and len(out[cls]) < per_class and not is_race(w[0]):
            out[cls].append((w[0], p))
    return out


def is_race(pid):
    """No contact left: decodes the gnubg Position ID (two sides' 25 points, run-length in bits)."""
    b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    stream = "".join(format(b64.index(c), "06b") for c in pid)  # 84 bits, most significant first
    key = [int(stream[i * 8:i * 8 + 8], 2) for i in range(10)]
    bits = [(key[n // 8] >> (n % 8)) & 1 for n in range(80)]
    sides, point, count = [[0] * 25, [0] * 25], 0, 0
    for bit in bits:
        if point >= 50:
            break
        if bit:
            count += 1
        else:
            sides[point // 25][point % 25] = count
            point, count = point + 1, 0
    back = [max((i + 1 for i in range(25) if s[i]), default=0) for s in sides]
    return back[0] + back[1] <= 25


def rollout(nard_bin, pid, trials):
    path = os.path.join(HERE, "rollouts", pid.replace("/", "_") + ".json")
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        doc = subprocess.run([nard_bin, "rollout", pid, "--trials", str(trials), "--seed", "1",
                              "--threads", "2", "--json", "--quiet"],
                             check=True, capture_output=True, text=True).stdout
        with open(path + ".tmp", "w") as f:
            f.write(doc)
        os.replace(path + ".tmp", path)
    r = json.load(open(path))["results"][0]
    return r["equity"]["mean"], r["equity"]["se"]


def mean_se(xs):
    m = sum(xs) / len(xs)
    v = sum((x - m) ** 2 for x in xs) / (len(xs) - 1) if len(xs) > 1 else 0.0
    return m, math.sqrt(v / len(xs))


def main():
    nard_bin = sys.argv[1]
    trials = int(sys.argv[2]) if len(sys.argv) > 2 else 324
    per_class = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    model = nard.Model(sys.argv[4]) if len(sys.argv) > 4 else nard.Model()
    for cls, rows in positions(per_class).items():
        ours = model.evaluate([nard.Position(pid) for pid, _ in rows])
        d_ours, d_gnubg = [], []
        for (pid, p), q in zip(rows, ours):
            r, se = rollout(nard_bin, pid, trials)
            d_ours.append(equity(q) - r)
            d_gnubg.append(equity(p) - r)
            print(f"{cls:9} {pid}  rollout {r:+.3f} ± {se:.3f}  ours {equity(q):+.3f}  "
                  f"gnubg 2-ply {equity(p):+.3f}", flush=True)
        mo, so = mean_se(d_ours)
        mg, sg = mean_se(d_gnubg)
        print(f"{cls}: {len(rows)} positions; our 0-ply - rollout {mo:+.4f} ± {so:.4f}; "
              f"gnubg 2-ply - rollout {mg:+.4f} ± {sg:.4f}", flush=True)


if __name__ == "__main__":
    main()
