#!/usr/bin/env bash
# bg-Q's outcome targets (session 28): self-play games of the shipped net (de36a8b2eda7), seed 28, in chunks
# of 5,000, each kept position's target its variance-reduced game result (nard outcomes). Chunks 0, 1 and 3
# (games 0-9,999 and 15,000-19,999) were made; chunk 2 was left out to start the fit sooner. A finished
# chunk is kept, so the script continues after a kill. Needs nard on PATH.
set -euo pipefail
cd "$(dirname "$0")/../../.."
mkdir -p runs/outcomes-Q
for k in 0 1 3; do
  out=runs/outcomes-Q/chunk-$k.npdb
  [[ -f $out ]] && continue
  nard outcomes --out $out --games 5000 --first-game $((k * 5000)) --seed 28 --threads ${THREADS:-1} \
    --model experiments/runs/bg-O/nard-backgammon-de36a8b2eda7.nardnet
done
