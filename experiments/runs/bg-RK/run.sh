#!/bin/sh
# bg-RK (session 32): the ranking fit. Step 1 (bg-PG): play groups from 12,000 self-play games of the
# shipped net (per kept turn, the results of its 4 best plays of the roll), valued by its own 2-ply.
# Step 2: one annealed fit from the shipped net (bg-O's recipe: 20 epochs, 1e-3 -> 1e-6) over bg-N's
# 1.71 M positions and the groups, with a ranking term of weight W (0: the control, the groups fitted
# as single positions). Resumable: the same command with --resume.
# Usage: run.sh groups | run.sh fit W
S=experiments/runs/bg-O/nard-backgammon-de36a8b2eda7.nardnet
case "$1" in
groups)
  exec nard train --targets ply2 --play-groups 4 --games-per-step 12000 --steps 1 --step-eval-games 0 --epochs 1 \
    --seed 41 --out runs/bg-PG --init-from $S --threads 2 ;;
fit)
  W=$2
  exec nard train --targets ply2 --out runs/bg-RK-w$W --init-from $S --steps 1 --games-per-step 2 --play-groups 4 \
    --rank-weight $W --epochs 20 --lr 1e-3 --lr-final 1e-6 --window 1 --step-eval-games 0 --threads 1 --seed 27 \
    --positions-from runs/bg-N/step-0001 runs/bg-PG/step-0001 ;;
esac
