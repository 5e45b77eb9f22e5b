#!/bin/sh
# gnubg-87ad-1202 (issue 34, session 49): the shipped 87ad0778f4f9 against gnubg 0-ply on the dice its
# parent 5e4426a1156f played (../gnubg-cubeful-1202, ../cube-teacher-b-1202/measure/gnubg0-seed11.txt).
# Needs nard on PATH; run from the repository root. Writes here.
M=models/nard-backgammon-87ad0778f4f9.nardnet
H=experiments/runs/gnubg-87ad-1202
m() { out=$1; shift; /usr/bin/time -f "%e s wall" nard match --a net --a-model $M --a-ply 0 --b gnubg --b-ply 0 "$@" > $H/$out.tmp 2>&1 && mv $H/$out.tmp $H/$out; }
m money-seed2815.txt --games 100000 --seed 2815
m match7-seed2816.txt --match 7 --games 8000 --seed 2816
m cubeless-seed11.txt --cubeless --games 20000 --seed 11
