# GNU Backgammon as a move-generation oracle for nard's standard backgammon (rules preset "wbf").
#
# Run inside gnubg's embedded Python (headless):
#   NARD_ORACLE_OUT=/tmp/oracle.txt gnubg -t -q -r -p tests/gnubg/movegen_oracle.py
# Environment:
#   NARD_ORACLE_OUT   output file (required; gnubg prints boards on its own stdout)
#   NARD_ORACLE_MODE  "crosscheck" (default): the (position, roll) lines and depth-1 perft lines
#                     "perft2": depth-2 perft of the fixed positions (slower; run by hand)
#
# Output lines (crosscheck mode):
#   <PositionID, mover on roll> <d1><d2> [<PositionID> ...]
#       d1 >= d2; then the sorted, distinct positions after every legal play, each seen by the
#       opponent, who is then on roll. No IDs: the roll cannot be played.
#   perft1 <name> <PositionID> <n>   sum over the 21 rolls of the number of legal plays
#   error <message>                  the oracle itself found an inconsistency (the test fails)
#   end <pairs>                      written last, so a truncated file is detected
#
# How gnubg is used: for every pair the board is set by Position ID ("set board"), the dice are
# set ("set dice"), and gnubg.hint() is asked for every candidate play; at 0-ply gnubg scores
# and returns every legal play it generates, one per distinct resulting position. The play
# strings are parsed by gnubg.parsemove() and applied here (a hit is a landing on a lone
# opposing checker), and gnubg.positionid() writes the resulting IDs. gnubg's board tuple is
# (player not on roll, player on roll), each in his own numbering 1..24 plus the bar at index 24.
#
# Sources of pairs, all deterministic (fixed seeds, our own PRNG):
#   * self-play games: gnubg's 0-ply choice (hint[0]) most of the time, a random legal play
#     otherwise (so that the games visit worse positions too);
#   * random boards of five kinds: scattered, on the bar against a strong home board, bearing
#     off (with and without contact), blocked behind a prime, and a few checkers left;
#   * the fixed perft positions with all 21 rolls.
# gnubg's 0-ply evaluation is deterministic on one build; another gnubg build could order near
# ties differently, which changes the self-play games but not the correctness of any line.
import os
import sys
import time

import gnubg

OUT_PATH = os.environ.get("NARD_ORACLE_OUT", "")
MODE = os.environ.get("NARD_ORACLE_MODE", "crosscheck")

SELFPLAY_GAMES = 30
SELFPLAY_SEED = 20240601
RANDOM_BOARDS = 600
RANDOM_SEED = 77
ROLLS_PER_RANDOM_BOARD = 3
MAX_TURNS = 400

ALL_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]  # 21 rolls, d1 >= d2


class SplitMix64:
    """Small PRNG with a fixed algorithm (Python's own may change between versions)."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n):
        """Uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n

    def chance(self, numerator, denominator):
        return self.below(denominator) < numerator

    def roll(self):
        a, b = self.below(6) + 1, self.below(6) + 1
        return (max(a, b), min(a, b))


# ---------------------------------------------------------------------------------------------
# Boards: mover and opp are lists of 25 ints (points 1..24 at index 0..23 in the owner's own
# numbering, bar at 24). Opponent point q is mover point 25 - q. Borne-off checkers are implicit.

def on_board(side):
    return sum(side)


def position_id(mover, opp):
    """Position ID with `mover` on roll."""
    return gnubg.positionid((list(opp), list(mover)))


def apply_play(mover, opp, play):
    """Applies gnubg's ((from, to), ...) sub-moves (25 = bar, 0 = off, mover numbering)."""
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


