#!/bin/sh
# cube-teacher-1202 (issue 34, session 47): rollout targets where the 0-ply takes or passes, on
# positions of games against gnubg; see README.md. Needs nard on PATH; run from the repository root.
# Resumable: the same command again (with --resume for the train stages; revalue resumes by itself).
# Usage: run.sh games | positions | window K | groups | general | fit | control | prune DIR
S=experiments/runs/bg-groups-c-1129/nard-backgammon-1ce10684213a.nardnet  # shipped when this run began
R=runs/cube-teacher-1202
case "$1" in
games)
  exec nard match --a net --a-model $S --a-ply 0 --b gnubg --b-ply 0 --cubeless --games 6000 \
    --threads 2 --seed 3001 --quiet --save $R/games-vs-gnubg0.mat ;;
positions)
  exec nard positions $R/games-vs-gnubg0.mat --out $R/games-vs-gnubg0.npdb --model $S --threads 2 ;;
window)
  nard revalue $R/games-vs-gnubg0.npdb --out $R/window --model $S --only contact \
    --win-window 0.65 0.90 --one-in "$2" --rollout 72 --truncate 10 --seed 1 --threads 2 || exit 1
  for copy in 2 3 4; do cp $R/window/games-vs-gnubg0.npdb $R/window/copy$copy.npdb; done ;;
groups)
  shift
  exec nard train --targets ply2 --play-groups 4 --games-per-step 4000 --steps 1 --step-eval-games 0 \
    --epochs 1 --seed 49 --out $R/groups --init-from $S --threads 2 "$@" ;;
general)
  shift
  exec nard train --targets ply2 --games-per-step 10000 --steps 1 --step-eval-games 0 --epochs 1 \
    --seed 50 --out $R/general --init-from $S --threads 2 "$@" ;;
fit)
  shift
  exec nard train --targets ply2 --out $R/fit --init-from $S --steps 1 --games-per-step 2 \
    --play-groups 4 --rank-weight 1 --fit-only contact --epochs 8 --lr 2e-4 --lr-final 1e-6 --window 1 \
    --step-eval-games 0 --threads 1 --seed 27 \
    --positions-from $R/groups/step-0001 $R/general/step-0001 $R/window "$@" ;;
control)
  shift
  exec nard train --targets ply2 --out $R/control --init-from $S --steps 1 --games-per-step 2 \
    --play-groups 4 --rank-weight 1 --fit-only contact --epochs 8 --lr 2e-4 --lr-final 1e-6 --window 1 \
    --step-eval-games 0 --threads 1 --seed 27 \
    --positions-from $R/groups/step-0001 $R/general/step-0001 "$@" ;;
prune)
  exec nard distill --model $R/$2/latest.nardnet --out $R/$2-model/ --games 4000 --epochs 4 \
    --hidden 64 --keep 3 --threads 2 --seed 1 ;;
esac
