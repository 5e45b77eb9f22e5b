#!/bin/sh
# bg-R (session 28): bg-Q's fit over the outcome targets alone (runs/outcomes-Q, 372,015 positions of 15,000
# self-play games of the shipped net), no 2-ply targets: how far do the game results alone take the net?
exec nard train --targets ply2 --out runs/bg-R --init-from experiments/runs/bg-O/nard-backgammon-de36a8b2eda7.nardnet \
  --steps 1 --games-per-step 100 --epochs 20 --lr 1e-3 --lr-final 1e-6 --window 1 \
  --step-eval-games 4000 --threads 1 --seed 28 --positions-from runs/outcomes-Q "$@"
