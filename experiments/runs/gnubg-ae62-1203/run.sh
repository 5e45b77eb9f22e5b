#!/bin/sh
# gnubg-ae62-1203 (issue 34, session 52): the shipped ae620d2e0a83 against gnubg 0-ply on the dice the nets
# before it played (../gnubg-6ec8-1203, ../gnubg-87ad-1202, ../gnubg-cubeful-1202).
# Needs nard on PATH; run from the repository root. Writes here; a finished figure is not played again.
M=models/nard-backgammon-ae620d2e0a83.nardnet
H=experiments/runs/gnubg-ae62-1203
m() { out=$1; shift; [ -s $H/$out ] && return; /usr/bin/time -f "%e s wall" nard match --a net --a-model $M --a-ply 0 --b gnubg --b-ply 0 "$@" > $H/$out.tmp 2>&1 && mv $H/$out.tmp $H/$out; }
m money-seed2815.txt --games 100000 --seed 2815
m match7-seed2816.txt --match 7 --games 8000 --seed 2816
m cubeless-seed11.txt --cubeless --games 20000 --seed 11
