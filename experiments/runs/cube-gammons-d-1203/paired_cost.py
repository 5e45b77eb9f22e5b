#!/usr/bin/env python3
"""Paired 0-ply cube cost of two nets' decisions, in full precision (nard bench cube prints two
decimals; the rule's one-standard-error test needs more near the bar). Each decision is charged
as bench/cube_agreement.cpp's cube_cost charges it, by the gnubg 2-ply reference's equities; the
difference A - B is averaged over the decisions of the given sets, with its standard error.
Usage: paired_cost.py REFERENCE A B [REFERENCE A B ...]  (files of `nard bench cube-reference`
form; A and B list the same decisions as REFERENCE, in its order). Millipoints per decision."""
import math
import sys

DOUBLES = {"double_take", "double_pass"}
PASSES = {"double_pass", "too_good_pass"}


def entries(path):
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        f = line.split()
        yield (f[0], f[1], f[2]), f[3], float(f[4]), float(f[5]), float(f[6])


def cost(ref, action):
    _, _, nd, dt, dp = ref
    doubled = min(dt, dp)
    best = max(nd, doubled)
    doubler = best - (doubled if action in DOUBLES else nd)
    taker = (dp if action in PASSES else dt) - doubled
    return doubler, taker


diffs = {"doubler": [], "taker": [], "total": []}
args = sys.argv[1:]
if not args or len(args) % 3:
    sys.exit("usage: paired_cost.py REFERENCE A B [REFERENCE A B ...]")
for i in range(0, len(args), 3):
    refs = list(entries(args[i]))
    a = list(entries(args[i + 1]))
    b = list(entries(args[i + 2]))
    if not (len(refs) == len(a) == len(b)):
        sys.exit(f"{args[i]}: {len(refs)} decisions, A {len(a)}, B {len(b)}")
    for r, x, y in zip(refs, a, b):
        if not (r[0] == x[0] == y[0]):
            sys.exit(f"{args[i]}: decision {r[0]} is not the same in A and B")
        (dx, tx), (dy, ty) = cost(r, x[1]), cost(r, y[1])
        diffs["doubler"].append(dx - dy)
        diffs["taker"].append(tx - ty)
        diffs["total"].append(dx + tx - dy - ty)
n = len(diffs["total"])
for k, v in diffs.items():
    m = sum(v) / n
    se = math.sqrt(sum((x - m) ** 2 for x in v) / (n - 1) / n)
    print(f"{k:8s} {n} decisions: {1000 * m:+.4f} ± {1000 * se:.4f} millipoints a decision ({m / se if se else 0:+.2f} s.e.)")
