#!/bin/bash
# After the recipe run (runs/fevga-recipe-c): the pruning net for its model, then the model's own
# 2-ply over 0-ply, without pruning (as the nets before were measured: experiments/runs/gaps-1127)
# and with it (as the shipped file plays). Usage: after.sh MODEL OUTDIR
set -euo pipefail
cd "$(dirname "$0")/../../.."
model=$1 out=$2
mkdir -p "$out"
build/cli/nard distill --model "$model" --out "$out/pruned.nardnet" --games 4000 --epochs 4 --hidden 64 \
  --keep 3 --threads 2 --seed 1 > "$out/distill.txt" 2>&1
build/cli/nard match --variant fevga --a net --a-model "$model" --a-ply 2 --b net --b-model "$model" \
  --b-ply 0 --cubeless --games 1000 --seed 8 --threads 2 --quiet > "$out/gap-unpruned.txt" 2>&1
build/cli/nard match --variant fevga --a net --a-model "$out/pruned.nardnet" --a-ply 2 --b net \
  --b-model "$out/pruned.nardnet" --b-ply 0 --cubeless --games 1000 --seed 8 --threads 2 --quiet \
  > "$out/gap-pruned.txt" 2>&1
