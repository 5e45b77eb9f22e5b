#!/bin/sh
# bg-N (session 26): the loop's next turn on a fresh machine, where bg-M's 3.77 M positions were gone:
# new self-play positions of the shipped net (bg-M, 70,000 sampling games), valued by its own 2-ply (with its
# pruning net), then one annealed fit from it (10 epochs, 3e-4 -> 1e-6). Resumable: the same command with --resume.
# Compare: nard strength vs the shipped net (seed 7), checker error, cube bench.
exec nard train --targets ply2 --out runs/bg-N --init-from experiments/runs/bg-M/nard-backgammon-49ea5153622d.nardnet \
  --steps 1 --games-per-step 70000 --epochs 10 --lr 3e-4 --lr-final 1e-6 --window 1 \
  --step-eval-games 4000 --threads 2 --seed 26 "$@"
