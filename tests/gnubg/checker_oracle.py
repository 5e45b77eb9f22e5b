# GNU Backgammon's cubeless money equity of every legal play at 2-ply for a list of (position,
# roll) pairs: the reference of `nard bench checker` (tests/data/gnubg_checker_2ply.txt; format
# in bench/checker_reference.h).
#
# Run inside gnubg's embedded Python (headless):
#   nard bench checker-positions > /tmp/checker_positions.txt
#   NARD_CHECKER_POSITIONS=/tmp/checker_positions.txt NARD_CHECKER_OUT=tests/data/gnubg_checker_2ply.txt \
#     gnubg -t -q -r -p tests/gnubg/checker_oracle.py
# Input lines: "<Position ID> <d1><d2>" (the side on roll to move; '#' lines are copied to the
# output's header). Environment: NARD_CHECKER_PLIES (default 2) sets the depth of the reference
# equities; NARD_CHECKER_LIMIT=N stops after the first N pairs (for tests); NARD_CHECKER_SOURCE
# the command that made the input, for the header (default: the checker-positions line above;
# tests/gnubg/make_selfplay_sets.sh names tests/gnubg/selfplay_positions.py).
#
# How gnubg is asked: the session is money play without the Jacoby rule and without beavers
# (nard's rules preset wbf), the cube is off. For every pair:
#   1. the legal plays: "set board <ID>", "set dice", then gnubg.hint() with the chequer-play
#      evaluation at 0-ply, which lists every legal play (one per distinct resulting position,
#      as tests/gnubg/movegen_oracle.py relies on); each play string goes through
#      gnubg.parsemove() and is applied here (a hit is a landing on a lone opposing checker);
#   2. every play's result, seen by the opponent (then on roll), is valued with
#      gnubg.evaluate(board, money cubeinfo, evalcontext(0, PLIES, 1, 1, 0.0)): cubeless,
#      deterministic, with gnubg's pruning nets inside the lookahead, as gnubg values a play at
#      2-ply; the play's equity is minus that (the mover's cubeless money equity). No move filter
#      is involved: every legal play is valued at PLIES (gnubg's own 2-ply hint values only the
#      best 0-ply candidates at 2-ply), so whichever play we choose, its loss is a 2-ply loss;
#   3. the same at 0-ply (the net alone): gnubg 0-ply's own choice is the play with the best
#      0-ply equity, so its error on the same set can be computed.
# Output (best play first, ties by ID):
#   position <Position ID> <d1><d2> <number of plays>
#   play <Position ID of the result, mover's view> <ply> <equity at ply> <equity at 0-ply>
# The file is written to NARD_CHECKER_OUT.tmp and renamed when complete.
import os
import subprocess
import sys
import time

import gnubg

IN_PATH = os.environ.get("NARD_CHECKER_POSITIONS", "")
OUT_PATH = os.environ.get("NARD_CHECKER_OUT", "")
# The command that made the input, for the output's header.
SOURCE = os.environ.get("NARD_CHECKER_SOURCE", "nard bench checker-positions > /tmp/checker_positions.txt")
PLIES = int(os.environ.get("NARD_CHECKER_PLIES", "2"))
LIMIT = int(os.environ.get("NARD_CHECKER_LIMIT", "0"))


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
    for command in [
        "set jacoby off", "set beavers 0", "set threads 1",
        "set player 0 human", "set player 1 human",
        "set automatic move off", "set automatic roll off", "set automatic game off",
        "set automatic bearoff off", "set automatic crawford off", "set display off",
        # hint() lists the plays with this context; at 0-ply it scores and lists every play.
        "set evaluation chequerplay evaluation plies 0",
        "set evaluation chequerplay evaluation cubeful off",
        "set rng mersenne", "set seed 1", "set cube use off", "new game",
    ]:
        gnubg.command(command)
    contexts = {}
    for plies in sorted({0, PLIES}):
        ec = gnubg.evalcontext(0, plies, 1, 1, 0.0)
        if ec["cubeful"] != 0 or ec["plies"] != plies or ec["noise"] != 0.0 or not ec["deterministic"]:
            raise RuntimeError("unexpected evalcontext %r" % ec)
        contexts[plies] = ec
    ci = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
    if ci["jacoby"] != 0 or ci["beavers"] != 0 or ci["matchto"] != 0:
        raise RuntimeError("cubeinfo is not money without Jacoby and beavers: %r" % ci)
    return contexts, ci


def apply_play(mover, opp, play):
    """Applies gnubg's ((from, to), ...) sub-moves (25 = bar, 0 = off, mover numbering; boards
    are lists of 25: points 1..24 at index 0..23 in the owner's numbering, the bar at 24)."""
    m, o = list(mover), list(opp)
    for frm, to in play:
        if m[frm - 1] <= 0:
            raise ValueError("no checker on %d" % frm)
        m[frm - 1] -= 1
        if to > 0:
            opp_index = 24 - to  # mover point `to` is opponent point 25 - to
            if o[opp_index] > 1:
                raise ValueError("landing on a closed point %d" % to)
            if o[opp_index] == 1:
                o[opp_index] = 0
                o[24] += 1
            m[to - 1] += 1
    return m, o


