# GNU Backgammon's cubeful hint at n-ply for a list of (position, match state, roll) cases, to set
# beside `nard hint` (cubeful by default): the reference figures of docs/analysis.md.
#
# Run inside gnubg's embedded Python (headless):
#   NARD_HINT_CASES=cases.txt NARD_HINT_OUT=/tmp/gnubg_hints.txt \
#     gnubg -t -q -r -p tests/gnubg/cubeful_hint_oracle.py
# Case lines: "<Position ID>:<Match ID> <d1><d2> <jacoby 0|1>" (the side on roll to move; '#'
# lines are skipped). Money cases (match length 0 in the Match ID) start a new money session with
# the Jacoby rule as the case says and a centred cube at 1 (the Match ID's cube is not used);
# match cases set the whole Match ID. Environment: NARD_HINT_PLIES (default 2), NARD_HINT_TOP
# (default 5).
# Output: for each case "case <Position ID>:<Match ID> <d1><d2> <jacoby>", then one line per play
#   "play <rank> <equity> <move>" (gnubg's cubeful equity: money points per unit of the cube, or
#   the normalised match equity), best first.
import os
import sys

import gnubg

PLIES = int(os.environ.get("NARD_HINT_PLIES", "2"))
TOP = int(os.environ.get("NARD_HINT_TOP", "5"))


def match_length(match_id):
    """The match length field of a gnubg Match ID (bits 21..35 of the little-endian bit string)."""
    import base64
    raw = base64.b64decode(match_id + "=" * (-len(match_id) % 4))
    bits = int.from_bytes(raw, "little")
    return (bits >> 21) & 0x7FFF


def setup(jacoby):
    for command in [
        "set threads 1", "set player 0 human", "set player 1 human",
        "set automatic roll off", "set automatic game off", "set display off",
        "set jacoby %s" % ("on" if jacoby else "off"), "set beavers 0",
        "set evaluation chequerplay evaluation plies %d" % PLIES,
        "set evaluation chequerplay evaluation cubeful on",
        "set evaluation chequerplay evaluation prune on",
        "set evaluation chequerplay evaluation deterministic on",
        "set evaluation chequerplay evaluation noise 0",
    ]:
        gnubg.command(command)


def main():
    cases_path = os.environ.get("NARD_HINT_CASES", "")
    out_path = os.environ.get("NARD_HINT_OUT", "")
    if not cases_path or not out_path:
        sys.stderr.write("cubeful_hint_oracle.py: set NARD_HINT_CASES and NARD_HINT_OUT\n")
        return
    out = []
    with open(cases_path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            ids, dice, jacoby = line.split()
            pid, mid = ids.split(":")
            setup(int(jacoby))
            if match_length(mid) == 0:
                gnubg.command("new session")
            else:
                gnubg.command("new match %d" % match_length(mid))
                gnubg.command("set matchid " + mid)
            gnubg.command("set board " + pid)
            gnubg.command("set dice %s %s" % (dice[0], dice[1]))
            hint = gnubg.hint(TOP)
            out.append("case %s %s %s" % (ids, dice, jacoby))
            for k, entry in enumerate(hint["hint"][:TOP]):
                out.append("play %d %.6f %s" % (k + 1, entry["equity"], entry["move"]))
    tmp = out_path + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(out) + "\n")
    os.replace(tmp, out_path)


main()
