#!/bin/bash
# Session 26: the measurements a shipped backgammon net needs, for bg-M (with its distilled pruner), against
# the net it replaced; results under runs/ship-M/. Needs nard on PATH.
cd "$(dirname "$0")/../../.."
M=experiments/runs/bg-M/bg-M-pruned.nardnet
S=experiments/runs/bg-J/nard-backgammon-5cb4549abc37.nardnet  # the net it replaced
N=nard
o=runs/ship-M; mkdir -p $o
t() { local name=$1; shift; echo "== $name: $*" >> $o/times.log; /usr/bin/time -f "$name %e s wall %U s user" -a -o $o/times.log "$@" > $o/$name.txt 2>$o/$name.err; }
t strength-s8 $N strength --model $M --vs $S --games 160000 --threads 2 --seed 8
t gnubg0 $N match --a net --a-model $M --a-ply 0 --b gnubg --b-ply 0 --cubeless --games 20000 --threads 2 --seed 11
t pubeval $N strength --model $M --vs pubeval --games 20000 --threads 2 --seed 99
t checker1 $N bench checker --ply 1 --model $M
t checker2 $N bench checker --ply 2 --model $M
t cube2 $N bench cube --ply 2 --model $M
t cube0 $N bench cube --ply 0 --model $M
t checker0 $N bench checker --ply 0 --model $M
echo ALLDONE >> $o/times.log
