# gnubg's cubeless money values of a list of Position IDs (first field of each line of TQ_IN):
#   TQ_PLIES=2 TQ_IN=sample.txt TQ_OUT=gnubg_2ply.txt gnubg -t -q -r -p gnubg_equity.py
# writes "ID equity win win_gammon win_backgammon lose_gammon lose_backgammon" (side on roll; the
# two gnubg_*ply.txt files here were written by an earlier version that wrote the equity alone).
import os, gnubg
PLIES = int(os.environ["TQ_PLIES"]); N = int(os.environ.get("TQ_N", "100000"))
for c in ["set jacoby off", "set beavers 0", "set threads 1"]: gnubg.command(c)
ec = gnubg.evalcontext(0, PLIES, 1, 1, 0.0)
ci = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
out = open(os.environ["TQ_OUT"], "w")
for i, line in enumerate(open(os.environ["TQ_IN"])):
    if i >= N: break
    pid = line.split()[0]
    w, wg, wbg, lg, lbg = gnubg.evaluate(gnubg.positionfromid(pid), ci, ec)[:5]
    out.write("%s %.5f %.5f %.5f %.5f %.5f %.5f\n" % (pid, 2 * w - 1 + wg - lg + wbg - lbg, w, wg, wbg, lg, lbg))
    out.flush()
