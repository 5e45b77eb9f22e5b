#!/usr/bin/env bash
# Runs one libFuzzer target without touching the repository's corpus: new inputs go to a fresh
# WORK/corpus, crash inputs to WORK/ (libFuzzer writes into the first corpus directory given).
# Usage: run_target.sh TARGET WORK [libFuzzer flags...] SEED_DIR...
set -euo pipefail
target=$1 work=$2
shift 2
rm -rf "$work"
mkdir -p "$work/corpus"
flags=() dirs=()
for a in "$@"; do
  if [[ $a == -* ]]; then flags+=("$a"); elif [[ -d $a ]]; then dirs+=("$a"); fi
done
exec "$target" "${flags[@]}" -artifact_prefix="$work/" -print_final_stats=1 "$work/corpus" "${dirs[@]}"
