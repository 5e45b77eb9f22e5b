# GNU Backgammon's cubeless 0-ply probabilities of bear-off positions: the oracle of
# tests/nn/bearoff_database_test.cpp. gnubg values a position where both sides are bearing off
# (every checker on its own points 1..6 or off, more than its two-sided database holds) from its
# one-sided bear-off database, so these numbers check our own database (nn/bearoff_database.h).
#
# Run inside gnubg's embedded Python (headless):
#   NARD_BEAROFF_POSITIONS=/tmp/in.txt NARD_BEAROFF_OUT=/tmp/out.txt \
#     gnubg -t -q -r -p tests/gnubg/bearoff_oracle.py
# Input: one Position ID per line (the side on roll's view). Output: per input line
#   <PositionID> <win> <win gammon> <win backgammon> <lose gammon> <lose backgammon>
# (gnubg.evaluate(board, cubeinfo, evalcontext(0, 0, ...)), side on roll, money, cubeless),
# then "end <count>", so a truncated file is detected.
import os
import sys

import gnubg

IN_PATH = os.environ.get("NARD_BEAROFF_POSITIONS", "")
OUT_PATH = os.environ.get("NARD_BEAROFF_OUT", "")


def main():
    if not IN_PATH or not OUT_PATH:
        sys.stderr.write("bearoff_oracle.py: set NARD_BEAROFF_POSITIONS and NARD_BEAROFF_OUT\n")
        return
    gnubg.command("set threads 1")
    cubeless = gnubg.evalcontext(0, 0, 0, 1, 0.0)
    cube = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
    out = []
    with open(IN_PATH) as f:
        for line in f:
            pid = line.strip()
            if not pid:
                continue
            probs = gnubg.evaluate(gnubg.positionfromid(pid), cube, cubeless)[:5]
            out.append("%s %s" % (pid, " ".join("%.6f" % p for p in probs)))
    out.append("end %d" % len(out))
    with open(OUT_PATH, "w") as f:
        f.write("\n".join(out) + "\n")


main()