def legal_results(pid, dice):
    """The distinct results of the legal plays, as (mover, opp) boards, mover's numbering."""
    opp, mover = gnubg.positionfromid(pid)  # (player not on roll, player on roll)
    gnubg.command("set board " + pid)
    gnubg.command("set dice %d %d" % dice)
    hint = gnubg.hint(100000)
    if hint.get("hinttype") != "chequer":
        raise RuntimeError("hint type %r for %s %d%d" % (hint.get("hinttype"), pid, *dice))
    results = {}
    for entry in hint["hint"]:
        m, o = apply_play(list(mover), list(opp), gnubg.parsemove(entry["move"]))
        rid = gnubg.positionid((o, m))  # mover's view: the mover is the player "on roll"
        if rid in results:
            raise RuntimeError("gnubg listed the result %s twice for %s %d%d" % (rid, pid, *dice))
        results[rid] = (m, o)
    return results


def mover_equity(m, o, ci, ec):
    """Cubeless money equity of the mover after the play: minus the opponent's, on roll."""
    return -gnubg.evaluate((m, o), ci, ec)[5]


def read_pairs():
    header, pairs = [], []
    with open(IN_PATH) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            if line.startswith("#"):
                header.append(line)
                continue
            fields = line.split()
            if len(fields) != 2 or len(fields[1]) != 2 or not fields[1].isdigit():
                raise ValueError("%s:%d: expected '<Position ID> <d1><d2>'" % (IN_PATH, number))
            pairs.append((fields[0], (int(fields[1][0]), int(fields[1][1]))))
    return header, pairs[:LIMIT] if LIMIT > 0 else pairs


def main():
    if not IN_PATH or not OUT_PATH:
        sys.stderr.write("checker_oracle.py: set NARD_CHECKER_POSITIONS and NARD_CHECKER_OUT\n")
        return
    started = time.time()
    contexts, ci = setup()
    in_header, pairs = read_pairs()
    out = []
    plays_total = 0
    for k, (pid, dice) in enumerate(pairs):
        results = legal_results(pid, dice)
        rows = []
        for rid, (m, o) in results.items():
            rows.append((mover_equity(m, o, ci, contexts[PLIES]), mover_equity(m, o, ci, contexts[0]),
                         rid))
        rows.sort(key=lambda r: (-r[0], r[2]))
        out.append("position %s %d%d %d" % (pid, dice[0], dice[1], len(rows)))
        for eq, eq0, rid in rows:
            out.append("play %s %d %.6f %.6f" % (rid, PLIES, eq, eq0))
        plays_total += len(rows)
        if (k + 1) % 50 == 0 or k + 1 == len(pairs):
            elapsed = time.time() - started
            sys.stderr.write("checker_oracle.py: %d/%d pairs, %d plays, %.0f s, ETA %.0f s\n" % (
                k + 1, len(pairs), plays_total, elapsed, elapsed / (k + 1) * (len(pairs) - k - 1)))
    elapsed = time.time() - started
    header = [
        "# %s: cubeless money equity of every legal play at %d-ply (deterministic, pruning nets)," % (
            gnubg_version(), PLIES),
        "# no Jacoby rule, no beavers; made by tests/gnubg/checker_oracle.py in %.0f s (1 thread):" % elapsed,
        "#   %s" % SOURCE,
        "#   NARD_CHECKER_PLIES=%d NARD_CHECKER_POSITIONS=%s NARD_CHECKER_OUT=%s \\" % (
            PLIES, shown(IN_PATH), shown(OUT_PATH)),
        "#     /usr/games/gnubg -t -q -r -p tests/gnubg/checker_oracle.py",
        "# The legal plays from gnubg.hint() at 0-ply; each play's result (opponent on roll) valued by",
        "#   gnubg.evaluate(board, cubeinfo, evalcontext(0, %d, 1, 1, 0.0)) and at 0-ply, inverted." % PLIES,
        "#   Every play is valued at %d-ply: no move filter decides which ones." % PLIES,
        "# Fields (format in bench/checker_reference.h), best play first:",
        "#   position <Position ID, side on roll to move> <d1><d2> <number of plays>",
        "#   play <Position ID of the result, mover's view> <ply> <equity at ply> <equity at 0-ply>",
        "#   (cubeless money equities of the mover after the play)",
    ] + in_header
    tmp = OUT_PATH + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(header + out) + "\n")
    os.replace(tmp, OUT_PATH)
    sys.stderr.write("checker_oracle.py: %d pairs, %d plays, %.1f s\n" % (len(pairs), plays_total,
                                                                         elapsed))


main()
