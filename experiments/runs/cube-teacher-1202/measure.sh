#!/bin/bash
# cube-teacher-1202: README.md's rule for a candidate M (with its pruning net) against the shipped S,
# into $O. Needs nard on PATH; run from the repository root. The shipped net's 0-ply decisions on the
# cube sets are made first (ref/), the reference the candidate's 0-ply cube cost is paired against.
M=${M:?set M to the candidate}
S=experiments/runs/bg-groups-c-1129/nard-backgammon-1ce10684213a.nardnet  # shipped when this run began
R=runs/cube-teacher-1202
o=${O:?set O to the output directory}; mkdir -p $o $R/ref
G0="tests/data/gnubg_cube_0ply.txt tests/data/gnubg_selfplay_cube_0ply.txt"
sets="gnubg_cube_2ply gnubg_selfplay_cube_2ply gnubg_selfplay_cube_2ply_b"
for f in $sets; do
  [ -s $R/ref/S0-$f.txt ] && continue
  grep -v '^#' tests/data/$f.txt | cut -d' ' -f1-3 > $R/ref/$f.list
  nard bench cube-reference $R/ref/$f.list --ply 0 --model $S --quiet > $R/ref/S0-$f.txt
done
S0=$(for f in $sets; do echo -n "$R/ref/S0-$f.txt "; done)
t() { local name=$1; shift; echo "== $name: $*" >> $o/times.log; /usr/bin/time -f "$name %e s wall %U s user" -a -o $o/times.log "$@" > $o/$name.txt 2>$o/$name.err; }
t checker0 nard bench checker --ply 0 --model $M --vs-model $S
t checker1 nard bench checker --ply 1 --model $M --vs-model $S
t cube0-vs-S nard bench cube --ply 0 --model $M --vs-decisions $S0
t cube0-vs-gnubg0 nard bench cube --ply 0 --model $M --vs-decisions $G0
t cube2 nard bench cube --ply 2 --model $M
t selfplay nard strength --model $M --vs $S --games 40000 --threads 2 --seed 9
echo ALLDONE >> $o/times.log
