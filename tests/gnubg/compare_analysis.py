#!/usr/bin/env python3
# Sets `nard analyze` beside GNU Backgammon's own analysis of the same matches
# (tests/data/analysis/NAME.mat and NAME.gnubg.json, made by tests/gnubg/make_analysed_matches.py):
# per player the error rate per decision (mEMG) and the checker-play error rate, and the
# decisions marked very bad ("blunders"): how many of gnubg's we mark too, and how many of ours
# gnubg marks. docs/analysis.md has the figures.
#   tests/gnubg/compare_analysis.py [--nard build/cli/nard] [--ply 2] [--dir tests/data/analysis]
import argparse
import glob
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nard", default=os.path.join(HERE, "../../build/cli/nard"))
    ap.add_argument("--dir", default=os.path.join(HERE, "../data/analysis"))
    ap.add_argument("--ply", type=int, default=2)
    args = ap.parse_args()
    kinds = ("checker", "cube")
    both, only_gnubg, only_nard = ({k: 0 for k in kinds} for _ in range(3))
    marks_same, marks_total = ({k: 0 for k in kinds} for _ in range(2))
    rows = []
    for ref_path in sorted(glob.glob(os.path.join(args.dir, "*.gnubg.json"))):
        name = os.path.basename(ref_path)[: -len(".gnubg.json")]
        with open(ref_path) as f:
            ref = json.load(f)
        out = subprocess.run([args.nard, "analyze", os.path.join(args.dir, name + ".mat"), "--ply",
                              str(args.ply), "--json", "--quiet"], capture_output=True, text=True,
                             check=True).stdout
        ours = json.loads(out)
        for p, side in ((0, "X"), (1, "O")):
            g, n = ref["stats"][side], ours["stats"][p]
            g_checker = 1000 * g["checker_error"] / g["unforced_moves"] if g["unforced_moves"] else 0
            n_checker = 1000 * n["checker_error"] / n["unforced_moves"] if n["unforced_moves"] else 0
            rows.append((name, ref["players"][p], g["error_rate"], n["error_rate"], g["decisions"],
                         n["decisions"], g_checker, n_checker, g["cube_error"], n["cube_error"]))
        for gref, gours in zip(ref["games"], ours["games"]):
            turns = [t for t in gours["turns"] if "checker_play" in t]
            if len(turns) != len(gref["plays"]):
                sys.exit("%s: %d plays in gnubg's analysis, %d in ours" % (name, len(gref["plays"]), len(turns)))
            # (gnubg's mark, ours) of every decision: each checker play, the cube decision before it
            # when nobody doubled, and each double and its answer.
            pairs = []
            for gp, t in zip(gref["plays"], turns):
                if gp["dice"] not in (t["dice"], t["dice"][::-1]):
                    sys.exit("%s: the plays do not line up (%s vs %s)" % (name, gp["dice"], t["dice"]))
                if t["checker_play"]["legal_plays"] > 1:
                    pairs.append(("checker", gp["skill"] or "", t["checker_play"]["skill"]))
                cube = t.get("cube_decision")
                if cube and not cube["doubled"]:
                    pairs.append(("cube", gp.get("cube_skill") or "", cube["skill"]))
            doubled = [t["cube_decision"] for t in gours["turns"]
                       if "cube_decision" in t and t["cube_decision"]["doubled"]]
            g_doubles = [c for c in gref["cubes"] if c["action"] == "double"]
            g_answers = [c for c in gref["cubes"] if c["action"] in ("take", "drop")]
            for gc, c in zip(g_doubles, doubled):
                pairs.append(("cube", gc["skill"] or "", c["skill"]))
            for gc, c in zip(g_answers, [c for c in doubled if "response" in c]):
                pairs.append(("cube", gc["skill"] or "", c.get("response_skill", "")))
            for kind, g_mark, n_mark in pairs:
                g_blunder, n_blunder = g_mark == "very bad", n_mark == "very bad"
                both[kind] += g_blunder and n_blunder
                only_gnubg[kind] += g_blunder and not n_blunder
                only_nard[kind] += n_blunder and not g_blunder
                marks_total[kind] += 1
                marks_same[kind] += g_mark == n_mark
    print("%-28s %-6s %8s %8s %6s %6s %8s %8s %7s %7s %6s" % (
        "match", "player", "g ER", "n ER", "g dec", "n dec", "g chkER", "n chkER", "g cube", "n cube",
        "ratio"))
    within = within_checker = counted = 0
    for name, player, g_er, n_er, g_dec, n_dec, g_chk, n_chk, g_cube, n_cube in rows:
        ratio = n_er / g_er if g_er > 0 else float("nan")
        if g_er > 0:
            counted += 1
            within += abs(ratio - 1) <= 0.2
            within_checker += g_chk > 0 and abs(n_chk / g_chk - 1) <= 0.2
        print("%-28s %-6s %8.1f %8.1f %6d %6d %8.1f %8.1f %7.3f %7.3f %6.2f" % (
            name, player, g_er, n_er, g_dec, n_dec, g_chk, n_chk, g_cube, n_cube, ratio))
    print("error rate per decision within 20%% of gnubg's: %d of %d players (checker-play error rate: %d)" % (
        within, counted, within_checker))
    for k in kinds:
        print("%s decisions marked very bad: both %d, gnubg only %d, nard only %d; of gnubg's, nard marks "
              "%.0f%%; of nard's, gnubg marks %.0f%%; same mark (none/doubtful/bad/very bad) %d of %d (%.0f%%)" % (
                  k, both[k], only_gnubg[k], only_nard[k], 100.0 * both[k] / max(1, both[k] + only_gnubg[k]),
                  100.0 * both[k] / max(1, both[k] + only_nard[k]), marks_same[k], marks_total[k],
                  100.0 * marks_same[k] / max(1, marks_total[k])))
    b = sum(both.values())
    print("all decisions marked very bad: of gnubg's, nard marks %.0f%% (%d of %d)" % (
        100.0 * b / max(1, b + sum(only_gnubg.values())), b, b + sum(only_gnubg.values())))

if __name__ == "__main__":
    sys.exit(main())
