# Matches of GNU Backgammon playing itself at different strengths, with gnubg's own 2-ply analysis
# of every move: the reference of tests/gnubg/compare_analysis.py (docs/analysis.md).
#
# Run inside gnubg's embedded Python (headless), from the repository root, with a throw-away HOME:
#   HOME=$(mktemp -d) gnubg -t -q -r -p tests/gnubg/make_analysed_matches.py
# Environment: NARD_ANALYSIS_OUT (default tests/data/analysis), NARD_ANALYSIS_PLIES (default 2).
# For each match NAME: NAME.mat (gnubg's "export match mat") and NAME.gnubg.json: per game the
# checker plays in order (player, dice, the error of the play made = best score - its score in
# gnubg's normalised equity, gnubg's mark), the cube records (action, gnubg's mark when it has
# one) and per player gnubg's statistics of the match (unforced moves, close cube decisions,
# error totals, error rate per decision).
# Strength: each player's checker play and cube decisions at 0-ply with deterministic noise of the
# given standard deviation (gnubg's "noise"), so the weaker side makes errors of every size.
import json
import os

import gnubg

OUT = os.environ.get("NARD_ANALYSIS_OUT", "tests/data/analysis")
PLIES = int(os.environ.get("NARD_ANALYSIS_PLIES", "2"))

# name, seed, match length (0 = money session of `games` games), games, noise of player 0 and 1
MATCHES = [
    ("gnubg_5p_noise0_noise4", 11, 5, 0, 0.0, 0.04),
    ("gnubg_7p_noise2_noise2", 23, 7, 0, 0.02, 0.02),
    ("gnubg_5p_noise6_noise1", 31, 5, 0, 0.06, 0.01),
    ("gnubg_3p_noise8_noise0", 47, 3, 0, 0.08, 0.0),
    ("gnubg_7p_noise1_noise3", 71, 7, 0, 0.01, 0.03),
    ("gnubg_money_noise3_noise5", 59, 0, 3, 0.03, 0.05),
]


def setup_players(noise):
    for p in (0, 1):
        gnubg.command("set player %d gnubg" % p)
        for kind in ("chequerplay", "cubedecision"):
            gnubg.command("set player %d %s evaluation plies 0" % (p, kind))
            gnubg.command("set player %d %s evaluation deterministic on" % (p, kind))
            gnubg.command("set player %d %s evaluation noise %.3f" % (p, kind, noise[p]))
            gnubg.command("set player %d %s evaluation cubeful on" % (p, kind))


def setup_analysis():
    for kind in ("chequerplay", "cubedecision"):
        gnubg.command("set analysis %s evaluation plies %d" % (kind, PLIES))
        gnubg.command("set analysis %s evaluation cubeful on" % kind)
        gnubg.command("set analysis %s evaluation prune on" % kind)
        gnubg.command("set analysis %s evaluation deterministic on" % kind)
        gnubg.command("set analysis %s evaluation noise 0" % kind)


def game_record(g):
    plays, cubes = [], []
    for mv in g["game"]:
        action = mv.get("action")
        a = mv.get("analysis") or {}
        if action == "move":
            moves = a.get("moves") or ()
            imove = a.get("imove", -1)
            error = None
            if moves and 0 <= imove < len(moves):
                error = moves[0]["score"] - moves[imove]["score"]
            plays.append({"player": mv["player"], "dice": "%d%d" % tuple(mv["dice"]),
                          "legal": len(moves), "error": error, "skill": a.get("skill", ""),
                          "cube_skill": a.get("cube-skill", "")})
        elif action in ("double", "take", "drop"):
            cubes.append({"player": mv["player"], "action": action, "skill": a.get("skill", ""),
                          "analysis": {k: v for k, v in a.items() if isinstance(v, (int, float, str))}})
    return {"info": g["info"], "plays": plays, "cubes": cubes}


def player_stats(s):
    """gnubg's statistics of a player: its Python "moves" error-skill is the total checker-play
    error, but its "cube" error-skill is the error per close cube decision (gnubg's PERMOVE
    figure), so the cube total is that times the close decisions."""
    m, c = s["moves"], s["cube"]
    decisions = m["unforced-moves"] + c["close-cube"]
    cube_total = c["error-skill"] * c["close-cube"]
    total = m["error-skill"] + cube_total
    return {"unforced_moves": m["unforced-moves"], "total_moves": m["total-moves"],
            "checker_error": m["error-skill"], "marked": m["marked"],
            "close_cube": c["close-cube"], "total_cube": c["total-cube"],
            "cube_error_per_decision": c["error-skill"], "cube_error": cube_total,
            "missed_doubles": c["missed-double-below-cp"] + c["missed-double-above-cp"],
            "wrong_doubles": c["wrong-double-below-dp"] + c["wrong-double-above-tg"],
            "wrong_takes": c["wrong-take"], "wrong_passes": c["wrong-drop"],
            "decisions": decisions, "total_error": total,
            "error_rate": 1000.0 * total / decisions if decisions else 0.0,
            "luck": s["dice"]["luck"]}


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, seed, length, games, n0, n1 in MATCHES:
        setup_players((n0, n1))
        gnubg.command("set seed %d" % seed)
        gnubg.command("set jacoby off")
        gnubg.command("set beavers 0")
        if length:
            gnubg.command("new match %d" % length)
        else:
            gnubg.command("set automatic game off")
            gnubg.command("new session")
            for _ in range(games - 1):
                gnubg.command("new game")
        mat = os.path.join(OUT, name + ".mat")
        gnubg.command("export match mat " + mat)
        setup_analysis()
        gnubg.command("analyse match")
        m = gnubg.match(analysis=1, boards=0, statistics=1, verbose=0)
        info = m["match-info"]
        doc = {"match": name, "plies": PLIES, "noise": [n0, n1],
               "players": [info["X"]["name"], info["O"]["name"]],
               "games": [game_record(g) for g in m["games"]],
               "stats": {side: player_stats(m["stats"][side]) for side in ("X", "O")}}
        tmp = os.path.join(OUT, name + ".gnubg.json.tmp")
        with open(tmp, "w") as f:
            json.dump(doc, f, indent=1)
        os.replace(tmp, os.path.join(OUT, name + ".gnubg.json"))


main()
