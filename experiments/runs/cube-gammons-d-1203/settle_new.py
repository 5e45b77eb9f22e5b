#!/usr/bin/env python3
"""The disputes of a disputes file (`nard bench cube --disputes`) that ../indep-cube/disputes.txt
does not hold, settled the same way as ../indep-cube/settle.py settles the others: a 1,296-trial
cubeful rollout each (kept in ../indep-cube/rollouts, made once), each side charged what its action
loses. Reported apart from settle.py's count, whose 33 disputes stay the fixed base.
Usage: settle_new.py NARD DISPUTES [TRIALS]"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "indep-cube"))
import settle  # noqa: E402

nard, path = sys.argv[1], sys.argv[2]
trials = int(sys.argv[3]) if len(sys.argv) > 3 else 1296
base = settle.read_disputes(os.path.join(settle.HERE, "disputes.txt"))
wins = {"ours": 0, "gnubg": 0, "tie": 0}
lost = {"ours": 0.0, "gnubg": 0.0}
new = {k: v for k, v in settle.read_disputes(path).items() if k not in base}
for (pid, cube, owner), (ours, gnubg) in new.items():
    d = settle.rollout(nard, pid, cube, owner, trials)
    nd, dt, dp = d["no_double"]["mean"], d["double_take"]["mean"], d["double_pass"]
    lo, lg = settle.loss(ours, nd, dt, dp), settle.loss(gnubg, nd, dt, dp)
    winner = "ours" if lo < lg else "gnubg" if lg < lo else "tie"
    wins[winner] += 1
    lost["ours"] += lo
    lost["gnubg"] += lg
    print(f"{pid} {cube} {owner:6} ours={ours:14} gnubg={gnubg:14} rollout: {d['action']:22} "
          f"ND {nd:+.3f} DT {dt:+.3f} (DT-ND se {d['take_minus_no_double']['se']:.3f})  "
          f"loses: ours {lo:.3f} gnubg {lg:.3f}  -> {winner}", flush=True)
n = max(1, len(new))
print(f"\n{len(new)} new disputes of {path}: ours right {wins['ours']}, gnubg right {wins['gnubg']}, "
      f"ties {wins['tie']}; equity lost per dispute: ours {lost['ours'] / n:.4f}, gnubg {lost['gnubg'] / n:.4f}")
