# Cube decisions and checker plays from GNU Backgammon's own self-play: the inputs of
# tests/gnubg/cube_oracle.py and tests/gnubg/checker_oracle.py for a test distribution we did not
# make (tests/data/gnubg_selfplay_cube_2ply.txt, tests/data/gnubg_selfplay_checker_2ply.txt; the
# other committed sets come from our own net's self-play, `nard bench cube-positions` and
# `nard bench checker-positions`).
#
# Run inside gnubg's embedded Python (headless), with a throw-away HOME (tests/gnubg/
# make_selfplay_sets.sh runs it, then both oracles):
#   HOME=$(mktemp -d) NARD_SELFPLAY_CUBE_OUT=/tmp/selfplay_cube_positions.txt \
#     NARD_SELFPLAY_CHECKER_OUT=/tmp/selfplay_checker_positions.txt \
#     /usr/games/gnubg -t -q -r -p tests/gnubg/selfplay_positions.py
# Environment: NARD_SELFPLAY_SEED (default 1), NARD_SELFPLAY_GAMES (games played, default 800),
# NARD_SELFPLAY_CHECKER (checker pairs kept at most, default 600).
#
# The games: a money session of gnubg against gnubg without the Jacoby rule and without beavers
# (nard's rules preset wbf, as cube_oracle.py asks), both players' checker play and cube decisions
# at gnubg's 0-ply (cubeful, deterministic, no noise: fast, about 0.5 s a game on one core),
# one game per session, game i dealt by the Mersenne Twister with seed SEED * 100000 + i; the
# result is reproducible with the same gnubg build. Resignations end games as gnubg plays them.
#
# Cube lines "<Position ID> <cube value> centre|roller": the position before a roll of the side on
# roll (its opening move excepted), with the cube as it stood then (centred, or owned by the side
# on roll; turns where the opponent owns the cube are no decision and are skipped). A turn that
# began with a double is taken with the cube before the double. Eligible when gnubg 0-ply's
# cubeless winning chance of the side on roll lies in [0.55, 0.92] (the double window of
# `nard bench cube-positions`). Weighted towards close contact decisions, as a cube is judged:
# gnubg 0-ply's own decision is "close" when the proper action beats the next best for the doubler
# or for the taker by less than CLOSE (0.10 per unit of the cube); an eligible contact turn is kept
# with chance 1/2 when close, 1/6 when not, at most one a game. Races and bear-offs (both sides
# home, as engine classify_for_cube) are rare in gnubg's games with a live cube (about 0.1 and 0.15
# eligible turns a game against 5 in contact): each eligible one is kept with chance 1/2, at most
# two of each kind a game, so they stay a minority (about a ninth). Repeated (position, cube)
# entries are kept once.
#
# Checker lines "<Position ID> <d1><d2>" (d1 >= d2): one play a game drawn at random (the opening
# move excepted), the position before it with the roll it played; after the games, the pairs with
# fewer than two legal plays (gnubg's 0-ply hint lists every distinct result) are dropped and the
# first CHECKER of the rest kept in game order.
#
# '#' lines at the head of each file say how it was made (gnubg version, seed, games, counts); the
# oracles copy them into their outputs' headers.
import os
import random
import subprocess
import sys
import time

import gnubg

SEED = int(os.environ.get("NARD_SELFPLAY_SEED", "1"))
GAMES = int(os.environ.get("NARD_SELFPLAY_GAMES", "800"))
CHECKER = int(os.environ.get("NARD_SELFPLAY_CHECKER", "600"))
CUBE_OUT = os.environ.get("NARD_SELFPLAY_CUBE_OUT", "")
CHECKER_OUT = os.environ.get("NARD_SELFPLAY_CHECKER_OUT", "")

MIN_WIN, MAX_WIN = 0.55, 0.92  # cubeless winning chance of the side on roll, gnubg 0-ply
CLOSE = 0.10                   # equity per unit of the cube
KINDS = ("contact", "race", "bearoff")
KEEP_CLOSE, KEEP_OTHER, KEEP_RARE = 2, 6, 2  # one in N: close contact, other contact, race/bear-off
PER_GAME = {"contact": 1, "race": 2, "bearoff": 2}
MAX_CUBE = 64  # the highest cube the reference files take


def gnubg_version():
    """First line of `gnubg --version` (the embedded Python cannot ask for it)."""
    try:
        out = subprocess.run([os.environ.get("NARD_GNUBG", "/usr/games/gnubg"), "--version"],
                             capture_output=True, text=True, timeout=60).stdout
        return out.splitlines()[0].strip()
    except (OSError, IndexError, subprocess.SubprocessError):
        return "GNU Backgammon (version unknown)"


