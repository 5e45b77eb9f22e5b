#!/bin/sh
# bg-groups-c-1129 (issue 34, session 44): a third turn of the ranking fit, at half the second's size,
# from the net the second made (e11c7abbfba9): play groups of 4 from 8,000 self-play games (seed 46)
# and general positions from 20,000 (seed 47), both valued by its pruned 2-ply; then one fit from it
# (W = 1, bg-RK's settings) over these and the second turn's groups and positions. Resumable: the same
# command with --resume. Usage: run.sh groups | run.sh general | run.sh fit
S=experiments/runs/bg-groups-b-1129/nard-backgammon-e11c7abbfba9.nardnet  # shipped until this run
case "$1" in
groups)
  shift
  exec nard train --targets ply2 --play-groups 4 --games-per-step 8000 --steps 1 --step-eval-games 0 \
    --epochs 1 --seed 46 --out runs/bg-groups-c-1129 --init-from $S --threads 2 "$@" ;;
general)
  shift
  exec nard train --targets ply2 --games-per-step 20000 --steps 1 --step-eval-games 0 --epochs 1 \
    --seed 47 --out runs/bg-general-c-1129 --init-from $S --threads 2 "$@" ;;
fit)
  shift
  exec nard train --targets ply2 --out runs/bg-groups-c-fit --init-from $S --steps 1 --games-per-step 2 \
    --play-groups 4 --rank-weight 1 --epochs 20 --lr 1e-3 --lr-final 1e-6 --window 1 --step-eval-games 0 \
    --threads 1 --seed 27 --positions-from runs/bg-groups-c-1129/step-0001 runs/bg-general-c-1129/step-0001 \
    runs/bg-groups-b-1129/step-0001 runs/bg-general-1129/step-0001 "$@" ;;
esac
