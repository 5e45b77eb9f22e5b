# GNU Backgammon's money cube decisions at 2-ply for a list of positions: the reference of
# `nard bench cube` (tests/data/gnubg_cube_2ply.txt; format in bench/cube_reference.h).
#
# Run inside gnubg's embedded Python (headless):
#   nard bench cube-positions > /tmp/cube_positions.txt
#   NARD_CUBE_POSITIONS=/tmp/cube_positions.txt NARD_CUBE_OUT=tests/data/gnubg_cube_2ply.txt \
#     gnubg -t -q -r -p tests/gnubg/cube_oracle.py
# Input lines: "<Position ID> <cube value> centre|roller" ('#' lines are copied to the header).
# NARD_CUBE_PLIES (default 2) sets gnubg's depth, e.g. 0 to compare our cube model with gnubg's
# own at the net's leaves (bench cube --gnubg-probs). NARD_CUBE_SOURCE: the command that made the
# input, for the header (default: the cube-positions line above; tests/gnubg/make_selfplay_sets.sh
# names tests/gnubg/selfplay_positions.py).
#
# How gnubg is asked: the session is set to money play without the Jacoby rule and without
# beavers (nard's rules preset wbf), then for every line
#   gnubg.cfevaluate(board, cubeinfo, evalcontext)   -> (optimal, no double, double/take,
#       double/pass, recommendation code, recommendation text): gnubg's cube decision, the same
#       analysis as its "hint" before the roll, at 2-ply cubeful, deterministic, with gnubg's
#       pruning nets (its default cube-decision setting);
#   gnubg.evaluate(board, cubeinfo, cubeless evalcontext) -> the cubeless probabilities at
#       2-ply (kept so that our cube model can be measured apart from our net).
# The board tuple is (player not on roll, player on roll); the cubeinfo has player 0 on move, so
# owner 0 = the side on roll owns the cube, -1 = centred. gnubg's equities are per unit of the
# current cube (double/pass = +1). The recommendation text is mapped to the five actions of
# bench/cube_reference.h ("redouble" read as "double"; an optional double as a double, see
# ACTIONS); any other text is an error.
import os
import subprocess
import sys
import time

import gnubg

IN_PATH = os.environ.get("NARD_CUBE_POSITIONS", "")
OUT_PATH = os.environ.get("NARD_CUBE_OUT", "")
# The command that made the input, for the output's header.
SOURCE = os.environ.get("NARD_CUBE_SOURCE", "nard bench cube-positions > /tmp/cube_positions.txt")

PLIES = int(os.environ.get("NARD_CUBE_PLIES", "2"))
ACTIONS = {
    "no double, take": "no_double",
    "double, take": "double_take",
    "double, pass": "double_pass",
    "too good to double, take": "too_good_take",
    "too good to double, pass": "too_good_pass",
    # ND = DT exactly (e.g. a dead cube in exact bear-off): gnubg's own exports write these as
    # double/take and double/pass, and so do we.
    "optional double, take": "double_take",
    "optional double, pass": "double_pass",
}


def action_name(text):
    key = text.strip().lower().replace("redouble", "double")
    if key not in ACTIONS:
        raise ValueError("unexpected gnubg recommendation '%s'" % text)
    return ACTIONS[key]


def shown(path):
    """A path as the header gives it: relative to the working directory unless under /tmp."""
    return path if path.startswith("/tmp") else os.path.relpath(path)


def gnubg_version():
    """First line of `gnubg --version` (the embedded Python cannot ask for it)."""
    try:
        out = subprocess.run([os.environ.get("NARD_GNUBG", "/usr/games/gnubg"), "--version"],
                             capture_output=True, text=True, timeout=60).stdout
        return out.splitlines()[0].strip()
    except (OSError, IndexError, subprocess.SubprocessError):
        return "GNU Backgammon (version unknown)"


def setup():
    for command in ["set jacoby off", "set beavers 0", "set threads 1"]:
        gnubg.command(command)
    cubeful = gnubg.evalcontext(1, PLIES, 1, 1, 0.0)
    cubeless = gnubg.evalcontext(0, PLIES, 1, 1, 0.0)
    for ec, want in ((cubeful, 1), (cubeless, 0)):
        if ec["cubeful"] != want or ec["plies"] != PLIES or ec["noise"] != 0.0:
            raise RuntimeError("unexpected evalcontext %r" % ec)
    return cubeful, cubeless


def cube_info(value, owner):
    ci = gnubg.cubeinfo(value, -1 if owner == "centre" else 0, 0, 0, (0, 0), 0, 0)
    if ci["jacoby"] != 0 or ci["beavers"] != 0 or ci["matchto"] != 0:
        raise RuntimeError("cubeinfo is not money without Jacoby and beavers: %r" % ci)
    return ci


def main():
    if not IN_PATH or not OUT_PATH:
        sys.stderr.write("cube_oracle.py: set NARD_CUBE_POSITIONS and NARD_CUBE_OUT\n")
        return
    started = time.time()
    cubeful, cubeless = setup()
    header = [
        "# %s: money cube decisions at %d-ply (cubeful, deterministic, pruning nets)," % (
            gnubg_version(), PLIES),
        "# no Jacoby rule, no beavers; made by tests/gnubg/cube_oracle.py:",
        "#   %s" % SOURCE,
        "#   NARD_CUBE_PLIES=%d NARD_CUBE_POSITIONS=%s NARD_CUBE_OUT=%s \\" % (
            PLIES, shown(IN_PATH), shown(OUT_PATH)),
        "#     /usr/games/gnubg -t -q -r -p tests/gnubg/cube_oracle.py",
        "# gnubg calls: cfevaluate(board, cubeinfo, evalcontext(1, %d, 1, 1, 0.0)) for the action and" % PLIES,
        "#   equities, evaluate(board, cubeinfo, evalcontext(0, %d, 1, 1, 0.0)) for the probabilities." % PLIES,
        "# Fields: PositionID cube owner(centre|roller) action ND DT DP  win wingammon winbg losegammon losebg",
        "#   (equities per unit of the current cube from the side on roll; probabilities cubeless, side on roll)",
    ]
    out = []
    with open(IN_PATH) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            if line.startswith("#"):
                header.append(line)
                continue
            pid, value, owner = line.split()
            board = gnubg.positionfromid(pid)
            ci = cube_info(int(value), owner)
            optimal, nd, dt, dp, code, text = gnubg.cfevaluate(board, ci, cubeful)
            probs = gnubg.evaluate(board, ci, cubeless)[:5]
            out.append("%s %s %s %s %.6f %.6f %.6f %s" % (
                pid, value, owner, action_name(text), nd, dt, dp,
                " ".join("%.6f" % p for p in probs)))
    with open(OUT_PATH, "w") as f:
        f.write("\n".join(header + out) + "\n")
    sys.stderr.write("cube_oracle.py: %d decisions, %.1f s\n" % (len(out), time.time() - started))


main()
