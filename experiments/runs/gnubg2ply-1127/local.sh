#!/usr/bin/env bash
# The session-37 batches of our 2-ply against gnubg 2-ply on this machine (results.md, "Session
# 37"): 400 cubeless money games a batch, duplicate dice, seeds FIRST..LAST, each batch's JSON
# kept in OUT (a batch already there is skipped, so the script resumes after a kill), one line a
# batch on stdout. --threads is left to nard (gnubg/gnubg_parallelism.h).
# Usage: local.sh NARD OUT [FIRST] [LAST]
set -u
nard="$1"; out="$2"; first="${3:-113}"; last="${4:-122}"
mkdir -p "$out"
for seed in $(seq "$first" "$last"); do
  f="$out/batch-$seed.json"
  [ -s "$f" ] && continue
  t0=$SECONDS
  "$nard" match --a net --a-ply 2 --b gnubg --b-ply 2 --cubeless --games 400 --seed "$seed" \
    --json --quiet > "$f.tmp" 2> "$out/err-$seed.txt" && mv "$f.tmp" "$f"
  python3 -c "import json; d = json.load(open('$f')); print('batch seed $seed', d['games'], d['mean'], d['se'], '$((SECONDS - t0)) s')" 2>/dev/null ||
    { echo "batch seed $seed failed"; tail -3 "$out/err-$seed.txt"; }
done
