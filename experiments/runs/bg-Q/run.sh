#!/bin/sh
# bg-Q (session 28): one annealed fit from the shipped net (bg-O's recipe: 20 epochs, 1e-3 -> 1e-6) over bg-N's
# 1.71 M positions (2-ply targets) and the positions of 15,000 new self-play games of the shipped net whose
# targets are their variance-reduced game results (nard outcomes, runs/outcomes-Q: outcomes.sh beside this file).
# Do the game results pull the net's too-extreme values in lopsided positions back? Resumable: add --resume.
exec nard train --targets ply2 --out runs/bg-Q --init-from experiments/runs/bg-O/nard-backgammon-de36a8b2eda7.nardnet \
  --steps 1 --games-per-step 100 --epochs 20 --lr 1e-3 --lr-final 1e-6 --window 1 \
  --step-eval-games 4000 --threads 1 --seed 28 --positions-from runs/bg-N/step-0001 runs/outcomes-Q "$@"
