#!/bin/sh
# cube-teacher-b-1202 (issue 34, session 47): three times the rollout targets of ../cube-teacher-1202;
# see README.md. Needs nard on PATH and ../cube-teacher-1202's data under runs/; run from the
# repository root. Resumable: the same command again (revalue resumes by itself; train with --resume).
# Usage: run.sh games SEED | positions SEED | window SEED | fit | prune
S=experiments/runs/bg-groups-c-1129/nard-backgammon-1ce10684213a.nardnet  # shipped when this run began
A=runs/cube-teacher-1202
R=runs/cube-teacher-b-1202
mkdir -p $R
case "$1" in
games)
  exec nard match --a net --a-model $S --a-ply 0 --b gnubg --b-ply 0 --cubeless --games 6000 \
    --threads 2 --seed "$2" --quiet --save $R/games-$2.mat ;;
positions)
  exec nard positions $R/games-$2.mat --out $R/games-$2.npdb --model $S --threads 2 ;;
window)
  exec nard revalue $R/games-$2.npdb --out $R/window-$2 --model $S --only contact \
    --win-window 0.65 0.90 --one-in 6 --rollout 72 --truncate 10 --seed 1 --threads 2 ;;
fit)
  shift
  mkdir -p $R/windows
  cp $A/window/games-vs-gnubg0.npdb $R/windows/w3001-a.npdb
  cp $A/window/games-vs-gnubg0.npdb $R/windows/w3001-b.npdb
  for s in 3002 3003; do
    cp $R/window-$s/games-$s.npdb $R/windows/w$s-a.npdb
    cp $R/window-$s/games-$s.npdb $R/windows/w$s-b.npdb
  done
  exec nard train --targets ply2 --out $R/fit --init-from $S --steps 1 --games-per-step 2 \
    --play-groups 4 --rank-weight 1 --fit-only contact --epochs 8 --lr 2e-4 --lr-final 1e-6 --window 1 \
    --step-eval-games 0 --threads 1 --seed 27 \
    --positions-from $A/groups/step-0001 $A/general/step-0001 $R/windows "$@" ;;
prune)
  exec nard distill --model $R/fit/latest.nardnet --out $R/fit-model/ --games 4000 --epochs 4 \
    --hidden 64 --keep 3 --threads 2 --seed 1 ;;
esac
