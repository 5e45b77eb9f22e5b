#!/usr/bin/env bash
# A net's own 2-ply over its 0-ply (issue 33), as experiments/runs/gaps-1127 measured it: the same
# net on both sides, duplicate dice, cubeless; once with the 2-ply unpruned (every play inside the
# lookahead valued by the full net, as the nets before the pruning nets played) and once pruned
# (as the shipped file plays).
# Usage: run.sh VARIANT MODEL GAMES SEED OUTDIR
set -euo pipefail
cd "$(dirname "$0")/../../.."
variant=$1 model=$2 games=$3 seed=$4 out=$5
mkdir -p "$out"
for keep in 0 3; do
  build/cli/nard match --variant "$variant" --a net --a-model "$model" --a-ply 2 \
    --a-prune-keep "$keep" --b net --b-model "$model" --b-ply 0 --cubeless --games "$games" \
    --seed "$seed" --threads 2 > "$out/gap-keep$keep.txt" 2>&1
done
