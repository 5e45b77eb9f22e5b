#!/bin/sh
# bg-M (session 25): bg-L0 exactly (the shipped net refitted once, 20 epochs 1e-3 -> 1e-6, seed 9) but over the same
# 3.6 M positions valued again by the shipped net at 2-ply (runs/revalued-J). The only difference from bg-L0 is the targets.
# Compare: nard strength vs bg-L0 and vs the shipped net, checker error.
exec nard train --targets ply2 --out runs/bg-M --init-from experiments/runs/bg-J/nard-backgammon-5cb4549abc37.nardnet \
  --steps 1 --games-per-step 100 --epochs 20 --lr 1e-3 --lr-final 1e-6 --window 1 \
  --step-eval-games 4000 --threads 1 --seed 9 \
  --positions-from runs/revalued-J/runs/revalued-C2 runs/revalued-J/runs/bg-C/step-0003 runs/revalued-J/runs/bg-C/step-0004 \
    runs/revalued-J/runs/bg-E/step-0001 runs/revalued-J/runs/bg-E/step-0002 runs/revalued-J/runs/bg-E/step-0003 runs/revalued-J/runs/bg-E/step-0004 \
    runs/revalued-J/runs/bg-F/step-0001 runs/revalued-J/runs/bg-F/step-0002 runs/revalued-J/runs/bg-F/step-0003 runs/revalued-J/runs/bg-F/step-0004 \
    runs/revalued-J/runs/bg-G/step-0001 runs/revalued-J/runs/bg-G/step-0002 runs/revalued-J/runs/bg-G/step-0003 runs/revalued-J/runs/bg-G/step-0004 "$@"
