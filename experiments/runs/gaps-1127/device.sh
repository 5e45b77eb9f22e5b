#!/usr/bin/env bash
# The 2-ply-over-0-ply gaps (session 34), run on a 16-core machine with a torch-free nard and its
# shared libraries carried in build/devkit (copied from build/cli/nard and `ldd`). Each line:
# `nard match` of a net at 2-ply against the same net at 0-ply, cubeless money games, duplicate
# dice, seed 7. Usage: [PRESETS="wbf iran"] device.sh OUTDIR PRESET_GAMES VARIANT_GAMES [NAME=MODEL ...]
set -u
out="$1"; pg="$2"; vg="$3"; shift 3
mkdir -p /work && [ -e /work/main ] || ln -s "$PWD" /work/main   # NARD_SOURCE_DIR of the build
K="$PWD/build/devkit"
N=("$K/lib/ld-linux-x86-64.so.2" --library-path "$K/lib" "$K/nard")
"${N[@]}" bench 2>&1 | tail -1 > "$out/bench.txt"
gap() {
  local name="$1"; shift
  local t0=$SECONDS
  "${N[@]}" match "$@" --a-ply 2 --b-ply 0 --cubeless --threads 16 --seed 7 --json --quiet \
    > "$out/gap-$name.json" 2> "$out/gap-$name.err"
  local rc=$?
  echo "$name rc=$rc $((SECONDS - t0)) s" >> "$out/times.txt"
  # One line per measurement on stdout too (the device returns few files).
  python3 -c "import json; d = json.load(open('$out/gap-$name.json')); print('$name', d['games'], d['mean'], d['se'])" 2>/dev/null || echo "$name failed"
}
for p in ${PRESETS:-wbf iran ru_short gr_portes tr_tavla}; do
  gap "$p" --rules "$p" --a net --b net --games "$pg"
done
for spec in "$@"; do
  name="${spec%%=*}"; model="${spec#*=}"; game="${name%%-*}"
  gap "$name" --variant "$game" --a net --a-model "$model" --b net --b-model "$model" --games "$vg"
done