class Oracle:
    def __init__(self):
        for command in [
            "set player 0 human", "set player 1 human",
            "set automatic move off", "set automatic roll off", "set automatic game off",
            "set automatic bearoff off", "set automatic crawford off", "set display off",
            # hint() evaluates with the "evaluation chequerplay" settings (2-ply by default, ~1 s
            # a call); at 0-ply every generated play is scored and listed, none filtered out.
            "set evaluation chequerplay evaluation plies 0",
            "set evaluation chequerplay evaluation cubeful off",
            "set threads 2",  # with one thread every hint() waits ~10 ms polling its worker
            "set rng mersenne", "set seed 1", "set cube use off", "new game",
        ]:
            gnubg.command(command)
        self.errors = []
        self.hint_calls = 0

    def plays(self, mover, opp, dice):
        """All legal plays as a list of (mover_after, opp_after), gnubg's preferred first."""
        gnubg.command("set board " + position_id(mover, opp))
        gnubg.command("set dice %d %d" % dice)
        self.hint_calls += 1
        hint = gnubg.hint(100000)
        if hint.get("hinttype") != "chequer":
            self.errors.append("hint type %r for %s %d%d" % (hint.get("hinttype"),
                               position_id(mover, opp), dice[0], dice[1]))
            return []
        result = []
        for entry in hint["hint"]:
            try:
                result.append(apply_play(mover, opp, gnubg.parsemove(entry["move"])))
            except ValueError as e:
                self.errors.append("cannot apply '%s' to %s %d%d: %s" % (
                    entry["move"], position_id(mover, opp), dice[0], dice[1], e))
        return result

    def resulting_ids(self, mover, opp, dice, plays):
        ids = sorted(position_id(o, m) for (m, o) in plays)  # the opponent is now on roll
        if len(set(ids)) != len(ids):
            self.errors.append("gnubg listed one resulting position twice for %s %d%d" % (
                position_id(mover, opp), dice[0], dice[1]))
        return sorted(set(ids))


# ---------------------------------------------------------------------------------------------
# Random boards

class NoRoom(Exception):
    """A random board could not place its checkers; the generator draws another."""


def place(rng, n, allowed, max_points):
    """Distributes n checkers over 1..max_points distinct points drawn from `allowed`."""
    side_points = {}
    if n == 0:
        return side_points
    if not allowed:
        raise NoRoom()
    k = 1 + rng.below(min(n, max_points, len(allowed)))
    pool = list(allowed)
    chosen = []
    for _ in range(k):
        chosen.append(pool.pop(rng.below(len(pool))))
    for p in chosen:
        side_points[p] = 1
    for _ in range(n - k):
        p = chosen[rng.below(k)]
        side_points[p] += 1
    return side_points


def board_from(points_mover, points_opp, bar_mover, bar_opp):
    """Builds (mover, opp) from {mover point: count} for both sides (opp in MOVER points)."""
    m, o = [0] * 25, [0] * 25
    for p, c in points_mover.items():
        m[p - 1] += c
    for p, c in points_opp.items():
        o[24 - p] += c  # mover point p is opponent point 25 - p
    m[24] += bar_mover
    o[24] += bar_opp
    return m, o


def random_scatter(rng):
    bar_m = rng.below(3) if rng.chance(1, 3) else 0
    bar_o = rng.below(3) if rng.chance(1, 4) else 0
    off_m = rng.below(6) if rng.chance(1, 4) else 0
    off_o = rng.below(6) if rng.chance(1, 4) else 0
    pm = place(rng, 15 - bar_m - off_m, range(1, 25), 9)
    free = [p for p in range(1, 25) if p not in pm]
    po = place(rng, 15 - bar_o - off_o, free, 9)
    return board_from(pm, po, bar_m, bar_o)


def random_bar(rng):
    """Mover on the bar; the opponent's home board (mover 19..24) partly or fully closed."""
    bar_m = 1 + rng.below(4)
    made = 3 + rng.below(4)  # points made in the opponent's home board
    home = list(range(19, 25))
    po = {}
    for _ in range(made):
        p = home.pop(rng.below(len(home)))
        po[p] = 2 + rng.below(2)
    if home and rng.chance(1, 2):
        po[home.pop(rng.below(len(home)))] = 1  # a blot to hit on entry
    rest = 15 - sum(po.values())
    outside = [p for p in range(7, 19)]
    for p, c in place(rng, rest, outside, 5).items():
        po[p] = po.get(p, 0) + c
    free = [p for p in range(1, 25) if p not in po]
    pm = place(rng, 15 - bar_m, free, 8)
    return board_from(pm, po, bar_m, 0)


