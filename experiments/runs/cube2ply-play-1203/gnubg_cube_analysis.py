# gnubg 1.07's analysis of the cube decisions in saved money games (README.md), run inside gnubg:
#   HOME=$(mktemp -d) NARD_MAT=FILE.mat NARD_OUT=FILE.json gnubg -t -q -r -p gnubg_cube_analysis.py
# Cube decisions only (checker plays and luck are not analysed), at NARD_PLIES (default 2) plies,
# cubeful, with gnubg's pruning nets, as its 2-ply player decides. Writes per player gnubg's cube
# statistics, and every cube decision gnubg marks (its skill mark not empty), with the action
# taken, the cubeful equities of no double, double/take and double/pass (money, cube-normalised),
# and the mark.
import json
import os

import gnubg

MAT, OUT = os.environ["NARD_MAT"], os.environ["NARD_OUT"]
PLIES = int(os.environ.get("NARD_PLIES", "2"))

gnubg.command("set jacoby off")
gnubg.command("set beavers 0")
gnubg.command("import mat " + MAT)
gnubg.command("set analysis moves off")
gnubg.command("set analysis luck off")
gnubg.command("set analysis cube on")
for kind in ("chequerplay", "cubedecision"):
    gnubg.command("set analysis %s evaluation plies %d" % (kind, PLIES))
    gnubg.command("set analysis %s evaluation cubeful on" % kind)
    gnubg.command("set analysis %s evaluation prune on" % kind)
    gnubg.command("set analysis %s evaluation deterministic on" % kind)
    gnubg.command("set analysis %s evaluation noise 0" % kind)
gnubg.command("analyse match")
m = gnubg.match(analysis=1, boards=1, statistics=1, verbose=0)
info = m["match-info"]
names = {side: info[side]["name"] for side in ("X", "O")}
marked = []
for number, g in enumerate(m["games"], 1):
    for turn, mv in enumerate(g["game"]):
        a = mv.get("analysis") or {}
        action = mv.get("action")
        mark = a.get("cube-skill") if action == "move" else a.get("skill")
        if action in ("double", "take", "drop") or mark:
            row = {"game": number, "turn": turn, "player": names.get(mv.get("player"), mv.get("player")),
                   "action": action if action != "move" else "no double", "mark": mark or "",
                   "board": mv.get("board")}
            row.update({k: v for k, v in a.items() if isinstance(v, (int, float, str))})
            if "probs" in a:
                row["probs"] = list(a["probs"])
            marked.append(row)


def plain(x):
    if isinstance(x, dict):
        return {str(k): plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    return x


doc = {"file": os.path.basename(MAT), "plies": PLIES, "players": names,
       "games": len(m["games"]), "stats": {names[s]: plain(m["stats"][s]) for s in ("X", "O")},
       "decisions": marked}
with open(OUT + ".tmp", "w") as f:
    json.dump(doc, f, indent=1)
os.replace(OUT + ".tmp", OUT)
