#!/bin/sh
# bg-I (session 23): the shipped nets refitted by one long annealed fit (30 epochs, 3e-4 -> 1e-6) over every
# position valued so far (~3.6 M); bg-H showed the race net gains from a long anneal (held-out 0.0073 -> 0.0065).
# One step with a token 100 sampling games: the fit is the experiment.
exec /work/bin3/nard train --targets ply2 --out runs/bg-I --init-from models/nard-backgammon-71384574f98e.nardnet \
  --steps 1 --games-per-step 100 --epochs 30 --lr 3e-4 --lr-final 1e-6 --window 1 \
  --step-eval-games 4000 --threads 2 --seed 8 \
  --positions-from runs/revalued-C2 runs/bg-C/step-0003 runs/bg-C/step-0004 runs/bg-E/step-0001 runs/bg-E/step-0002 runs/bg-E/step-0003 runs/bg-E/step-0004 \
    runs/bg-F/step-0001 runs/bg-F/step-0002 runs/bg-F/step-0003 runs/bg-F/step-0004 \
    runs/bg-G/step-0001 runs/bg-G/step-0002 runs/bg-G/step-0003 runs/bg-G/step-0004 "$@"