def setup_players():
    for command in ["set threads 1", "set jacoby off", "set beavers 0", "set rng mersenne",
                    "set automatic game off", "set display off"]:
        gnubg.command(command)
    for p in (0, 1):
        gnubg.command("set player %d gnubg" % p)
        for kind in ("chequerplay", "cubedecision"):
            gnubg.command("set player %d %s evaluation plies 0" % (p, kind))
            gnubg.command("set player %d %s evaluation cubeful on" % (p, kind))
            gnubg.command("set player %d %s evaluation deterministic on" % (p, kind))
            gnubg.command("set player %d %s evaluation noise 0" % (p, kind))


def contexts():
    cubeless = gnubg.evalcontext(0, 0, 1, 1, 0.0)
    cubeful = gnubg.evalcontext(1, 0, 1, 1, 0.0)
    for ec, want in ((cubeful, 1), (cubeless, 0)):
        if ec["cubeful"] != want or ec["plies"] != 0 or ec["noise"] != 0.0:
            raise RuntimeError("unexpected evalcontext %r" % ec)
    return cubeless, cubeful


def cube_info(value, centred):
    ci = gnubg.cubeinfo(value, -1 if centred else 0, 0, 0, (0, 0), 0, 0)
    if ci["jacoby"] != 0 or ci["beavers"] != 0 or ci["matchto"] != 0:
        raise RuntimeError("cubeinfo is not money without Jacoby and beavers: %r" % ci)
    return ci


def kind_of(board):
    """contact, race or bearoff for a board (player not on roll, player on roll), each side's
    points 1..24 at index 0..23 in its own numbering and the bar at 24."""
    def highest(side):
        return max(i + 1 for i in range(25) if side[i] > 0)
    opp, mover = highest(board[0]), highest(board[1])
    if mover + opp > 24:  # a checker of one side behind one of the other (points in one numbering)
        return "contact"
    return "bearoff" if mover <= 6 and opp <= 6 else "race"


def close(nd, dt, dp):
    """Whether gnubg's own decision is close: its doubler's or taker's choice beats the other by
    less than CLOSE (equities per unit of the cube)."""
    return abs(nd - min(dt, dp)) < CLOSE or abs(dt - dp) < CLOSE


def decisions(game):
    """(Position ID, cube value, centred) of every pre-roll cube decision of a game record, with
    (Position ID, dice) of every checker play: gnubg.match()'s actions in order."""
    cube, owner = 1, None  # owner: "X", "O" or None (centred)
    cube_turns, plays = [], []
    first_move, doubled = True, False
    for action in game["game"]:
        kind, player = action.get("action"), action.get("player")
        if kind == "double":
            if owner in (None, player) and cube <= MAX_CUBE:
                cube_turns.append((action["board"], cube, owner is None))
            doubled = True
        elif kind == "take":
            cube, owner = cube * 2, player
        elif kind == "move":
            if not first_move and not doubled and owner in (None, player) and cube <= MAX_CUBE:
                cube_turns.append((action["board"], cube, owner is None))
            if not first_move:
                d = action["dice"]
                plays.append((action["board"], (max(d), min(d))))
            first_move, doubled = False, False
    return cube_turns, plays


class Sampler:
    def __init__(self):
        self.cubeless, self.cubeful = contexts()
        self.rng = random.Random(SEED)  # the keeping chances, apart from gnubg's dice
        self.cube_lines = []  # in game order, the kinds mixed
        self.count = {k: 0 for k in KINDS}
        self.close = {k: 0 for k in KINDS}
        self.cube_seen = set()
        self.checker = []  # (Position ID, dice), one a game

    def keep_cube(self, kind, is_close):
        if kind != "contact":
            return self.rng.randrange(KEEP_RARE) == 0
        return self.rng.randrange(KEEP_CLOSE if is_close else KEEP_OTHER) == 0

    def take_game(self, game):
        cube_turns, plays = decisions(game)
        taken = {k: 0 for k in KINDS}
        for pid, value, centred in cube_turns:
            board = gnubg.positionfromid(pid)
            k = kind_of(board)
            if taken[k] >= PER_GAME[k] or (pid, value) in self.cube_seen:
                continue
            ci = cube_info(value, centred)
            win = gnubg.evaluate(board, ci, self.cubeless)[0]
            if not MIN_WIN <= win <= MAX_WIN:
                continue
            nd, dt, dp = gnubg.cfevaluate(board, ci, self.cubeful)[1:4]
            is_close = close(nd, dt, dp)
            if not self.keep_cube(k, is_close):
                continue
            self.cube_lines.append("%s %d %s" % (pid, value, "centre" if centred else "roller"))
            self.cube_seen.add((pid, value))
            self.count[k] += 1
            self.close[k] += int(is_close)
            taken[k] += 1
        if plays:
            self.checker.append(plays[self.rng.randrange(len(plays))])


