# gnubg-teacher-1203 `values`: contact positions of saved games, each valued by gnubg's n-ply search,
# as a position list for `nard positions --list FILE --listed-targets NAME`.
# Run inside gnubg's embedded Python with a throw-away HOME (run.sh values does):
#   HOME=$(mktemp -d) GB_IN="a.mat b.mat" GB_SKIP=ids.txt GB_ONE_IN=2 GB_PLIES=2 GB_OUT=out.txt \
#     /usr/games/gnubg -t -q -r -p teacher.py
# For each file of GB_IN (in order) and each of its games, the position before every roll (gnubg's
# 'board' of each move, seen from the side on roll) is taken once, in game order, when gnubg classes
# it contact or crashed and GB_SKIP (a list whose first field is a Position ID; optional) does not
# hold it; of those, every GB_ONE_IN-th (the first, the GB_ONE_IN+1-th, ...) is valued: cubeless,
# money, GB_PLIES plies with gnubg's pruning nets. Each output line: "<Position ID> win win_gammon
# win_backgammon lose_gammon lose_backgammon" (gnubg's cumulative probabilities, side on roll),
# written as it is valued. Resumable: the positions GB_OUT already holds are not valued again.
import os

import gnubg

CLASS_CRASHED = 9  # gnubg's position classes: 9 crashed, 10 contact (below: races and bear-offs)

for c in ["set jacoby off", "set beavers 0", "set threads 1"]:
    gnubg.command(c)
plies = int(os.environ["GB_PLIES"])
one_in = int(os.environ.get("GB_ONE_IN", "1"))
ec = gnubg.evalcontext(0, plies, 1, 1, 0.0)
ci = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
skip = set()
if os.environ.get("GB_SKIP"):
    for line in open(os.environ["GB_SKIP"]):
        if line.strip() and not line.startswith("#"):
            skip.add(line.split()[0])
out_path = os.environ["GB_OUT"]
done = set()
if os.path.exists(out_path):
    for line in open(out_path):
        if len(line.split()) == 6:  # a line cut short by a kill is valued again
            done.add(line.split()[0])
# Rewrite the complete lines only, then append.
lines = [l for l in open(out_path)] if os.path.exists(out_path) else []
with open(out_path + ".tmp", "w") as f:
    f.writelines(l for l in lines if len(l.split()) == 6 and l.endswith("\n"))
os.replace(out_path + ".tmp", out_path)
out = open(out_path, "a")
seen, eligible, valued = set(), 0, 0
for path in os.environ["GB_IN"].split():
    gnubg.command("import mat " + path)
    for game in gnubg.match(analysis=0, boards=1, statistics=0, verbose=0)["games"]:
        for action in game["game"]:
            if action.get("action") != "move" or "board" not in action:
                continue
            pid = action["board"]
            if pid in seen or pid in skip:
                continue
            seen.add(pid)
            board = gnubg.positionfromid(pid)
            if gnubg.classifypos(board, 0) < CLASS_CRASHED:
                continue
            eligible += 1
            if (eligible - 1) % one_in or pid in done:
                continue
            p = gnubg.evaluate(board, ci, ec)[:5]
            out.write("%s %s\n" % (pid, " ".join("%.5f" % x for x in p)))
            out.flush()
            valued += 1
print("teacher.py: %d eligible positions, %d valued now" % (eligible, valued))
