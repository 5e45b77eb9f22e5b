#!/bin/sh
# bg-O (session 27): bg-M's recipe (one annealed fit from the shipped net, 20 epochs 1e-3 -> 1e-6) on bg-N's
# 1.71 M positions (the shipped net's own 2-ply values; bg-N fitted them with 10 epochs 3e-4 -> 1e-6).
# Is bg-N's shorter, cooler fit why it did not gain? Resumable: the same command with --resume.
exec nard train --targets ply2 --out runs/bg-O --init-from experiments/runs/bg-M/nard-backgammon-49ea5153622d.nardnet \
  --steps 1 --games-per-step 100 --epochs 20 --lr 1e-3 --lr-final 1e-6 --window 1 \
  --step-eval-games 4000 --threads 1 --seed 27 --positions-from runs/bg-N/step-0001 "$@"
