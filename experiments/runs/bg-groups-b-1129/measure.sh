#!/bin/bash
# bg-groups-b-1129: the measurements of README.md's rule for a candidate M against the shipped net S,
# into $O (default runs/bg-groups-b-measure). Needs nard on PATH. Stages: choose (a fit, before its
# pruning net: checker error at 0 and 1-ply on both origins), judge (M with its pruning net:
# self-play, cube on both origins, pubeval), gnubg (M against gnubg 0-ply on the seed-11 dice).
cd "$(dirname "$0")/../../.."
M=${M:?set M to the candidate}
S=${S:-experiments/runs/bg-RK/nard-backgammon-3c53d04385ea.nardnet}  # shipped until this run
o=${O:-runs/bg-groups-b-measure}; mkdir -p $o
G0="tests/data/gnubg_cube_0ply.txt tests/data/gnubg_selfplay_cube_0ply.txt"
t() { local name=$1; shift; echo "== $name: $*" >> $o/times.log; /usr/bin/time -f "$name %e s wall %U s user" -a -o $o/times.log "$@" > $o/$name.txt 2>$o/$name.err; }
case "$1" in
choose)
  t checker0 nard bench checker --ply 0 --model $M --vs-model $S
  t checker1 nard bench checker --ply 1 --model $M --vs-model $S ;;
judge)
  t selfplay nard strength --model $M --vs $S --games 40000 --threads 2 --seed 9
  t cube2 nard bench cube --ply 2 --model $M
  t cube0 nard bench cube --ply 0 --model $M --vs-decisions $G0
  t cube0-shipped nard bench cube --ply 0 --model $S --vs-decisions $G0
  t pubeval nard strength --model $M --vs pubeval --games 20000 --threads 2 --seed 99 ;;
gnubg)
  t gnubg0-s11 nard match --a net --a-model $M --a-ply 0 --b gnubg --b-ply 0 --cubeless --games 20000 --threads 2 --seed 11 ;;
esac
echo "ALLDONE $1" >> $o/times.log
