# cube-gammons-b-1202 `ids`: the gammon-rich contact positions of saved games, chosen by gnubg 0-ply.
# Run inside gnubg's embedded Python with a throw-away HOME (run.sh ids does):
#   HOME=$(mktemp -d) GB_IN="a.mat b.mat" GB_OUT=ids.txt /usr/games/gnubg -t -q -r -p select.py
# For each file of GB_IN (in order) and each of its games, the position before every roll
# (gnubg's 'board' of each move, seen from the side on roll) is evaluated at 0-ply, cubeless and
# money; a position is listed once, in game order, when gnubg classes it contact or crashed and the
# side on roll's winning chance is WIN_MIN..WIN_MAX with a gammon share (win_gammon / win) of at
# least SHARE_MIN. Each output line: "<Position ID> win win_gammon win_backgammon lose_gammon
# lose_backgammon"; '#' lines at the head say how it was made.
import os

import gnubg

WIN_MIN, WIN_MAX, SHARE_MIN = 0.65, 0.90, 0.4
CLASS_CRASHED = 9  # gnubg's position classes: 9 crashed, 10 contact (below: races and bear-offs)

for c in ["set jacoby off", "set beavers 0", "set threads 1"]:
    gnubg.command(c)
ec = gnubg.evalcontext(0, 0, 1, 1, 0.0)
ci = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
files = os.environ["GB_IN"].split()
seen, kept, games, turns = set(), [], 0, 0
for path in files:
    gnubg.command("import mat " + path)
    for game in gnubg.match(analysis=0, boards=1, statistics=0, verbose=0)["games"]:
        games += 1
        for action in game["game"]:
            if action.get("action") != "move" or "board" not in action:
                continue
            turns += 1
            pid = action["board"]
            if pid in seen:
                continue
            seen.add(pid)
            board = gnubg.positionfromid(pid)
            if gnubg.classifypos(board, 0) < CLASS_CRASHED:
                continue
            p = gnubg.evaluate(board, ci, ec)[:5]
            if WIN_MIN <= p[0] <= WIN_MAX and p[1] >= SHARE_MIN * p[0]:
                kept.append((pid, p))
with open(os.environ["GB_OUT"], "w") as out:
    out.write("# cube-gammons-b-1202 select.py: %d games of %s, %d turns, %d distinct positions\n"
              % (games, " ".join(files), turns, len(seen)))
    out.write("# contact, gnubg 0-ply win %.2f..%.2f, gammon share >= %.2f: %d positions\n"
              % (WIN_MIN, WIN_MAX, SHARE_MIN, len(kept)))
    for pid, p in kept:
        out.write("%s %s\n" % (pid, " ".join("%.5f" % x for x in p)))
