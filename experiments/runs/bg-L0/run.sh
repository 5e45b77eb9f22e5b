#!/bin/sh
# bg-L0 (session 24): the shipped net (bg-J) refitted once more, 20 epochs 1e-3 -> 1e-6 over every position valued so far.
# bg-L1 grows the contact net into bg-contact2 (14 more positional inputs); bg-L0 is the control without them.
exec /work/bin4/nard train --targets ply2 --out runs/bg-L0 --init-from experiments/runs/bg-J/nard-backgammon-5cb4549abc37.nardnet \
  --steps 1 --games-per-step 100 --epochs 20 --lr 1e-3 --lr-final 1e-6 --window 1  \
  --step-eval-games 4000 --threads 1 --seed 9 \
  --positions-from runs/revalued-C2 runs/bg-C/step-0003 runs/bg-C/step-0004 runs/bg-E/step-0001 runs/bg-E/step-0002 runs/bg-E/step-0003 runs/bg-E/step-0004 \
    runs/bg-F/step-0001 runs/bg-F/step-0002 runs/bg-F/step-0003 runs/bg-F/step-0004 \
    runs/bg-G/step-0001 runs/bg-G/step-0002 runs/bg-G/step-0003 runs/bg-G/step-0004 "$@"
