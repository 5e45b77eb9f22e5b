#!/usr/bin/env bash
# What limits the ranking fit's choice loss (the 2-ply targets' equity lost by the play the net
# ranks first, on held-out play groups), which times the moves a game is about the 2-ply-over-0-ply
# gap: data, the ranking weight, or the net's width? One fit each over fevga-groups-1128's two
# steps of play groups (runs/fevga-groups-1128, 276,000 positions), from the net that run started
# from (c61f27f5b28f), one thread.
# Usage: run.sh NAME W HIDDEN EPOCHS [LR]
set -euo pipefail
cd "$(dirname "$0")/../../.."
name=$1 w=$2 hidden=$3 epochs=$4 lr=${5:-0.0002}
[ -f runs/fevga-c61f.nardnet ] || git show d82418c:models/nard-fevga-c61f27f5b28f.nardnet > runs/fevga-c61f.nardnet
s=runs/fevga-groups-1128/stage-1-sv-groups
build/cli/nard train --variant fevga --targets ply2 --out runs/fevga-fit-$name --init-from runs/fevga-c61f.nardnet \
  --steps 1 --games-per-step 2 --play-groups 4 --rank-weight "$w" --hidden "$hidden" --epochs "$epochs" \
  --lr "$lr" --lr-final 0.00001 --window 1 --step-eval-games 0 --threads 1 --seed 27 \
  --positions-from $s/step-0001 $s/step-0002 > runs/fevga-fit-$name.log 2>&1
grep -h "choice loss" runs/fevga-fit-$name.log | tail -1
