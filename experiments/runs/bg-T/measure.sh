#!/bin/bash
# Session 29: the quick measurements of bg-T against the shipped net (both checker sets, the cube
# benches, 40,000 paired 0-ply games); results under runs/measure-T/. Needs nard on PATH.
cd "$(dirname "$0")/../../.."
M=${M:-runs/bg-T/latest.nardnet}
S=experiments/runs/bg-O/nard-backgammon-de36a8b2eda7.nardnet  # the shipped net
o=${O:-runs/measure-T}; mkdir -p $o
cat tests/data/gnubg_checker_2ply.txt tests/data/gnubg_checker_2ply_b.txt > $o/checker_both.txt
t() { local name=$1; shift; echo "== $name: $*" >> $o/times.log; /usr/bin/time -f "$name %e s wall %U s user" -a -o $o/times.log "$@" > $o/$name.txt 2>$o/$name.err; }
for p in 0 1 2; do t checker$p nard bench checker --ply $p --model $M --file $o/checker_both.txt; done
for p in 0 1 2; do t cube$p nard bench cube --ply $p --model $M; done
t strength nard strength --model $M --vs $S --games 40000 --threads 2 --seed 7
echo ALLDONE >> $o/times.log
