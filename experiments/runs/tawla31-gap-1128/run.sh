#!/bin/bash
# Tawla 31's shipped net (the recipe's, 5c14d55b4643 before its pruning net was added): its 2-ply
# over its 0-ply, without pruning, as session 22 measured the net before (+0.88 ± 0.13 checkers,
# 2,000 duplicate games, seed 7). Usage: run.sh UNPRUNED_MODEL OUT
set -euo pipefail
cd "$(dirname "$0")/../../.."
build/cli/nard match --variant tawla31 --a net --a-model "$1" --a-ply 2 --b net --b-model "$1" \
  --b-ply 0 --cubeless --games 2000 --seed 7 --threads 2 --quiet > "$2" 2>&1