def random_bearoff(rng):
    """All mover checkers home (some off); the opponent sometimes still in contact."""
    off_m = rng.below(14)
    pm = place(rng, 15 - off_m, range(1, 7), 6)
    free = [p for p in range(1, 25) if p not in pm]
    if rng.chance(1, 2):  # contact: opponent checkers on the bar or in the mover's home
        bar_o = rng.below(3)
        home_free = [p for p in free if p <= 6]
        po = place(rng, 1 + rng.below(3), home_free, 2) if home_free else {}
        rest = 15 - bar_o - sum(po.values())
        far = [p for p in free if p >= 13 and p not in po]
        for p, c in place(rng, rest, far, 6).items():
            po[p] = po.get(p, 0) + c
    else:  # a race
        bar_o = 0
        off_o = rng.below(10)
        po = place(rng, 15 - off_o, [p for p in free if p >= 13], 6)
    return board_from(pm, po, 0, bar_o)


def random_blocked(rng):
    """Mover checkers trapped behind an opponent prime of 4..6 points."""
    length = 4 + rng.below(3)
    low = 2 + rng.below(24 - length - 2)  # prime covers mover points low..low+length-1
    po = {p: 2 + rng.below(2) for p in range(low, low + length)}
    rest = 15 - sum(po.values())
    behind = list(range(low + length, 25))
    pm = place(rng, 1 + rng.below(4), behind, 3) if behind else {}
    free_o = [p for p in range(1, 25) if p not in po and p not in pm]
    for p, c in place(rng, rest, free_o, 4).items():
        po[p] = po.get(p, 0) + c
    bar_m = rng.below(2)
    free_m = [p for p in range(1, 25) if p not in po and p not in pm]
    m_rest = 15 - bar_m - sum(pm.values())
    for p, c in place(rng, m_rest, free_m, 6).items():
        pm[p] = pm.get(p, 0) + c
    return board_from(pm, po, bar_m, 0)


def random_few(rng):
    """One to three mover checkers left anywhere (often only one die can be played)."""
    n_m = 1 + rng.below(3)
    pm = place(rng, n_m, range(1, 25), 3)
    free = [p for p in range(1, 25) if p not in pm]
    po = place(rng, 15 - rng.below(12), free, 7)
    return board_from(pm, po, 0, 0)


RANDOM_KINDS = [random_scatter, random_bar, random_bearoff, random_blocked, random_few]


def fixed_positions():
    """The positions whose depth-1 (and, in perft2 mode, depth-2) perft is frozen in
    tests/game/perft_test.cpp. Mover points / opponent points in MOVER coordinates."""
    return [
        ("opening", board_from({24: 2, 13: 5, 8: 3, 6: 5}, {1: 2, 12: 5, 17: 3, 19: 5}, 0, 0)),
        # bear-off with gaps and contact: mover 6:3 5:2 3:4 2:1 off 5; opponent blot on 4, bar 1
        ("bearoff", board_from({6: 3, 5: 2, 3: 4, 2: 1}, {4: 1, 13: 4, 18: 4, 20: 3, 24: 2},
                               0, 1)),
        # two on the bar against a 4-point board (mover 19..22 closed), a blot on 24
        ("bar", board_from({6: 4, 8: 3, 13: 4, 15: 2}, {19: 2, 20: 2, 21: 3, 22: 2, 24: 1, 12: 5},
                           2, 0)),
        # three mover checkers behind a full prime 15..20
        ("blocked", board_from({23: 2, 21: 1, 6: 5, 8: 4, 4: 3},
                               {15: 2, 16: 2, 17: 2, 18: 3, 19: 2, 20: 2, 1: 2}, 0, 0)),
    ]


