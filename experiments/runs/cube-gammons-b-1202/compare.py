#!/usr/bin/env python3
"""cube-gammons-b-1202: on the rolled-out positions, our 0-ply and gnubg 0-ply against the rollouts.

Usage: compare.py IDS ALL ROLLOUTS [OTHER...]
  IDS       the list select.py wrote (gnubg 0-ply's values, in the order of ALL)
  ALL       `run.sh positions`' database (our shipped net's 0-ply values of every listed position)
  ROLLOUTS  `run.sh gammons`' database (or its .partial file): every 4th record of ALL, rolled out
            (every STRIDE-th with the environment's STRIDE, e.g. 1 where ALL was rolled out whole)
  OTHER     databases of the same positions as ROLLOUTS valued by other models at 0-ply
            (`nard revalue ROLLOUTS --ply 0 --model M`), compared the same way
Prints, over the rolled-out positions, the mean cubeless money equity of each valuation minus the
rollout's, with its standard error over positions (side on roll; the rollouts' own noise included).
Reads position databases as coach/position_database.h lays them out (the checksum is not checked:
nard wrote and checked these files).
"""
import math
import os
import struct
import sys


def read_npdb(path):
    data = open(path, "rb").read()
    off = 0

    def u32():
        nonlocal off
        v = struct.unpack_from("<I", data, off)[0]
        off += 4
        return v

    def text():
        nonlocal off
        n = u32()
        s = data[off:off + n].decode()
        off += n
        return s

    assert u32() == 0x4244504E, path + ": not a position database"
    version = u32()
    u32()  # variant
    text()  # rules
    u32(); u32(); u32()  # target kind, ply, trials
    if version >= 2:
        u32()  # truncation
    if version >= 3:
        u32()  # play group
    text(); text()  # model, description
    count = struct.unpack_from("<Q", data, off)[0]
    off += 8
    records = []
    for _ in range(count):
        board = data[off:off + 32]
        probs = struct.unpack_from("<5f", data, off + 32)
        records.append((board, probs))
        off += 52
    return records


def equity(p):
    return 2 * p[0] - 1 + p[1] - p[3] + p[2] - p[4]


def mean_se(xs):
    n = len(xs)
    m = sum(xs) / n
    v = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, math.sqrt(v / n)


STRIDE = int(os.environ.get("STRIDE", "4"))


def main():
    ids_path, all_path, rollout_path = sys.argv[1:4]
    gnubg = [[float(x) for x in line.split()[1:6]] for line in open(ids_path) if line[0] != "#"]
    ours = read_npdb(all_path)
    rolled = read_npdb(rollout_path)
    assert len(gnubg) == len(ours), "the list and the database differ in length"
    n = len(rolled)
    for i, (board, _) in enumerate(rolled):
        assert ours[STRIDE * i][0] == board, "record %d is not the list's %d-th" % (i, STRIDE * i)
    truth = [equity(p) for _, p in rolled]
    rows = [("our shipped 0-ply", [equity(ours[STRIDE * i][1]) for i in range(n)]),
            ("gnubg 0-ply", [equity(gnubg[STRIDE * i]) for i in range(n)])]
    for path in sys.argv[4:]:
        other = read_npdb(path)[:n]
        assert [b for b, _ in other] == [b for b, _ in rolled], path + ": other positions"
        rows.append((path, [equity(p) for _, p in other]))
    print("%d rolled-out positions; rollout equity mean %+.4f" % (n, sum(truth) / n))
    for name, eq in rows:
        m, se = mean_se([e - t for e, t in zip(eq, truth)])
        print("%-40s minus the rollout: %+.4f ± %.4f" % (name, m, se))


if __name__ == "__main__":
    main()
