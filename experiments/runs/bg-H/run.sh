#!/bin/sh
# bg-H (session 23): does a deeper contact net fit the 2-ply targets better? A fresh contact net of
# 256-128-64 (sigmoid) fitted from random weights to every position valued so far (~3.9 M), 30
# annealed epochs (1e-3 -> 1e-5); the race net continues from the shipped model's. One step with a
# token 100 sampling games: the fit is the experiment.
exec /work/bin3/nard train --targets ply2 --out runs/bg-H --init-from models/nard-backgammon-71384574f98e.nardnet \
  --steps 1 --games-per-step 100 --fresh-nets --hidden 256,128,64 --epochs 30 --lr 1e-3 --lr-final 1e-5 --window 1 \
  --step-eval-games 4000 --threads 2 --seed 8 \
  --positions-from runs/revalued-C2 runs/bg-C/step-0003 runs/bg-C/step-0004 runs/bg-E/step-0001 runs/bg-E/step-0002 runs/bg-E/step-0003 runs/bg-E/step-0004 \
    runs/bg-F/step-0001 runs/bg-F/step-0002 runs/bg-F/step-0003 runs/bg-F/step-0004 \
    runs/bg-G/step-0001 runs/bg-G/step-0002 runs/bg-G/step-0003 runs/bg-G/step-0004 "$@"
