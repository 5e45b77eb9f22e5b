#!/bin/sh
# bg-window-1129 (issue 34, session 45): the 0-ply cube's take/pass answers, by fitting the contact net
# harder where cube decisions are made. General positions of the shipped net's self-play (20,000 games,
# seed 48) valued by its pruned 2-ply; their contact positions with a winning chance of 0.55 to 0.92 for
# the side on roll copied once more (valued again at 2-ply, the same values); one short fit of the
# contact net alone from the shipped net over both. Resumable: the same command again (with --resume for
# the train stages). Usage: run.sh general | window | fit | prune
S=models/nard-backgammon-1ce10684213a.nardnet  # shipped when this run began
case "$1" in
general)
  exec nard train --targets ply2 --games-per-step 20000 --steps 1 --step-eval-games 0 --epochs 1 \
    --seed 48 --out runs/bg-window-1129-general --init-from $S --threads 2 "$2" ;;
window)
  exec nard revalue runs/bg-window-1129-general/step-0001 --out runs/bg-window-1129-window --model $S \
    --only contact --win-window 0.55 0.92 --ply 2 --threads 2 ;;
fit)
  exec nard train --targets ply2 --out runs/bg-window-1129-fit --init-from $S --steps 1 --games-per-step 2 \
    --fit-only contact --epochs 8 --lr 2e-4 --lr-final 1e-6 --window 1 --step-eval-games 0 --threads 1 \
    --seed 27 --positions-from runs/bg-window-1129-general/step-0001 runs/bg-window-1129-window "$2" ;;
prune)
  exec nard distill --model runs/bg-window-1129-fit/latest.nardnet --out runs/bg-window-1129-model/ \
    --games 4000 --epochs 4 --hidden 64 --keep 3 --threads 2 --seed 1 ;;
esac
