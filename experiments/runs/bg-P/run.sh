#!/bin/sh
# bg-P (session 27): focused positions. The shipped net samples 20,000 self-play games with the results of its 4
# next-best plays of each kept turn (--alternatives 4); of those positions only the fifth where its 0-ply and
# 1-ply differ most (--focus 0.2) are valued at 2-ply. Then bg-O's fit (20 epochs 1e-3 -> 1e-6 from the shipped
# net) over them and bg-N's 1.71 M positions: bg-P against bg-O is what the focused positions add.
# Resumable: the same command with --resume.
exec nard train --targets ply2 --out runs/bg-P --init-from experiments/runs/bg-M/nard-backgammon-49ea5153622d.nardnet \
  --steps 1 --games-per-step 20000 --alternatives 4 --focus 0.2 --epochs 20 --lr 1e-3 --lr-final 1e-6 --window 1 \
  --step-eval-games 4000 --threads 2 --seed 28 --positions-from runs/bg-N/step-0001 "$@"
