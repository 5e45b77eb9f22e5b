#!/bin/bash
# Session 27: the measurements a shipped backgammon net needs, for bg-P (with its distilled pruner), against the
# net it would replace; results under runs/ship-P/. Needs nard on PATH.
cd "$(dirname "$0")/../../.."
M=${M:-runs/bg-P-pruned.nardnet}
S=experiments/runs/bg-M/nard-backgammon-49ea5153622d.nardnet  # the shipped net
N=nard
o=${O:-runs/ship-P}; mkdir -p $o
t() { local name=$1; shift; echo "== $name: $*" >> $o/times.log; /usr/bin/time -f "$name %e s wall %U s user" -a -o $o/times.log "$@" > $o/$name.txt 2>$o/$name.err; }
t checker0 $N bench checker --ply 0 --model $M
t checker1 $N bench checker --ply 1 --model $M
t checker2 $N bench checker --ply 2 --model $M
t cube0 $N bench cube --ply 0 --model $M
t cube2 $N bench cube --ply 2 --model $M
t gnubg0-s11 $N match --a net --a-model $M --a-ply 0 --b gnubg --b-ply 0 --cubeless --games 20000 --threads 2 --seed 11
t gnubg0-s12 $N match --a net --a-model $M --a-ply 0 --b gnubg --b-ply 0 --cubeless --games 20000 --threads 2 --seed 12
t pubeval $N strength --model $M --vs pubeval --games 20000 --threads 2 --seed 99
t eval $N bench eval --model $M
echo ALLDONE >> $o/times.log
