#!/usr/bin/env python3
"""Paired cube-error cost of two deciders on one reference set, with a standard error.

Usage: paired_cost.py REFERENCE DISPUTES_A DISPUTES_B
REFERENCE: a cube reference file (bench/cube_reference.h; several may be concatenated).
DISPUTES_A/B: `nard bench cube --disputes` files of the two deciders on that reference: a decision
not listed is the reference's own action. Each decision's cost is the bench's (AgreementTally:
the doubler's loss against the better of no double and min(DT, DP), plus the taker's DT or DP
against min(DT, DP)), in millipoints per unit of cube; the difference A - B is paired by decision.
"""
import math
import sys

DOUBLE = {"double_take", "double_pass"}
PASS = {"double_pass", "too_good_pass"}


def cost(action, nd, dt, dp):
    doubled = min(dt, dp)
    best = max(nd, doubled)
    doubler = best - (doubled if action in DOUBLE else nd)
    taker = (dp if action in PASS else dt) - doubled
    return 1000 * doubler, 1000 * taker


def disputes(path):
    out = {}
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            pid, cube, owner, ours = line.split()[:4]
            out[(pid, cube, owner)] = ours.split("=", 1)[1]
    return out


def main():
    ref_path, a_path, b_path = sys.argv[1:4]
    a, b = disputes(a_path), disputes(b_path)
    rows = []
    with open(ref_path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            pid, cube, owner, action, nd, dt, dp = line.split()[:7]
            key = (pid, cube, owner)
            nd, dt, dp = float(nd), float(dt), float(dp)
            rows.append((cost(a.get(key, action), nd, dt, dp), cost(b.get(key, action), nd, dt, dp)))
    n = len(rows)

    def mean_se(values):
        m = sum(values) / n
        var = sum((v - m) ** 2 for v in values) / (n - 1)
        return m, math.sqrt(var / n)

    for label, pick in (("doubler", lambda c: c[0]), ("taker", lambda c: c[1]),
                        ("total", lambda c: c[0] + c[1])):
        ca, sa = mean_se([pick(r[0]) for r in rows])
        cb, sb = mean_se([pick(r[1]) for r in rows])
        d, sd = mean_se([pick(r[0]) - pick(r[1]) for r in rows])
        print("%-8s n=%d  A %.3f ± %.3f  B %.3f ± %.3f  A-B %+.3f ± %.3f" % (label, n, ca, sa, cb, sb, d, sd))


if __name__ == "__main__":
    main()
