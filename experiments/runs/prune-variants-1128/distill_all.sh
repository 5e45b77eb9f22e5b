#!/bin/bash
cd "$(dirname "$0")/../../.."  # the repository root
for g in plakoto tawla31 longnardy fevga; do
  m=$(ls models/nard-$g-*.nardnet)
  build/cli/nard distill --model $m --out ${OUT:-/tmp/prune}/$g.nardnet --games 4000 --epochs 4 --hidden 64 --keep 3 --threads 1 --seed 1 > ${OUT:-/tmp/prune}/$g.distill.txt 2>&1
  build/cli/nard bench hint --variant $g --model ${OUT:-/tmp/prune}/$g.nardnet --compare --repeat 1 --positions 100 > ${OUT:-/tmp/prune}/$g.hint.txt 2>&1
done
