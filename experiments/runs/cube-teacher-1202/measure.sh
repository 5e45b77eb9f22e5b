#!/bin/bash
# cube-teacher-1202: README.md's rule for a candidate M (with its pruning net) against the shipped S,
# into $O. Needs nard on PATH; run from the repository root. The shipped net's 0-ply decisions on the
# cube sets are made first (ref/), the reference the candidate's 0-ply cube cost is paired against.
M=${M:?set M to the candidate}
# S: the net the candidate is paired against (default: the one shipped when this run began), with its
# 0-ply reference decisions kept in $REF (session 48 added both settings; the defaults are as the run
# used them).
S=${S:-experiments/runs/bg-groups-c-1129/nard-backgammon-1ce10684213a.nardnet}
R=runs/cube-teacher-1202
REF=${REF:-$R/ref}
o=${O:?set O to the output directory}; mkdir -p $o $REF
G0="tests/data/gnubg_cube_0ply.txt tests/data/gnubg_selfplay_cube_0ply.txt"
sets="gnubg_cube_2ply gnubg_selfplay_cube_2ply gnubg_selfplay_cube_2ply_b"
for f in $sets; do
  [ -s $REF/S0-$f.txt ] && continue
  grep -v '^#' tests/data/$f.txt | cut -d' ' -f1-3 > $REF/$f.list
  nard bench cube-reference $REF/$f.list --ply 0 --model $S --quiet > $REF/S0-$f.txt
done
S0=$(for f in $sets; do echo -n "$REF/S0-$f.txt "; done)
t() { local name=$1; shift; echo "== $name: $*" >> $o/times.log; /usr/bin/time -f "$name %e s wall %U s user" -a -o $o/times.log "$@" > $o/$name.txt 2>$o/$name.err; }
t checker0 nard bench checker --ply 0 --model $M --vs-model $S
t checker1 nard bench checker --ply 1 --model $M --vs-model $S
t cube0-vs-S nard bench cube --ply 0 --model $M --vs-decisions $S0
t cube0-vs-gnubg0 nard bench cube --ply 0 --model $M --vs-decisions $G0
t cube2 nard bench cube --ply 2 --model $M
t selfplay nard strength --model $M --vs $S --games 40000 --threads 2 --seed 9
echo ALLDONE >> $o/times.log
