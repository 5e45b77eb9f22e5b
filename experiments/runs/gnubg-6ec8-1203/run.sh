#!/bin/sh
# gnubg-6ec8-1203 (issue 34, session 51): the shipped 6ec8824fc53b against gnubg 0-ply on the dice the nets
# before it played (../gnubg-87ad-1202, ../gnubg-cubeful-1202).
# Needs nard on PATH; run from the repository root. Writes here.
M=experiments/runs/cube-gammons-d-1203/nard-backgammon-6ec8824fc53b.nardnet  # models/ until ae620d2e0a83 replaced it
H=experiments/runs/gnubg-6ec8-1203
m() { out=$1; shift; /usr/bin/time -f "%e s wall" nard match --a net --a-model $M --a-ply 0 --b gnubg --b-ply 0 "$@" > $H/$out.tmp 2>&1 && mv $H/$out.tmp $H/$out; }
m money-seed2815.txt --games 100000 --seed 2815
m match7-seed2816.txt --match 7 --games 8000 --seed 2816
m cubeless-seed11.txt --cubeless --games 20000 --seed 11
