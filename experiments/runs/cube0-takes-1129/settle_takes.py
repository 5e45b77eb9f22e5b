#!/usr/bin/env python3
"""Settles by cubeful rollouts the take/pass answers in which our 0-ply and gnubg 0-ply differ.

The decisions are GNU Backgammon's self-play set (tests/data/gnubg_selfplay_cube_2ply.txt and _b,
valued by gnubg 2-ply). OURS is `nard bench cube-reference LIST --ply 0` of the model judged; GNUBG0
is tests/data/gnubg_selfplay_cube_0ply.txt. A decision is settled where the two answer a double
differently (take: no_double, double_take, too_good_take; pass: double_pass, too_good_pass). Each is
rolled out once, `nard rollout ID --cube-decision --trials TRIALS` (0-ply checker play and cube in
the trials, variance reduction, the same dice for no double and double/take), kept in
rollouts/<ID>-<cube>-<owner>.json; a rerun reuses what is there (resumable).

The taker's loss of an answer, per unit of the current cube: |DT - DP| when the answer is the worse
one, counted where a double is made (by either side's action, or by the referee's proper action),
as `nard bench cube` counts its taker cost. Two referees: the rollout, and gnubg 2-ply's equities
from the set (for comparison with the bench). Prints one line a decision, then the sums.
Usage: settle_takes.py NARD OURS GNUBG0 [TRIALS]
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
SETS = [os.path.join(ROOT, "tests", "data", f) for f in
        ("gnubg_selfplay_cube_2ply.txt", "gnubg_selfplay_cube_2ply_b.txt")]
TAKES = ("no_double", "double_take", "too_good_take")
sys.path.insert(0, os.path.join(HERE, "..", "indep-cube"))
from settle import rollout, rollout_path  # noqa: E402  (the same rollout, kept in this folder's rollouts/)


def read_decisions(paths):
    """{(ID, cube, owner): (action, [numbers])} of reference files (the first line of a key wins)."""
    out = {}
    for path in paths:
        for line in open(path):
            if line.startswith("#") or not line.strip():
                continue
            w = line.split()
            out.setdefault((w[0], int(w[1]), w[2]), (w[3], [float(x) for x in w[4:]]))
    return out


def taker_loss(answer_takes, doubled, dt, dp):
    """The taker's loss of his answer where a double is made: the doubler's DT against DP."""
    if not doubled:
        return 0.0
    wrong = (answer_takes and dt > dp) or (not answer_takes and dt < dp)
    return abs(dt - dp) if wrong else 0.0


def main():
    nard, ours_path, gnubg0_path = sys.argv[1:4]
    trials = int(sys.argv[4]) if len(sys.argv) > 4 else 1296
    ref = read_decisions(SETS)
    ours, gnubg0 = read_decisions([ours_path]), read_decisions([gnubg0_path])
    keys = [k for k in ref if (ours[k][0] in TAKES) != (gnubg0[k][0] in TAKES)]
    print(f"# {len(ref)} decisions; {len(keys)} where the two 0-ply answers to a double differ; "
          f"rollouts of {trials} trials", flush=True)
    sums = {"rollout": [0.0, 0.0], "gnubg2": [0.0, 0.0]}
    right = {"ours": 0, "gnubg0": 0}
    for pid, cube, owner in keys:
        a, g = ours[(pid, cube, owner)][0], gnubg0[(pid, cube, owner)][0]
        proper, nums = ref[(pid, cube, owner)]
        # the set's line: ND DT DP (gnubg 2-ply, side on roll, per unit of the current cube)
        g_nd, g_dt, g_dp = nums[0], nums[1], nums[2]
        g_doubled = a.startswith("double") or g.startswith("double") or proper.startswith("double")
        sums["gnubg2"][0] += taker_loss(a in TAKES, g_doubled, g_dt, g_dp)
        sums["gnubg2"][1] += taker_loss(g in TAKES, g_doubled, g_dt, g_dp)
        d = rollout(nard, pid, cube, owner, trials, HERE)
        nd, dt, dp = d["no_double"]["mean"], d["double_take"]["mean"], d["double_pass"]
        doubled = a.startswith("double") or g.startswith("double") or min(dt, dp) > nd
        lo, lg = taker_loss(a in TAKES, doubled, dt, dp), taker_loss(g in TAKES, doubled, dt, dp)
        sums["rollout"][0] += lo
        sums["rollout"][1] += lg
        if lo < lg:
            right["ours"] += 1
        elif lg < lo:
            right["gnubg0"] += 1
        print(f"{pid} {cube} {owner:6} ours={a:14} gnubg0={g:14} gnubg2={proper:14} "
              f"rollout: ND {nd:+.3f} DT {dt:+.3f} (se {d['double_take']['se']:.3f}) "
              f"taker loses: ours {lo:.3f} gnubg0 {lg:.3f}", flush=True)
    n = len(ref)
    print(f"\n{len(keys)} take/pass differences: by the rollouts ours right {right['ours']}, "
          f"gnubg 0-ply right {right['gnubg0']}; taker cost over all {n} decisions, millipoints: "
          f"ours {1000 * sums['rollout'][0] / n:.2f}, gnubg 0-ply {1000 * sums['rollout'][1] / n:.2f}, "
          f"paired {1000 * (sums['rollout'][0] - sums['rollout'][1]) / n:+.2f}; by gnubg 2-ply's equities: "
          f"ours {1000 * sums['gnubg2'][0] / n:.2f}, gnubg 0-ply {1000 * sums['gnubg2'][1] / n:.2f}, "
          f"paired {1000 * (sums['gnubg2'][0] - sums['gnubg2'][1]) / n:+.2f}")


if __name__ == "__main__":
    main()
