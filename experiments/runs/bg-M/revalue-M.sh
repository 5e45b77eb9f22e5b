#!/bin/bash
# Session 25 -> 26: the next turn of the loop: every position valued again by bg-M (with its distilled pruning net) at 2-ply.
# Resumable: the same command skips finished databases. Then: bg-N = runs/bg-M.sh's fit from bg-M on runs/revalued-M.
exec nard revalue runs/revalued-C2 runs/bg-C/step-0003 runs/bg-C/step-0004 runs/bg-E/step-000{1,2,3,4} runs/bg-F/step-000{1,2,3,4} runs/bg-G/step-000{1,2,3,4} \
  --out runs/revalued-M --model experiments/runs/bg-M/bg-M-pruned.nardnet --ply 2 --threads 2
