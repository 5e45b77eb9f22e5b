#!/usr/bin/env python3
"""Settles the cube disputes of disputes.txt (our 2-ply against gnubg 2-ply) by cubeful rollouts.

For each line, `nard rollout ID --cube-decision --trials 1296` (0-ply checker play and cube in the
trials, full games, variance reduction, the same dice for no double and double/take) is run once
and kept in rollouts/<ID>-<cube>-<owner>.json (a rerun skips those present: resumable). Then each
side's action is charged what it loses by the rollout's equities, per unit of the current cube:
  the doubler: best of (no double, min(double/take, double/pass)) minus what his choice gives;
  the taker (where the action doubles, or the proper action does): |DT - DP| when his answer is
  the worse one.
A dispute is won by the side that loses less; a tie where both lose the same (e.g. both wrong the
same way is impossible here, as the two actions differ). Usage: settle.py NARD [TRIALS [ACTIONS]]

ACTIONS: the disputes file of another build (`nard bench cube --disputes`), whose actions are
judged on the same rollouts instead of disputes.txt's: a decision listed there is ours as listed,
one not listed is ours as gnubg's (no longer a dispute). Its decisions that are not in
disputes.txt (new disputes) are counted, not judged (no rollout).
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def rollout_path(pid, cube, owner, folder=HERE):
    """Where the rollout document of a decision is kept: FOLDER/rollouts/."""
    return os.path.join(folder, "rollouts", f"{pid.replace('/', '_')}-{cube}-{owner}.json")


def rollout(nard, pid, cube, owner, trials, folder=HERE):
    """The rollout document of a decision, kept in FOLDER/rollouts (made once, then read)."""
    out = rollout_path(pid, cube, owner, folder)
    if not os.path.exists(out):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        args = [nard, "rollout", pid, "--cube-decision", "--trials", str(trials), "--threads", "2",
                "--json", "--quiet", "--cube", str(cube), "--cube-owner",
                "me" if owner == "roller" else "centred"]
        doc = subprocess.run(args, check=True, capture_output=True, text=True).stdout
        with open(out + ".tmp", "w") as f:
            f.write(doc)
        os.replace(out + ".tmp", out)
    with open(out) as f:
        return json.load(f)


def loss(action, nd, dt, dp):
    """What `action` loses against the best play of both sides, by the rollout's equities."""
    doubles = action.startswith("double")
    takes = action.endswith("take") or action == "no_double"  # no double: take if doubled
    best_doubler = max(nd, min(dt, dp))
    doubler = best_doubler - (min(dt, dp) if doubles else nd)
    # The taker's answer matters where a double is made (by this action or by the proper one).
    taker = 0.0
    if doubles or min(dt, dp) > nd:
        wrong = (takes and dt > dp) or (not takes and dt < dp)  # the taker wants the doubler low
        taker = abs(dt - dp) if wrong else 0.0
    return doubler + taker


def read_disputes(path):
    """{(ID, cube, owner): (ours, gnubg)} of a disputes file."""
    out = {}
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        words = line.split()
        out[(words[0], int(words[1]), words[2])] = (words[3].split("=")[1], words[4].split("=")[1])
    return out


def main():
    nard = sys.argv[1]
    trials = int(sys.argv[2]) if len(sys.argv) > 2 else 1296
    other = read_disputes(sys.argv[3]) if len(sys.argv) > 3 else None
    settled = read_disputes(os.path.join(HERE, "disputes.txt"))
    rows = []
    for (pid, cube, owner), (ours, gnubg) in settled.items():
        if other is not None:
            ours = other[(pid, cube, owner)][0] if (pid, cube, owner) in other else gnubg
        d = rollout(nard, pid, cube, owner, trials)
        nd, dt, dp = d["no_double"]["mean"], d["double_take"]["mean"], d["double_pass"]
        se = d["take_minus_no_double"]["se"]
        lo, lg = loss(ours, nd, dt, dp), loss(gnubg, nd, dt, dp)
        winner = "ours" if lo < lg else "gnubg" if lg < lo else "tie"
        rows.append((pid, cube, owner, ours, gnubg, d["action"], nd, dt, se, lo, lg, winner))
        print(f"{pid} {cube} {owner:6} ours={ours:14} gnubg={gnubg:14} rollout: {d['action']:22} "
              f"ND {nd:+.3f} DT {dt:+.3f} (DT-ND se {se:.3f})  loses: ours {lo:.3f} gnubg {lg:.3f}  -> {winner}",
              flush=True)
    if other is not None:
        left = [r for r in rows if r[3] != r[4]]
        wins = {w: sum(1 for r in left if r[-1] == w) for w in ("ours", "gnubg", "tie")}
        new = [k for k in other if k not in settled]
        print(f"\nActions of {sys.argv[3]}: {len(left)} of the {len(rows)} settled disputes left, "
              f"{len(new)} new ones (not rolled out). Of those left: ours right {wins['ours']}, "
              f"gnubg right {wins['gnubg']}, ties {wins['tie']}; equity lost per settled dispute: "
              f"ours {sum(r[9] for r in rows) / max(1, len(rows)):.4f}, "
              f"gnubg {sum(r[10] for r in rows) / max(1, len(rows)):.4f}")
        return
    wins = {w: sum(1 for r in rows if r[-1] == w) for w in ("ours", "gnubg", "tie")}
    print(f"\n{len(rows)} disputes: ours right {wins['ours']}, gnubg right {wins['gnubg']}, ties {wins['tie']}; "
          f"equity lost per dispute: ours {sum(r[9] for r in rows) / max(1, len(rows)):.4f}, "
          f"gnubg {sum(r[10] for r in rows) / max(1, len(rows)):.4f}")


if __name__ == "__main__":
    main()
