#!/bin/sh
# gnubg2ply-cubeful-1203 (issue 34, session 53): the shipped net's 2-ply against gnubg 2-ply with the
# cube, in batches (README.md). Run from the repository root; uses build/cli/nard unless NARD is set.
# Usage: run.sh money | match7 (the batches of session 53 were played before --save was added)
NARD=${NARD:-build/cli/nard}
M=models/nard-backgammon-ae620d2e0a83.nardnet
OUT=experiments/runs/gnubg2ply-cubeful-1203/batches
mkdir -p $OUT
# Money batches keep their games (one session file each, for analysis of the cube's play); matches not.
save() { [ "$kind" = money ] && echo "--save $OUT/money-$1.mat"; }
kind=$1
case "$1" in
money) seeds="3101 3102 3103 3104 3105 3106 3107 3108"; args="--games 250" ;;
match7) seeds="3201 3202 3203 3204 3205 3206 3207 3208"; args="--match 7 --games 50" ;;
*) echo "usage: run.sh money | match7" >&2; exit 2 ;;
esac
for seed in $seeds; do
  f=$OUT/$1-$seed.json
  [ -s $f ] && continue
  t0=$(date +%s)
  $NARD match --a net --a-model $M --a-ply 2 --b gnubg --b-ply 2 $args --seed $seed --json --quiet $(save $seed) \
    > $f.tmp 2> $OUT/err-$1-$seed.txt && mv $f.tmp $f || { echo "batch $1 $seed failed"; continue; }
  python3 -c "import json; d = json.load(open('$f')); print('$1 seed $seed', d['mean'], d['se'], '$(( $(date +%s) - t0 )) s')"
done
