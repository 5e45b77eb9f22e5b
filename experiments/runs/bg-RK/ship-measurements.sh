#!/bin/bash
# Session 32: the measurements a shipped backgammon net needs, for bg-RK-w1 (with its distilled pruner),
# against the net it would replace; results under runs/ship-RK/. Needs nard on PATH.
cd "$(dirname "$0")/../../.."
M=${M:-runs/bg-RK-w1-pruned.nardnet}
S=${S:-experiments/runs/bg-O/nard-backgammon-de36a8b2eda7.nardnet}  # the shipped net
B=runs/checker-both.txt  # cat tests/data/gnubg_checker_2ply.txt tests/data/gnubg_checker_2ply_b.txt
o=${O:-runs/ship-RK}; mkdir -p $o
[ -f $B ] || cat tests/data/gnubg_checker_2ply.txt tests/data/gnubg_checker_2ply_b.txt > $B
t() { local name=$1; shift; echo "== $name: $*" >> $o/times.log; /usr/bin/time -f "$name %e s wall %U s user" -a -o $o/times.log "$@" > $o/$name.txt 2>$o/$name.err; }
t checker0 nard bench checker --ply 0 --model $M --vs-model $S --file $B
t checker1 nard bench checker --ply 1 --model $M --vs-model $S --file $B
t checker2 nard bench checker --ply 2 --model $M --vs-model $S --file $B
t cube0 nard bench cube --ply 0 --model $M
t cube2 nard bench cube --ply 2 --model $M
t selfplay nard strength --model $M --vs $S --games 40000 --threads 1 --seed 7
t pubeval nard strength --model $M --vs pubeval --games 20000 --threads 1 --seed 99
t eval nard bench eval --model $M
t eval-shipped nard bench eval --model $S
[ -n "$GNUBG" ] && t gnubg0-s11 nard match --a net --a-model $M --a-ply 0 --b gnubg --b-ply 0 --cubeless --games 20000 --threads 2 --seed 11
echo ALLDONE >> $o/times.log