# ---------------------------------------------------------------------------------------------

def emit_pair(oracle, out, mover, opp, dice):
    plays = oracle.plays(mover, opp, dice)
    ids = oracle.resulting_ids(mover, opp, dice, plays)
    out.append("%s %d%d%s" % (position_id(mover, opp), dice[0], dice[1],
                              "".join(" " + i for i in ids)))
    return plays


def selfplay(oracle, out):
    rng = SplitMix64(SELFPLAY_SEED)
    for game in range(SELFPLAY_GAMES):
        mover, opp = fixed_positions()[0][1]
        for turn in range(MAX_TURNS):
            dice = rng.roll()
            while turn == 0 and dice[0] == dice[1]:  # the opening roll is never a double
                dice = rng.roll()
            plays = emit_pair(oracle, out, mover, opp, dice)
            if plays:
                if rng.chance(3, 4):
                    mover, opp = plays[0]  # gnubg's 0-ply choice
                else:
                    by_id = sorted(plays, key=lambda p: position_id(p[1], p[0]))
                    mover, opp = by_id[rng.below(len(by_id))]
                if on_board(mover) == 0:
                    break  # the mover bore off his 15th checker
            mover, opp = opp, mover


def random_boards(oracle, out):
    rng = SplitMix64(RANDOM_SEED)
    made = 0
    while made < RANDOM_BOARDS:
        kind = RANDOM_KINDS[made % len(RANDOM_KINDS)]
        try:
            mover, opp = kind(rng)
        except NoRoom:
            continue
        if on_board(mover) == 0 or on_board(opp) == 0 or max(on_board(mover), on_board(opp)) > 15:
            continue
        made += 1
        rolls = set()
        while len(rolls) < ROLLS_PER_RANDOM_BOARD:
            rolls.add(ALL_ROLLS[rng.below(21)])
        for dice in sorted(rolls):
            emit_pair(oracle, out, mover, opp, dice)


def perft(oracle, mover, opp, depth):
    """Unweighted perft as in game/movegen/perft.h: a forfeited roll passes the turn, a finished game
    is a leaf."""
    total = 0
    for dice in ALL_ROLLS:
        plays = oracle.plays(mover, opp, dice)
        if depth == 1:
            total += len(plays)
        elif not plays:
            total += perft(oracle, opp, mover, depth - 1)
        else:
            for m, o in plays:
                total += 1 if on_board(m) == 0 else perft(oracle, o, m, depth - 1)
    return total


def main():
    if not OUT_PATH:
        sys.stderr.write("movegen_oracle.py: set NARD_ORACLE_OUT to the output file\n")
        return
    started = time.time()
    oracle = Oracle()
    out = []
    if MODE == "perft2":
        for name, (mover, opp) in fixed_positions():
            out.append("perft2 %s %s %d" % (name, position_id(mover, opp),
                                            perft(oracle, mover, opp, 2)))
    else:
        for name, (mover, opp) in fixed_positions():
            for dice in ALL_ROLLS:
                emit_pair(oracle, out, mover, opp, dice)
            out.append("perft1 %s %s %d" % (name, position_id(mover, opp),
                                            perft(oracle, mover, opp, 1)))
        selfplay(oracle, out)
        random_boards(oracle, out)
    for e in oracle.errors:
        out.append("error " + e)
    pairs = sum(1 for line in out if len(line.split()) >= 2 and len(line.split()[0]) == 14)
    out.append("end %d" % pairs)
    with open(OUT_PATH, "w") as f:
        f.write("\n".join(out) + "\n")
    sys.stderr.write("movegen_oracle.py: %d pairs, %d hint calls, %.1f s\n" % (
        pairs, oracle.hint_calls, time.time() - started))


main()
