#!/bin/sh
# bg-W384 (session 24): the shipped net (bg-J) with its contact net widened by net2net to 384-128, refitted 20 epochs 1e-3 -> 1e-6 over every position valued so far
# (is the contact net's capacity the limit? bg-L0 is the same fit at 256-128).
exec /work/bin4/nard train --targets ply2 --out runs/bg-W384 --init-from experiments/runs/bg-J/nard-backgammon-5cb4549abc37.nardnet \
  --steps 1 --games-per-step 100 --epochs 20 --lr 1e-3 --lr-final 1e-6 --window 1 --hidden 384,128 \
  --step-eval-games 4000 --threads 1 --seed 9 \
  --positions-from runs/revalued-C2 runs/bg-C/step-0003 runs/bg-C/step-0004 runs/bg-E/step-0001 runs/bg-E/step-0002 runs/bg-E/step-0003 runs/bg-E/step-0004 \
    runs/bg-F/step-0001 runs/bg-F/step-0002 runs/bg-F/step-0003 runs/bg-F/step-0004 \
    runs/bg-G/step-0001 runs/bg-G/step-0002 runs/bg-G/step-0003 runs/bg-G/step-0004 "$@"
