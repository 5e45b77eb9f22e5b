#!/usr/bin/env bash
# Our 2-ply against gnubg 2-ply, cubeless money games, duplicate dice (issue 34), on a 16-core
# machine without gnubg: build/gkit.tar.xz carries a torch-free nard, GNU Backgammon 1.07
# (Debian's binary, its weights and one-sided bear-off database, run through a wrapper with -P),
# every shared library both need with the loader, and the Python 3.11 standard library that
# gnubg's embedded Python needs (PYTHONHOME). Made by make_kit.sh beside this file.
# Batches of GAMES games with seeds FIRST, FIRST+1, ... (default 101) until BUDGET seconds have
# passed; one line per batch on stdout (the device returns few files).
# Usage: device.sh [GAMES] [BUDGET] [FIRST]
set -u
games="${1:-400}"; budget="${2:-470}"; first="${3:-101}"
mkdir -p /work && { [ -e /work/main ] || ln -s "$PWD" /work/main; }   # NARD_SOURCE_DIR
tar -xJf build/gkit.tar.xz -C /tmp
K=/tmp/gkit
export HOME=/tmp/gnubg-home PATH="$K/bin:$PATH"
mkdir -p "$HOME"
N=("$K/lib/ld-linux-x86-64.so.2" --library-path "$K/lib" "$K/bin/nard")
echo "cores $(nproc); $("${N[@]}" bench 2>&1 | tail -1)"
end=$((SECONDS + budget)); seed=$first
while [ "$SECONDS" -lt "$end" ]; do
  t0=$SECONDS
  "${N[@]}" match --a net --a-ply 2 --b gnubg --b-ply 2 --cubeless --games "$games" \
    --threads "$(nproc)" --seed "$seed" --json --quiet > "/tmp/batch-$seed.json" 2> "/tmp/err-$seed.txt"
  rc=$?
  python3 -c "import json; d = json.load(open('/tmp/batch-$seed.json')); print('batch seed $seed rc $rc', d['games'], d['mean'], d['se'], '$((SECONDS - t0)) s')" 2>/dev/null ||
    { echo "batch seed $seed rc $rc failed"; tail -3 "/tmp/err-$seed.txt"; }
  seed=$((seed + 1))
done
