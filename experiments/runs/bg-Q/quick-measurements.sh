#!/bin/bash
# Session 28: the quick measurements of a candidate backgammon net M (0-ply: checker and cube benches,
# 40,000 paired games against the shipped net), results under $O. Needs nard on PATH.
cd "$(dirname "$0")/../../.."
M=${M:?model} O=${O:?output directory}
S=experiments/runs/bg-O/nard-backgammon-de36a8b2eda7.nardnet  # the shipped net
mkdir -p $O
nard bench checker --ply 0 --model $M > $O/checker0.txt 2>&1
nard bench cube --ply 0 --model $M > $O/cube0.txt 2>&1
nard strength --model $M --vs $S --games 40000 --threads 1 --seed 7 > $O/strength.txt 2>&1
echo ALLDONE >> $O/strength.txt
