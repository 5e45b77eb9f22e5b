#!/bin/sh
# bg-groups-b-1129 (issue 34, session 44): a second turn of bg-RK's ranking fit. Step 1: play groups
# from 16,000 self-play games of the shipped net 3c53d04385ea (per kept turn, the results of its 4
# best plays of the roll), valued by its own pruned 2-ply, seed 43. Step 2: one annealed fit from the
# shipped net over those groups (bg-RK's fit: 20 epochs, 1e-3 -> 1e-6, seed 27, one thread) with a
# ranking term of weight W. bg-RK's fit also had bg-N's 1.71 M positions; they were lost with an
# earlier machine, so these fits see the new groups only. Resumable: the same command with --resume.
# groups2 / fit-both W: a second batch the same way with seed 44, and the fit over both batches.
# general / fit-anchored W (added after the first fits failed the cube part of the rule): general
# self-play positions of the shipped net (bg-N's sampling: 40,000 games, seed 45) valued by its 2-ply,
# and the fit over them and the first batch of groups, as bg-RK's fit over bg-N's positions and its groups.
# Usage: run.sh groups | run.sh fit W | run.sh groups2 | run.sh fit-both W | run.sh general | run.sh fit-anchored W
S=experiments/runs/bg-RK/nard-backgammon-3c53d04385ea.nardnet  # shipped until this run
case "$1" in
groups)
  shift
  exec nard train --targets ply2 --play-groups 4 --games-per-step 16000 --steps 1 --step-eval-games 0 \
    --epochs 1 --seed 43 --out runs/bg-groups-b-1129 --init-from $S --threads 2 "$@" ;;
groups2)
  shift
  exec nard train --targets ply2 --play-groups 4 --games-per-step 16000 --steps 1 --step-eval-games 0 \
    --epochs 1 --seed 44 --out runs/bg-groups-b2-1129 --init-from $S --threads 2 "$@" ;;
fit-both)
  W=$2; shift 2
  exec nard train --targets ply2 --out runs/bg-groups-b-fitboth-w$W --init-from $S --steps 1 --games-per-step 2 \
    --play-groups 4 --rank-weight $W --epochs 20 --lr 1e-3 --lr-final 1e-6 --window 1 --step-eval-games 0 \
    --threads 1 --seed 27 --positions-from runs/bg-groups-b-1129/step-0001 runs/bg-groups-b2-1129/step-0001 "$@" ;;
general)
  shift
  exec nard train --targets ply2 --games-per-step 40000 --steps 1 --step-eval-games 0 --epochs 1 \
    --seed 45 --out runs/bg-general-1129 --init-from $S --threads 2 "$@" ;;
fit-anchored)
  W=$2; shift 2
  exec nard train --targets ply2 --out runs/bg-groups-b-anchored-w$W --init-from $S --steps 1 --games-per-step 2 \
    --play-groups 4 --rank-weight $W --epochs 20 --lr 1e-3 --lr-final 1e-6 --window 1 --step-eval-games 0 \
    --threads 1 --seed 27 --positions-from runs/bg-general-1129/step-0001 runs/bg-groups-b-1129/step-0001 "$@" ;;
fit)
  W=$2; shift 2
  exec nard train --targets ply2 --out runs/bg-groups-b-fit-w$W --init-from $S --steps 1 --games-per-step 2 \
    --play-groups 4 --rank-weight $W --epochs 20 --lr 1e-3 --lr-final 1e-6 --window 1 --step-eval-games 0 \
    --threads 1 --seed 27 --positions-from runs/bg-groups-b-1129/step-0001 "$@" ;;
esac
