#!/bin/sh
# bg-T (session 29): the next turn of the 2-ply loop. bg-N's positions (sampled by bg-M, the net before the
# shipped one) valued again by the shipped net's (bg-O's) own 2-ply, races unpruned:
#   nard revalue runs/bg-N/step-0001 --out runs/contact-2ply-T --only contact --ply 2 --threads 2
#   nard revalue runs/bg-N/step-0001 --out runs/race-2ply-S --only race --ply 2 --threads 2
# then bg-O's recipe from the shipped net (one annealed fit, 20 epochs, 1e-3 -> 1e-6).
# Resumable: the same command with --resume.
exec nard train --targets ply2 --out runs/bg-T --init-from experiments/runs/bg-O/nard-backgammon-de36a8b2eda7.nardnet \
  --steps 1 --games-per-step 100 --epochs 20 --lr 1e-3 --lr-final 1e-6 --window 1 \
  --step-eval-games 4000 --threads 2 --seed 30 --positions-from runs/contact-2ply-T runs/race-2ply-S "$@"