def play_games(sampler):
    for i in range(GAMES):
        gnubg.command("set seed %d" % (SEED * 100000 + i))
        gnubg.command("new session")  # both players gnubg: the game is played to its end
        match = gnubg.match(analysis=0, boards=1, statistics=0, verbose=0)
        sampler.take_game(match["games"][0])
        if (i + 1) % 100 == 0:
            sys.stderr.write("selfplay_positions.py: %d games, cube %s, checker %d\n" % (
                i + 1, sampler.count, len(sampler.checker)))


def legal_plays(pid, dice):
    """The number of distinct results gnubg's 0-ply hint lists for the pair."""
    gnubg.command("set board " + pid)
    gnubg.command("set dice %d %d" % dice)
    hint = gnubg.hint(100000)
    if hint.get("hinttype") != "chequer":
        raise RuntimeError("hint type %r for %s %d%d" % (hint.get("hinttype"), pid, *dice))
    return len(hint["hint"])


def unforced(pairs):
    """The pairs with at least two legal plays, in order (players human: nothing plays itself)."""
    for command in ["set player 0 human", "set player 1 human", "set automatic move off",
                    "set automatic roll off", "set automatic bearoff off",
                    "set evaluation chequerplay evaluation plies 0",
                    "set evaluation chequerplay evaluation cubeful off",
                    "set cube use off", "new game"]:
        gnubg.command(command)
    kept, seen = [], set()
    for pair in pairs:
        if pair not in seen and legal_plays(*pair) >= 2:
            kept.append(pair)
        seen.add(pair)
    return kept


def write(path, header, lines):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(header + lines) + "\n")
    os.replace(tmp, path)


def main():
    if not CUBE_OUT or not CHECKER_OUT:
        sys.stderr.write("selfplay_positions.py: set NARD_SELFPLAY_CUBE_OUT and "
                         "NARD_SELFPLAY_CHECKER_OUT\n")
        return
    started = time.time()
    setup_players()
    sampler = Sampler()
    play_games(sampler)
    played_s = time.time() - started
    candidates = len(sampler.checker)
    pairs = unforced(sampler.checker)[:CHECKER]
    made = [
        "# positions: tests/gnubg/selfplay_positions.py, %s self-play, money, no Jacoby rule, "
        "no beavers, both sides gnubg 0-ply (cubeful, deterministic, no noise)" % gnubg_version(),
        "#   NARD_SELFPLAY_SEED=%d: game i dealt with gnubg's 'set seed %d00000 + i' (Mersenne "
        "Twister); %d games in %.0f s" % (SEED, SEED, GAMES, played_s),
    ]
    kinds = ", ".join("%d %s (%d close)" % (sampler.count[k], k, sampler.close[k]) for k in KINDS)
    cube_header = made + [
        "# kept: pre-roll decisions (cube centred or the roller's) with gnubg 0-ply's cubeless win "
        "of the side on roll in [%.2f, %.2f]; contact: close ones (a margin < %.2f in gnubg "
        "0-ply's cubeful equities) one in %d, others one in %d, at most one a game; races and "
        "bear-offs one in %d, at most two of each a game" % (
            MIN_WIN, MAX_WIN, CLOSE, KEEP_CLOSE, KEEP_OTHER, KEEP_RARE),
        "# kept: %s" % kinds,
    ]
    checker_header = made + [
        "# kept: one play a game at random (the opening move excepted); of %d candidates, the "
        "first %d with at least two legal plays, repeats dropped" % (candidates, len(pairs)),
    ]
    cube_lines = sampler.cube_lines
    write(CUBE_OUT, cube_header, cube_lines)
    write(CHECKER_OUT, checker_header, ["%s %d%d" % (pid, *dice) for pid, dice in pairs])
    sys.stderr.write("selfplay_positions.py: %d games, %d cube lines (%s), %d checker pairs, "
                     "%.0f s\n" % (GAMES, len(cube_lines), kinds, len(pairs),
                                   time.time() - started))


main()
