#!/bin/sh
# bg-S3 (session 29): bg-S with a wider race net (--race-hidden 256, net2net from the shipped 128).
# bg-S: the shipped net's race net alone (--fit-only race) refitted to the race positions of bg-N
# (200,553 of its 1.71 M) valued again at 2-ply now that the search no longer prunes in a race:
#   nard revalue runs/bg-N/step-0001 --out runs/race-2ply-S --only race --ply 2 --threads 2   (~10 min on 2 cores)
# bg-O's recipe (one annealed fit, 20 epochs, 1e-3 -> 1e-6). The contact net stays the shipped one bit for bit.
# Resumable: the same command with --resume.
exec nard train --targets ply2 --out runs/bg-S3 --init-from experiments/runs/bg-O/nard-backgammon-de36a8b2eda7.nardnet \
  --steps 1 --games-per-step 100 --epochs 20 --lr 1e-3 --race-hidden 256 --lr-final 1e-6 --window 1 --fit-only race \
  --step-eval-games 4000 --threads 1 --seed 29 --positions-from runs/race-2ply-S "$@"
